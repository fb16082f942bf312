import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminApp, expectAdminOnly, type AdminApi } from './admin-helpers.js'

let api: AdminApi
const DAY = 86_400_000
beforeAll(async () => {
  api = await adminApp()
})
afterAll(() => api.close())

async function course(name: string) {
  const { rows } = await api.db.query<{ uuid: string }>('INSERT INTO courses (name, details) VALUES ($1, $2) RETURNING uuid', [
    name,
    JSON.stringify({ ShortDescription: `About ${name}` }),
  ])
  return rows[0].uuid
}
async function plan(courseUuid: string, name = 'Monthly', days = 30) {
  const { rows } = await api.db.query<{ id: string }>('INSERT INTO subscription_plans (course_uuid, name, duration_days) VALUES ($1, $2, $3) RETURNING id', [
    courseUuid,
    name,
    days,
  ])
  return rows[0].id
}
async function subscription(courseUuid: string, user: string, o: { ageDays?: number; days?: number; revoked?: boolean } = {}) {
  const { rows } = await api.db.query<{ id: string }>(
    'INSERT INTO subscriptions (course_uuid, user_sub, plan_name, duration_days, created_at, revoked_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
    [courseUuid, user, 'Monthly', o.days ?? 30, new Date(Date.now() - (o.ageDays ?? 0) * DAY).toISOString(), o.revoked ? new Date().toISOString() : null],
  )
  return rows[0].id
}
async function learner(email: string, name = 'Lena Learner') {
  const res = await api.call('POST', '/api/admin/users/create', { email, name })
  expect(res.statusCode).toBe(201)
  return res.json().Item as { username: string; email: string }
}

describe('admin subscriptions: access', () => {
  it('answers 401 and 403 on every subscriptions route', async () => {
    const id = '00000000-0000-4000-8000-000000000000'
    await expectAdminOnly(api, [
      ['POST', '/api/admin/subscriptions/all', {}],
      ['GET', '/api/admin/subscriptions/estimated'],
      ['GET', `/api/admin/subscriptions/subscription/${id}/${id}`],
      ['PUT', `/api/admin/subscriptions/subscription/${id}/${id}/revoke`],
      ['PUT', '/api/admin/courses/course/subscriptors/revoke', { username: 'x', course: id }],
      ['POST', '/api/admin/courses/course/subscriptors/add', { uuid: id, subscription: id, user: 'x' }],
    ])
  })
})

