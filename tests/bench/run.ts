/**
 * `npm run bench`: throughput of Aula's routes as ratios against a bare Fastify server measured in
 * the same run on the same machine, so the figures compare across machines. Loopback only; every
 * load is bounded in time.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import Fastify from 'fastify'
import { buildApp } from '../../server/app.js'
import { loadConfig } from '../../server/config.js'
import { openDb } from '../../server/db/index.js'
import { migrate } from '../../server/db/migrate.js'
import { benchAdmin, formatAdminBench } from './admin.js'
import { benchSrp, createBenchUser, signIn } from './srp.js'

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true'

const DURATION = Number(process.env.BENCH_SECONDS ?? 5)
const CONNECTIONS = 50

async function load(url: string, headers: Record<string, string> = {}): Promise<number> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers })
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`)
  return result.requests.average
}

async function main() {
  const rows: Array<{ what: string; rps: number }> = []

  const bare = Fastify()
  bare.get('/ping', async () => ({ ok: true }))
  await bare.listen({ port: 0, host: '127.0.0.1' })
  const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}`
  rows.push({ what: 'bare Fastify, JSON answer', rps: await load(`${bareUrl}/ping`) })
  await bare.close()

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aula-bench-'))
  const databases = [{ name: 'PGlite', url: undefined as string | undefined }]
  if (process.env.TEST_DATABASE_URL) databases.push({ name: 'PostgreSQL', url: process.env.TEST_DATABASE_URL })
  for (const database of databases) {
    const config = loadConfig({ AULA_DATA_DIR: dataDir, WEB_BUILD: 'never', LOG_LEVEL: 'silent', ...(database.url ? { DATABASE_URL: database.url } : {}) })
    const db = await openDb(database.url ? { url: database.url, schema: 'bench' } : { dataDir: path.join(dataDir, 'db') })
    await migrate(db)
    const app = await buildApp({ config, db, print: () => {} })
    await app.listen({ port: 0, host: '127.0.0.1' })
    const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
    rows.push({ what: `Aula GET /api/health (one ${database.name} query)`, rps: await load(`${url}/api/health`) })
    await createBenchUser(app, 'bench-reader@example.test', 'Bench-Reader-Pass1!')
    const token = await signIn(`${url}/identity/`, config.IDENTITY_CLIENT_ID, config.IDENTITY_USER_POOL_ID.split('_')[1], 'bench-reader@example.test', 'Bench-Reader-Pass1!')
    rows.push({
      what: `Aula signed-in GET /api/v2/user/subscriptions (${database.name})`,
      rps: await load(`${url}/api/v2/user/subscriptions?page=1`, { authorization: `Bearer ${token}` }),
    })
    await app.close()
    if (database.url) await db.query('DROP SCHEMA bench CASCADE')
    await db.close()
  }
  fs.rmSync(dataDir, { recursive: true, force: true })

  const signIns: string[] = []
  for (const database of databases) {
    const { signInsPerSecond } = await benchSrp({ databaseUrl: database.url, durationMs: DURATION * 1000 })
    signIns.push(`Complete SRP sign-ins, embedded identity service (${database.name}): ${signInsPerSecond.toFixed(1)} per second`)
  }

  // Administration at scale: user search p95 at 100,000 users and the 10,000-row bulk import.
  const admin: string[] = []
  for (const database of databases) admin.push(...formatAdminBench(await benchAdmin({ databaseUrl: database.url }), database.name))

  const base = rows[0].rps
  console.log(`\n${os.cpus().length} cores, ${CONNECTIONS} connections, ${DURATION} s per load\n`)
  for (const row of rows) console.log(`${row.what.padEnd(62)} ${row.rps.toFixed(0).padStart(8)} req/s   ×${(row.rps / base).toFixed(3)} of bare`)
  for (const line of signIns) console.log(line)
  for (const line of admin) console.log(line)
}

await main()
