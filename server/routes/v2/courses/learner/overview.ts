import { errorResponses, ErrorBody } from '../../../../../contracts/errors.js'
import {
  ALREADY_SUBSCRIBED_MESSAGE,
  CollaboratorListResponse,
  CourseOverviewResponse,
  CoursePlansResponse,
  FaqListResponse,
  PLAN_FOR_SALE_MESSAGE,
  PLAN_NOT_FOUND_MESSAGE,
  REVOKED_BY_ADMIN_MESSAGE,
  SubscribeBody,
  type CourseOverview,
} from '../../../../../contracts/learner/catalogue.js'
import { PlayerCourseParams, SubscriptionRefused } from '../../../../../contracts/learner/player.js'
import { UserSubscription } from '../../../../../contracts/subscriptions.js'
import { blockTitle } from '../../../../courses/progress/rules.js'
import { HttpError } from '../../../../plugins/errors.js'
import type { App } from '../../../../types.js'
import { principalOf, snapshotOr404 } from './access.js'
import { BASE, tags } from './base.js'
import { courseSubscriptions, insertSubscription, lockLearnerCourse, offeredPlans, selfSubscriptionBlocked } from './queries.js'
import { decidingSubscription, planOf, subscriptionOf } from './views.js'

/** A published course before studying it: overview, FAQ, people, plans and subscribing to a free plan. */
export async function overviewRoutes(app: App) {
  const url = async (path: string | null) => (path ? app.storage.readUrl(path) : null)
  app.get(
    `${BASE}/course/:id`,
    {
      schema: {
        tags,
        summary: 'The overview of a published course (its newest published version)',
        params: PlayerCourseParams,
        response: { 200: CourseOverviewResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const snap = await snapshotOr404(app.db, request.params.id)
      const c = snap.course
      const Item: CourseOverview = {
        uuid: c.uuid,
        version: snap.version,
        publishedAt: snap.publishedAt,
        name: c.name,
        briefDescription: c.briefDescription,
        description: c.description,
        requirements: c.requirements,
        certificateDetails: c.certificateDetails,
        durationHours: c.durationHours,
        difficulty: c.difficulty,
        category: c.category,
        organization: c.organization,
        keywords: c.keywords,
        tags: c.tags,
        cover: await url(c.cover),
        thumbnail: await url(c.thumbnail),
        presentation: await url(c.presentation),
        salesEnabled: c.salesEnabled,
        checkoutEnabled: app.payments !== null && c.salesEnabled,
        Details: { ...(c.organization ? { Organization: c.organization.name } : {}), ShortDescription: c.briefDescription },
        plans: (await offeredPlans(app.db, c.uuid)).map((p) => planOf(p, c.salesEnabled)),
        outline: [...snap.sections]
          .sort((a, b) => a.position - b.position)
          .map((s) => ({
            id: s.id,
            title: s.title,
            blocks: [...s.blocks].sort((a, b) => a.position - b.position).map((b) => ({ id: b.id, kind: b.kind, title: blockTitle(b) })),
          })),
      }
      return { Item }
    },
  )
  app.get(
    `${BASE}/course/faq/:id`,
    {
      schema: {
        tags,
        summary: "A published course's frequently asked questions",
        params: PlayerCourseParams,
        response: { 200: FaqListResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ items: (await snapshotOr404(app.db, request.params.id)).course.faq }),
  )
  app.get(
    `${BASE}/courses/course/collaborators/:id`,
    {
      schema: {
        tags,
        summary: 'The people credited for a published course',
        params: PlayerCourseParams,
        response: { 200: CollaboratorListResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ items: (await snapshotOr404(app.db, request.params.id)).course.collaborators }),
  )
  app.get(
    `${BASE}/course/subscriptions/:id`,
    {
      schema: {
        tags,
        summary: "A published course's plans and the caller's subscription to it (the active one, else the newest; null for none)",
        params: PlayerCourseParams,
        response: { 200: CoursePlansResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { sub } = principalOf(request.principal)
      const snap = await snapshotOr404(app.db, request.params.id)
      return {
        plans: (await offeredPlans(app.db, snap.course.uuid)).map((p) => planOf(p, snap.course.salesEnabled)),
        subscription: decidingSubscription(await courseSubscriptions(app.db, sub, snap.course.uuid), new Date()),
        blocked: await selfSubscriptionBlocked(app.db, sub, snap.course.uuid),
      }
    },
  )
  app.post(
    `${BASE}/course/subscribe`,
    {
      schema: {
        tags,
        summary:
          "Subscribes the caller to a free plan of a published course (402 for a plan that is for sale, 409 when already subscribed, 403 SUBSCRIPTION_REVOKED while an administrator's revocation blocks it)",
        body: SubscribeBody,
        response: { 201: UserSubscription, 402: ErrorBody, ...errorResponses(400, 401, 404, 409), 403: SubscriptionRefused },
      },
    },
    async (request, reply) => {
      const { sub } = principalOf(request.principal)
      const { uuid, plan } = request.body
      const result = await app.db.transaction(async (tx) => {
        await lockLearnerCourse(tx, sub, uuid)
        await snapshotOr404(tx, uuid)
        const chosen = (await offeredPlans(tx, uuid)).find((p) => p.id === plan)
        if (!chosen) throw new HttpError(404, PLAN_NOT_FOUND_MESSAGE, 'PLAN_NOT_FOUND')
        const now = new Date()
        const current = decidingSubscription(await courseSubscriptions(tx, sub, uuid), now)
        if (current?.status === 'active') throw new HttpError(409, ALREADY_SUBSCRIBED_MESSAGE, 'ALREADY_SUBSCRIBED')
        // A revocation holds until an administrator lifts it: not a state the learner can change (403, not 409).
        if (await selfSubscriptionBlocked(tx, sub, uuid)) throw new HttpError(403, REVOKED_BY_ADMIN_MESSAGE, 'SUBSCRIPTION_REVOKED')
        if (chosen.price !== null && Number(chosen.price) > 0) return null
        const row = await insertSubscription(tx, { course: uuid, sub, plan: chosen.id, planName: chosen.name, durationDays: Number(chosen.duration_days) })
        return subscriptionOf(row, new Date())
      })
      if (!result) return reply.status(402).send({ message: PLAN_FOR_SALE_MESSAGE, code: 'FOR_SALE' })
      return reply.status(201).send(result)
    },
  )
}
