/**
 * `npm run bench`: Aula's throughput as ratios against a bare Fastify server measured in the same
 * run on the same machine (so the figures compare across machines), plus SRP sign-ins per second,
 * memory after start and restart time. Every server runs in a process of its own, started the way
 * `npm start` starts it, with production logging (info level, to a file); the load generator
 * (autocannon, or the scenarios' load client in tests/bench/load-client.ts) runs in yet another
 * process. Loopback only; every load is bounded in time.
 *
 *   npm run bench                                   PGlite only
 *   TEST_DATABASE_URL=postgres://… npm run bench    PGlite and PostgreSQL
 *   BENCH_SECONDS=10                                longer loads (default 5 s each)
 *   BENCH_ONLY=api,srp                              some parts only: api, srp, start, package, web, site, admin,
 *                                                   pdf, exam, courseware, certificates, durability
 *   BENCH_DATABASES=postgres                        the PostgreSQL runs only (with TEST_DATABASE_URL)
 *   BENCH_SITE_PAGES=existing                       the site part on /login and the site's home only
 *
 * The scenario parts (exam, courseware, certificates, durability) are not in the default run: each
 * makes thousands of learner accounts or writes first. Their scale: BENCH_EXAM_LEARNERS (3,000),
 * BENCH_COURSEWARE_LEARNERS (1,250), BENCH_COURSEWARE_SECONDS (60), BENCH_CERT_LEARNERS (10,000),
 * BENCH_DURABILITY_WRITES (1,000); BENCH_EXAM_PROCESSES (1) server processes share the exam's learners
 * on PostgreSQL.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { loadConfig } from '../../server/config.js'
import { ensureWebBuild } from '../../server/web-build.js'
import { sharedSecrets, startServerProcess } from '../helpers/server-process.js'
import { benchAdmin, formatAdminBench } from './admin.js'
import { benchPdf, formatPdfBench } from './certificates.js'
import { benchPackage, packageRows } from './package.js'
import { benchAccessibility } from './accessibility.js'
import { benchWeb } from './web.js'
import { benchCourseware } from './courseware.js'
import { benchDurability } from './durability.js'
import { benchExam } from './exam.js'
import { benchGraduation } from './graduation.js'
import { postgresSchema, type BenchDatabase } from './servers.js'
import { load, type LoadResult } from './load.js'
import { benchSite } from './site.js'
import { benchSrp, createUserWith, signIn } from './srp.js'

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true'
// Interrupted: exit, so that the server processes still running are killed (tests/helpers/server-process.ts).
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130))

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const CONNECTIONS = 50
const PARTS = new Set((process.env.BENCH_ONLY ?? 'api,srp,start,package,web,site,admin,pdf').split(',').map((p) => p.trim()))
/** `BENCH_DATABASES=postgres`: the PostgreSQL runs only (the scenarios take long on each database). */
const WITHOUT_PGLITE = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',').every((d) => d.trim().toLowerCase() !== 'pglite')
const HERE = path.dirname(fileURLToPath(import.meta.url))

/** One line of the table. `ratio` is against the bare server; `target` and `met` when the issue sets one. */
export interface BenchRow {
  what: string
  value: string
  ratio?: number
  p99?: number
  target?: string
  met?: boolean
}

/** A measured API row before the bare reference is final: judged once the ratio is known. */
interface ApiRow {
  what: string
  load: LoadResult
  target: string
  judge: (ratio: number, load: LoadResult) => boolean
}

async function bareFastify(): Promise<LoadResult> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(HERE, 'bare.ts')], { stdio: ['ignore', 'pipe', 'inherit'] })
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.once('data', (d: Buffer) => resolve((JSON.parse(d.toString()) as { port: number }).port))
    child.once('exit', (code) => reject(new Error(`bare server exited (${code})`)))
  })
  try {
    return await load(`http://127.0.0.1:${port}/ping`, { connections: CONNECTIONS, seconds: SECONDS })
  } finally {
    child.kill('SIGTERM')
  }
}

