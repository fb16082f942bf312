import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_CALLER, caller, courseApp, type Caller, type CourseApi } from '../helpers/courses.js'
import { L, publishCourse, subscribe, type PublishedCourse } from '../helpers/learner.js'

const A = '/api/v2/metrics/analytics'
let api: CourseApi
let owner: Caller
let optics: PublishedCourse
let music: PublishedCourse
let ana: Caller & { username: string }
let ben: Caller & { username: string }
let cris: Caller & { username: string }
const admin = ADMIN_CALLER
const day = (n = 0) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10)
const range = (from: string, to = day()) => `from=${from}&to=${to}`

const get = async (url: string, as: Caller | null = admin, status = 200) => {
  const res = await api.call(as, 'GET', url)
  expect(res.statusCode, `${url}: ${res.body}`).toBe(status)
  return res.json()
}

beforeAll(async () => {
  api = await courseApp()
  owner = await api.user('Olga Owner', ['creator'])
  optics = await publishCourse(api, owner, { name: 'Óptica' })
  music = await publishCourse(api, owner, { name: 'Música' })
  ana = await api.user('Ana Learner', ['general'])
  ben = await api.user('Ben Learner', ['general'])
  cris = await api.user('Cris Learner', ['general'])
})
afterAll(() => api.close())

describe('access and ranges', () => {
  const pages = ['active-learners', 'subscriptions', 'completion', 'top-courses']
  it.each(pages)('%s is for administrators only', async (page) => {
    const url = `${A}/${page}?${range(day(7))}`
    await get(url, null, 401)
    await get(url, caller('analytics-creator', ['creator', 'reviewer']), 403)
    await get(url, caller('analytics-learner', ['general']), 403)
    await get(url, caller('analytics-finances', ['finances']), 403)
  })

  it.each(pages)('%s refuses bad ranges with 400', async (page) => {
    expect(await get(`${A}/${page}?${range(day(), day(1))}`, admin, 400)).toMatchObject({
      code: 'VALIDATION',
      errors: { to: 'The end of the range must not be before its start' },
    })
    expect(await get(`${A}/${page}?from=2026-04-31&to=2026-05-01`, admin, 400)).toMatchObject({ errors: { from: 'Not a valid date' } })
    expect(await get(`${A}/${page}?from=2020-01-01&to=2024-01-01`, admin, 400)).toMatchObject({
      errors: { to: 'The range must not be longer than three years' },
    })
    await get(`${A}/${page}?to=${day()}`, admin, 400)
    await get(`${A}/${page}?from=01/02/2026&to=${day()}`, admin, 400)
  })
})

