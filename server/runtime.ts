import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

/**
 * Where the server runs from. `npm start` runs the build in `dist-server/` (plain JavaScript bundled
 * by `scripts/build-server.ts`, every file directly in that folder); `npm run dev` and the tests run
 * the TypeScript sources in `server/` through tsx. Both folders sit directly in the checkout, so paths
 * relative to the checkout are the same in both modes.
 */
const here = fileURLToPath(import.meta.url)

/** True when this process runs the build (`node dist-server/main.js`), false under tsx. */
export const COMPILED = !here.endsWith('.ts')

/** The checkout: package.json, `dist/` (the web build), `server/db/migrations`, node_modules. */
export const ROOT_DIR = path.resolve(path.dirname(here), '..')

/** The server's build folder. */
export const SERVER_BUILD_DIR = path.join(ROOT_DIR, 'dist-server')

/**
 * Modules that run on their own, by their path under `server/` without `.ts`: the package unpack
 * worker thread, the Common Cartridge reading worker thread, the certificate drawing worker thread, and the one-off process that creates a new
 * embedded database. The build emits each as an entry point named by `builtEntryName`.
 */
export const ENTRY_MODULES = ['packages/worker', 'courses/cartridge/worker', 'courses/scorm/worker', 'certificates/worker', 'db/pglite-init'] as const
export type EntryModule = (typeof ENTRY_MODULES)[number]

/** The file name of an entry module in `dist-server/`: `packages/worker` → `packages-worker.js`. */
export const builtEntryName = (module: EntryModule) => `${module.replaceAll('/', '-')}.js`

const sourceFile = (module: EntryModule) => path.join(ROOT_DIR, 'server', `${module}.ts`)
const tsxFile = (subpath: string) => path.join(path.dirname(createRequire(import.meta.url).resolve('tsx/package.json')), subpath)

/**
 * The URL to start a worker thread of `module` with. From the build it is the module's own entry
 * file; from the sources the worker first registers tsx's loader (a worker does not inherit the
 * main thread's loader) and then imports the TypeScript module.
 */
export function workerEntry(module: EntryModule, compiled = COMPILED): URL {
  if (compiled) return pathToFileURL(path.join(SERVER_BUILD_DIR, builtEntryName(module)))
  const tsxApi = pathToFileURL(tsxFile('dist/esm/api/index.mjs')).href
  const source = pathToFileURL(sourceFile(module)).href
  return new URL(
    `data:text/javascript,${encodeURIComponent(`import { register } from ${JSON.stringify(tsxApi)}; register(); await import(${JSON.stringify(source)})`)}`,
  )
}

/** The arguments for `node` (process.execPath) that run `module` as a process of its own with `args`. */
export function processArgs(module: EntryModule, args: string[], compiled = COMPILED): string[] {
  if (compiled) return ['--enable-source-maps', path.join(SERVER_BUILD_DIR, builtEntryName(module)), ...args]
  return ['--import', pathToFileURL(tsxFile('dist/loader.mjs')).href, sourceFile(module), ...args]
}

/** The newest modification time of a file, or of anything in a folder (0 when it does not exist): what a build is stale against. */
export function newestMtime(target: string): number {
  if (!fs.existsSync(target)) return 0
  const stat = fs.statSync(target)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)))
  return newest
}
