import { EstimatedResponse } from '../../../contracts/admin/common.js'
import {
  AddSubscriptorBody,
  AdminSubscriptionResponse,
  AdminSubscriptionsPage,
  RevokeByCourseBody,
  RevokedSubscriptions,
  SubscriptionDetailResponse,
  SubscriptionParams,
  SubscriptionsListBody,
} from '../../../contracts/admin/subscriptions.js'
import type { CourseDetails } from '../../../contracts/subscriptions.js'
import { errorResponses } from '../../../contracts/errors.js'
import { HttpError } from '../../http/http-error.js'
import type { Queryable } from '../../db/index.js'
import type { App } from '../../types.js'
import { recordAudit } from '../admin-audit/queries.js'
import { lockLearnerCourse } from '../v2/courses/learner/queries.js'
import { addSubscriptionFor, liftAndRecord } from './add.js'
import { actorOf } from '../../http/actor.js'
import { usersOf } from '../../http/people.js'
import { notFound } from '../../http/errors.js'
import { identity } from '../../http/identity-errors.js'
import { decodeToken, encodeToken, TIMESTAMP_RE, UUID_RE } from '../../http/paging.js'
import {
  estimatedSubscriptions,
  findCourse,
  findPlan,
  findSubscription,
  listSubscriptions,
  revokeLive,
  revokeSubscription,
  toAdminSubscription,
  tokenKey,
  type SubscriptionSearch,
} from './queries.js'

const tags = ['admin: subscriptions']
const isKey = (v: unknown[]): v is [string, string] =>
  v.length === 2 && typeof v[0] === 'string' && TIMESTAMP_RE.test(v[0]) && typeof v[1] === 'string' && UUID_RE.test(v[1])

/**
 * Subscriptions management (requirements §2, §7 "Admin subscriptions", "Courses (admin)" subscriptors), under
 * `/api/admin`: `subscriptions/...`, and adding and revoking a course's subscriptors at
 * `courses/course/subscriptors/...`.
 */
