import {
  SUBSCRIPTIONS_PAGE_SIZE,
  SubscriptionsQuery,
  UserCoursesPage,
  UserCoursesQuery,
  UserSubscriptionsPage,
  subscriptionState,
  type CourseDetails,
  type UserSubscription,
} from '../../../contracts/subscriptions.js'
import { errorResponses } from '../../../contracts/errors.js'
import { ReceiptPdf, ReceiptQuery, SaleParams } from '../../../contracts/insights/finances.js'
import { notFound } from '../../http/errors.js'
import { receiptOf } from '../finances/receipts.js'
import { saleOfSubscription } from '../finances/queries.js'
import { actorOf } from '../../http/actor.js'
import { iso } from '../../http/dates.js'
import { decodeToken, encodeToken, TIMESTAMP_RE, UUID_RE } from '../../http/paging.js'
import type { App } from '../../types.js'
import { percentOf } from '../../courses/progress/rules.js'
import type { StudySubscriptionRow } from '../../courses/queries.js'
import { progressOfCourses } from '../../courses/progress/queries.js'

/**
 * Whether the date part names a real calendar day in PostgreSQL's range: Date.parse rolls
 * 2026-02-31 over to March, where PostgreSQL refuses it (a 500, not the 400 a bad token deserves).
 */
function realDate(iso: string): boolean {
  const [y, m, d] = iso.slice(0, 10).split('-').map(Number)
  const day = new Date(Date.UTC(y, m - 1, d))
  return y >= 1 && m >= 1 && m <= 12 && day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d && !Number.isNaN(Date.parse(iso))
}

