/**
 * Benchmark: how long `/api/health` takes while the server unpacks a simulation package of about
 * 100 MB. A server of this checkout runs in a process of its own (as `npm start` runs it, embedded
 * database and storage); a creator uploads the zip as the browser does (presigned POST), then saves
 * the block, and while that save is in flight this process asks for `/api/health` one request after
 * another (5 ms apart) and records each answer's latency.
 *
 *   npx tsx tests/bench/package.ts
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import zlib from 'node:zlib'
import { AdminAddUserToGroupCommand } from '@aws-sdk/client-cognito-identity-provider'
import { loadConfig } from '../../server/config.js'
import { sharedSecrets, startServerProcess } from '../helpers/server-process.js'
import { craftZip, type CraftedEntry } from '../helpers/zip.js'
import { createUserWith, signIn } from './srp.js'

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true'

const MB = 1024 * 1024
/** The zip's size we aim at: under the 100 MB upload limit of simulation packages. */
const TARGET_ZIP_BYTES = 96 * MB
const TARGET_MS = 50

export interface PackageBenchResult {
  zipBytes: number
  unpackedBytes: number
  files: number
  saveMs: number
  saveStatus: number
  samples: number
  p50: number
  p95: number
  max: number
  idleP50: number
}

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? 0
}

/**
 * Files of text-like data (random hex: deflate brings it to about 60 %) until the zip is about
 * TARGET_ZIP_BYTES, plus the page.
 */
function buildPackage(): { zip: Buffer; unpacked: number; files: number } {
  const entries: CraftedEntry[] = [{ name: 'lab/index.html', data: Buffer.from('<!doctype html><title>Lab</title><script src="js/app.js"></script>') }]
  let zipped = 0
  let unpacked = 0
  for (let i = 0; zipped < TARGET_ZIP_BYTES; i++) {
    const data = Buffer.from(crypto.randomBytes(2 * MB).toString('hex'))
    const deflated = zlib.deflateRawSync(data, { level: 1 })
    entries.push({ name: `lab/data/part-${i}.txt`, data, deflated })
    zipped += deflated.length + 100
    unpacked += data.length
  }
  return { zip: craftZip(entries), unpacked, files: entries.length }
}

export async function benchPackage(): Promise<PackageBenchResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aula-bench-package-'))
  const env = { ...sharedSecrets(), AULA_DATA_DIR: dataDir, WEB_BUILD: 'never', LOG_LEVEL: 'warn', AULA_SEED: 'none' }
  const server = await startServerProcess(env, { logFile: path.join(dataDir, 'server.log') })
  try {
    const config = loadConfig(env)
    const admin = server.admin()
    const email = 'bench-creator@example.test'
    const password = 'Bench-Creator-Pass1!'
    await createUserWith(admin, config.IDENTITY_USER_POOL_ID, email, password)
    await admin.send(new AdminAddUserToGroupCommand({ UserPoolId: config.IDENTITY_USER_POOL_ID, Username: email, GroupName: 'creator' }))
    admin.destroy()
    const token = await signIn(`${server.url}/identity/`, config.IDENTITY_CLIENT_ID, config.IDENTITY_USER_POOL_ID.split('_')[1], email, password)
    const call = async (method: string, route: string, body: unknown) => {
      const res = await fetch(`${server.url}/api/v2/courses/creator${route}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      return { status: res.status, json: (await res.json()) as Record<string, unknown> }
    }
    const must = async (method: string, route: string, body: unknown) => {
      const res = await call(method, route, body)
      if (res.status !== 200 && res.status !== 201) throw new Error(`${method} ${route}: ${res.status} ${JSON.stringify(res.json)}`)
      return res.json
    }

    const started = await must('POST', '/start', { name: 'Package bench' })
    const uuid = started.uuid as string
    let revision = started.revision as number
    const section = await must('POST', '/blocks/add', { uuid, revision, item: 'section', values: { title: 'Labs' } })
    revision = section.revision as number
    const block = await must('POST', '/blocks/add', { uuid, revision, item: 'simulation', section: (section.item as { id: string }).id, values: {} })
    revision = block.revision as number
    const blockId = (block.item as { id: string }).id

    const { zip, unpacked, files } = buildPackage()
    const par = await must('POST', '/blocks/resource-par', { uuid, block: blockId, size: zip.length, contentType: 'application/zip', fileName: 'lab.zip' })
    const form = new FormData()
    for (const [k, v] of Object.entries(par.fields as Record<string, string>)) form.append(k, v)
    form.append('file', new Blob([new Uint8Array(zip)], { type: 'application/zip' }), 'lab.zip')
    const uploaded = await fetch(new URL(par.url as string, server.url), { method: 'POST', body: form })
    if (!uploaded.ok) throw new Error(`upload: ${uploaded.status} ${await uploaded.text()}`)

    const health = async () => {
      const t = performance.now()
      const res = await fetch(`${server.url}/api/health`)
      await res.arrayBuffer()
      if (!res.ok) throw new Error(`/api/health answered ${res.status}`)
      return performance.now() - t
    }
    const pause = () => new Promise((resolve) => setTimeout(resolve, 5))
    const idle: number[] = []
    for (let i = 0; i < 50; i++) {
      idle.push(await health())
      await pause()
    }

    let done = false
    const t0 = performance.now()
    const saving = call('PUT', '/blocks', { uuid, revision, item: blockId, values: { path: par.path } }).finally(() => (done = true))
    const during: number[] = []
    while (!done) {
      const ms = await health()
      if (!done) during.push(ms)
      await pause()
    }
    const saved = await saving
    const saveMs = performance.now() - t0
    if (saved.status !== 200) throw new Error(`saving the block: ${saved.status} ${JSON.stringify(saved.json)}`)
    return {
      zipBytes: zip.length,
      unpackedBytes: unpacked,
      files,
      saveMs,
      saveStatus: saved.status,
      samples: during.length,
      p50: percentile(during, 50),
      p95: percentile(during, 95),
      max: Math.max(0, ...during),
      idleP50: percentile(idle, 50),
    }
  } finally {
    await server.stop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

/** The rows `npm run bench` prints. */
export function packageRows(r: PackageBenchResult) {
  const mb = (b: number) => `${(b / MB).toFixed(0)} MB`
  const ms = (x: number) => `${x.toFixed(1)} ms`
  return [
    { what: `package unpack: ${mb(r.zipBytes)} zip, ${r.files} files, ${mb(r.unpackedBytes)} unpacked`, value: `${(r.saveMs / 1000).toFixed(2)} s` },
    { what: `  GET /api/health while it unpacks (${r.samples} answers): p50`, value: ms(r.p50), target: `< ${TARGET_MS} ms`, met: r.p50 < TARGET_MS },
    { what: '  GET /api/health while it unpacks: p95', value: ms(r.p95), target: `< ${TARGET_MS} ms`, met: r.p95 < TARGET_MS },
    { what: '  GET /api/health while it unpacks: max', value: ms(r.max), target: `< ${TARGET_MS} ms`, met: r.max < TARGET_MS },
    { what: '  GET /api/health before, idle: p50', value: ms(r.idleP50) },
  ]
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await benchPackage()
  console.log(result)
  for (const row of packageRows(result))
    console.log(`${row.what.padEnd(70)} ${row.value.padStart(10)}  ${row.target ?? ''} ${row.met === undefined ? '' : row.met ? 'met' : 'MISSED'}`)
}
