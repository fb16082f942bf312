/**
 * Benchmark of the administration API on the embedded pool:
 *  - user search at 100,000 users: p95 of `POST /api/admin/users/all` (e-mail and name prefixes, the
 *    next page with the token, a group filter), over real HTTP with a signed-in administrator;
 *  - bulk import: 10,000 CSV rows through `POST /api/v2/admin/users/import/jobs` until the background
 *    job completes (every user created through the identity admin adapter, invitation mailed),
 *    then the same file again (nothing created twice).
 *
 *   npx tsx tests/bench/admin.ts          (PGlite on disk, as `npm start` runs)
 *   BENCH_DATABASE_URL=postgres://… npx tsx tests/bench/admin.ts
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { AdminAddUserToGroupCommand } from '@aws-sdk/client-cognito-identity-provider'
import { buildApp } from '../../server/app.js'
import { loadConfig } from '../../server/config.js'
import { openDb } from '../../server/db/index.js'
import { migrate } from '../../server/db/migrate.js'
import { createBenchUser, signIn } from './srp.js'

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true'

const FIRST = [
  'maria',
  'jose',
  'ana',
  'luis',
  'carmen',
  'juan',
  'laura',
  'pedro',
  'sofia',
  'diego',
  'elena',
  'jorge',
  'lucia',
  'miguel',
  'paula',
  'pablo',
  'sara',
  'david',
  'marta',
  'raul',
]
const LAST = [
  'garcia',
  'lopez',
  'martinez',
  'sanchez',
  'perez',
  'gomez',
  'martin',
  'jimenez',
  'ruiz',
  'hernandez',
  'diaz',
  'moreno',
  'alvarez',
  'romero',
  'alonso',
  'gutierrez',
  'navarro',
  'torres',
  'dominguez',
  'vazquez',
]

export interface AdminBenchOptions {
  users?: number
  importRows?: number
  searches?: number
  /** PostgreSQL URL; PGlite on disk when absent. */
  databaseUrl?: string
}

export interface AdminBenchResult {
  users: number
  searches: number
  searchP50Ms: number
  searchP95Ms: number
  groupSearchP95Ms: number
  importRows: number
  importSeconds: number
  /** CPU time the process spent on the import: unlike the wall time, not inflated by other load on the machine. */
  importCpuSeconds: number
  importCreated: number
  rerunSeconds: number
  rerunCreated: number
}

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]
}

