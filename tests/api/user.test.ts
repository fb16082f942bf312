import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyRequest } from 'fastify'
import { subscriptionState } from '../../contracts/subscriptions.js'
import type { Principal } from '../../server/types.js'
import { createTestApp, type TestApp } from '../helpers/app.js'

/** Bearer tokens of the form `sub:<id>` stand for a signed-in user until the identity service lands. */
const fakeAuth = async (request: FastifyRequest): Promise<Principal | null> => {
  const m = /^Bearer sub:([\w-]+)$/.exec(request.headers.authorization ?? '')
  return m ? { sub: m[1], username: m[1], email: `${m[1]}@example.test`, groups: ['general'] } : null
}
const as = (sub: string) => ({ authorization: `Bearer sub:${sub}` })
const DAY = 86_400_000

let t: TestApp

/** A published course: its draft row and the catalogue row learners read (the dashboard shows the latter). */
async function course(name: string, details: Record<string, string> = {}): Promise<string> {
  const { rows } = await t.db.query<{ uuid: string }>('INSERT INTO courses (name, details) VALUES ($1, $2) RETURNING uuid', [name, JSON.stringify(details)])
  await t.db.query(
    `INSERT INTO published_courses (uuid, version, name, brief_description, organization_name, published_at, search)
     VALUES ($1, 1, $2, $3, $4, now(), to_tsvector('simple', $2))`,
    [rows[0].uuid, name, details.ShortDescription ?? '', details.Organization ?? null],
  )
  return rows[0].uuid
}
async function subscribe(courseUuid: string, sub: string, o: { plan?: string; days?: number; ageDays?: number; revoked?: boolean } = {}) {
  const created = new Date(Date.now() - (o.ageDays ?? 0) * DAY)
  await t.db.query('INSERT INTO subscriptions (course_uuid, user_sub, plan_name, duration_days, created_at, revoked_at) VALUES ($1, $2, $3, $4, $5, $6)', [
    courseUuid,
    sub,
    o.plan ?? 'Monthly',
    o.days ?? 30,
    created.toISOString(),
    o.revoked ? new Date().toISOString() : null,
  ])
}

beforeAll(async () => {
  t = await createTestApp({ authenticate: fakeAuth })
})
afterAll(async () => {
  await t?.close()
})

describe('subscriptionState (contracts, shared with the web app)', () => {
  const now = new Date('2026-05-10T12:00:00Z')
  it('is active with whole remaining days while created + duration is ahead', () => {
    expect(subscriptionState('2026-05-01T12:00:00Z', 30, null, now)).toEqual({ status: 'active', expiresAt: '2026-05-31T12:00:00.000Z', remainingDays: 21 })
    expect(subscriptionState('2026-04-30T13:00:00Z', 10, null, now)).toMatchObject({ status: 'active', remainingDays: 0 })
  })
  it('is expired, never below 0 days, once the duration has passed', () => {
    expect(subscriptionState('2026-04-01T12:00:00Z', 30, null, now)).toEqual({ status: 'expired', expiresAt: '2026-05-01T12:00:00.000Z', remainingDays: 0 })
    expect(subscriptionState('2026-04-10T12:00:00Z', 30, null, now).status).toBe('expired')
  })
  it('is revoked once revoked, whatever the time left', () => {
    expect(subscriptionState('2026-05-01T12:00:00Z', 365, '2026-05-02T00:00:00Z', now).status).toBe('revoked')
    expect(subscriptionState('2026-05-01T12:00:00Z', 365, '2026-06-02T00:00:00Z', now).status).toBe('active')
  })
})

