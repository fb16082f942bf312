/**
 * `npm run build:server`: bundles the API server into `dist-server/` for `node --enable-source-maps
 * dist-server/main.js` (what `npm start` runs). ESM for Node 20; packages stay in node_modules
 * (imported at run time); lazily imported modules become chunks of their own, so what the server
 * imports only on demand (S3, PDFs, the seed) is still loaded only on demand. Source maps point stack
 * traces at the TypeScript files. Every output file sits directly in `dist-server/`, one level below
 * the checkout like `server/` (see server/runtime.ts).
 *
 * `--if-stale` (`npm start`'s prestart) builds only when `dist-server/` is missing or older than its
 * sources. Files are written each under a temporary name and renamed into place, chunks before the
 * entry points, so a server starting meanwhile never loads half a build.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { builtEntryName, ENTRY_MODULES, newestMtime } from '../server/runtime.js'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
/** What the build is made from: the server, the contracts it imports, the dependencies' list and this script. */
const SOURCES = ['server', 'contracts', 'package.json', 'tsconfig.json', 'scripts/build-server.ts']

/** True when `dist-server/main.js` is missing or older than a source file. */
export function serverBuildStale(root = ROOT): boolean {
  const main = path.join(root, 'dist-server', 'main.js')
  const builtAt = fs.existsSync(main) ? fs.statSync(main).mtimeMs : 0
  return builtAt < Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s))))
}

/** Bundles the server into `<root>/dist-server/`; answers the milliseconds it took. */
export async function buildServer(root = ROOT): Promise<number> {
  const started = Date.now()
  let esbuild: typeof import('esbuild')
  try {
    esbuild = await import('esbuild')
  } catch {
    throw new Error('esbuild is not installed: run `npm ci`.')
  }
  const outdir = path.join(root, 'dist-server')
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: [
      { in: 'server/main.ts', out: 'main' },
      ...ENTRY_MODULES.map((module) => ({ in: `server/${module}.ts`, out: builtEntryName(module).slice(0, -'.js'.length) })),
    ],
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    sourcesContent: false,
    chunkNames: 'chunk-[hash]',
    legalComments: 'none',
    logLevel: 'warning',
    write: false,
  })
  fs.mkdirSync(outdir, { recursive: true })
  const entries = new Set(['main.js', ...ENTRY_MODULES.map(builtEntryName)])
  const isEntry = (file: string) => entries.has(path.basename(file))
  // Chunks and maps first, entry points last: an entry is only ever there with everything it imports.
  const files = [...result.outputFiles].sort((a, b) => Number(isEntry(a.path)) - Number(isEntry(b.path)))
  for (const file of files) {
    const temporary = `${file.path}.${process.pid}.tmp`
    fs.writeFileSync(temporary, file.contents)
    fs.renameSync(temporary, file.path)
  }
  // What an earlier build left behind (its chunks have other names); a server still running from it
  // loads its lazy chunks from there, so restart servers after a build, as after a web build.
  // A file still being written by a build running at the same time ends in .tmp: left alone unless old.
  const written = new Set(files.map((f) => path.basename(f.path)))
  for (const name of fs.readdirSync(outdir)) {
    const file = path.join(outdir, name)
    if (written.has(name) || (name.endsWith('.tmp') && (fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0) > started - 10 * 60_000)) continue
    fs.rmSync(file, { force: true })
  }
  // Stamped with the time the build started: a source saved while it ran makes the build stale.
  const stamp = new Date(started)
  fs.utimesSync(path.join(outdir, 'main.js'), stamp, stamp)
  return Date.now() - started
}

let ensured: Promise<number | null> | null = null
/** Builds the server when its build is stale (once per process); answers the build's time or null. */
export function ensureServerBuild(root = ROOT): Promise<number | null> {
  return (ensured ??= serverBuildStale(root) ? buildServer(root) : Promise.resolve(null))
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const ifStale = process.argv.includes('--if-stale')
  try {
    const ms = ifStale ? await ensureServerBuild() : await buildServer()
    if (ms !== null) console.log(`Built the server into dist-server/ in ${(ms / 1000).toFixed(1)} s`)
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  }
}
