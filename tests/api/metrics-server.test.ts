import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_CALLER, caller, courseApp, startCourse, V2, type Caller, type CourseApi } from '../helpers/courses.js'
import { multipart } from './storage-contract.js'

const S = '/api/v2/metrics/server'
const RT = '/api/metrics/ga/rt-users-by-country'
let api: CourseApi
let dataDir: string
let owner: Caller
const admin = ADMIN_CALLER
const today = () => new Date().toISOString().slice(0, 10)
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10)

beforeAll(async () => {
  // A data directory of this file's own: the storage figures must move only with what this file uploads.
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aula-metrics-'))
  api = await courseApp({ AULA_DATA_DIR: dataDir, COST_REQUESTS_MILLION: '1.5', COST_STORAGE_GB_MONTH: '0.03', COST_CURRENCY: 'EUR' })
  owner = caller('metrics-owner', ['creator'])
})
afterAll(async () => {
  await api.close()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

const get = async (url: string, as: Caller | null = admin, status = 200) => {
  const res = await api.call(as, 'GET', url)
  expect(res.statusCode, `${url}: ${res.body}`).toBe(status)
  return res.json()
}

describe('access', () => {
  const routes = [`${S}/version`, `${S}/ddb-documents`, `${S}/s3-bucket-size`, `${S}/cost-and-usage?from=${today()}&to=${today()}`, `${S}/forecast`, RT]
  it.each(routes)('%s answers 401 without a token and 403 to creators and learners', async (url) => {
    expect(await get(url, null, 401)).toEqual({ message: 'Not authorized', code: 'UNAUTHENTICATED' })
    expect(await get(url, caller('someone-creating', ['creator', 'reviewer']), 403)).toEqual({ message: 'Permission denied', code: 'FORBIDDEN' })
    await get(url, caller('someone-learning', ['general']), 403)
    await get(url, caller('someone-paying', ['finances']), 403)
  })
})

describe('server', () => {
  it('answers the version, the start and the uptime of this process', async () => {
    const v = await get(`${S}/version`)
    expect(v).toMatchObject({
      name: 'Aula',
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      buildLabel: '0123',
      node: process.version,
      storageDriver: 'local',
    })
    expect(v.database).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite')
    expect(Number.isInteger(v.uptimeSeconds)).toBe(true)
    expect(Date.parse(v.startedAt)).toBeLessThanOrEqual(Date.now())
  })

  it('counts the rows of every table, and the count follows new rows', async () => {
    const before = await get(`${S}/ddb-documents`)
    const courses = (b: { tables: Array<{ table: string; rows: number }> }) => b.tables.find((t) => t.table === 'courses')?.rows
    expect(before.tables.map((t: { table: string }) => t.table)).toEqual(expect.arrayContaining(['courses', 'subscriptions', 'identity_users', 'usage_daily']))
    await startCourse(api, owner, { name: 'Counted course' })
    await startCourse(api, owner, { name: 'Another counted course' })
    const after = await get(`${S}/ddb-documents`)
    expect(courses(after)).toBe(courses(before)! + 2)
    expect(after.total).toBeGreaterThanOrEqual(before.total + 2)
  })

  it('measures the storage, which grows by the bytes and objects of an upload', async () => {
    const before = await get(`${S}/s3-bucket-size`)
    expect(before).toMatchObject({ driver: 'local', bucket: null })
    const { uuid } = await startCourse(api, owner, { name: 'Course with a cover' })
    const par = await api.call(owner, 'POST', `${V2}/builder/cover-par`, { uuid, size: 3000, contentType: 'image/png', fileName: 'cover.png' })
    expect(par.statusCode, par.body).toBe(200)
    const { body, contentType } = await multipart(par.json().fields, { bytes: randomBytes(3000), name: 'cover.png', type: 'image/png' })
    const posted = await api.app.inject({ method: 'POST', url: par.json().url, payload: body, headers: { 'content-type': contentType } })
    expect(posted.statusCode, posted.body).toBeLessThan(300)
    const after = await get(`${S}/s3-bucket-size`)
    expect(after.bytes).toBe(before.bytes + 3000)
    expect(after.objects).toBe(before.objects + 1)
  })
})

describe('cost and usage', () => {
  it('says the figures are modelled and prices the measured usage with the configured prices', async () => {
    const res = await get(`${S}/cost-and-usage?from=${today()}&to=${today()}`)
    expect(res).toMatchObject({ source: 'model', modelled: true, currency: 'EUR', granularity: 'day' })
    expect(res.note).toMatch(/^Modelled figures/)
    expect(res.unitPrices).toEqual({ currency: 'EUR', storageGbMonth: 0.03, requestsMillion: 1.5, emailsThousand: 0.1, computeCpuHour: 0.04048 })
    expect(res.periods).toHaveLength(1)
    expect(res.periods[0].period).toBe(today())
    // The storage measured above is today's figure.
    expect(res.periods[0].storageBytes).toBeGreaterThanOrEqual(3000)
  })

  it('counts the requests served: more requests, more usage and more cost', async () => {
    const url = `${S}/cost-and-usage?from=${today()}&to=${today()}`
    const before = (await get(url)).periods[0]
    for (let i = 0; i < 7; i++) await api.call(null, 'GET', '/api/health')
    const after = (await get(url)).periods[0]
    // The seven requests and the first cost-and-usage call itself.
    expect(after.requests).toBe(before.requests + 8)
    expect(after.cost.requests).toBeCloseTo((after.requests / 1e6) * 1.5, 12)
    expect(after.cost.requests).toBeGreaterThan(before.cost.requests)
    expect(after.cpuSeconds).toBeGreaterThanOrEqual(before.cpuSeconds)
  })

  it('prices a day of stored usage and carries the storage forward over days without a measurement', async () => {
    const day = daysAgo(40)
    await api.db.query(
      `INSERT INTO usage_daily (day, metric, amount) VALUES ($1, 'requests', 2000000), ($1, 'emails', 3000), ($1, 'cpu_ms', 7200000), ($1, 'storage_bytes', $2)`,
      [day, 1024 ** 3],
    )
    const res = await get(`${S}/cost-and-usage?from=${day}&to=${daysAgo(38)}`)
    expect(res.periods.map((p: { period: string }) => p.period)).toEqual([day, daysAgo(39), daysAgo(38)])
    const [first, second] = res.periods
    const monthDays = new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)), 0)).getUTCDate()
    expect(first).toMatchObject({ requests: 2000000, emails: 3000, cpuSeconds: 7200, storageBytes: 1024 ** 3, billed: null })
    expect(first.cost.requests).toBeCloseTo(3, 9)
    expect(first.cost.emails).toBeCloseTo(0.3, 9)
    expect(first.cost.compute).toBeCloseTo(2 * 0.04048, 9)
    expect(first.cost.storage).toBeCloseTo(0.03 / monthDays, 9)
    expect(first.cost.total).toBeCloseTo(first.cost.requests + first.cost.emails + first.cost.compute + first.cost.storage, 9)
    expect(second).toMatchObject({ requests: 0, storageBytes: 1024 ** 3 })
    expect(res.totals.requests).toBe(2000000)
  })

  it('rolls days up into months', async () => {
    const res = await get(`${S}/cost-and-usage?from=${daysAgo(70)}&to=${today()}&granularity=month`)
    expect(res.periods.length).toBeGreaterThanOrEqual(3)
    for (const p of res.periods) expect(p.period).toMatch(/^\d{4}-\d{2}-01$/)
    expect(res.totals.requests).toBe(res.periods.reduce((s: number, p: { requests: number }) => s + p.requests, 0))
    expect(res.totals.requests).toBeGreaterThanOrEqual(2000000)
  })

  it.each([
    ['from after to', `from=${today()}&to=${daysAgo(1)}`, { to: 'The end of the range must not be before its start' }],
    ['an impossible day', 'from=2026-02-30&to=2026-03-02', { from: 'Not a valid date' }],
    ['more than three years', 'from=2019-01-01&to=2026-01-01', { to: 'The range must not be longer than three years' }],
  ])('refuses %s with 400', async (_name, query, errors) => {
    expect(await get(`${S}/cost-and-usage?${query}`, admin, 400)).toEqual({ message: 'Invalid date range', code: 'VALIDATION', errors })
  })

  it('refuses a missing or malformed range with 400', async () => {
    await get(`${S}/cost-and-usage?from=${today()}`, admin, 400)
    await get(`${S}/cost-and-usage?from=yesterday&to=${today()}`, admin, 400)
    await get(`${S}/cost-and-usage?from=${today()}&to=${today()}&granularity=hour`, admin, 400)
    await get(`${S}/forecast?month=2026-13`, admin, 400)
  })
})

