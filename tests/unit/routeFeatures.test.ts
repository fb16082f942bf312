import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { findCycle, importsOf, sourceFiles } from '../helpers/imports.js'

/**
 * The API's routes are grouped by feature, one folder each under server/routes/ (the course routes
 * under v2/ count as one). A feature may use another's queries or views, but never in a circle:
 * a cycle means something shared belongs in a views or queries module of one of them, or in
 * server/http/.
 */
const ROUTES = path.resolve(import.meta.dirname, '../../server/routes')

/** The feature folder a file belongs to; null for the files directly in server/routes/ (the mount list and single routes). */
function featureOf(file: string): string | null {
  const parts = path.relative(ROUTES, file).split(path.sep)
  return parts.length > 1 ? parts[0] : null
}

function featureEdges(files: Array<{ file: string; text: string }>) {
  const edges = new Map<string, Set<string>>()
  for (const { file, text } of files) {
    const from = featureOf(file)
    if (!from) continue
    for (const target of importsOf(file, text)) {
      if (!target.startsWith(ROUTES + path.sep)) continue
      const to = featureOf(target)
      if (to && to !== from) edges.set(from, (edges.get(from) ?? new Set()).add(to))
    }
  }
  return edges
}

describe('route features', () => {
  const files = sourceFiles(ROUTES).map((file) => ({ file, text: fs.readFileSync(file, 'utf8') }))

  it('no two route folders import each other, directly or through others', () => {
    expect(findCycle(featureEdges(files))).toBeNull()
  })

  it('finds a cycle between two folders that import each other', () => {
    const a = { file: path.join(ROUTES, 'alpha/index.ts'), text: "import { b } from '../beta/views.js'\n" }
    const b = { file: path.join(ROUTES, 'beta/index.ts'), text: "export { a } from '../gamma/queries.js'\n" }
    const c = { file: path.join(ROUTES, 'gamma/queries.ts'), text: "const m = await import('../alpha/views.js')\n" }
    expect(findCycle(featureEdges([a, b, c]))).toEqual(['alpha', 'beta', 'gamma', 'alpha'])
    expect(findCycle(featureEdges([a, b]))).toBeNull()
  })

  it('only the mount list imports a feature folder’s mount point', () => {
    const mounts = new Set(
      files
        .filter(({ file }) => featureOf(file) && path.basename(file) === 'index.ts' && path.dirname(file) === path.join(ROUTES, featureOf(file)!))
        .map(({ file }) => file),
    )
    const offenders = files.flatMap(({ file, text }) =>
      featureOf(file)
        ? importsOf(file, text)
            .filter((t) => mounts.has(t) && featureOf(t) !== featureOf(file))
            .map((t) => `${path.relative(ROUTES, file)} -> ${path.relative(ROUTES, t)}`)
        : [],
    )
    expect(offenders).toEqual([])
  })
})

describe('services made once per app', () => {
  const SERVER = path.resolve(ROUTES, '..')
  it('only server/app.ts makes the identity admin adapter and the mailer; the rest use app.identityUsers and app.mailer', () => {
    const makers = sourceFiles(SERVER)
      .filter((file) => /new IdentityAdmin\(|createMailer\(/.test(fs.readFileSync(file, 'utf8')))
      .map((file) => path.relative(SERVER, file))
      .filter((file) => file !== path.join('mail', 'index.ts'))
    expect(makers).toEqual(['app.ts'])
  })

  it('only server/app.ts makes the file storage (storage/index.ts holds the constructors); the rest use app.storage', () => {
    const makers = sourceFiles(SERVER)
      .filter((file) => /createStorage\(|new (?:LocalStorage|S3Storage)\(/.test(fs.readFileSync(file, 'utf8')))
      .map((file) => path.relative(SERVER, file))
      .filter((file) => file !== path.join('storage', 'index.ts'))
    expect(makers).toEqual(['app.ts'])
  })
})