/** The API routes on one database: /api/config (PGlite run only) and a signed-in learner list. */
async function apiRoutes(database: BenchDatabase, rows: ApiRow[]) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aula-bench-'))
  const pgSchema = database.url ? await postgresSchema(database.url) : null
  const env = {
    ...sharedSecrets(),
    AULA_DATA_DIR: dataDir,
    WEB_BUILD: 'never',
    LOG_LEVEL: 'info',
    AULA_SEED: 'none',
    ...(pgSchema ? { DATABASE_URL: pgSchema.url } : {}),
  }
  const server = await startServerProcess(env, { logFile: path.join(dataDir, 'server.log') })
  try {
    if (!database.url) {
      const r = await load(`${server.url}/api/config`, { connections: CONNECTIONS, seconds: SECONDS })
      rows.push({ what: 'Aula GET /api/config (public, no query, info logs)', load: r, target: '≥ 0.60 of bare', judge: (ratio) => ratio >= 0.6 })
    }
    const config = loadConfig(env)
    const adminClient = server.admin()
    await createUserWith(adminClient, config.IDENTITY_USER_POOL_ID, 'bench-reader@example.test', 'Bench-Reader-Pass1!')
    adminClient.destroy()
    const token = await signIn(
      `${server.url}/identity/`,
      config.IDENTITY_CLIENT_ID,
      config.IDENTITY_USER_POOL_ID.split('_')[1],
      'bench-reader@example.test',
      'Bench-Reader-Pass1!',
    )
    const r = await load(`${server.url}/api/v2/user/subscriptions?page=1`, {
      connections: CONNECTIONS,
      seconds: SECONDS,
      headers: { authorization: `Bearer ${token}` },
    })
    rows.push(
      database.url
        ? {
            what: 'Aula signed-in GET /api/v2/user/subscriptions (PostgreSQL)',
            load: r,
            target: '≥ 0.20 of bare, p99 ≤ 25 ms',
            judge: (ratio, l) => ratio >= 0.2 && l.p99 <= 25,
          }
        : { what: 'Aula signed-in GET /api/v2/user/subscriptions (PGlite)', load: r, target: '≥ 2,000 req/s', judge: (_ratio, l) => l.rps >= 2000 },
    )
  } finally {
    await server.stop()
    await pgSchema?.drop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

/** RSS after start and the restart time on the embedded database, with a current web build. */
async function startUp(rows: BenchRow[]) {
  const config = loadConfig({ WEB_BUILD: 'auto' })
  await ensureWebBuild(config)
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aula-bench-start-'))
  const env = { ...sharedSecrets(), AULA_DATA_DIR: dataDir, WEB_BUILD: 'auto', LOG_LEVEL: 'info' }
  const log = path.join(dataDir, 'server.log')
  try {
    const mb = (bytes: number) => bytes / 1024 / 1024
    // The first start on an empty data directory applies every migration and seeds the demo catalogue.
    const first = await startServerProcess(env, { logFile: log })
    await new Promise((r) => setTimeout(r, 2000))
    const firstPeak = mb(first.peakRss())
    await first.stop()
    const again = await startServerProcess(env, { logFile: log })
    const ms = again.startedInMs
    // Settled: what the process holds once start-up garbage is collectable.
    await new Promise((r) => setTimeout(r, 2000))
    const rss = mb(again.rss())
    const peak = mb(again.peakRss())
    await again.stop()
    rows.push({ what: 'peak RSS during first start (PGlite, demo seed)', value: `${firstPeak.toFixed(0)} MB`, target: '≤ 400 MB', met: firstPeak <= 400 })
    rows.push({ what: 'peak RSS during restart (PGlite)', value: `${peak.toFixed(0)} MB`, target: '≤ 400 MB', met: peak <= 400 })
    rows.push({ what: 'RSS after start (PGlite, idle)', value: `${rss.toFixed(0)} MB`, target: '≤ 350 MB', met: rss <= 350 })
    rows.push({ what: 'restart on existing data until /api/health answers', value: `${(ms / 1000).toFixed(2)} s`, target: '≤ 2 s', met: ms <= 2000 })
    rows.push({ what: '  CPU time the restarted process used until then', value: `${(again.startCpuMs / 1000).toFixed(2)} s` })
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

/**
 * The web app's figures (`tests/bench/web.ts`): each chunk's gzipped size, the public pages' weight,
 * Lighthouse's performance on /login and accessibility on /login, a dashboard and the player
 * (`tests/bench/accessibility.ts`), against a server of this checkout started on the embedded database.
 */
async function webRows(): Promise<Array<Record<string, unknown>>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aula-bench-web-'))
  const server = await startServerProcess({ ...sharedSecrets(), AULA_DATA_DIR: dataDir, WEB_BUILD: 'auto', LOG_LEVEL: 'warn' })
  try {
    const rows = [...(await benchWeb(server.url)), ...(await benchAccessibility({ url: server.url, dataDir }))]
    return rows as unknown as Array<Record<string, unknown>>
  } finally {
    await server.stop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

/** The public website's rows (tests/bench/site.ts); a site that cannot be set up is one missed row, not the end of the run. */
async function siteRows(database: BenchDatabase): Promise<BenchRow[]> {
  try {
    return await benchSite(database, SECONDS, { existingPagesOnly: process.env.BENCH_SITE_PAGES === 'existing' })
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    return [{ what: `public site (${database.name}): not measured`, value: message.slice(0, 120), target: 'measured', met: false }]
  }
}

function printTable(rows: Array<BenchRow | Record<string, unknown>>) {
  const line = (r: BenchRow | Record<string, unknown>) => {
    if (typeof r.what !== 'string' || r.value === undefined)
      return `  ${Object.entries(r)
        .map(([k, v]) => `${k}: ${String(v)}`)
        .join(', ')}`
    const b = r as BenchRow
    const ratio = b.ratio === undefined ? '' : `×${b.ratio.toFixed(3)}`
    const p99 = b.p99 === undefined ? '' : `${b.p99} ms`
    const verdict = b.met === undefined ? '' : b.met ? 'met' : 'MISSED'
    return `${b.what.padEnd(62)} ${String(b.value).padStart(14)} ${ratio.padStart(8)} ${p99.padStart(8)}  ${(b.target ?? '').padEnd(28)} ${verdict}`
  }
  console.log(`\n${'what'.padEnd(62)} ${'value'.padStart(14)} ${'of bare'.padStart(8)} ${'p99'.padStart(8)}  ${'target'.padEnd(28)}`)
  for (const r of rows) console.log(line(r))
}

async function main() {
  const rows: BenchRow[] = []
  const pgUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL
  const databases: BenchDatabase[] = [...(WITHOUT_PGLITE ? [] : [{ name: 'PGlite' }]), ...(pgUrl ? [{ name: 'PostgreSQL', url: pgUrl }] : [])]

  if (PARTS.has('api')) await apiTable(rows, databases)
  if (PARTS.has('srp')) await srpRows(rows, databases)
  if (PARTS.has('start')) await startUp(rows)
  // /api/health latency while a ~100 MB simulation package unpacks (tests/bench/package.ts).
  if (PARTS.has('package')) rows.push(...packageRows(await benchPackage()))
  // Load scenarios: many signed-in learners at once, each in a load client process of its own.
  if (PARTS.has('exam'))
    for (const database of databases)
      rows.push(...(await benchExam(database, Number(process.env.BENCH_EXAM_LEARNERS ?? 3000), Number(process.env.BENCH_EXAM_PROCESSES ?? 1))))
  if (PARTS.has('courseware')) {
    const learners = Number(process.env.BENCH_COURSEWARE_LEARNERS ?? 1250)
    for (const database of databases) rows.push(...(await benchCourseware(database, learners, Number(process.env.BENCH_COURSEWARE_SECONDS ?? 60))))
  }
  if (PARTS.has('certificates'))
    for (const database of databases) rows.push(...(await benchGraduation(database, Number(process.env.BENCH_CERT_LEARNERS ?? 10_000))))
  if (PARTS.has('durability'))
    for (const database of databases) rows.push(...(await benchDurability(database, Number(process.env.BENCH_DURABILITY_WRITES ?? 1000))))
  // The public website on PostgreSQL when given (its first-byte target is set there), else on PGlite.
  if (PARTS.has('site')) rows.push(...(await siteRows(databases.at(-1) ?? { name: 'PGlite' })))
  const web = PARTS.has('web') ? await webRows() : []

  console.log(
    `\n${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}; ${CONNECTIONS} connections, ${SECONDS} s per load after 1 s warm-up`,
  )
  printTable([...rows, ...web])

  if (PARTS.has('pdf')) {
    // Certificate downloads beside everyone else's requests (PGlite): with the PDF limit off, what
    // keeping drawn PDFs does alone; with the default settings, the limit too.
    const runs = [
      await benchPdf('RATE_LIMIT_CERTIFICATE_PDF=0 (no limit)', { RATE_LIMIT_CERTIFICATE_PDF: '0' }, SECONDS),
      await benchPdf('default settings', {}, SECONDS),
    ]
    console.log('')
    for (const line of formatPdfBench(runs)) console.log(line)
  }

  if (!PARTS.has('admin')) return
  // Administration at scale: user search p95 at 100,000 users and the 10,000-row bulk import.
  console.log('')
  for (const database of databases) for (const line of formatAdminBench(await benchAdmin({ databaseUrl: database.url }), database.name)) console.log(line)
}

/** The bare server, then each Aula route on each database, then the bare server again; ratios against the mean of both bare runs. */
async function apiTable(rows: BenchRow[], databases: BenchDatabase[]) {
  // The bare server before and after the Aula loads: the spread says how noisy the machine is.
  const bareBefore = await bareFastify()
  const apiRows: ApiRow[] = []
  for (const database of databases) await apiRoutes(database, apiRows)
  const bareAfter = await bareFastify()
  const bare = (bareBefore.rps + bareAfter.rps) / 2
  rows.push({ what: 'bare Fastify, JSON answer (before / after)', value: `${bare.toFixed(0)} req/s`, ratio: 1, p99: bareBefore.p99 })
  rows.push({
    what: `  spread of the bare runs: ${bareBefore.rps.toFixed(0)} / ${bareAfter.rps.toFixed(0)} req/s`,
    value: `${((Math.abs(bareBefore.rps - bareAfter.rps) / bare) * 100).toFixed(0)} %`,
  })
  for (const r of apiRows) {
    // Ratios against the mean of both bare runs.
    const ratio = r.load.rps / bare
    rows.push({ what: r.what, value: `${r.load.rps.toFixed(0)} req/s`, ratio, p99: r.load.p99, target: r.target, met: r.judge(ratio, r.load) })
  }
}

async function srpRows(rows: BenchRow[], databases: BenchDatabase[]) {
  for (const database of databases) {
    const pgSchema = database.url ? await postgresSchema(database.url) : null
    try {
      const { signInsPerSecond, serverCpuMsPerSignIn } = await benchSrp({ databaseUrl: pgSchema?.url, durationMs: SECONDS * 1000 })
      rows.push({
        what: `complete SRP sign-ins (${database.name}, native client process)`,
        value: `${signInsPerSecond.toFixed(0)} /s`,
        target: '≥ 300 /s',
        met: signInsPerSecond >= 300,
      })
      rows.push({ what: '  server CPU time per sign-in', value: `${serverCpuMsPerSignIn.toFixed(2)} ms` })
    } finally {
      await pgSchema?.drop()
    }
  }
}

await main()
