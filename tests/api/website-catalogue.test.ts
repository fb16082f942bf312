import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_CALLER, caller, courseApp, startCourse, type CourseApi } from '../helpers/courses.js'
import { publishCourse, type PublishedCourse } from '../helpers/learner.js'

/** The public site's catalogue and visit counts, as administrators set and read them (docs/website.md). */

const SITES = '/api/v2/admin/sites'
const SITE = `${SITES}/website`
const OTHER = `${SITES}/campus-sur`
const owner = caller('catalogue-owner', ['creator', 'general'])
const learner = caller('catalogue-learner', ['general'])

let api: CourseApi
let physics: PublishedCourse
let chemistry: PublishedCourse
let draft: string
let removed: PublishedCourse
let engineering: string
let nursing: string
let oldCareer: string
let otherSiteId: string

const get = (url: string, as = ADMIN_CALLER) => api.call(as, 'GET', url)
const put = (url: string, body: unknown, as = ADMIN_CALLER) => api.call(as, 'PUT', url, body)

async function row<T>(sql: string, params: unknown[] = []): Promise<T> {
  return (await api.db.query<T>(sql, params)).rows[0]!
}

beforeAll(async () => {
  api = await courseApp()
  physics = await publishCourse(api, owner, { name: 'Física general', briefDescription: 'Movimiento y energía' })
  chemistry = await publishCourse(api, owner, { name: 'Química orgánica', briefDescription: 'Carbono' })
  removed = await publishCourse(api, owner, { name: 'Historia retirada' })
  await api.db.query('UPDATE courses SET deleted_at = now() WHERE uuid = $1', [removed.uuid])
  draft = (await startCourse(api, owner, { name: 'Borrador secreto' })).uuid
  // Careers: engineering has two cycles, a subject taught by physics (published) and the draft, and a removed subject.
  const career = async (name: string, deleted = false) =>
    (
      await row<{ id: string }>('INSERT INTO careers (name, description, deleted_at) VALUES ($1, $2, $3) RETURNING id', [
        name,
        `Sobre ${name}`,
        deleted ? new Date() : null,
      ])
    ).id
  engineering = await career('Ingeniería')
  nursing = await career('Enfermería')
  oldCareer = await career('Carrera cerrada', true)
  for (const cycle of ['2026-A', '2026-B']) {
    const { id } = await row<{ id: string }>('INSERT INTO school_cycles (name) VALUES ($1) RETURNING id', [cycle])
    await api.db.query('INSERT INTO career_school_cycles (career_id, school_cycle_id) VALUES ($1, $2)', [engineering, id])
  }
  const mechanics = (await row<{ id: string }>("INSERT INTO school_subjects (name) VALUES ('Mecánica') RETURNING id")).id
  const gone = (await row<{ id: string }>("INSERT INTO school_subjects (name, deleted_at) VALUES ('Dibujo', now()) RETURNING id")).id
  for (const subject of [mechanics, gone])
    await api.db.query('INSERT INTO career_school_subjects (career_id, school_subject_id) VALUES ($1, $2)', [engineering, subject])
  for (const course of [physics.uuid, draft, chemistry.uuid])
    await api.db.query('INSERT INTO school_subject_courses (school_subject_id, course_uuid) VALUES ($1, $2)', [
      course === chemistry.uuid ? gone : mechanics,
      course,
    ])
  const other = await api.call(ADMIN_CALLER, 'POST', SITES, { slug: 'campus-sur', name: 'Campus Sur', defaultLanguage: 'mx', languages: ['mx', 'eng'] })
  expect(other.statusCode, other.body).toBe(201)
  otherSiteId = other.json().Item.id
}, 120_000)
afterAll(() => api.close())

