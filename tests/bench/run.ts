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
    await app.close()
    if (database.url) await db.query('DROP SCHEMA bench CASCADE')
    await db.close()
  }
  fs.rmSync(dataDir, { recursive: true, force: true })

  const bench = path.join(import.meta.dirname, 'srp.ts')
  if (fs.existsSync(bench)) {
    const { benchSrp } = (await import(bench)) as { benchSrp?: () => Promise<{ signInsPerSecond: number }> }
    if (benchSrp) {
      const { signInsPerSecond } = await benchSrp()
      console.log(`SRP sign-ins (complete, embedded identity service): ${signInsPerSecond.toFixed(1)} per second`)
    }
  }

  const base = rows[0].rps
  console.log(`\n${os.cpus().length} cores, ${CONNECTIONS} connections, ${DURATION} s per load\n`)
  for (const row of rows) console.log(`${row.what.padEnd(48)} ${row.rps.toFixed(0).padStart(8)} req/s   ×${(row.rps / base).toFixed(3)} of bare`)
}

await main()
