import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_CALLER, caller, courseApp, startCourse, type Caller, type CourseApi } from '../helpers/courses.js'
import { L, publishCourse, subscribe, type PublishedCourse } from '../helpers/learner.js'

let api: CourseApi
let owner: Caller
let course: PublishedCourse
let block: string

beforeAll(async () => {
  api = await courseApp()
  owner = await api.user('Olga Owner', ['creator'])
  course = await publishCourse(api, owner, {
    name: 'Astronomía',
    salesEnabled: true,
    plans: [
      { name: 'Free month', durationDays: 30 },
      { name: 'Zero-priced week', durationDays: 7, price: 0, currency: 'EUR' },
      { name: 'Full year', durationDays: 365, price: 49.9, currency: 'EUR' },
    ],
  })
  block = course.blocks[0][0]
})
afterAll(() => api.close())

let n = 0
/** A learner of its own (the test tokens need no user in the pool). */
const newLearner = () => caller(`learner-${++n}-${process.pid}`, ['general'])

/** A subscription row made `age` ago (a PostgreSQL interval), as the admin's or an older subscription would be. */
async function subscribedAgo(who: Caller, age: string, durationDays = 30, revokedAgo: string | null = null) {
  await api.db.query(
    `INSERT INTO subscriptions (course_uuid, user_sub, plan_id, plan_name, duration_days, created_at, revoked_at)
     VALUES ($1, $2, $3, 'Free month', $4, now() - $5::interval, CASE WHEN $6::text IS NULL THEN NULL ELSE now() - $6::interval END)`,
    [course.uuid, who.sub, course.plans[0], durationDays, age, revokedAgo],
  )
}

/** Every player route for the course, as the learner would call them. */
const playerCalls = (who: Caller) => [
  api.call(who, 'GET', `${L}/course/index/${course.uuid}`),
  api.call(who, 'GET', `${L}/course/page/${course.uuid}/${block}`),
  api.call(who, 'GET', `${L}/metrics/re/${course.uuid}/${block}`),
  api.call(who, 'GET', `/api/v2/metrics/re/${course.uuid}/${block}`),
  api.call(who, 'PUT', `${L}/metrics/position`, { course: course.uuid, block, seconds: 1 }),
  api.call(who, 'GET', `${L}/metrics/gcc/${course.uuid}`),
  api.call(who, 'GET', `/api/v2/metrics/gcc/${course.uuid}`),
]

async function expectRefused(who: Caller, code: string, message: string) {
  for (const res of await Promise.all(playerCalls(who))) {
    expect(res.statusCode, res.body).toBe(403)
    expect(res.json()).toEqual({ message, code })
  }
}

describe('subscribing', () => {
  it('subscribes to a free plan (201, active for its days), then refuses a second active one (409)', async () => {
    const who = newLearner()
    const plans = await api.call(who, 'GET', `${L}/course/subscriptions/${course.uuid}`)
    expect(plans.statusCode, plans.body).toBe(200)
    expect(plans.json()).toEqual({
      plans: [
        { id: course.plans[0], name: 'Free month', durationDays: 30, free: true, price: null, currency: null },
        { id: course.plans[1], name: 'Zero-priced week', durationDays: 7, free: true, price: 0, currency: 'EUR' },
        { id: course.plans[2], name: 'Full year', durationDays: 365, free: false, price: 49.9, currency: 'EUR' },
      ],
      subscription: null,
      blocked: false,
    })
    const made = await subscribe(api, who, course)
    expect(made).toMatchObject({
      course: { uuid: course.uuid, name: 'Astronomía' },
      plan: { name: 'Free month', durationDays: 30 },
      status: 'active',
      revokedAt: null,
      remainingDays: 29,
    })
    expect(Date.parse(made.expiresAt) - Date.parse(made.createdAt)).toBe(30 * 24 * 3600 * 1000)
    expect((await api.call(who, 'GET', `${L}/course/subscriptions/${course.uuid}`)).json().subscription).toEqual(made)

    const again = await api.call(who, 'POST', `${L}/course/subscribe`, { uuid: course.uuid, plan: course.plans[1] })
    expect(again.statusCode).toBe(409)
    expect(again.json()).toEqual({ message: 'You already have an active subscription to this course', code: 'ALREADY_SUBSCRIBED' })
    // The learner's own lists show it.
    const mine = (await api.call(who, 'GET', '/api/v2/user/subscriptions')).json()
    expect(mine.items).toEqual([expect.objectContaining({ id: made.id, status: 'active' })])
  })

  it('refuses a priced plan with 402 and stores nothing; unknown plans, plans of another course and unpublished courses are 404', async () => {
    const who = newLearner()
    const sale = await api.call(who, 'POST', `${L}/course/subscribe`, { uuid: course.uuid, plan: course.plans[2] })
    expect(sale.statusCode).toBe(402)
    expect(sale.json()).toEqual({ message: 'This plan is for sale', code: 'FOR_SALE' })
    expect((await api.db.query('SELECT 1 FROM subscriptions WHERE user_sub = $1', [who.sub])).rows).toHaveLength(0)

    const other = await publishCourse(api, owner, { name: 'Botánica' })
    const wrong = await api.call(who, 'POST', `${L}/course/subscribe`, { uuid: course.uuid, plan: other.plans[0] })
    expect(wrong.statusCode).toBe(404)
    expect(wrong.json().message).toBe('This plan is not offered for this course')
    const draft = await startCourse(api, owner, { name: 'Draft' })
    expect((await api.call(who, 'POST', `${L}/course/subscribe`, { uuid: draft.uuid, plan: course.plans[0] })).statusCode).toBe(404)
    expect((await api.call(who, 'POST', `${L}/course/subscribe`, { uuid: course.uuid })).statusCode).toBe(400)
    expect((await api.call(who, 'POST', `${L}/course/subscribe`, { uuid: course.uuid, plan: 'x' })).statusCode).toBe(400)
  })

  it('gives one subscription when the same learner subscribes several times at once', async () => {
    const who = newLearner()
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => api.call(who, 'POST', `${L}/course/subscribe`, { uuid: course.uuid, plan: course.plans[0] })),
    )
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409])
    expect((await api.db.query('SELECT 1 FROM subscriptions WHERE user_sub = $1', [who.sub])).rows).toHaveLength(1)
  })
})