describe('featured courses', () => {
  it('starts empty, saves the whole list in order with the published names and covers, and moves the revision', async () => {
    const empty = await get(`${SITE}/featured-courses`)
    expect(empty.statusCode, empty.body).toBe(200)
    expect(empty.json()).toEqual({ items: [], revision: 1 })
    const saved = await put(`${SITE}/featured-courses`, { revision: 1, courses: [chemistry.uuid, physics.uuid] })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json().revision).toBe(2)
    expect(saved.json().items).toEqual([
      { uuid: chemistry.uuid, name: 'Química orgánica', briefDescription: 'Carbono', coverUrl: expect.any(String) },
      { uuid: physics.uuid, name: 'Física general', briefDescription: 'Movimiento y energía', coverUrl: expect.any(String) },
    ])
    expect((await get(`${SITE}/featured-courses`)).json()).toEqual(saved.json())
    const reordered = await put(`${SITE}/featured-courses`, { revision: 2, courses: [physics.uuid, chemistry.uuid] })
    expect(reordered.json().items.map((c: { uuid: string }) => c.uuid)).toEqual([physics.uuid, chemistry.uuid])
    const audit = await row<{ n: string }>("SELECT count(*) AS n FROM audit_log WHERE action = 'website.feature-courses'")
    expect(Number(audit.n)).toBe(2)
  })

  it('shows the published name, not a newer draft', async () => {
    await api.db.query("UPDATE courses SET name = 'Física (borrador)' WHERE uuid = $1", [physics.uuid])
    const items = (await get(`${SITE}/featured-courses`)).json().items as Array<{ uuid: string; name: string }>
    expect(items.find((c) => c.uuid === physics.uuid)?.name).toBe('Física general')
  })

  it('refuses a stale revision with 409 and keeps the saved list', async () => {
    const { revision } = (await get(`${SITE}/featured-courses`)).json()
    const stale = await put(`${SITE}/featured-courses`, { revision: revision - 1, courses: [chemistry.uuid] })
    expect(stale.statusCode).toBe(409)
    expect(stale.json().code).toBe('STALE_REVISION')
    expect((await get(`${SITE}/featured-courses`)).json().items).toHaveLength(2)
  })

  it('refuses drafts, removed courses, unknown ids and duplicates with a field error, and more than 24', async () => {
    const { revision } = (await get(`${SITE}/featured-courses`)).json()
    for (const courses of [[draft], [removed.uuid], ['00000000-0000-4000-8000-000000000000'], [physics.uuid, physics.uuid]]) {
      const res = await put(`${SITE}/featured-courses`, { revision, courses })
      expect(res.statusCode, JSON.stringify(courses)).toBe(400)
      expect(res.json().errors).toHaveProperty('courses')
    }
    const bad = await put(`${SITE}/featured-courses`, { revision, courses: ['not-a-uuid'] })
    expect(bad.statusCode).toBe(400)
    const many = await put(`${SITE}/featured-courses`, { revision, courses: Array.from({ length: 25 }, () => physics.uuid) })
    expect(many.statusCode).toBe(400)
    expect((await get(`${SITE}/featured-courses`)).json().revision).toBe(revision)
  })

  it('finds published courses by name for the picker, never drafts or removed ones', async () => {
    const found = await get(`${SITE}/featured-courses/candidates?q=${encodeURIComponent('QUÍM')}`)
    expect(found.statusCode, found.body).toBe(200)
    expect(found.json().items.map((c: { name: string }) => c.name)).toEqual(['Química orgánica'])
    const all = (await get(`${SITE}/featured-courses/candidates`)).json().items.map((c: { uuid: string }) => c.uuid)
    expect(all).toEqual(expect.arrayContaining([physics.uuid, chemistry.uuid]))
    expect(all).not.toContain(draft)
    expect(all).not.toContain(removed.uuid)
    expect((await get(`${SITE}/featured-courses/candidates?q=%25`)).json().items).toEqual([])
  })

  it("keeps each site's list apart", async () => {
    expect((await get(`${OTHER}/featured-courses`)).json()).toEqual({ items: [], revision: 1 })
    expect((await put(`${OTHER}/featured-courses`, { revision: 1, courses: [chemistry.uuid] })).statusCode).toBe(200)
    expect((await get(`${SITE}/featured-courses`)).json().items).toHaveLength(2)
    expect((await get(`${OTHER}/featured-courses`)).json().items).toHaveLength(1)
  })
})

describe('careers', () => {
  it('saves the careers in order with what their public pages show', async () => {
    expect((await get(`${SITE}/careers`)).json()).toEqual({ items: [], revision: 1 })
    const saved = await put(`${SITE}/careers`, { revision: 1, careers: [nursing, engineering] })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json()).toEqual({
      revision: 2,
      items: [
        { id: nursing, name: 'Enfermería', description: 'Sobre Enfermería', cycles: 0, subjects: 0, courses: 0 },
        // The removed subject and the draft are not counted; physics is.
        { id: engineering, name: 'Ingeniería', description: 'Sobre Ingeniería', cycles: 2, subjects: 1, courses: 1 },
      ],
    })
    const stale = await put(`${SITE}/careers`, { revision: 1, careers: [engineering] })
    expect(stale.statusCode).toBe(409)
    expect(stale.json().code).toBe('STALE_REVISION')
  })

  it('refuses removed or unknown careers and duplicates; the picker lists live careers', async () => {
    for (const careers of [[oldCareer], [physics.uuid], [nursing, nursing]]) {
      const res = await put(`${SITE}/careers`, { revision: 2, careers })
      expect(res.statusCode).toBe(400)
      expect(res.json().errors).toHaveProperty('careers')
    }
    const found = (await get(`${SITE}/careers/candidates?q=inge`)).json().items
    expect(found).toEqual([expect.objectContaining({ id: engineering, subjects: 1, courses: 1 })])
    const all = (await get(`${SITE}/careers/candidates`)).json().items.map((c: { id: string }) => c.id)
    expect(all).toEqual(expect.arrayContaining([engineering, nursing]))
    expect(all).not.toContain(oldCareer)
  })
})