describe('forecast', () => {
  it('projects a finished month as what it cost', async () => {
    await api.db.query(`INSERT INTO usage_daily (day, metric, amount) VALUES ('2021-02-10', 'requests', 4000000)`)
    const res = await get(`${S}/forecast?month=2021-02`)
    expect(res).toMatchObject({ month: '2021-02', method: 'linear', daysInMonth: 28, daysElapsed: 28, modelled: true })
    expect(res.monthToDate).toBeCloseTo(6, 9)
    expect(res.projected).toBeCloseTo(6, 9)
    expect(res.days).toHaveLength(28)
    expect(res.days[27].actual).toBeCloseTo(6, 9)
  })

  it('projects the current month linearly from the days so far, and follows new usage', async () => {
    const before = await get(`${S}/forecast`)
    expect(before.month).toBe(today().slice(0, 7))
    expect(before.daysElapsed).toBe(Number(today().slice(8, 10)))
    await api.db.query(
      `INSERT INTO usage_daily (day, metric, amount) VALUES ($1, 'emails', 1000000) ON CONFLICT (day, metric) DO UPDATE SET amount = usage_daily.amount + 1000000`,
      [today()],
    )
    const after = await get(`${S}/forecast`)
    expect(after.monthToDate).toBeGreaterThan(before.monthToDate + 99.99)
    expect(after.projected).toBeCloseTo((after.monthToDate / after.daysElapsed) * after.daysInMonth, 6)
    expect(after.projectedUsage.emails).toBeGreaterThanOrEqual(1000000)
    const lastMeasured = after.days[after.daysElapsed - 1]
    expect(lastMeasured.actual).toBeCloseTo(after.monthToDate, 9)
    expect(after.days[after.daysInMonth - 1].projected).toBeCloseTo(after.projected, 6)
  })
})