describe('with learners at work', () => {
  it('counts active learners per day, and a learner who opens a course today shows up', async () => {
    const url = `${A}/active-learners?${range(day(13))}`
    const before = await get(url)
    expect(before).toMatchObject({ interval: 'day', from: day(13), to: day(), total: 0 })
    expect(before.series).toHaveLength(14)
    expect(before.series[13]).toEqual({ period: day(), learners: 0 })

    await subscribe(api, ana, optics)
    const opened = await api.call(ana, 'GET', `${L}/metrics/re/${optics.uuid}/${optics.blocks[0][0]}`)
    expect(opened.statusCode, opened.body).toBe(200)
    await subscribe(api, ben, optics)
    await subscribe(api, ben, music)
    // Cris only browses the catalogue: using the learning routes is activity too.
    expect((await api.call(cris, 'GET', `${L}/all/1`)).statusCode).toBe(200)
    // A learner active ten days ago (an older day of activity).
    await api.db.query(`INSERT INTO learner_activity_days (day, user_sub) VALUES ($1, 'someone-earlier')`, [day(10)])

    const after = await get(url)
    expect(after.series[13]).toEqual({ period: day(), learners: 3 })
    expect(after.series[3]).toEqual({ period: day(10), learners: 1 })
    expect(after.total).toBe(4)
    // An admin using the monitoring screens is not a learner.
    expect(after.series.reduce((s: number, p: { learners: number }) => s + p.learners, 0)).toBe(4)
  })

  it('counts subscriptions made, revoked and in force, per period', async () => {
    const url = `${A}/subscriptions?${range(day(6))}`
    const before = await get(url)
    expect(before.totals).toEqual({ created: 3, revoked: 0, activeAtEnd: 3 })
    expect(before.series.at(-1)).toEqual({ period: day(), created: 3, revoked: 0, active: 3 })

    // Ben's music subscription was made five days ago; Ben then loses it today.
    await api.db.query(`UPDATE subscriptions SET created_at = now() - interval '5 days' WHERE user_sub = $1 AND course_uuid = $2`, [ben.sub, music.uuid])
    const revoke = await api.call(admin, 'PUT', '/api/admin/courses/course/subscriptors/revoke', { username: ben.username, course: music.uuid })
    expect(revoke.statusCode, revoke.body).toBeLessThan(300)

    const after = await get(url)
    expect(after.totals).toEqual({ created: 3, revoked: 1, activeAtEnd: 2 })
    const byDay = Object.fromEntries(after.series.map((p: { period: string }) => [p.period, p]))
    expect(byDay[day(5)]).toEqual({ period: day(5), created: 1, revoked: 0, active: 1 })
    expect(byDay[day(4)]).toMatchObject({ created: 0, active: 1 })
    expect(byDay[day()]).toEqual({ period: day(), created: 2, revoked: 1, active: 2 })
    // A range that ends before the subscription was made sees none of it.
    expect((await get(`${A}/subscriptions?${range(day(20), day(8))}`)).totals).toEqual({ created: 0, revoked: 0, activeAtEnd: 0 })
  })

  it('answers completion and pass rates per course', async () => {
    const [optic, mus] = await Promise.all([optics, music])
    // Forms sent today: Ana passed on her second try, Cris failed (a form of the published version).
    await api.db.query(
      `INSERT INTO form_attempts (course_uuid, course_version, form_id, user_sub, score, passed)
       VALUES ($1, 1, gen_random_uuid(), $2, 20, false), ($1, 1, gen_random_uuid(), $2, 90, true), ($1, 1, gen_random_uuid(), $3, 10, false)`,
      [optic.uuid, ana.sub, cris.sub],
    )
    const res = await get(`${A}/completion?${range(day(6))}`)
    const o = res.courses.find((c: { uuid: string }) => c.uuid === optic.uuid)
    const m = res.courses.find((c: { uuid: string }) => c.uuid === mus.uuid)
    // Ana completed Óptica by opening its one block; Ben did not.
    expect(o).toEqual({
      uuid: optic.uuid,
      name: 'Óptica',
      enrolled: 2,
      completed: 1,
      completionRate: 0.5,
      attempted: 2,
      passed: 1,
      passRate: 0.5,
      certificates: expect.any(Number),
    })
    expect(m).toMatchObject({ name: 'Música', enrolled: 1, completed: 0, completionRate: 0, attempted: 0, passRate: null })
    // Before anything happened, no course has figures.
    expect((await get(`${A}/completion?${range(day(30), day(20))}`)).courses).toEqual([])
  })

  it('ranks the top courses by subscriptions, completions or learners', async () => {
    const bySubs = await get(`${A}/top-courses?${range(day(6))}`)
    expect(bySubs.by).toBe('subscriptions')
    expect(bySubs.courses.map((c: { name: string }) => c.name)).toEqual(['Óptica', 'Música'])
    expect(bySubs.courses[0]).toMatchObject({ subscriptions: 2, completions: 1, learners: 3 })
    expect(bySubs.courses[1]).toMatchObject({ subscriptions: 1, completions: 0 })
    const limited = await get(`${A}/top-courses?${range(day(6))}&by=completions&limit=1`)
    expect(limited.courses).toHaveLength(1)
    expect(limited.courses[0].name).toBe('Óptica')
    // A new subscription moves Música up.
    await subscribe(api, ana, music)
    await subscribe(api, cris, music)
    const after = await get(`${A}/top-courses?${range(day(6))}`)
    expect(after.courses[0]).toMatchObject({ name: 'Música', subscriptions: 3 })
    await get(`${A}/top-courses?${range(day(6))}&limit=0`, admin, 400)
    await get(`${A}/top-courses?${range(day(6))}&by=money`, admin, 400)
  })

  it('chooses weeks for a few months and months for longer ranges, cut to the range', async () => {
    const weeks = await get(`${A}/subscriptions?from=2026-01-01&to=2026-03-31`)
    expect(weeks.interval).toBe('day')
    const weekly = await get(`${A}/active-learners?from=2025-06-01&to=2025-12-31`)
    expect(weekly.interval).toBe('week')
    // 2025-06-01 is a Sunday: the first bucket is that day alone, then Mondays.
    expect(weekly.series.slice(0, 3).map((p: { period: string }) => p.period)).toEqual(['2025-06-01', '2025-06-02', '2025-06-09'])
    const monthly = await get(`${A}/subscriptions?from=2024-01-15&to=2025-03-10`)
    expect(monthly.interval).toBe('month')
    expect(monthly.series[0].period).toBe('2024-01-15')
    expect(monthly.series[1].period).toBe('2024-02-01')
    expect(monthly.series.at(-1).period).toBe('2025-03-01')
    const forced = await get(`${A}/subscriptions?from=2026-01-01&to=2026-03-31&interval=month`)
    expect(forced.series).toHaveLength(3)
  })
})
