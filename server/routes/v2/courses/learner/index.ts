import type { CourseSnapshot, FormQuestion } from '../../../../../contracts/courses/content.js'
import { errorResponses, ErrorBody } from '../../../../../contracts/errors.js'
import {
  ALREADY_SUBSCRIBED_MESSAGE,
  CATALOGUE_PAGE_SIZE,
  CatalogueFilters,
  CataloguePage,
  CatalogueParams,
  CatalogueQuery,
  CatalogueSearchParams,
  CollaboratorListResponse,
  COURSE_NOT_FOUND_MESSAGE,
  CourseOverviewResponse,
  CoursePlansResponse,
  FaqListResponse,
  PLAN_FOR_SALE_MESSAGE,
  PLAN_NOT_FOUND_MESSAGE,
  REVOKED_BY_ADMIN_MESSAGE,
  SubscribeBody,
  type CatalogueCourse,
  type CourseOverview,
  type LearnerPlan,
} from '../../../../../contracts/learner/catalogue.js'
import {
  MAX_PLAYBACK_RATE,
  MAX_REPORT_GAP_SECONDS,
  PlayerBlockParams,
  PlayerCourseParams,
  PlayerIndexResponse,
  PlayerPageResponse,
  PositionBody,
  ProgressAnswer,
  ProgressCourseParams,
  SUBSCRIPTION_REFUSALS,
  SubscriptionRefused,
  videoEndSlack,
  type LearnerValues,
  type SubscriptionRefusalCode,
} from '../../../../../contracts/learner/player.js'
import { subscriptionState, UserSubscription, type SubscriptionState } from '../../../../../contracts/subscriptions.js'
import { printedNames } from '../../../../certificates/index.js'
import { publishedSnapshot, studySnapshot } from '../../../../courses/snapshots.js'
import type { Queryable } from '../../../../db/index.js'
import { HttpError } from '../../../../plugins/errors.js'
import type { App, Principal } from '../../../../types.js'
import { resourceUrls } from '../creator/content/resources.js'
import { refreshStaleCatalogue, searchQuery } from './catalogue.js'
import { currentProgress, doneBlocks, settle, type Studying } from './completion.js'
import { allBlocks, blockTitle, DONE_WHEN_OPENED, videoLength, type SnapshotBlock } from './progress.js'
import {
  catalogueCount,
  catalogueFacets,
  cataloguePage,
  courseSubscriptions,
  insertSubscription,
  lockLearnerCourse,
  offeredPlans,
  recordOpened,
  recordPosition,
  resumeBlock,
  selfSubscriptionBlocked,
  setResume,
  type CatalogueListRow,
  type PlanRow,
  type SubscriptionRow,
  type When,
} from './queries.js'

/**
 * The learner's course routes (spec §7 "Learner fetches"): catalogue, overview, plans and subscribing,
 * and the player with progress and resume. Learners always read the newest published snapshot.
 */

const BASE = '/v2/courses'
const tags = ['learner']
const iso = (v: When) => new Date(v).toISOString()

function principalOf(p: Principal | null): Principal {
  // The access policy answers 401 before a handler runs without a principal; this guards the types.
  if (!p) throw new HttpError(401, 'Not authorized', 'UNAUTHENTICATED')
  return p
}

const notFound = () => new HttpError(404, COURSE_NOT_FOUND_MESSAGE, 'NOT_FOUND')

async function snapshotOr404(db: Queryable, uuid: string): Promise<CourseSnapshot> {
  const snap = await publishedSnapshot(db, uuid)
  if (!snap) throw notFound()
  return snap
}

/** A subscription row as the learner's lists show it (spec §9: one status function). */
function subscriptionOf(r: SubscriptionRow, now: Date): UserSubscription & SubscriptionState {
  return {
    id: r.id,
    course: { uuid: r.course_uuid, name: r.course_name },
    plan: { name: r.plan_name, durationDays: Number(r.duration_days) },
    createdAt: iso(r.created_at),
    revokedAt: r.revoked_at === null ? null : iso(r.revoked_at),
    ...subscriptionState(r.created_at, Number(r.duration_days), r.revoked_at, now),
  }
}

/** The subscription that decides access: an active one if any, else the newest. */
function decidingSubscription(rows: SubscriptionRow[], now: Date) {
  const all = rows.map((r) => subscriptionOf(r, now))
  return all.find((s) => s.status === 'active') ?? all[0] ?? null
}