/** Continuation tokens for the courses list: the last row's (subscribed_at, uuid), opaque to clients. */
const isCourseKey = (v: unknown[]): v is [string, string] =>
  v.length === 2 &&
  typeof v[0] === 'string' &&
  typeof v[1] === 'string' &&
  TIMESTAMP_RE.test(v[0]) &&
  realDate(v[0].replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00')) &&
  UUID_RE.test(v[1])

type SubscriptionRow = StudySubscriptionRow

interface CourseRow {
  uuid: string
  name: string
  /** The draft's cover in `details`, kept by courses from before covers were in the file store. */
  legacy_cover: string | null
  brief_description: string | null
  organization_name: string | null
  subscribed_at: Date | string
  subscribed_key: string
  cover_path: string | null
}

/**
 * The card's details as learners see the course: its published version's (the catalogue row), never the
 * draft the creator is still editing (docs/learning.md: learners study the newest published version).
 */
function publishedDetails(r: CourseRow): CourseDetails {
  return {
    ...(r.legacy_cover ? { Cover: r.legacy_cover } : {}),
    ShortDescription: r.brief_description ?? '',
    ...(r.organization_name ? { Organization: r.organization_name } : {}),
  }
}

/** The signed-in learner's own lists (requirements §7 "Learner fetches"). */
export default async function userRoutes(app: App) {
  app.get(
    '/subscriptions',
    {
      schema: {
        tags: ['user'],
        summary: "The caller's subscriptions, newest first, one page of 10 (page from 1)",
        querystring: SubscriptionsQuery,
        response: { 200: UserSubscriptionsPage, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const { sub } = actorOf(request)
      const { page } = request.query
      const now = new Date()
      // One query: the page and, through a window count, the total. Only a page past the end
      // (no rows to carry the count) needs a second query.
      const { rows } = await app.db.query<SubscriptionRow & { receipt: boolean; total: number | string }>(
        `SELECT s.id, s.course_uuid, c.name AS course_name, s.plan_name, s.duration_days, s.created_at, s.revoked_at,
                EXISTS (SELECT 1 FROM sales x WHERE x.subscription_id = s.id) AS receipt, count(*) OVER () AS total
           FROM subscriptions s JOIN courses c ON c.uuid = s.course_uuid
          WHERE s.user_sub = $1
          ORDER BY s.created_at DESC, s.id DESC
          LIMIT $2 OFFSET $3`,
        [sub, SUBSCRIPTIONS_PAGE_SIZE, (page - 1) * SUBSCRIPTIONS_PAGE_SIZE],
      )
      const total =
        rows.length > 0
          ? Number(rows[0].total)
          : page === 1
            ? 0
            : Number(
                (await app.db.query<{ total: number | string }>('SELECT count(*) AS total FROM subscriptions WHERE user_sub = $1', [sub])).rows[0]?.total ?? 0,
              )
      const items: UserSubscription[] = rows.map((r) => {
        const state = subscriptionState(r.created_at, r.duration_days, r.revoked_at, now)
        return {
          id: r.id,
          course: { uuid: r.course_uuid, name: r.course_name },
          plan: { name: r.plan_name, durationDays: r.duration_days },
          createdAt: iso(r.created_at),
          revokedAt: r.revoked_at === null ? null : iso(r.revoked_at),
          ...state,
          receipt: Boolean(r.receipt),
        }
      })
      return { items, page, pageSize: SUBSCRIPTIONS_PAGE_SIZE, total }
    },
  )

  app.get(
    '/subscriptions/:id/receipt',
    {
      schema: {
        tags: ['user'],
        summary: "The receipt (PDF) of one of the caller's bought subscriptions, in the language asked for or the caller's; 404 for anyone else's",
        params: SaleParams,
        querystring: ReceiptQuery,
        response: { 200: ReceiptPdf, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const { sub } = actorOf(request)
      // Someone else's subscription and a free one answer alike: nothing says which exists.
      const record = await saleOfSubscription(app.db, request.params.id, sub)
      if (!record) throw notFound()
      const { pdf, fileName } = await receiptOf(app, record, request.query.lang)
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength))
    },
  )

  app.get(
    '/courses',
    {
      schema: {
        tags: ['user'],
        summary: 'The courses the caller holds an active subscription to, latest subscription first (token paging)',
        querystring: UserCoursesQuery,
        response: { 200: UserCoursesPage, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const { sub } = actorOf(request)
      const { paginationToken, limit } = request.query
      const after = paginationToken ? decodeToken(paginationToken, isCourseKey) : null
      // "Active" is subscriptionState's rule (not revoked, created + duration still ahead) written in
      // SQL so that paging stays keyset-based; tests check the two agree.
      const active = `WITH latest AS (
          SELECT course_uuid, max(created_at) AS subscribed_at
            FROM subscriptions
           WHERE user_sub = $1 AND revoked_at IS NULL AND created_at + duration_days * interval '1 day' > now()
           GROUP BY course_uuid)`
      // One query: the page, and the total counted over every active course before the keyset
      // filter. Only an empty page after a token needs a second query for the total.
      const { rows } = await app.db.query<CourseRow & { total: number | string }>(
        `${active}, counted AS (SELECT course_uuid, subscribed_at, count(*) OVER () AS total FROM latest)
         SELECT c.uuid, COALESCE(p.name, c.name) AS name, c.details->>'Cover' AS legacy_cover, p.brief_description, p.organization_name,
                l.subscribed_at, l.subscribed_at::text AS subscribed_key, l.total,
                COALESCE(p.thumbnail_path, p.cover_path, c.thumbnail_path, c.cover_path) AS cover_path
           FROM counted l JOIN courses c ON c.uuid = l.course_uuid
           LEFT JOIN published_courses p ON p.uuid = c.uuid
          WHERE $2::timestamptz IS NULL OR (l.subscribed_at, c.uuid) < ($2::timestamptz, $3::uuid)
          ORDER BY l.subscribed_at DESC, c.uuid DESC
          LIMIT $4`,
        [sub, after?.[0] ?? null, after?.[1] ?? null, limit + 1],
      )
      const estimated =
        rows.length > 0
          ? Number(rows[0].total)
          : !after
            ? 0
            : Number((await app.db.query<{ total: number | string }>(`${active} SELECT count(*) AS total FROM latest`, [sub])).rows[0]?.total ?? 0)
      const page = rows.slice(0, limit)
      const last = page[page.length - 1]
      const progress = await progressOfCourses(
        app.db,
        sub,
        page.map((r) => r.uuid),
      )
      return {
        items: await Promise.all(
          page.map(async (r) => ({
            uuid: r.uuid,
            name: r.name,
            // The published cover (thumbnail first) from the file store; older courses keep theirs in details.
            cover: r.cover_path ? await app.storage.readUrl(r.cover_path) : null,
            details: publishedDetails(r),
            subscribedAt: iso(r.subscribed_at),
            progress: percentOf(progress.get(r.uuid)?.done ?? 0, progress.get(r.uuid)?.total ?? 0),
          })),
        ),
        paginationToken: rows.length > limit && last ? encodeToken([last.subscribed_key, last.uuid]) : null,
        estimated,
      }
    },
  )
}