describe('analytics', () => {
  const DAY = 86_400_000
  const day = (ago: number) => new Date(Date.now() - ago * DAY).toISOString().slice(0, 10)

  beforeAll(async () => {
    const site = await row<{ id: string }>("SELECT id FROM sites WHERE slug = 'website'")
    const views: Array<[string, string, string, string, number]> = [
      [day(0), '/site/website/mx', 'mx', '', 5],
      [day(0), '/site/website/mx/news', 'mx', 'www.google.com', 3],
      [day(2), '/site/website/eng', 'eng', 'www.google.com', 4],
      [day(2), '/site/website/mx', 'mx', 'facebook.com', 2],
      [day(40), '/site/website/mx', 'mx', '', 100],
    ]
    for (const [d, path, language, referrer, n] of views)
      await api.db.query('INSERT INTO site_page_views (site_id, day, path, language, referrer, views) VALUES ($1, $2, $3, $4, $5, $6)', [
        site.id,
        d,
        path,
        language,
        referrer,
        n,
      ])
    await api.db.query("INSERT INTO site_page_views (site_id, day, path, language, referrer, views) VALUES ($1, $2, '/site/campus-sur/mx', 'mx', '', 50)", [
      otherSiteId,
      day(1),
    ])
  })

  it('sums the last 30 days by default: every day, top pages, referrers and languages', async () => {
    const res = await get(`${SITE}/analytics`)
    expect(res.statusCode, res.body).toBe(200)
    const a = res.json()
    expect(a.from).toBe(day(29))
    expect(a.to).toBe(day(0))
    expect(a.total).toBe(14)
    expect(a.days).toHaveLength(30)
    expect(a.days[29]).toEqual({ day: day(0), views: 8 })
    expect(a.days[27]).toEqual({ day: day(2), views: 6 })
    expect(a.days[28]).toEqual({ day: day(1), views: 0 })
    expect(a.pages).toEqual([
      { path: '/site/website/mx', views: 7 },
      { path: '/site/website/eng', views: 4 },
      { path: '/site/website/mx/news', views: 3 },
    ])
    expect(a.referrers).toEqual([
      { host: 'www.google.com', views: 7 },
      { host: '', views: 5 },
      { host: 'facebook.com', views: 2 },
    ])
    expect(a.languages).toEqual([
      { language: 'mx', views: 10 },
      { language: 'eng', views: 4 },
    ])
  })

  it('takes a range of days and never mixes in another site', async () => {
    const a = (await get(`${SITE}/analytics?from=${day(45)}&to=${day(30)}`)).json()
    expect(a.days).toHaveLength(16)
    expect(a.total).toBe(100)
    const other = (await get(`${OTHER}/analytics`)).json()
    expect(other.total).toBe(50)
    expect(other.pages).toEqual([{ path: '/site/campus-sur/mx', views: 50 }])
    const quiet = (await get(`${OTHER}/analytics?from=2020-01-01&to=2020-01-31`)).json()
    expect(quiet).toMatchObject({ total: 0, pages: [], referrers: [], languages: [] })
    expect(quiet.days).toHaveLength(31)
  })

  it('answers field errors for a bad range', async () => {
    const backwards = await get(`${SITE}/analytics?from=2026-02-01&to=2026-01-01`)
    expect(backwards.statusCode).toBe(400)
    expect(backwards.json().errors).toHaveProperty('to')
    const long = await get(`${SITE}/analytics?from=2024-01-01&to=2027-01-02`)
    expect(long.statusCode).toBe(400)
    expect(long.json().errors).toHaveProperty('from')
    expect((await get(`${SITE}/analytics?from=2024-01-01&to=2026-12-31`)).statusCode).toBe(200)
    for (const q of ['from=yesterday', 'to=2026-13-40', 'from=2026-02-30']) expect((await get(`${SITE}/analytics?${q}`)).statusCode, q).toBe(400)
  })
})

describe('access', () => {
  it('answers 404 for an unknown site, 403 to others and 401 without a token', async () => {
    for (const [method, url, body] of [
      ['GET', `${SITES}/nowhere/featured-courses`],
      ['PUT', `${SITES}/nowhere/featured-courses`, { revision: 1, courses: [] }],
      ['GET', `${SITES}/nowhere/featured-courses/candidates`],
      ['GET', `${SITES}/nowhere/careers`],
      ['PUT', `${SITES}/nowhere/careers`, { revision: 1, careers: [] }],
      ['GET', `${SITES}/nowhere/careers/candidates`],
      ['GET', `${SITES}/nowhere/analytics`],
    ] as Array<['GET' | 'PUT', string, unknown?]>) {
      expect((await api.call(ADMIN_CALLER, method, url, body)).statusCode, url).toBe(404)
      const site = url.replace('/nowhere/', '/website/')
      expect((await api.call(learner, method, site, body)).statusCode, site).toBe(403)
      expect((await api.call(owner, method, site, body)).statusCode, site).toBe(403)
      expect((await api.call(null, method, site, body)).statusCode, site).toBe(401)
    }
  })
})