/** The published snapshot, when the caller holds an active subscription; otherwise 404 or 403 with the reason. */
async function studying(db: Queryable, sub: string, course: string) {
  const found = await studySnapshot(db, course, sub)
  if (!found) throw notFound()
  const snap = found.snapshot
  const deciding = decidingSubscription(found.subscriptions, new Date())
  const refuse = (code: SubscriptionRefusalCode) => new HttpError(403, SUBSCRIPTION_REFUSALS[code], code)
  if (!deciding) throw refuse('NOT_SUBSCRIBED')
  if (deciding.status === 'revoked') throw refuse('SUBSCRIPTION_REVOKED')
  if (deciding.status === 'expired') throw refuse('SUBSCRIPTION_EXPIRED')
  return { snap, subscription: deciding }
}

const planOf = (p: PlanRow, salesEnabled: boolean): LearnerPlan => {
  const price = p.price === null ? null : Number(p.price)
  return {
    id: p.id,
    name: p.name,
    durationDays: Number(p.duration_days),
    free: price === null || price === 0,
    price: salesEnabled ? price : null,
    currency: salesEnabled && p.currency !== null ? p.currency.trim() : null,
  }
}

const text = (v: unknown) => (typeof v === 'string' ? v : '')

/** What a learner may see of a block: known fields by kind, and never a form's answers. */
function learnerValues(b: SnapshotBlock): LearnerValues {
  const v = b.values
  const base = { title: blockTitle(b), required: v.required === true }
  switch (b.kind) {
    case 'text':
      return { ...base, html: text(v.html) }
    case 'image':
      return { ...base, alt: text(v.alt) }
    case 'attachment':
      return { ...base, fileName: text(v.fileName), ...(typeof v.size === 'number' ? { size: v.size } : {}) }
    case 'link':
    case 'simulation':
      return { ...base, ...(typeof v.url === 'string' ? { url: v.url } : {}) }
    case 'video': {
      const duration = videoLength(b)
      return { ...base, ...(typeof v.url === 'string' ? { url: v.url } : {}), ...(duration !== null ? { duration } : {}) }
    }
    case 'form': {
      const questions = Array.isArray(v.questions) ? (v.questions as FormQuestion[]) : []
      return {
        ...base,
        name: text(v.name),
        tries: typeof v.tries === 'number' ? v.tries : 1,
        requiredScore: typeof v.requiredScore === 'number' ? v.requiredScore : 0,
        questions: questions.map((q) => ({ id: q.id, type: q.type, text: q.text, options: q.options.map((o) => ({ id: o.id, text: o.text })) })),
      }
    }
    default:
      return base
  }
}

