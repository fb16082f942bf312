import fs from 'node:fs'
import path from 'node:path'

/** The .ts files below `dir`. */
export function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name)
    return e.isDirectory() ? sourceFiles(full) : e.name.endsWith('.ts') ? [full] : []
  })
}

/** Relative imports (static, type-only, bare, re-exports and dynamic) of a source text, resolved to .ts files. */
export function importsOf(file: string, text: string): string[] {
  const specs = [...text.matchAll(/(?:from\s+|import\s*\(\s*|^import\s+)'(\.{1,2}\/[^']+)'/gm)].map((m) => m[1])
  return specs.map((s) => path.resolve(path.dirname(file), s).replace(/\.js$/, '.ts'))
}

/** One cycle in a directed graph, as the chain of nodes that closes on its first, or null. */
export function findCycle(edges: Map<string, Iterable<string>>): string[] | null {
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
    if (found) return found
  }
  return null
}