describe('real-time users by country', () => {
  it('counts the users of the last minutes by the country of their address', async () => {
    const before = await get(RT)
    const gb = (r: { countries: Array<{ country: string | null; users: number }> }) => r.countries.find((c) => c.country === 'GB')?.users ?? 0
    const learner = caller('rt-learner-1', ['general'])
    for (let i = 0; i < 3; i++)
      await api.app.inject({ method: 'GET', url: '/api/v2/user/subscriptions', headers: learner.headers, remoteAddress: '81.2.69.160' })
    await api.app.inject({ method: 'GET', url: '/api/config', remoteAddress: '81.2.69.192' })
    await api.app.inject({ method: 'GET', url: '/api/config', remoteAddress: '8.8.8.8' })
    const after = await get(RT)
    expect(gb(after)).toBe(gb(before) + 2)
    expect(after.countries.find((c: { country: string | null }) => c.country === 'US')?.users).toBeGreaterThanOrEqual(1)
    expect(after.users).toBeGreaterThanOrEqual(before.users + 3)
    // The admin's own calls come from the loopback address: no country is known for it.
    expect(after.countries.some((c: { country: string | null }) => c.country === null)).toBe(true)
    expect(after).toMatchObject({ windowMinutes: 5 })
    expect((await get(`${RT}?minutes=30`)).windowMinutes).toBe(30)
    await get(`${RT}?minutes=0`, admin, 400)
    await get(`${RT}?minutes=31`, admin, 400)
  })
})
