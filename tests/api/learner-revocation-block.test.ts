import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_CALLER, courseApp, type Caller, type CourseApi } from '../helpers/courses.js'
import { L, publishCourse, subscribe, type PublishedCourse } from '../helpers/learner.js'

let api: CourseApi
let course: PublishedCourse
let other: PublishedCourse

beforeAll(async () => {
  api = await courseApp()
  const owner = await api.user('Olga Owner', ['creator'])
  course = await publishCourse(api, owner, {
    name: 'Geología',
    plans: [
      { name: 'Free month', durationDays: 30 },
      { name: 'Free week', durationDays: 7 },
    ],
  })
  other = await publishCourse(api, owner, { name: 'Botánica', plans: [{ name: 'Free month', durationDays: 30 }] })
})
afterAll(() => api.close())

const REFUSED = { message: 'Your access to this course was revoked by an administrator; only an administrator can restore it', code: 'SUBSCRIPTION_REVOKED' }

const plansOf = async (who: Caller, c = course) => (await api.call(who, 'GET', `${L}/course/subscriptions/${c.uuid}`)).json()
const trySubscribe = (who: Caller, c = course, plan = c.plans[0]) => api.call(who, 'POST', `${L}/course/subscribe`, { uuid: c.uuid, plan })
const revokeAll = (who: { username: string }) =>
  api.call(ADMIN_CALLER, 'PUT', '/api/admin/courses/course/subscriptors/revoke', { username: who.username, course: course.uuid })
const liftBlock = (subscriptionId: string, as = ADMIN_CALLER) =>
  api.call(as, 'PUT', `/api/admin/subscriptions/subscription/${subscriptionId}/${course.uuid}/lift-block`)
const countOf = async (who: Caller) =>
  Number((await api.db.query<{ n: string }>('SELECT count(*) AS n FROM subscriptions WHERE user_sub = $1', [who.sub])).rows[0].n)
async function auditOf(targetId: string) {
  const res = await api.call(ADMIN_CALLER, 'GET', '/api/v2/admin/audit/all?sizePerPage=100')
  expect(res.statusCode, res.body).toBe(200)
  return (
    res.json().items as Array<{
      action: string
      targetId: string
      actor: { username: string }
      before: Record<string, unknown>
      after: Record<string, unknown>
    }>
  ).filter((e) => e.targetId === targetId)
}

describe('a revocation holds until an administrator lifts it', () => {
  it('refuses self-subscription after a revocation (403), for every free plan, and changes nothing', async () => {
    const who = await api.user('Rita Revoked', ['general'])
    const made = await subscribe(api, who, course)
    expect((await revokeAll(who)).statusCode).toBe(200)
    expect(await plansOf(who)).toMatchObject({ subscription: { id: made.id, status: 'revoked' }, blocked: true })
    const before = await countOf(who)
    for (const plan of course.plans) {
      const refused = await trySubscribe(who, course, plan)
      expect(refused.statusCode, refused.body).toBe(403)
      expect(refused.json()).toEqual(REFUSED)
    }
    expect(await countOf(who)).toBe(before)
    // Only that course: another course is open to the learner as before.
    expect(await plansOf(who, other)).toMatchObject({ blocked: false })
    expect((await trySubscribe(who, other)).statusCode).toBe(201)
  })

  it('blocks after the single-subscription revoke too, even once the subscription would have expired', async () => {
    const who = await api.user('Remo Revoked', ['general'])
    const made = await subscribe(api, who, course, course.plans[1])
    const revoke = await api.call(ADMIN_CALLER, 'PUT', `/api/admin/subscriptions/subscription/${made.id}/${course.uuid}/revoke`)
    expect(revoke.statusCode, revoke.body).toBe(200)
    expect(revoke.json().Item).toMatchObject({ status: 'revoked', blocksSelfSubscription: true, blockLiftedAt: null })
    await api.db.query(`UPDATE subscriptions SET created_at = now() - interval '30 days' WHERE id = $1`, [made.id])
    expect((await trySubscribe(who)).json()).toEqual(REFUSED)
  })

  it('lets an administrator lift the block: recorded in the audit log, then the learner subscribes again', async () => {
    const who = await api.user('Lia Lifted', ['general'])
    const made = await subscribe(api, who, course)
    await revokeAll(who)
    const lifted = await liftBlock(made.id)
    expect(lifted.statusCode, lifted.body).toBe(200)
    expect(lifted.json().Item).toMatchObject({ id: made.id, status: 'revoked', blocksSelfSubscription: false, blockLiftedAt: expect.any(String) })
    const [entry] = (await auditOf(made.id)).filter((e) => e.action === 'subscriptions.lift-block')
    expect(entry).toMatchObject({
      actor: { username: ADMIN_CALLER.sub },
      before: { blocksSelfSubscription: true, blockLiftedAt: null },
      after: { blocksSelfSubscription: false },
    })
    // Lifting twice, or a subscription that was never revoked, is a 409.
    expect((await liftBlock(made.id)).statusCode).toBe(409)
    expect(await plansOf(who)).toMatchObject({ blocked: false, subscription: { status: 'revoked' } })
    const again = await trySubscribe(who)
    expect(again.statusCode, again.body).toBe(201)
    expect((await liftBlock(again.json().id)).statusCode).toBe(409)
    // Revoked once more: blocked once more.
    await revokeAll(who)
    expect((await trySubscribe(who)).json()).toEqual(REFUSED)
  })

  it('lifts the block when an administrator subscribes the learner directly (recorded), so the learner may renew later', async () => {
    const who = await api.user('Ada Added', ['general'])
    const made = await subscribe(api, who, course)
    await revokeAll(who)
    const add = await api.call(ADMIN_CALLER, 'POST', '/api/admin/courses/course/subscriptors/add', {
      uuid: course.uuid,
      subscription: course.plans[1],
      user: who.email,
    })
    expect(add.statusCode, add.body).toBe(201)
    expect((await auditOf(made.id)).map((e) => e.action)).toContain('subscriptions.lift-block')
    expect(await plansOf(who)).toMatchObject({ blocked: false, subscription: { status: 'active' } })
    // Once that subscription ends, the learner subscribes by themselves.
    await api.db.query(`UPDATE subscriptions SET created_at = now() - interval '8 days' WHERE id = $1`, [add.json().Item.id])
    expect((await trySubscribe(who)).statusCode).toBe(201)
  })

  it('answers 404 for an unknown subscription and 401/403 to non-administrators', async () => {
    const who = await api.user('Nora Nobody', ['general'])
    expect((await liftBlock('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404)
    expect((await liftBlock('00000000-0000-4000-8000-000000000000', who)).statusCode).toBe(403)
    const anonymous = await api.call(null, 'PUT', `/api/admin/subscriptions/subscription/00000000-0000-4000-8000-000000000000/${course.uuid}/lift-block`)
    expect(anonymous.statusCode).toBe(401)
    expect((await api.call(ADMIN_CALLER, 'PUT', `/api/admin/subscriptions/subscription/not-a-uuid/${course.uuid}/lift-block`)).statusCode).toBe(400)
  })
})
