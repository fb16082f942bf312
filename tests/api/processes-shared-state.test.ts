/**
 * What several processes of one installation share: two apps (as two processes would build them)
 * on one PostgreSQL schema count real-time users together and run each periodic sweep in one of
 * them at a time, run each queued user import once, and refuse in one a session signed out through
 * the other within 1 s. The sweep's own work runs on PGlite too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app.js'
import { openDb, type Db } from '../../server/db/index.js'
import type { App } from '../../server/types.js'
import { createTestDb, testConfig } from '../helpers/app.js'
import { ADMIN_CALLER, caller, testAuth } from '../helpers/courses.js'
import { PASSWORD } from '../helpers/exam.js'
import { sharedSecrets } from '../helpers/server-process.js'
import { createBenchUser, signIn } from '../bench/srp.js'

const RT = '/api/metrics/ga/rt-users-by-country'
type Realtime = { users: number; requests: number; countries: Array<{ country: string | null; users: number; requests: number }> }
const gb = (r: Realtime) => r.countries.find((c) => c.country === 'GB') ?? { users: 0, requests: 0 }

const realtime = async (app: App): Promise<Realtime> => {
  const res = await app.inject({ method: 'GET', url: RT, headers: ADMIN_CALLER.headers })
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}

describe('sweeps', () => {
  let db: Db
  let app: App
  beforeAll(async () => {
    db = await createTestDb()
    app = await buildApp({ config: testConfig(), db, authenticate: testAuth, print: () => {} })
    await app.ready()
  })
  afterAll(async () => {
    await app?.close()
    await db?.close()
  })

  it('schedules every clean-up, and the request activity sweep removes only what is past the longest window', async () => {
    expect(app.sweeps.names()).toEqual(expect.arrayContaining(['identity', 'rate-limit-buckets', 'request-activity']))
    const old = new Date(Date.now() - 31 * 60_000)
    const recent = new Date(Math.floor(Date.now() / 10_000) * 10_000)
    await db.query(`INSERT INTO request_activity (slot, visitor, country, requests) VALUES ($1, 'u:gone', 'GB', 3), ($2, 'u:kept', 'GB', 1)`, [old, recent])
    expect(await app.sweeps.run('request-activity')).toBe(true)
    const { rows } = await db.query<{ visitor: string }>(`SELECT visitor FROM request_activity WHERE visitor IN ('u:gone', 'u:kept')`)
    expect(rows.map((r) => r.visitor)).toEqual(['u:kept'])
    for (const name of app.sweeps.names()) expect(await app.sweeps.run(name)).toBe(true)
  })
})

describe.skipIf(!process.env.TEST_DATABASE_URL)('two processes on one PostgreSQL schema', () => {
  let dbA: Db
  let dbB: Db
  let a: App
  let b: App

  beforeAll(async () => {
    dbA = await createTestDb()
    const { rows } = await dbA.query<{ s: string }>('SELECT current_schema() AS s')
    dbB = await openDb({ url: process.env.TEST_DATABASE_URL, schema: rows[0]!.s })
    a = await buildApp({ config: testConfig(), db: dbA, authenticate: testAuth, print: () => {} })
    b = await buildApp({ config: testConfig(), db: dbB, authenticate: testAuth, print: () => {} })
    await Promise.all([a.ready(), b.ready()])
  })
  afterAll(async () => {
    await b?.close()
    await a?.close()
    await dbB?.close()
    await dbA?.close()
  })

  it('counts real-time users across both: each answers for the requests the other served', async () => {
    const beforeA = await realtime(a)
    const one = caller('rt-shared-1', ['general'])
    const two = caller('rt-shared-2', ['general'])
    for (let i = 0; i < 2; i++) await a.inject({ method: 'GET', url: '/api/v2/user/subscriptions', headers: one.headers, remoteAddress: '81.2.69.160' })
    await b.inject({ method: 'GET', url: '/api/v2/user/subscriptions', headers: two.headers, remoteAddress: '81.2.69.192' })
    await b.inject({ method: 'GET', url: '/api/config', remoteAddress: '81.2.69.193' })
    // Each process writes its requests at least every second; the answering one writes its own first.
    const deadline = Date.now() + 3000
    let onA = await realtime(a)
    while (gb(onA).users < gb(beforeA).users + 3 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100))
      onA = await realtime(a)
    }
    expect(gb(onA).users).toBe(gb(beforeA).users + 3)
    expect(gb(onA).requests).toBe(gb(beforeA).requests + 4)
    const onB = await realtime(b)
    expect(gb(onB)).toEqual(gb(onA))
    expect(onB.users).toBeGreaterThanOrEqual(onA.users)
  })

  it('runs a sweep due in both at once in one of them only', async () => {
    let runs = 0
    let running = 0
    let overlapped = false
    const work = async () => {
      running++
      if (running > 1) overlapped = true
      runs++
      await new Promise((r) => setTimeout(r, 300))
      running--
    }
    a.sweeps.add('shared-state-test', 3_600_000, work)
    b.sweeps.add('shared-state-test', 3_600_000, work)
    const ran = await Promise.all([a.sweeps.run('shared-state-test'), b.sweeps.run('shared-state-test')])
    expect(ran.filter(Boolean)).toHaveLength(1)
    expect(runs).toBe(1)
    expect(overlapped).toBe(false)
    // Once the first is done, the next time is the other's to take.
    expect(await b.sweeps.run('shared-state-test')).toBe(true)
    expect(await a.sweeps.run('shared-state-test')).toBe(true)
    expect(runs).toBe(3)
  })

  it('runs each queued user import in one of them: every row created once', async () => {
    const base = '/api/v2/admin/users/import'
    const csv = (job: number) =>
      ['email,name,groups', ...Array.from({ length: 15 }, (_, i) => `shared.${job}.${i}@import.example.test,Shared ${job} ${i},general`)].join('\n')
    // Jobs queued through both: each one wakes its own process's worker, and both drain the queue.
    const started = await Promise.all(
      [a, b, a, b].map((app, job) =>
        app.inject({ method: 'POST', url: `${base}/jobs`, headers: ADMIN_CALLER.headers, payload: { filename: `shared-${job}.csv`, csv: csv(job) } }),
      ),
    )
    for (const res of started) expect(res.statusCode, res.body).toBe(202)
    const ids = started.map((res) => res.json().Item.id as string)
    for (const id of ids) {
      let job: { status: string } = { status: 'queued' }
      const deadline = Date.now() + 30_000
      while ((job.status === 'queued' || job.status === 'running') && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100))
        job = (await b.inject({ method: 'GET', url: `${base}/jobs/${id}`, headers: ADMIN_CALLER.headers })).json().Item
      }
      // A job run by both would find its own rows' addresses taken (skipped) or settle rows twice.
      expect(job).toMatchObject({ status: 'completed', total: 15, processed: 15, created: 15, skipped: 0, failed: 0 })
    }
  })

  it('runs the real sweeps in one process at a time too', async () => {
    // A third connection holds the rate-limit sweep's lock as a running sweep would.
    const held = dbA.transaction(async (tx) => {
      const { rows } = await tx.query<{ locked: boolean }>(`SELECT pg_try_advisory_xact_lock(7261020, hashtext('rate-limit-buckets')) AS locked`)
      expect(rows[0]!.locked).toBe(true)
      expect(await b.sweeps.run('rate-limit-buckets')).toBe(false)
    })
    await held
    expect(await b.sweeps.run('rate-limit-buckets')).toBe(true)
  })
})

describe.skipIf(!process.env.TEST_DATABASE_URL)('sign-out across two processes on one PostgreSQL schema', () => {
  let dbA: Db
  let dbB: Db
  let a: App
  let b: App
  let urlA: string
  let urlB: string

  beforeAll(async () => {
    dbA = await createTestDb()
    const { rows } = await dbA.query<{ s: string }>('SELECT current_schema() AS s')
    dbB = await openDb({ url: process.env.TEST_DATABASE_URL, schema: rows[0]!.s })
    // One installation: the same identity secrets in both, the real token check (no test tokens).
    const config = testConfig(sharedSecrets())
    a = await buildApp({ config, db: dbA, print: () => {} })
    b = await buildApp({ config, db: dbB, print: () => {} })
    urlA = await a.listen({ port: 0, host: '127.0.0.1' })
    urlB = await b.listen({ port: 0, host: '127.0.0.1' })
  })
  afterAll(async () => {
    await b?.close()
    await a?.close()
    await dbB?.close()
    await dbA?.close()
  })

  it('refuses on the other, within 1 s, a session signed out through one', async () => {
    const email = `shared.signout.${process.pid}@example.test`
    await createBenchUser(a, email, PASSWORD)
    const token = await signIn(`${urlA}/identity/`, a.config.IDENTITY_CLIENT_ID, a.config.IDENTITY_USER_POOL_ID.split('_')[1]!, email, PASSWORD)
    const status = async (url: string) => (await fetch(`${url}/api/v2/user/subscriptions`, { headers: { authorization: `Bearer ${token}` } })).status
    expect(await status(urlB)).toBe(200)
    const out = await fetch(`${urlA}/identity/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.GlobalSignOut' },
      body: JSON.stringify({ AccessToken: token }),
    })
    expect(out.status, await out.text()).toBe(200)
    const deadline = Date.now() + 1000
    let onB = await status(urlB)
    while (onB !== 401 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50))
      onB = await status(urlB)
    }
    expect(onB).toBe(401)
  })
})