describe('the player needs an active subscription', () => {
  it('refuses every player route without a subscription', async () => {
    await expectRefused(newLearner(), 'NOT_SUBSCRIBED', 'Subscribe to this course to study it')
  })

  it('opens just before expiry (0 whole days left) and refuses just after', async () => {
    const before = newLearner()
    await subscribedAgo(before, '29 days 23 hours 58 minutes')
    const open = await api.call(before, 'GET', `${L}/course/index/${course.uuid}`)
    expect(open.statusCode, open.body).toBe(200)
    expect(open.json().Item.subscription.remainingDays).toBe(0)
    expect((await api.call(before, 'GET', `${L}/course/subscriptions/${course.uuid}`)).json().subscription).toMatchObject({
      status: 'active',
      remainingDays: 0,
    })

    const after = newLearner()
    await subscribedAgo(after, '30 days 2 minutes')
    await expectRefused(after, 'SUBSCRIPTION_EXPIRED', 'Your subscription to this course has expired')
    expect((await api.call(after, 'GET', `${L}/course/subscriptions/${course.uuid}`)).json().subscription).toMatchObject({
      status: 'expired',
      remainingDays: 0,
    })
    expect((await api.call(after, 'GET', '/api/v2/user/subscriptions')).json().items[0]).toMatchObject({ status: 'expired', remainingDays: 0 })

    // An expired learner subscribes again and studies.
    await subscribe(api, after, course)
    expect((await api.call(after, 'GET', `${L}/course/index/${course.uuid}`)).statusCode).toBe(200)
  })

  it('refuses a revoked subscription, revoked through the administration', async () => {
    const who = await api.user('Rosa Revoked', ['general'])
    await subscribe(api, who, course)
    expect((await api.call(who, 'GET', `${L}/course/index/${course.uuid}`)).statusCode).toBe(200)
    const revoke = await api.call(ADMIN_CALLER, 'PUT', '/api/admin/courses/course/subscriptors/revoke', { username: who.username, course: course.uuid })
    expect(revoke.statusCode, revoke.body).toBe(200)
    await expectRefused(who, 'SUBSCRIPTION_REVOKED', 'Your subscription to this course was revoked')
    expect((await api.call(who, 'GET', `${L}/course/subscriptions/${course.uuid}`)).json().subscription).toMatchObject({ status: 'revoked', remainingDays: 0 })
  })

  it('lets an active subscription win over an older revoked or expired one', async () => {
    const who = newLearner()
    await subscribedAgo(who, '40 days')
    await subscribedAgo(who, '3 days', 30, '1 day')
    // A second more than a day: within the same millisecond, 6 whole days would still be left.
    await subscribedAgo(who, '1 day 1 second', 7)
    const res = await api.call(who, 'GET', `${L}/course/index/${course.uuid}`)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().Item.subscription.remainingDays).toBe(5)
  })

  it('answers 404 for a course that is not published, whatever the subscription', async () => {
    const who = newLearner()
    const draft = await startCourse(api, owner, { name: 'Not yet' })
    expect((await api.call(who, 'GET', `${L}/course/index/${draft.uuid}`)).statusCode).toBe(404)
  })
})
