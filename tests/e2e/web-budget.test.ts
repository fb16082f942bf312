import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PUBLIC_PAGE_GUARD, PUBLIC_PAGES, weighPages, type PageWeight } from '../bench/web.js'
import { startServer, type RunningServer } from './harness.js'

/**
 * The public pages stay light (issue 7): measured as a first visitor gets them, in Chromium against
 * the real server and build, and checked against the build's manifest.
 */
const DIST = path.resolve(import.meta.dirname, '../../dist')
interface ManifestChunk {
  file: string
  src?: string
  isEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
}

let server: RunningServer
let weights: PageWeight[]
let manifest: Record<string, ManifestChunk>
const fileOf = (src: string) => manifest[src]!.file

beforeAll(async () => {
  server = await startServer()
  manifest = JSON.parse(fs.readFileSync(path.join(DIST, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>
  weights = await weighPages(server.url, [...PUBLIC_PAGES, '/dashboard'], DIST)
})
afterAll(async () => {
  await server?.stop()
})

describe('public pages budget', () => {
  it.each(PUBLIC_PAGES)('%s loads at most 250 KB of gzipped JavaScript, styles, fonts and images (PUBLIC_PAGE_GUARD)', (page) => {
    const weight = weights.find((w) => w.path === page)!
    expect(weight.files).toBeGreaterThan(0)
    expect(weight.gzip).toBeLessThanOrEqual(PUBLIC_PAGE_GUARD)
  })

  it('a public page downloads nothing of the shell; the shell nothing of the sign-in forms', () => {
    const shell = `/${fileOf('src/app/shellArea.tsx')}`
    const publicScreens = `/${fileOf('src/app/publicArea.tsx')}`
    for (const page of ['/login', '/register']) {
      const urls = weights.find((w) => w.path === page)!.urls
      expect(urls).toContain(publicScreens)
      expect(urls).not.toContain(shell)
    }
    const terms = weights.find((w) => w.path === '/terms-of-use-and-privacy')!.urls
    expect(terms).not.toContain(shell)
    expect(terms).not.toContain(publicScreens)
    // A visitor of a protected path gets the shell (on the way to /login, which then loads its own screens).
    expect(weights.find((w) => w.path === '/dashboard')!.urls).toContain(shell)
  })

  it('the first script is small and imports every area lazily, the identity library too', () => {
    const entry = Object.values(manifest).find((chunk) => chunk.isEntry)!
    expect(fs.statSync(path.join(DIST, `${entry.file}.gz`)).size).toBeLessThan(5000)
    const areas = ['publicContext.tsx', 'publicArea.tsx', 'termsArea.ts', 'shellArea.tsx', 'learnerArea.ts', 'accountArea.ts'].map((f) => `src/app/${f}`)
    expect(entry.dynamicImports).toEqual(expect.arrayContaining(areas))
    // Nothing of react-admin, MUI or the identity library is in the first script's static graph.
    const statics = new Set<string>()
    const walk = (key: string) => {
      for (const next of manifest[key]?.imports ?? []) {
        if (statics.has(next)) continue
        statics.add(next)
        walk(next)
      }
    }
    walk(Object.keys(manifest).find((k) => manifest[k]!.isEntry)!)
    for (const key of statics) expect(key).not.toMatch(/react-admin|ra-core|@mui|amazon-cognito|src\/app\/.*Area/)
    // The identity library is its own chunk, loaded by the sign-in code on first use.
    expect(Object.keys(manifest).some((k) => k.includes('amazon-cognito-identity-js') && manifest[k]!.file)).toBe(true)
  })
})