describe('POST /api/admin/subscriptions/all', () => {
  it('lists newest first with derived status, pages past the first page with the token, and estimates the total', async () => {
    const c = await course('Keyset course')
    const ids: string[] = []
    for (let i = 0; i < 7; i++) ids.push(await subscription(c, `pager-${i}`, { ageDays: i * 10 + 1, revoked: i === 2 }))
    const seen: Array<{ id: string; status: string }> = []
    let token = ''
    let pages = 0
    do {
      const res = await api.call('POST', '/api/admin/subscriptions/all', { sizePerPage: 3, searchText: 'Keyset', paginationToken: token })
      expect(res.statusCode).toBe(200)
      seen.push(...res.json().items)
      expect(res.json().estimated).toBeGreaterThanOrEqual(7)
      token = res.json().paginationToken ?? ''
      pages++
    } while (token)
    expect(pages).toBe(3)
    expect(seen.map((s) => s.id)).toEqual(ids)
    expect(seen.map((s) => s.status)).toEqual(['active', 'active', 'revoked', 'expired', 'expired', 'expired', 'expired'])
    expect((await api.call('GET', '/api/admin/subscriptions/estimated')).json().estimated).toBeGreaterThanOrEqual(7)
  })

  it('searches by subscription, course or learner id, and by learner e-mail', async () => {
    const c = await course('Searchable')
    const user = await learner('searched.learner@subs.example.test')
    const mine = await subscription(c, user.username)
    await subscription(c, 'someone-else')
    const byId = await api.call('POST', '/api/admin/subscriptions/all', { searchText: mine })
    expect(byId.json().items.map((s: { id: string }) => s.id)).toEqual([mine])
    const byCourse = await api.call('POST', '/api/admin/subscriptions/all', { searchText: c })
    expect(byCourse.json().items).toHaveLength(2)
    const byEmail = await api.call('POST', '/api/admin/subscriptions/all', { searchText: user.email })
    expect(byEmail.json().items.map((s: { id: string }) => s.id)).toEqual([mine])
    const nobody = await api.call('POST', '/api/admin/subscriptions/all', { searchText: 'nobody@nowhere.test' })
    expect(nobody.json().items).toEqual([])
  })

  it("names each row's learner and course, and finds them by a part of the learner's name or e-mail or the course name, ignoring case and accents", async () => {
    const c = await course('Álgebra Lineal')
    const other = await course('Geometry for all')
    const jose = await learner('jose.perez@accents.example.test', 'José Pérez')
    const ana = await learner('ana.lopez@accents.example.test', 'Ana López')
    const joseAlgebra = await subscription(c, jose.username, { ageDays: 2 })
    const anaAlgebra = await subscription(c, ana.username, { ageDays: 1 })
    const anaGeometry = await subscription(other, ana.username)
    const ids = async (searchText: string) =>
      ((await api.call('POST', '/api/admin/subscriptions/all', { searchText })).json().items as Array<{ id: string }>).map((s) => s.id)

    const all = (await api.call('POST', '/api/admin/subscriptions/all', { searchText: 'accents.example' })).json().items
    expect(all.find((s: { id: string }) => s.id === joseAlgebra)).toMatchObject({
      username: jose.username,
      learnerEmail: 'jose.perez@accents.example.test',
      learnerName: 'José Pérez',
      courseName: 'Álgebra Lineal',
    })
    expect(await ids('jose')).toEqual([joseAlgebra])
    expect(await ids('PEREZ')).toEqual([joseAlgebra])
    expect(await ids('lópez')).toEqual([anaGeometry, anaAlgebra])
    expect(await ids('ana.lopez@')).toEqual([anaGeometry, anaAlgebra])
    expect(await ids('algebra')).toEqual([anaAlgebra, joseAlgebra])
    expect(await ids('lineal')).toEqual([anaAlgebra, joseAlgebra])
    expect(await ids('100%_')).toEqual([])
    // A learner whose account is gone keeps the row, without a name or e-mail.
    const gone = await subscription(other, 'gone-account')
    expect((await api.call('POST', '/api/admin/subscriptions/all', { searchText: gone })).json().items[0]).toMatchObject({
      learnerEmail: null,
      learnerName: null,
      courseName: 'Geometry for all',
    })
  })

  it('answers 400 for bad input and a forged token', async () => {
    const bad = await api.call('POST', '/api/admin/subscriptions/all', { sizePerPage: 0 })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors).toHaveProperty('sizePerPage')
    const forged = await api.call('POST', '/api/admin/subscriptions/all', { paginationToken: Buffer.from('["x","y"]').toString('base64url') })
    expect(forged.statusCode).toBe(400)
    expect(forged.json().errors).toHaveProperty('paginationToken')
  })
})