export default async function adminSubscriptionRoutes(app: App) {
  const pool = app.identityUsers

  /**
   * The search text as the list understands it: an id, else a part of the learner's name or e-mail or
   * of the course name. The embedded pool's attributes are in our database and matched there; a
   * Cognito pool is asked for the accounts whose e-mail or name starts with the text (60 of each, as
   * its ListUsers filter allows: a prefix, case and accents as typed).
   */
  async function searchOf(text: string): Promise<SubscriptionSearch> {
    const t = text.trim()
    if (!t) return { kind: 'none' }
    if (UUID_RE.test(t)) return { kind: 'id', id: t.toLowerCase() }
    if (pool.embedded) return { kind: 'text', text: t, users: [] }
    const [byEmail, byName] = await Promise.all([
      identity(() => pool.listUsers({ search: t, searchBy: 'email', limit: 60 })),
      identity(() => pool.listUsers({ search: t, searchBy: 'name', limit: 60 })),
    ])
    return { kind: 'text', text: t, users: [...byEmail.users, ...byName.users].map((u) => u.username) }
  }

  /** Fills in the learners the database could not name (a Cognito pool): one lookup per distinct learner of the page. */
  async function withLearners<T extends { username: string; learnerEmail: string | null; learnerName: string | null }>(items: T[]): Promise<T[]> {
    if (pool.embedded) return items
    // A learner the pool cannot name now keeps the username the row shows anyway.
    const found = await usersOf(
      pool,
      items.filter((s) => s.learnerEmail === null).map((s) => s.username),
    )
    return items.map((s) => {
      const user = found.get(s.username)
      return user ? { ...s, learnerEmail: user.email || null, learnerName: user.name || null } : s
    })
  }

  app.post(
    '/subscriptions/all',
    {
      schema: {
        tags,
        summary:
          "Subscriptions newest first, keyset-paged, with their learner and course; search by subscription, course or learner id, or a part of the learner's name or e-mail or the course name (case and accents ignored)",
        body: SubscriptionsListBody,
        response: { 200: AdminSubscriptionsPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { sizePerPage, searchText, paginationToken } = request.body
      const after = paginationToken ? decodeToken(paginationToken, isKey) : null
      const search = await searchOf(searchText)
      const estimated = await estimatedSubscriptions(app.db)
      const rows = await listSubscriptions(app.db, search, sizePerPage, after)
      const page = rows.slice(0, sizePerPage)
      const now = new Date()
      const last = page[page.length - 1]
      return {
        items: await withLearners(page.map((r) => toAdminSubscription(r, now))),
        paginationToken: rows.length > sizePerPage && last ? encodeToken(tokenKey(last)) : null,
        estimated,
      }
    },
  )

  app.get(
    '/subscriptions/estimated',
    { schema: { tags, summary: 'Estimated number of subscriptions', response: { 200: EstimatedResponse, ...errorResponses(401, 403) } } },
    async () => ({ estimated: await estimatedSubscriptions(app.db) }),
  )

  app.get(
    '/subscriptions/subscription/:subscriptionId/:courseId',
    {
      schema: {
        tags,
        summary: 'One subscription with its learner and course',
        params: SubscriptionParams,
        response: { 200: SubscriptionDetailResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const row = await findSubscription(app.db, request.params.subscriptionId, request.params.courseId)
      if (!row) throw notFound()
      const learner = await identity(() => pool.getUser(row.user_sub))
      const details = typeof row.course_details === 'string' ? (JSON.parse(row.course_details) as CourseDetails) : row.course_details
      return {
        Item: {
          ...toAdminSubscription(row),
          learner: learner ? { username: learner.username, email: learner.email, name: learner.name, enabled: learner.enabled } : null,
          course: { uuid: row.course_uuid, name: row.course_name, details },
        },
      }
    },
  )

  app.put(
    '/subscriptions/subscription/:subscriptionId/:courseId/revoke',
    {
      schema: {
        tags,
        summary: 'Revokes one subscription (already revoked: 409)',
        params: SubscriptionParams,
        response: { 200: AdminSubscriptionResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { subscriptionId, courseId } = request.params
      const actor = actorOf(request)
      const item = await app.db.transaction(async (tx) => {
        const before = await lockedSubscription(tx, subscriptionId, courseId)
        if (before.revoked_at !== null) throw new HttpError(409, 'This subscription is revoked already', 'INVALID_OPERATION')
        const after = (await revokeSubscription(tx, subscriptionId, courseId))!
        const a = toAdminSubscription(after)
        await recordAudit(tx, actor, {
          action: 'subscriptions.revoke',
          targetType: 'subscription',
          targetId: subscriptionId,
          before: { ...toAdminSubscription(before) },
          after: { ...a },
        })
        return a
      })
      return { Item: item }
    },
  )

  app.put(
    '/courses/course/subscriptors/revoke',
    {
      schema: {
        tags,
        summary: "Revokes a learner's live subscriptions to a course (requirements §7); 404 when there is none",
        body: RevokeByCourseBody,
        response: { 200: RevokedSubscriptions, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const actor = actorOf(request)
      const user = await identity(() => pool.requireUser(request.body.username))
      if (!(await findCourse(app.db, request.body.course))) throw notFound('Course not found')
      const items = await app.db.transaction(async (tx) => {
        await lockLearnerCourse(tx, user.username, request.body.course)
        const changed = (await revokeLive(tx, user.username, request.body.course)).map((r) => toAdminSubscription(r))
        for (const s of changed) {
          const before = { ...s, status: 'active', revokedAt: null, blocksSelfSubscription: false }
          await recordAudit(tx, actor, { action: 'subscriptions.revoke', targetType: 'subscription', targetId: s.id, before, after: { ...s } })
        }
        return changed
      })
      if (!items.length) throw notFound('The learner has no live subscription to this course')
      return { items }
    },
  )

  /**
   * The subscription read again under its learner-and-course lock, as the learner's own subscribing
   * takes it: a revocation or a lifted block never interleaves with a self-subscription. 404 when unknown.
   */
  async function lockedSubscription(tx: Queryable, subscriptionId: string, courseId: string) {
    const found = await findSubscription(tx, subscriptionId, courseId)
    if (!found) throw notFound()
    await lockLearnerCourse(tx, found.user_sub, courseId)
    return (await findSubscription(tx, subscriptionId, courseId))!
  }

  app.put(
    '/subscriptions/subscription/:subscriptionId/:courseId/lift-block',
    {
      schema: {
        tags,
        summary:
          'Lets the learner of a revoked subscription subscribe to its course by themselves again: lifts the block of every revoked subscription of theirs to that course (409 when this one blocks nothing)',
        params: SubscriptionParams,
        response: { 200: AdminSubscriptionResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { subscriptionId, courseId } = request.params
      const actor = actorOf(request)
      const item = await app.db.transaction(async (tx) => {
        const before = await lockedSubscription(tx, subscriptionId, courseId)
        if (before.revoked_at === null) throw new HttpError(409, 'This subscription is not revoked: it blocks nothing', 'INVALID_OPERATION')
        if (before.block_lifted_at !== null) throw new HttpError(409, 'The block of this revocation is lifted already', 'INVALID_OPERATION')
        await liftAndRecord(tx, actor, before.user_sub, courseId)
        return toAdminSubscription((await findSubscription(tx, subscriptionId, courseId))!)
      })
      return { Item: item }
    },
  )

  app.post(
    '/courses/course/subscriptors/add',
    {
      schema: {
        tags,
        summary: 'Subscribes a learner to a course with one of its plans (requirements §7)',
        body: AddSubscriptorBody,
        response: { 201: AdminSubscriptionResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request)
      const { uuid, subscription, user: who } = request.body
      const user = await identity(() => pool.requireUser(who), 'user')
      if (!(await findCourse(app.db, uuid))) throw notFound('Course not found')
      const plan = await findPlan(app.db, subscription)
      if (!plan || plan.course_uuid !== uuid)
        throw new HttpError(400, 'Invalid request', 'VALIDATION', { subscription: 'This plan is not one of the course’s subscription plans' })
      const item = await app.db.transaction(async (tx) => {
        await lockLearnerCourse(tx, user.username, uuid)
        // Subscribing the learner is the administrator restoring their access: it lifts a revocation's block too.
        return addSubscriptionFor(tx, actor, user, plan, true)
      })
      return reply.status(201).send({ Item: item })
    },
  )
}