describe('GET /api/v2/user/subscriptions', () => {
  it('answers 401 without a signed-in caller', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/user/subscriptions' })
    expect(res.statusCode).toBe(401)
  })

  it('lists only the caller’s subscriptions, newest first, with status and remaining days', async () => {
    const a = await course('Algebra')
    const b = await course('Biology')
    await subscribe(a, 'ana', { plan: 'Yearly', days: 365, ageDays: 5 })
    await subscribe(b, 'ana', { plan: 'Trial', days: 7, ageDays: 10 })
    await subscribe(a, 'ben', { days: 30 })
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/user/subscriptions', headers: as('ana') })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ page: 1, pageSize: 10, total: 2 })
    expect(body.items.map((i: { course: { name: string } }) => i.course.name)).toEqual(['Algebra', 'Biology'])
    expect(body.items[0]).toMatchObject({ plan: { name: 'Yearly', durationDays: 365 }, status: 'active', remainingDays: 359, revokedAt: null })
    expect(body.items[1]).toMatchObject({ plan: { name: 'Trial', durationDays: 7 }, status: 'expired', remainingDays: 0 })
  })

  it('pages by 10 from page 1 and answers an empty page past the end', async () => {
    const c = await course('Chemistry')
    for (let i = 0; i < 12; i++) await subscribe(c, 'carla', { ageDays: i })
    const p1 = (await t.app.inject({ method: 'GET', url: '/api/v2/user/subscriptions?page=1', headers: as('carla') })).json()
    const p2 = (await t.app.inject({ method: 'GET', url: '/api/v2/user/subscriptions?page=2', headers: as('carla') })).json()
    const p3 = (await t.app.inject({ method: 'GET', url: '/api/v2/user/subscriptions?page=3', headers: as('carla') })).json()
    expect([p1.items.length, p2.items.length, p3.items.length]).toEqual([10, 2, 0])
    expect(p1.total).toBe(12)
    const ids = new Set([...p1.items, ...p2.items].map((i: { id: string }) => i.id))
    expect(ids.size).toBe(12)
  })

  it('refuses a bad page number with 400 and field errors', async () => {
    for (const page of ['0', '-1', 'abc', '1.5']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v2/user/subscriptions?page=${page}`, headers: as('ana') })
      expect(res.statusCode, page).toBe(400)
      expect(res.json().errors).toHaveProperty('page')
    }
  })
})

describe('GET /api/v2/user/courses', () => {
  it('answers 401 without a signed-in caller', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/user/courses' })).statusCode).toBe(401)
  })

  it('lists each course with an active subscription once, with its details', async () => {
    const d = await course('Drawing', { Cover: 'covers/drawing.png', ShortDescription: 'Lines and shapes', Organization: 'Centre' })
    const e = await course('Economics')
    const f = await course('French')
    await subscribe(d, 'dora', { ageDays: 3 })
    await subscribe(d, 'dora', { ageDays: 1 })
    await subscribe(e, 'dora', { days: 5, ageDays: 10 }) // expired
    await subscribe(f, 'dora', { revoked: true })
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/user/courses', headers: as('dora') })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      items: [{ uuid: d, name: 'Drawing', details: { Cover: 'covers/drawing.png', ShortDescription: 'Lines and shapes', Organization: 'Centre' } }],
      paginationToken: null,
      estimated: 1,
    })
  })

  it('answers an empty list to a learner without subscriptions', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/user/courses?paginationToken=', headers: as('nobody') })
    expect(res.json()).toEqual({ items: [], paginationToken: null, estimated: 0 })
  })

  it('walks every course exactly once with the continuation token', async () => {
    const names: string[] = []
    for (let i = 0; i < 5; i++) {
      const uuid = await course(`Course ${i}`)
      await subscribe(uuid, 'eva', { ageDays: i % 2 }) // equal timestamps are ordered by uuid
      names.push(`Course ${i}`)
    }
    const seen: string[] = []
    let token = ''
    let pages = 0
    do {
      const res = await t.app.inject({ method: 'GET', url: `/api/v2/user/courses?limit=2&paginationToken=${encodeURIComponent(token)}`, headers: as('eva') })
      expect(res.statusCode).toBe(200)
      const body = res.json()
      expect(body.estimated).toBe(5)
      seen.push(...body.items.map((i: { name: string }) => i.name))
      token = body.paginationToken ?? ''
      pages++
    } while (token && pages < 10)
    expect(pages).toBe(3)
    expect(seen.sort()).toEqual(names.sort())
  })

  it('refuses a forged or malformed token with 400, never 500', async () => {
    const bad = [
      'not-base64-json',
      Buffer.from(JSON.stringify(['2026-13-45 00:00:00+00', '00000000-0000-0000-0000-000000000000'])).toString('base64url'),
      Buffer.from(JSON.stringify(['2026-01-01 00:00:00+00', "x' OR 1=1"])).toString('base64url'),
      Buffer.from(JSON.stringify({ a: 1 })).toString('base64url'),
    ]
    for (const token of bad) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v2/user/courses?paginationToken=${token}`, headers: as('eva') })
      expect(res.statusCode, token).toBe(400)
      expect(res.json().errors).toHaveProperty('paginationToken')
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/user/courses?limit=0', headers: as('eva') })).statusCode).toBe(400)
  })
})
