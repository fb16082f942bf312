import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../server/config.js'
import { adminApp, type AdminApi } from './admin-helpers.js'

const TOKEN = 'prometheus-scrape-token-0123456789'
const AUTH = { authorization: `Bearer ${TOKEN}` }

interface Sample {
  name: string
  labels: Record<string, string>
  value: number
}

/**
 * Reads the Prometheus text exposition format strictly: every line is a comment (`# HELP`/`# TYPE`
 * of a metric) or one sample `name{label="value",…} number`; anything else fails the test.
 */
function parseExposition(text: string): { samples: Sample[]; types: Map<string, string> } {
  const samples: Sample[] = []
  const types = new Map<string, string>()
  for (const line of text.split('\n')) {
    if (line === '') continue
    const comment = /^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) (.*)$/.exec(line)
    if (comment) {
      if (comment[1] === 'TYPE') {
        expect(['counter', 'gauge', 'histogram', 'summary', 'untyped']).toContain(comment[3])
        types.set(comment[2]!, comment[3]!)
      }
      continue
    }
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line)
    expect(sample, `not a sample line: ${line}`).not.toBeNull()
    const labels: Record<string, string> = {}
    const body = sample![2] ?? ''
    const labelPattern = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"(?:,|$)/y
    let at = 0
    while (at < body.length) {
      labelPattern.lastIndex = at
      const label = labelPattern.exec(body)
      expect(label, `bad labels in: ${line}`).not.toBeNull()
      labels[label![1]!] = label![2]!
      at = labelPattern.lastIndex
    }
    const value = Number(sample![3] === '+Inf' ? Infinity : sample![3] === '-Inf' ? -Infinity : sample![3])
    expect(Number.isNaN(value) && !/^nan$/i.test(sample![3]!), `bad value in: ${line}`).toBe(false)
    samples.push({ name: sample![1]!, labels, value })
  }
  return { samples, types }
}

const find = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))

async function scrape(api: AdminApi) {
  const res = await api.app.inject({ method: 'GET', url: '/metrics', headers: AUTH })
  expect(res.statusCode).toBe(200)
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4; charset=utf-8/)
  return { text: res.body, ...parseExposition(res.body) }
}

describe('METRICS_TOKEN', () => {
  it('is refused when short or not token characters, with one line naming it', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/)
    expect(() => loadConfig({ METRICS_TOKEN: 'a token with spaces in it 0123456789' })).toThrow(/METRICS_TOKEN/)
    expect(loadConfig({ METRICS_TOKEN: TOKEN }).METRICS_TOKEN).toBe(TOKEN)
  })
})

describe('GET /metrics without METRICS_TOKEN', () => {
  let api: AdminApi
  beforeAll(async () => {
    api = await adminApp()
  })
  afterAll(() => api.close())

  it('answers 404 and exposes nothing, whatever the request carries', async () => {
    for (const headers of [{}, AUTH, { authorization: 'Bearer ' }]) {
      const res = await api.app.inject({ method: 'GET', url: '/metrics', headers })
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual({ message: 'Resource not found', code: 'NOT_FOUND' })
      expect(res.body).not.toContain('aula_')
    }
  })
})