describe('subscription detail and revoke', () => {
  it('shows the subscription with its learner and course; 404 for unknown ids; 400 for malformed ones', async () => {
    const c = await course('Detail course')
    const user = await learner('detail.learner@subs.example.test')
    const id = await subscription(c, user.username)
    const res = await api.call('GET', `/api/admin/subscriptions/subscription/${id}/${c}`)
    expect(res.statusCode).toBe(200)
    expect(res.json().Item).toMatchObject({
      id,
      courseId: c,
      status: 'active',
      learner: { username: user.username, email: user.email, name: 'Lena Learner', enabled: true },
      course: { uuid: c, name: 'Detail course', details: { ShortDescription: 'About Detail course' } },
    })
    const other = await course('Other')
    expect((await api.call('GET', `/api/admin/subscriptions/subscription/${id}/${other}`)).statusCode).toBe(404)
    expect((await api.call('GET', `/api/admin/subscriptions/subscription/nope/${c}`)).statusCode).toBe(400)
    const gone = await subscription(c, 'deleted-account')
    expect((await api.call('GET', `/api/admin/subscriptions/subscription/${gone}/${c}`)).json().Item.learner).toBeNull()
  })

  it('revokes one subscription (409 the second time) and records it', async () => {
    const c = await course('Revoke one')
    const id = await subscription(c, 'revokee')
    const res = await api.call('PUT', `/api/admin/subscriptions/subscription/${id}/${c}/revoke`)
    expect(res.statusCode).toBe(200)
    expect(res.json().Item).toMatchObject({ id, status: 'revoked', remainingDays: 0 })
    expect((await api.call('PUT', `/api/admin/subscriptions/subscription/${id}/${c}/revoke`)).statusCode).toBe(409)
    expect((await api.call('PUT', `/api/admin/subscriptions/subscription/00000000-0000-4000-8000-000000000000/${c}/revoke`)).statusCode).toBe(404)
    const entry = (await api.call('GET', '/api/v2/admin/audit/all?action=subscriptions.revoke'))
      .json()
      .items.find((e: { targetId: string }) => e.targetId === id)
    expect(entry).toMatchObject({ before: { status: 'active' }, after: { status: 'revoked' } })
  })

  it('revokes by learner and course (spec path): live ones only, 404 when none', async () => {
    const c = await course('Revoke by course')
    const user = await learner('revoke.learner@subs.example.test')
    const live = await subscription(c, user.username)
    await subscription(c, user.username, { ageDays: 100 })
    const res = await api.call('PUT', '/api/admin/courses/course/subscriptors/revoke', { username: user.email, course: c })
    expect(res.statusCode).toBe(200)
    expect(res.json().items.map((s: { id: string; status: string }) => [s.id, s.status])).toEqual([[live, 'revoked']])
    expect((await api.call('PUT', '/api/admin/courses/course/subscriptors/revoke', { username: user.email, course: c })).statusCode).toBe(404)
    expect((await api.call('PUT', '/api/admin/courses/course/subscriptors/revoke', { username: 'nobody@nowhere.test', course: c })).statusCode).toBe(404)
    const bad = await api.call('PUT', '/api/admin/courses/course/subscriptors/revoke', { username: '', course: 'x' })
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['username', 'course']))
  })

  it('adds a subscription with one of the course’s plans and records it', async () => {
    const c = await course('Add course')
    const p = await plan(c, 'Quarterly', 90)
    const user = await learner('added.learner@subs.example.test')
    const res = await api.call('POST', '/api/admin/courses/course/subscriptors/add', { uuid: c, revision: 1, subscription: p, user: user.email })
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json().Item).toMatchObject({
      courseId: c,
      username: user.username,
      planName: 'Quarterly',
      durationDays: 90,
      status: 'active',
      remainingDays: 89,
    })
    const mine = await api.call('GET', `/api/admin/users/subscriptions/${user.username}`)
    expect(mine.json().items).toHaveLength(1)

    const foreignPlan = await plan(await course('Elsewhere'))
    const wrong = await api.call('POST', '/api/admin/courses/course/subscriptors/add', { uuid: c, subscription: foreignPlan, user: user.email })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().errors).toHaveProperty('subscription')
    expect((await api.call('POST', '/api/admin/courses/course/subscriptors/add', { uuid: c, subscription: p, user: 'nobody@nowhere.test' })).statusCode).toBe(
      404,
    )
    expect(
      (
        await api.call('POST', '/api/admin/courses/course/subscriptors/add', {
          uuid: '00000000-0000-4000-8000-000000000000',
          subscription: p,
          user: user.email,
        })
      ).statusCode,
    ).toBe(404)
    const entry = (await api.call('GET', '/api/v2/admin/audit/all?action=subscriptions.add')).json().items[0]
    expect(entry).toMatchObject({ targetId: res.json().Item.id, before: null, after: { planName: 'Quarterly' } })
  })
})
