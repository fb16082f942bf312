import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * The contracts import each other without a cycle, type-only imports included: the access building
 * blocks (contracts/access.ts) import no table, the area tables import the building blocks, and
 * contracts/policy.ts composes the tables.
 */
const CONTRACTS = path.resolve(import.meta.dirname, '../../contracts')

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name)
    return e.isDirectory() ? sourceFiles(full) : e.name.endsWith('.ts') ? [full] : []
  })
}

/** Relative imports (static, type-only, re-exports and dynamic) of a source text, resolved to .ts files. */
function importsOf(file: string, text: string): string[] {
  const specs = [...text.matchAll(/(?:from\s+|import\s*\(\s*|^import\s+)'(\.{1,2}\/[^']+)'/gm)].map((m) => m[1])
  return specs.map((s) => path.resolve(path.dirname(file), s).replace(/\.js$/, '.ts'))
}

/** One import cycle among the files, as the chain of files relative to contracts/, or null. */
function importCycle(files: Array<{ file: string; text: string }>): string[] | null {
  const edges = new Map(files.map(({ file, text }) => [file, importsOf(file, text)]))
  const state = new Map<string, 'open' | 'done'>()
  const stack: string[] = []
  const visit = (node: string): string[] | null => {
    if (state.get(node) === 'done') return null
    if (state.get(node) === 'open') return [...stack.slice(stack.indexOf(node)), node]
    state.set(node, 'open')
    stack.push(node)
    for (const next of edges.get(node) ?? []) {
      const found = visit(next)
      if (found) return found
    }
    stack.pop()
    state.set(node, 'done')
    return null
  }
  for (const node of edges.keys()) {
    const found = visit(node)
    if (found) return found.map((f) => path.relative(CONTRACTS, f))
  }
  return null
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
