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
 * Modules that run as a worker thread of their own, by their path under `server/` without `.ts`.
 * The build emits each as an entry point named by `builtEntryName`.
 */
export const WORKER_MODULES = ['packages/worker'] as const
export type WorkerModule = (typeof WORKER_MODULES)[number]

/** The file name of a worker module in `dist-server/`: `packages/worker` → `packages-worker.js`. */
export const builtEntryName = (module: WorkerModule) => `${module.replaceAll('/', '-')}.js`

/**
 * The URL to start a worker thread of `module` with. From the build it is the module's own entry
 * file; from the sources the worker first registers tsx's loader (a worker does not inherit the
 * main thread's loader) and then imports the TypeScript module.
 */
export function workerEntry(module: WorkerModule, compiled = COMPILED): URL {
  if (compiled) return pathToFileURL(path.join(SERVER_BUILD_DIR, builtEntryName(module)))
  const source = pathToFileURL(path.join(ROOT_DIR, 'server', `${module}.ts`)).href
  const tsxApi = pathToFileURL(path.join(path.dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist/esm/api/index.mjs')).href
  return new URL(`data:text/javascript,${encodeURIComponent(`import { register } from ${JSON.stringify(tsxApi)}; register(); await import(${JSON.stringify(source)})`)}`)
}
