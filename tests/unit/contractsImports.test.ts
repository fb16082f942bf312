import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { findCycle, importsOf, sourceFiles } from '../helpers/imports.js'

/**
 * The contracts import each other without a cycle, type-only imports included: the access building
 * blocks (contracts/access.ts) import no table, the area tables import the building blocks, and
 * contracts/policy.ts composes the tables.
 */
const CONTRACTS = path.resolve(import.meta.dirname, '../../contracts')

/** One import cycle among the files, as the chain of files relative to contracts/, or null. */
function importCycle(files: Array<{ file: string; text: string }>): string[] | null {
  const cycle = findCycle(new Map(files.map(({ file, text }) => [file, importsOf(file, text)])))
  return cycle && cycle.map((f) => path.relative(CONTRACTS, f))
}

describe('contracts imports', () => {
  it('no two contract files import each other, directly or through others', () => {
    const files = sourceFiles(CONTRACTS).map((file) => ({ file, text: fs.readFileSync(file, 'utf8') }))
    expect(importCycle(files)).toBeNull()
  })

  it('finds a cycle made by a type-only import', () => {
    const at = (name: string) => path.join(CONTRACTS, name)
    const policy = { file: at('policy.ts'), text: "import { tablePolicy } from './area/table-policy.js'\n" }
    const table = { file: at('area/table-policy.ts'), text: "import type { Access } from '../policy.js'\n" }
    const access = { file: at('access.ts'), text: "import type { Group } from './groups.js'\n" }
    const fixed = { ...table, text: "import { ADMIN } from '../access.js'\n" }
    expect(importCycle([policy, table])).toEqual(['policy.ts', 'area/table-policy.ts', 'policy.ts'])
    expect(importCycle([policy, fixed, access])).toBeNull()
  })

  it('the area tables import only the access building blocks among the contracts', () => {
    const tables = sourceFiles(CONTRACTS).filter((f) => /policy\.ts$/.test(f) && path.dirname(f) !== CONTRACTS)
    expect(tables.length).toBeGreaterThan(0)
    const imports = tables.flatMap((file) => importsOf(file, fs.readFileSync(file, 'utf8')).map((t) => path.relative(CONTRACTS, t)))
    expect([...new Set(imports)]).toEqual(['access.ts'])
  })
})