describe('GET /metrics with METRICS_TOKEN', () => {
  let api: AdminApi
  beforeAll(async () => {
    // No avatar worker here: queued requests stay queued while the test counts them.
    api = await adminApp({ METRICS_TOKEN: TOKEN, AVATAR_WORKERS: '0' })
  })
  afterAll(() => api.close())

  it('answers 401 without the token, with another token or another scheme', async () => {
    for (const headers of [
      {},
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: `Bearer ${TOKEN.slice(0, -1)}` },
      { authorization: `Basic ${TOKEN}` },
      { authorization: TOKEN },
    ]) {
      const res = await api.app.inject({ method: 'GET', url: '/metrics', headers })
      expect(res.statusCode, JSON.stringify(headers)).toBe(401)
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"')
      expect(res.json()).toEqual({ message: 'Not authorized', code: 'UNAUTHENTICATED' })
      expect(res.body).not.toContain('aula_')
    }
  })

  it('stays out of the OpenAPI document', async () => {
    const doc = (await api.app.inject({ method: 'GET', url: '/api/docs/json' })).json()
    expect(Object.keys(doc.paths)).not.toContain('/metrics')
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/api/metrics/'))).toBe(true)
  })

  it('labels requests by the route pattern, never the path asked for', async () => {
    const id = '6b1f3c2e-9a4d-4e8b-8c7a-3d2f1e0b9a87'
    expect((await api.call('GET', `/api/v2/admin/users/import/jobs/${id}`)).statusCode).toBe(404)
    expect((await api.call('GET', `/api/v2/admin/users/import/jobs/${id}`)).statusCode).toBe(404)
    expect((await api.call('GET', '/api/v2/admin/users/import/jobs')).statusCode).toBe(200)
    expect((await api.app.inject({ method: 'GET', url: '/api/no-such-area/7f3e91aa' })).statusCode).toBe(404)
    // The identity service's routes are registered before the metrics: they are measured too.
    const jwks = await api.app.inject({ method: 'GET', url: `/identity/${api.config.IDENTITY_USER_POOL_ID}/.well-known/jwks.json` })
    expect(jwks.statusCode).toBe(200)

    const { text, samples, types } = await scrape(api)
    expect(types.get('aula_http_request_duration_seconds')).toBe('histogram')
    const byId = { method: 'GET', route: '/api/v2/admin/users/import/jobs/:id', status_class: '4xx' }
    expect(find(samples, 'aula_http_request_duration_seconds_count', byId)).toEqual([
      { name: 'aula_http_request_duration_seconds_count', labels: byId, value: 2 },
    ])
    expect(find(samples, 'aula_http_request_duration_seconds_bucket', { ...byId, le: '+Inf' })[0]?.value).toBe(2)
    expect(find(samples, 'aula_http_request_duration_seconds_sum', byId)[0]?.value).toBeGreaterThan(0)
    expect(find(samples, 'aula_http_request_duration_seconds_count', { route: '/api/v2/admin/users/import/jobs', status_class: '2xx' })[0]?.value).toBe(1)
    expect(find(samples, 'aula_http_request_duration_seconds_count', { route: 'unmatched', status_class: '4xx' })[0]?.value).toBe(1)
    expect(find(samples, 'aula_http_request_duration_seconds_count', { route: '/identity/:poolId/.well-known/jwks.json', status_class: '2xx' })[0]?.value).toBe(
      1,
    )
    // Ids of the paths asked for never become label values.
    expect(text).not.toContain(api.config.IDENTITY_USER_POOL_ID)
    expect(text).not.toContain(id)
    expect(text).not.toContain('7f3e91aa')
    for (const s of find(samples, 'aula_http_request_duration_seconds_count')) expect(s.labels.route).toMatch(/^(\/[^?]*|unmatched)$/)
  })

  it('reports the database connections', async () => {
    // A call of the app first, so the pool has handed out connections.
    await api.call('GET', '/api/v2/admin/users/import/jobs')
    const { samples, types } = await scrape(api)
    expect(types.get('aula_db_calls_in_flight')).toBe('gauge')
    expect(find(samples, 'aula_db_calls_in_flight')).toHaveLength(1)
    if (api.db.kind === 'postgres') {
      expect(find(samples, 'aula_db_pool_max_connections')[0]?.value).toBe(api.config.DATABASE_POOL_MAX)
      const open = find(samples, 'aula_db_pool_open_connections')[0]!.value
      expect(open).toBeGreaterThanOrEqual(1)
      expect(open).toBeLessThanOrEqual(api.config.DATABASE_POOL_MAX)
      expect(find(samples, 'aula_db_pool_idle_connections')[0]!.value).toBeLessThanOrEqual(open)
      expect(find(samples, 'aula_db_pool_waiting_calls')[0]?.value).toBe(0)
      expect(types.get('aula_db_pool_acquires_total')).toBe('counter')
      expect(find(samples, 'aula_db_pool_acquires_total')[0]!.value).toBeGreaterThan(0)
      expect(find(samples, 'aula_db_pool_acquire_wait_seconds_total')[0]!.value).toBeGreaterThan(0)
      expect(find(samples, 'aula_db_calls_queued')).toEqual([])
    } else {
      expect(find(samples, 'aula_db_calls_queued')[0]?.value).toBe(0)
      expect(find(samples, 'aula_db_pool_open_connections')).toEqual([])
    }
  })

  it('sees calls waiting for the database and counts the time they waited', async () => {
    if (api.db.kind === 'pglite') {
      // The one connection runs one call at a time: three started together are one running, two queued.
      const calls = [1, 2, 3].map(() => api.db.query('SELECT 1'))
      expect(api.db.stats!()).toEqual({ inFlight: 3, queued: 2 })
      await Promise.all(calls)
      expect(api.db.stats!()).toEqual({ inFlight: 0, queued: 0 })
      return
    }
    const before = find((await scrape(api)).samples, 'aula_db_pool_acquire_wait_seconds_total')[0]!.value
    // Two slow calls more than the pool holds: two wait for a connection until one is given back.
    const max = api.config.DATABASE_POOL_MAX
    const calls = Array.from({ length: max + 2 }, () => api.db.query('SELECT pg_sleep(0.3)'))
    // The pool hands out its connections on the next turn of the event loop.
    await new Promise((resolve) => setImmediate(resolve))
    const during = await scrape(api)
    expect(find(during.samples, 'aula_db_pool_waiting_calls')[0]!.value).toBeGreaterThanOrEqual(2)
    expect(find(during.samples, 'aula_db_calls_in_flight')[0]!.value).toBeGreaterThanOrEqual(max + 2)
    expect(find(during.samples, 'aula_db_pool_open_connections')[0]!.value).toBe(max)
    await Promise.all(calls)
    const after = find((await scrape(api)).samples, 'aula_db_pool_acquire_wait_seconds_total')[0]!.value
    // The two waited about 0.3 s each (and the scrape's own query waited too).
    expect(after - before).toBeGreaterThan(0.5)
  })

  it('reports the depth of the avatar and user-import queues', async () => {
    const avatar = (status: string, lease: string | null = null) =>
      api.db.query(
        `INSERT INTO avatar_requests (owner_sub, owner_username, owner_email, photo_path, text, style, voice, status, lease_until)
         VALUES ('sub-q', 'queue-tester', 'queue@example.test', 'photos/q.png', 'Hello', 'studio', 'female', $1, now() + $2::interval)`,
        [status, lease],
      )
    await avatar('queued')
    await avatar('queued')
    await avatar('processing', '1 hour')
    // A renderer that stopped renewing its lease: the request waits for another one.
    await avatar('processing', '-1 minute')
    await avatar('done')
    // A running import under a lease no worker may take.
    await api.db.query(
      `INSERT INTO user_import_jobs (filename, file_hash, status, total, actor_username, actor_email, lease_until)
       VALUES ('q.csv', 'hash-q', 'running', 0, 'queue-tester', 'queue@example.test', now() + interval '1 hour')`,
    )
    const { samples, types } = await scrape(api)
    expect(types.get('aula_queue_jobs')).toBe('gauge')
    const depth = (queue: string, state: string) => find(samples, 'aula_queue_jobs', { queue, state }).map((s) => s.value)
    expect(depth('avatar', 'waiting')).toEqual([3])
    expect(depth('avatar', 'running')).toEqual([1])
    expect(depth('user_import', 'waiting')).toEqual([0])
    expect(depth('user_import', 'running')).toEqual([1])
    await api.db.query(`UPDATE avatar_requests SET status = 'failed' WHERE owner_sub = 'sub-q' AND (status = 'queued' OR lease_until < now())`)
    const later = await scrape(api)
    expect(find(later.samples, 'aula_queue_jobs', { queue: 'avatar', state: 'waiting' })[0]?.value).toBe(0)
  })

  it("reports the process's event-loop delay, resident memory and CPU", async () => {
    const { samples, types } = await scrape(api)
    expect(types.get('nodejs_eventloop_lag_seconds')).toBe('gauge')
    expect(find(samples, 'nodejs_eventloop_lag_seconds')).toHaveLength(1)
    expect(find(samples, 'nodejs_eventloop_lag_p99_seconds')).toHaveLength(1)
    expect(find(samples, 'process_resident_memory_bytes')[0]!.value).toBeGreaterThan(10 * 1024 * 1024)
    expect(find(samples, 'process_cpu_user_seconds_total')[0]!.value).toBeGreaterThan(0)
    // Each metric is written once.
    const names = [
      ...samples
        .reduce((m, s) => m.set(`${s.name}${JSON.stringify(s.labels)}`, (m.get(`${s.name}${JSON.stringify(s.labels)}`) ?? 0) + 1), new Map<string, number>())
        .values(),
    ]
    expect(names.every((n) => n === 1)).toBe(true)
  })

  it("is not a person in monitoring's real-time users", async () => {
    const rt = async () =>
      (await api.call('GET', '/api/metrics/ga/rt-users-by-country?minutes=30')).json() as { countries: Array<{ country: string | null; users: number }> }
    const us = (r: Awaited<ReturnType<typeof rt>>) => r.countries.find((c) => c.country === 'US')?.users ?? 0
    expect(us(await rt())).toBe(0)
    const scraped = await api.app.inject({ method: 'GET', url: '/metrics', headers: AUTH, remoteAddress: '8.8.8.8' })
    expect(scraped.statusCode).toBe(200)
    expect(us(await rt())).toBe(0)
    // A person at the same address is one.
    await api.app.inject({ method: 'GET', url: '/api/config', remoteAddress: '8.8.8.8' })
    expect(us(await rt())).toBe(1)
  })

  it('keeps the figures of two apps in one process apart', async () => {
    const other = await adminApp({ METRICS_TOKEN: TOKEN, AVATAR_WORKERS: '0' })
    try {
      expect((await other.call('GET', '/api/v2/admin/users/import/jobs/0c7d9e1a-1111-4222-8333-944455566677')).statusCode).toBe(404)
      const mine = await scrape(api)
      const theirs = await scrape(other)
      const byId = { route: '/api/v2/admin/users/import/jobs/:id' }
      expect(find(theirs.samples, 'aula_http_request_duration_seconds_count', byId).map((s) => s.value)).toEqual([1])
      expect(find(mine.samples, 'aula_http_request_duration_seconds_count', byId).map((s) => s.value)).toEqual([2])
      expect(find(theirs.samples, 'process_resident_memory_bytes')).toHaveLength(1)
    } finally {
      await other.close()
    }
  })
})
