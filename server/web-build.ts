import fs from 'node:fs'
import path from 'node:path'
import type { Config } from './config.js'
import { newestMtime, ROOT_DIR } from './runtime.js'

const SOURCES = ['src', 'contracts', 'index.html', 'vite.config.ts', 'package.json', 'public']

/**
 * Builds the web app when `dist/` is missing or older than its sources (WEB_BUILD=auto). Answers how
 * long the build took in milliseconds, or null when no build was needed.
 */
export async function ensureWebBuild(config: Config, root = ROOT_DIR): Promise<number | null> {
  if (config.WEB_BUILD === 'never') return null
  const index = path.join(root, 'dist', 'index.html')
  const builtAt = fs.existsSync(index) ? fs.statSync(index).mtimeMs : 0
  const sourcesAt = Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s))))
  if (builtAt >= sourcesAt) return null
  const started = performance.now()
  console.log('Building the web app (dist/ is missing or older than its sources) …')
  let vite: typeof import('vite')
  try {
    vite = await import('vite')
  } catch {
    throw new Error('dist/ is missing and Vite is not installed: run `npm ci` (with dev dependencies) or `npm run build`.')
  }
  // Build beside dist/ and swap it in, so another server serving this checkout never sees a
  // half-emptied folder.
  const dist = path.join(root, 'dist')
  const fresh = fs.mkdtempSync(path.join(root, '.dist-build-'))
  // The web app is built for serving whatever NODE_ENV this process inherited: Vite takes a set
  // NODE_ENV (a test runner's 'test') for the bundle's, which would ship React's development build.
  const nodeEnv = process.env.NODE_ENV
  process.env.NODE_ENV = 'production'
  try {
    await vite.build({ root, logLevel: 'warn', build: { outDir: fresh, emptyOutDir: true } })
    const old = `${dist}.old-${process.pid}-${Date.now()}`
    if (fs.existsSync(dist)) fs.renameSync(dist, old)
    fs.renameSync(fresh, dist)
    fs.rmSync(old, { recursive: true, force: true })
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV
    else process.env.NODE_ENV = nodeEnv
    fs.rmSync(fresh, { recursive: true, force: true })
  }
  return performance.now() - started
}