export async function benchAdmin(options: AdminBenchOptions = {}): Promise<AdminBenchResult> {
  const userCount = options.users ?? 100_000
  const importRows = options.importRows ?? 10_000
  const searches = options.searches ?? 300
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aula-bench-admin-'))
  const schema = options.databaseUrl ? `bench_${crypto.randomBytes(4).toString('hex')}` : undefined
  const db = await openDb(options.databaseUrl ? { url: options.databaseUrl, schema } : { dataDir: path.join(dataDir, 'db') })
  await migrate(db)
  const config = loadConfig({ AULA_DATA_DIR: dataDir, WEB_BUILD: 'never', LOG_LEVEL: 'silent' })
  const app = await buildApp({ config, db, print: () => {} })
  try {
    await app.listen({ port: 0, host: '127.0.0.1' })
    const address = app.server.address()
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
    const adminEmail = 'bench-admin@example.test'
    const password = 'Bench-Admin-Pass1!'
    await createBenchUser(app, adminEmail, password)
    await app.identityAdmin.send(new AdminAddUserToGroupCommand({ UserPoolId: config.IDENTITY_USER_POOL_ID, Username: adminEmail, GroupName: 'admin' }))
    const token = await signIn(`${url}/identity/`, config.IDENTITY_CLIENT_ID, config.IDENTITY_USER_POOL_ID.split('_')[1], adminEmail, password)
    const post = async (route: string, body: unknown) => {
      const send = () =>
        fetch(`${url}${route}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      // A kept-alive connection the server closed while the seeding ran is reset on reuse: send again.
      const res = await send().catch(send)
      if (res.status >= 300) throw new Error(`${route}: ${res.status} ${await res.text()}`)
      return (await res.json()) as Record<string, unknown>
    }

    // Seed the pool in SQL (creating 100,000 users through the API would measure the import, below).
    // Every seeded user shares the administrator's encrypted verifier: they are listed, not signed in.
    const { rows } = await db.query<{ srp_salt: string; srp_verifier: string }>('SELECT srp_salt, srp_verifier FROM identity_users WHERE email_lower = $1', [
      adminEmail,
    ])
    await db.query(
      `INSERT INTO identity_users (username, email_lower, status, srp_salt, srp_verifier)
       SELECT gen_random_uuid()::text, ($3::text[])[1 + i % 20] || '.' || ($4::text[])[1 + (i / 20) % 20] || i || '@seed.example.test',
              CASE WHEN i % 10 = 0 THEN 'UNCONFIRMED' ELSE 'CONFIRMED' END, $1, $2
         FROM generate_series(1, $5::int) AS i`,
      [rows[0].srp_salt, rows[0].srp_verifier, FIRST, LAST, userCount],
    )
    await db.query(
      `INSERT INTO identity_user_attributes (username, name, value)
       SELECT username, a.name, CASE a.name WHEN 'email' THEN email_lower WHEN 'email_verified' THEN 'true'
              ELSE initcap(split_part(email_lower, '.', 1)) || ' ' || initcap(regexp_replace(split_part(split_part(email_lower, '@', 1), '.', 2), '[0-9]+$', '')) END
         FROM identity_users u CROSS JOIN (VALUES ('email'), ('email_verified'), ('name')) AS a(name)
        WHERE u.email_lower LIKE '%@seed.example.test'`,
    )
    await db.query(
      `INSERT INTO identity_user_groups (username, group_name) SELECT username, 'general' FROM identity_users WHERE email_lower LIKE '%@seed.example.test'`,
    )

    // The searches an administrator types: prefixes of one to a dozen characters, by e-mail and by
    // name, the next page, and members of a group.
    const timings: number[] = []
    const groupTimings: number[] = []
    const time = async (into: number[], body: unknown) => {
      const t0 = performance.now()
      const page = await post('/api/admin/users/all', body)
      into.push(performance.now() - t0)
      return page
    }
    await time([], { searchText: 'a' })
    for (let i = 0; i < searches; i++) {
      const first = FIRST[i % FIRST.length]
      const last = LAST[(i * 7) % LAST.length]
      const kind = i % 5
      if (kind === 0) await time(timings, { searchText: first.slice(0, 1 + (i % 3)), sizePerPage: 20 })
      else if (kind === 1) await time(timings, { searchText: `${first}.${last.slice(0, 3)}`, sizePerPage: 20 })
      else if (kind === 2)
        await time(timings, {
          searchText: `${first[0].toUpperCase()}${first.slice(1)} ${last[0].toUpperCase()}`,
          filters: { searchBy: 'name' },
          sizePerPage: 20,
        })
      else if (kind === 3) {
        const page = await time(timings, { searchText: first.slice(0, 2), sizePerPage: 20 })
        if (page.paginationToken) await time(timings, { searchText: first.slice(0, 2), sizePerPage: 20, paginationToken: page.paginationToken })
      } else await time(groupTimings, { searchText: first, filters: { group: 'general' }, sizePerPage: 20 })
    }

    // Bulk import through the API and the background job.
    const csv = ['email,name,groups', ...Array.from({ length: importRows }, (_, i) => `imported${i}@bulk.example.test,Imported Person ${i},general`)].join('\n')
    const runImport = async () => {
      const t0 = performance.now()
      const cpu0 = process.cpuUsage()
      const job = (await post('/api/v2/admin/users/import/jobs', { filename: 'bench.csv', csv })).Item as { id: string }
      for (;;) {
        const res = await fetch(`${url}/api/v2/admin/users/import/jobs/${job.id}`, { headers: { authorization: `Bearer ${token}` } })
        const item = ((await res.json()) as { Item: { status: string; created: number } }).Item
        if (item.status === 'completed' || item.status === 'failed') {
          if (item.status === 'failed') throw new Error('import failed')
          const cpu = process.cpuUsage(cpu0)
          return { seconds: (performance.now() - t0) / 1000, cpuSeconds: (cpu.user + cpu.system) / 1e6, created: item.created }
        }
        await new Promise((r) => setTimeout(r, 250))
      }
    }
    const first = await runImport()
    const rerun = await runImport()
    const round = (v: number) => Math.round(v * 10) / 10
    return {
      users: userCount,
      searches: timings.length,
      searchP50Ms: round(percentile(timings, 50)),
      searchP95Ms: round(percentile(timings, 95)),
      groupSearchP95Ms: round(percentile(groupTimings, 95)),
      importRows,
      importSeconds: round(first.seconds),
      importCpuSeconds: round(first.cpuSeconds),
      importCreated: first.created,
      rerunSeconds: round(rerun.seconds),
      rerunCreated: rerun.created,
    }
  } finally {
    await app.close()
    if (schema) await db.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
    await db.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

export function formatAdminBench(r: AdminBenchResult, database: string): string[] {
  return [
    `Admin user search, ${r.users} users (${database}): p50 ${r.searchP50Ms} ms, p95 ${r.searchP95Ms} ms over ${r.searches} searches; with a group filter p95 ${r.groupSearchP95Ms} ms`,
    `Bulk import of ${r.importRows} CSV rows (${database}): ${r.importSeconds} s (${r.importCpuSeconds} s of CPU), ${r.importCreated} created; same file again ${r.rerunSeconds} s, ${r.rerunCreated} created`,
    `  (load average while measuring: ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores)`,
  ]
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const databaseUrl = process.env.BENCH_DATABASE_URL
  const result = await benchAdmin({
    databaseUrl,
    users: Number(process.env.BENCH_USERS ?? 100_000),
    importRows: Number(process.env.BENCH_IMPORT_ROWS ?? 10_000),
  })
  for (const line of formatAdminBench(result, databaseUrl ? 'PostgreSQL' : 'PGlite')) console.log(line)
}
