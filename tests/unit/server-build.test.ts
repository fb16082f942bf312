import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import { strToU8, zipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureServerBuild, serverBuildStale } from '../../scripts/build-server.js'
import type { ExtractResult } from '../../server/packages/extract.js'
import { PACKAGE_LIMITS } from '../../server/packages/unpack.js'
import { createPgliteInProcess, openPglite } from '../../server/db/pglite.js'
import { CertificateDrawer } from '../../server/certificates/drawing.js'
import { builtEntryName, processArgs, ROOT_DIR, SERVER_BUILD_DIR, workerEntry } from '../../server/runtime.js'
import { startArgs } from '../helpers/server-process.js'

/**
 * The production server is the bundle in dist-server/ (`npm start`); what it loads by path at run
 * time beside its own chunks must be found from there as from the TypeScript sources.
 */

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'aula-server-build-'))
beforeAll(() => ensureServerBuild(), 120_000)
afterAll(() => fs.rmSync(work, { recursive: true, force: true }))

function unpackWith(entry: URL, zipFile: string, outDir: string): Promise<ExtractResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(entry, { workerData: { zipFile, outDir, limits: PACKAGE_LIMITS } })
    worker.once('message', resolve)
    worker.once('error', reject)
  })
}

describe('the server build', () => {
  it('is what npm start runs, with source maps on', async () => {
    const args = await startArgs()
    expect(args).toContain('--enable-source-maps')
    expect(args.at(-1)).toBe('dist-server/main.js')
    expect(fs.existsSync(path.join(SERVER_BUILD_DIR, 'main.js'))).toBe(true)
    expect(serverBuildStale()).toBe(false)
  })

  it.each([
    ['the build', true],
    ['the sources', false],
  ])('unpacks a package in a worker thread started from %s', async (_mode, compiled) => {
    const zipFile = path.join(work, `${compiled}.zip`)
    fs.writeFileSync(zipFile, zipSync({ 'index.html': strToU8('<h1>Hi</h1>'), 'js/app.js': strToU8('console.log(1)') }))
    const outDir = path.join(work, `out-${compiled}`)
    fs.mkdirSync(outDir)
    const result = await unpackWith(workerEntry('packages/worker', compiled), zipFile, outDir)
    expect(result.ok).toBe(true)
    expect(fs.readFileSync(path.join(outDir, 'js/app.js'), 'utf8')).toBe('console.log(1)')
  })

  it.each([
    ['the build', true],
    ['the sources', false],
  ])('draws a certificate PDF in a worker thread started from %s', async (_mode, compiled) => {
    if (compiled) expect(fs.existsSync(path.join(SERVER_BUILD_DIR, builtEntryName('certificates/worker')))).toBe(true)
    const drawer = new CertificateDrawer({ workers: 1, maxWaiting: 1, log: console, entry: workerEntry('certificates/worker', compiled) })
    try {
      const pdf = await drawer.draw(
        {
          learner: 'Ana Build',
          course: 'Bundling',
          hours: 2,
          issuedAt: new Date('2026-03-05T12:00:00Z'),
          code: 'ABCD2345WXYZ',
          verifyUrl: 'https://aula.example/certificates/verify/ABCD-2345-WXYZ',
          locale: 'eng',
        },
        null,
      )
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    } finally {
      await drawer.close()
    }
  })

  it('names the TypeScript file and line in a stack trace', () => {
    // The worker entry run outside a worker thread fails at its first line that reads workerData.
    const run = spawnSync(process.execPath, ['--enable-source-maps', path.join(SERVER_BUILD_DIR, 'packages-worker.js')], { cwd: ROOT_DIR, encoding: 'utf8' })
    expect(run.status).not.toBe(0)
    expect(run.stderr).toMatch(/server\/packages\/worker\.ts:\d+/)
  })
})

describe('a new embedded database', () => {
  it("is created by the build's own process, then opened by the server like an existing one", async () => {
    const dataDir = path.join(work, 'db')
    const run = spawnSync(process.execPath, processArgs('db/pglite-init', [dataDir], true), { cwd: ROOT_DIR, encoding: 'utf8' })
    expect(run.stderr).toBe('')
    expect(run.status).toBe(0)
    expect(fs.existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true)
    const db = await openPglite(dataDir)
    try {
      expect((await db.query<{ n: number }>('SELECT 1 AS n')).rows).toEqual([{ n: 1 }])
    } finally {
      await db.close()
    }
  }, 120_000)

  it('that cannot be created stops the start with the reason', async () => {
    const file = path.join(work, 'a-file')
    fs.writeFileSync(file, '')
    await expect(createPgliteInProcess(path.join(file, 'db'))).rejects.toThrow(
      /the embedded database could not be created in .*a-file\/db \(exit code 1\): .*ENOTDIR/s,
    )
  }, 60_000)
})

describe('whether the server build is stale', () => {
  const root = path.join(work, 'checkout')
  // Times ahead of now, so that the folders (touched as files are created) are older than any of them.
  const base = Math.ceil(Date.now() / 1000) + 3600
  const at = (file: string, offset: number) => {
    const seconds = base + offset
    const p = path.join(root, file)
    fs.mkdirSync(path.dirname(p), { recursive: true })
    if (!fs.existsSync(p)) fs.writeFileSync(p, '')
    fs.utimesSync(p, seconds, seconds)
  }

  it('is stale without a build, fresh after one, stale again when a server or contracts file changes', () => {
    at('server/main.ts', 1000)
    at('contracts/errors.ts', 1000)
    at('package.json', 1000)
    expect(serverBuildStale(root)).toBe(true)
    at('dist-server/main.js', 2000)
    expect(serverBuildStale(root)).toBe(false)
    at('server/db/queries.ts', 3000)
    expect(serverBuildStale(root)).toBe(true)
    at('dist-server/main.js', 4000)
    at('contracts/errors.ts', 5000)
    expect(serverBuildStale(root)).toBe(true)
  })
})