export default async function learnerRoutes(app: App) {
  const names = printedNames(app)
  /** The caller as a learner whose steps may complete the course. */
  const studyingAs = (request: { principal: Principal | null }): Studying => {
    const principal = principalOf(request.principal)
    return { sub: principal.sub, name: names(principal) }
  }

  // Courses published before the catalogue existed (or by another process) get their rows now.
  await refreshStaleCatalogue(app.db)

  // -------------------------------------------------------------------------------------------------
  // Catalogue.
  // -------------------------------------------------------------------------------------------------
  const card = async (r: CatalogueListRow): Promise<CatalogueCourse> => {
    const cover = r.thumbnail_path ?? r.cover_path
    return {
      uuid: r.uuid,
      name: r.name,
      briefDescription: r.brief_description,
      cover: cover ? await app.storage.readUrl(cover) : null,
      category: r.category_id && r.category_name !== null ? { id: r.category_id, name: r.category_name } : null,
      difficulty: r.difficulty_id && r.difficulty_name !== null ? { id: r.difficulty_id, name: r.difficulty_name } : null,
      organization: r.organization_id && r.organization_name !== null ? { id: r.organization_id, name: r.organization_name } : null,
      tags: r.tags,
      durationHours: r.duration_hours === null ? null : Number(r.duration_hours),
      publishedAt: iso(r.published_at),
    }
  }
  async function catalogue(page: number, search: string | undefined, q: CatalogueQuery) {
    const filter = { query: searchQuery(search), ...q }
    const rows = await cataloguePage(app.db, filter, CATALOGUE_PAGE_SIZE, (page - 1) * CATALOGUE_PAGE_SIZE)
    const total = rows.length ? Number(rows[0].total) : page === 1 ? 0 : await catalogueCount(app.db, filter)
    return { items: await Promise.all(rows.map(card)), total }
  }
  const catalogueSchema = { tags, querystring: CatalogueQuery, response: { 200: CataloguePage, ...errorResponses(400, 401, 403) } }
  app.get(
    `${BASE}/all/:page`,
    { schema: { ...catalogueSchema, summary: `Published courses, newest first, ${CATALOGUE_PAGE_SIZE} a page (page from 1), with optional filters`, params: CatalogueParams } },
    async (request) => catalogue(request.params.page, undefined, request.query),
  )
  app.get(
    `${BASE}/all/:page/:search`,
    {
      schema: {
        ...catalogueSchema,
        summary: 'Published courses matching every search word (accents and case ignored, prefixes match), best match first',
        params: CatalogueSearchParams,
      },
    },
    async (request) => catalogue(request.params.page, request.params.search, request.query),
  )
  app.get(
    `${BASE}/catalogue/filters`,
    { schema: { tags, summary: 'The categories, difficulties, organizations and tags of the published courses, with counts', response: { 200: CatalogueFilters, ...errorResponses(401, 403) } } },
    async () => {
      const rows = await catalogueFacets(app.db)
      const of = (facet: string) => rows.filter((r) => r.facet === facet).map((r) => ({ id: r.id!, name: r.name, count: Number(r.count) }))
      return {
        categories: of('category'),
        difficulties: of('difficulty'),
        organizations: of('organization'),
        tags: rows.filter((r) => r.facet === 'tag').map((r) => ({ name: r.name, count: Number(r.count) })),
      }
    },
  )

  // -------------------------------------------------------------------------------------------------
  // Overview, FAQ, collaborators, plans and subscribing.
  // -------------------------------------------------------------------------------------------------
  const url = async (path: string | null) => (path ? app.storage.readUrl(path) : null)
  app.get(
    `${BASE}/course/:id`,
    { schema: { tags, summary: 'The overview of a published course (its newest published version)', params: PlayerCourseParams, response: { 200: CourseOverviewResponse, ...errorResponses(400, 401, 403, 404) } } },
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
    { schema: { tags, summary: "A published course's frequently asked questions", params: PlayerCourseParams, response: { 200: FaqListResponse, ...errorResponses(400, 401, 403, 404) } } },
    async (request) => ({ items: (await snapshotOr404(app.db, request.params.id)).course.faq }),
  )
  app.get(
    `${BASE}/courses/course/collaborators/:id`,
    { schema: { tags, summary: 'The people credited for a published course', params: PlayerCourseParams, response: { 200: CollaboratorListResponse, ...errorResponses(400, 401, 403, 404) } } },
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

  // -------------------------------------------------------------------------------------------------
  // The player: an active subscription is required (403 with the reason otherwise).
  // -------------------------------------------------------------------------------------------------
  const playerErrors = { ...errorResponses(400, 401, 404), 403: SubscriptionRefused }
  app.get(
    `${BASE}/course/index/:id`,
    { schema: { tags, summary: 'The sections and blocks of the course with what the caller has done, the progress and where to resume', params: PlayerCourseParams, response: { 200: PlayerIndexResponse, ...playerErrors } } },
    async (request) => {
      const { sub } = principalOf(request.principal)
      const { snap, subscription } = await studying(app.db, sub, request.params.id)
      const course = snap.course.uuid
      const { done, rows } = await doneBlocks(app.db, sub, course)
      const progress = await currentProgress(app.db, studyingAs(request), snap, done)
      const blocks = allBlocks(snap)
      const last = await resumeBlock(app.db, sub, course)
      const resumeAt = blocks.find((b) => b.id === last)
      return {
        Item: {
          course: {
            uuid: course,
            name: snap.course.name,
            version: snap.version,
            organization: snap.course.organization,
            Details: snap.course.organization ? { Organization: snap.course.organization.name } : {},
          },
          sections: [...snap.sections]
            .sort((a, b) => a.position - b.position)
            .map((s) => ({
              id: s.id,
              title: s.title,
              blocks: [...s.blocks]
                .sort((a, b) => a.position - b.position)
                .map((b) => ({ id: b.id, kind: b.kind, title: blockTitle(b), required: b.values.required === true, completed: done.has(b.id) })),
            })),
          progress,
          resume: resumeAt ? { block: resumeAt.id, seconds: resumeAt.kind === 'video' ? Number(rows.get(resumeAt.id)?.position_seconds ?? 0) : 0 } : null,
          subscription: { expiresAt: subscription.expiresAt, remainingDays: subscription.remainingDays },
        },
      }
    },
  )
  app.get(
    `${BASE}/course/page/:course/:block`,
    { schema: { tags, summary: "One block's values to study it (forms without answers) with read URLs of its files", params: PlayerBlockParams, response: { 200: PlayerPageResponse, ...playerErrors } } },
    async (request) => {
      const { sub } = principalOf(request.principal)
      const { course, block } = request.params
      const { snap } = await studying(app.db, sub, course)
      const blocks = allBlocks(snap)
      const at = blocks.findIndex((b) => b.id === block)
      if (at < 0) throw new HttpError(404, 'Block not found', 'NOT_FOUND')
      const b = blocks[at]
      const { done, rows } = await doneBlocks(app.db, sub, course)
      const row = rows.get(b.id)
      return {
        Item: {
          course,
          section: b.section,
          block: {
            id: b.id,
            kind: b.kind,
            values: learnerValues(b),
            urls: (await resourceUrls(app.storage, b.values)) ?? {},
            completed: done.has(b.id),
            watchedSeconds: Number(row?.watched_seconds ?? 0),
            positionSeconds: Number(row?.position_seconds ?? 0),
          },
          previous: at > 0 ? blocks[at - 1].id : null,
          next: at < blocks.length - 1 ? blocks[at + 1].id : null,
        },
      }
    },
  )

  /** The block of the snapshot, or 404. */
  const blockOf = (snap: CourseSnapshot, id: string) => {
    const b = allBlocks(snap).find((x) => x.id === id)
    if (!b) throw new HttpError(404, 'Block not found', 'NOT_FOUND')
    return b
  }

  for (const base of [`${BASE}/metrics`, '/v2/metrics']) {
    app.get(
      `${base}/re/:course/:block`,
      {
        schema: {
          tags,
          summary: 'Records that the caller opened a block (done at once for text, image, attachment, link and simulation) and makes it the resume point',
          params: PlayerBlockParams,
          response: { 200: ProgressAnswer, ...playerErrors },
        },
      },
      async (request) => {
        const { sub } = principalOf(request.principal)
        const { course, block } = request.params
        const { snap } = await studying(app.db, sub, course)
        const b = blockOf(snap, block)
        return app.db.transaction(async (tx) => {
          const row = await recordOpened(tx, sub, course, b.id, DONE_WHEN_OPENED.has(b.kind), app.now())
          await setResume(tx, sub, course, b.id)
          const { done } = await doneBlocks(tx, sub, course)
          return { block: { id: b.id, completed: done.has(b.id), watchedSeconds: Number(row.watched_seconds) }, progress: await settle(tx, studyingAs(request), snap, done) }
        })
      },
    )
    app.put(
      `${base}/position`,
      {
        schema: {
          tags,
          summary:
            'Records where the caller is in a video (whole seconds). What was watched advances at most as fast as playing at 2× over the time since the previous report, by the server\'s clock; the video is done once that reaches its end (within 10 s or 10 % of its length). Seeking ahead moves the resume position only; the length is the server\'s, never the client\'s',
          body: PositionBody,
          response: { 200: ProgressAnswer, ...playerErrors },
        },
        // A position is a JSON number: text, true or null would otherwise be coerced into one.
        preValidation: async (request) => {
          const seconds = (request.body as { seconds?: unknown } | undefined)?.seconds
          if (seconds !== undefined && typeof seconds !== 'number') {
            throw new HttpError(400, 'Invalid request', 'VALIDATION', { seconds: 'Must be a number of whole seconds from 0 to 86400' })
          }
        },
      },
      async (request) => {
        const { sub } = principalOf(request.principal)
        const { course, block } = request.body
        const { snap } = await studying(app.db, sub, course)
        const b = blockOf(snap, block)
        if (b.kind !== 'video') throw new HttpError(400, 'Only a video block has a position', 'NOT_A_VIDEO')
        // The length is the one the server read or the creator gave; whatever the client says is ignored.
        const duration = videoLength(b)
        const seconds = duration === null ? request.body.seconds : Math.min(request.body.seconds, duration)
        const at = app.now()
        return app.db.transaction(async (tx) => {
          const row = await recordPosition(tx, {
            sub,
            course,
            block: b.id,
            seconds,
            duration,
            at,
            rate: MAX_PLAYBACK_RATE,
            maxGap: MAX_REPORT_GAP_SECONDS,
            slack: duration === null ? 0 : videoEndSlack(duration),
          })
          await setResume(tx, sub, course, b.id)
          const { done } = await doneBlocks(tx, sub, course)
          return { block: { id: b.id, completed: done.has(b.id), watchedSeconds: Number(row.watched_seconds) }, progress: await settle(tx, studyingAs(request), snap, done) }
        })
      },
    )
    app.get(
      `${base}/gcc/:course`,
      {
        schema: {
          tags,
          summary: "The caller's completion of the course: done, total and percent of the blocks that count, and the certificate once issued",
          params: ProgressCourseParams,
          response: { 200: ProgressAnswer.properties.progress, ...playerErrors },
        },
      },
      async (request) => {
        const { sub } = principalOf(request.principal)
        const { course } = request.params
        const { snap } = await studying(app.db, sub, course)
        return currentProgress(app.db, studyingAs(request), snap)
      },
    )
  }
}
