import type { AdminSubscription } from '../../../contracts/admin/subscriptions.js'
import { subscriptionState, type CourseDetails } from '../../../contracts/subscriptions.js'
import type { Queryable } from '../../db/index.js'
import { iso, isoOrNull } from '../../http/dates.js'
import { notify } from '../../notifications/queries.js'

interface SubscriptionRow {
  id: string
  course_uuid: string
  course_name: string
  user_sub: string
  /** From the embedded pool's attributes; absent where a caller reads the learner elsewhere. */
  learner_email?: string | null
  learner_name?: string | null
  plan_name: string
  duration_days: number
  created_at: Date | string
  created_key: string
  revoked_at: Date | string | null
  block_lifted_at: Date | string | null
}

const COLUMNS = `s.id, s.course_uuid, c.name AS course_name, s.user_sub, le.value AS learner_email, ln.value AS learner_name,
  s.plan_name, s.duration_days, s.created_at, s.created_at::text AS created_key, s.revoked_at, s.block_lifted_at`

/**
 * The subscriptions with their course and their learner's e-mail and name. The learner's attributes
 * are the embedded pool's (same database); with Cognito those tables are empty, the columns null,
 * and the route asks the pool instead (`IdentityAdmin.embedded`).
 */
const FROM = `subscriptions s JOIN courses c ON c.uuid = s.course_uuid
  LEFT JOIN identity_user_attributes le ON le.username = s.user_sub AND le.name = 'email'
  LEFT JOIN identity_user_attributes ln ON ln.username = s.user_sub AND ln.name = 'name'`

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`)

export function toAdminSubscription(r: SubscriptionRow, now = new Date()): AdminSubscription {
  return {
    id: r.id,
    courseId: r.course_uuid,
    courseName: r.course_name,
    username: r.user_sub,
    learnerEmail: r.learner_email ?? null,
    learnerName: r.learner_name ?? null,
    planName: r.plan_name,
    durationDays: r.duration_days,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.revoked_at ?? r.created_at),
    revokedAt: isoOrNull(r.revoked_at),
    blocksSelfSubscription: r.revoked_at !== null && r.block_lifted_at === null,
    blockLiftedAt: isoOrNull(r.block_lifted_at),
    ...subscriptionState(r.created_at, r.duration_days, r.revoked_at, now),
  }
}

/**
 * What the list's search text narrows to: an id (exact), or a text found in the learner's name or
 * e-mail or the course's name, ignoring case and accents (`fold_search`, migration 0011: PGlite has no
 * `unaccent` unless loaded, and PostgreSQL has it only where contrib is installed). `users` are the
 * learners a Cognito pool found for the text (its attributes are not in our database).
 */
export type SubscriptionSearch = { kind: 'none' } | { kind: 'id'; id: string } | { kind: 'text'; text: string; users: string[] }

/**
 * One page, newest first, keyset-paged on (created_at, id) so the cost of a page does not grow with
 * the table. Returns `limit + 1` rows at most: the extra one says whether a next page exists.
 */
export async function listSubscriptions(
  db: Queryable,
  search: SubscriptionSearch,
  limit: number,
  after: [string, string] | null,
): Promise<Array<SubscriptionRow>> {
  const params: unknown[] = [after?.[0] ?? null, after?.[1] ?? null, limit + 1]
  let filter = 'true'
  if (search.kind === 'id') {
    params.push(search.id, search.id)
    filter = `(s.id = $4::uuid OR s.course_uuid = $4::uuid OR s.user_sub = $5::text)`
  } else if (search.kind === 'text') {
    params.push(likeEscape(search.text), search.users)
    filter = `(fold_search(c.name) LIKE '%' || fold_search($4) || '%' OR fold_search(le.value) LIKE '%' || fold_search($4) || '%'
      OR fold_search(ln.value) LIKE '%' || fold_search($4) || '%' OR s.user_sub = ANY($5::text[]))`
  }
  const { rows } = await db.query<SubscriptionRow>(
    `SELECT ${COLUMNS} FROM ${FROM}
      WHERE ${filter} AND ($1::timestamptz IS NULL OR (s.created_at, s.id) < ($1::timestamptz, $2::uuid))
      ORDER BY s.created_at DESC, s.id DESC LIMIT $3`,
    params,
  )
  return rows
}

export const tokenKey = (r: SubscriptionRow): [string, string] => [r.created_key, r.id]

/** The planner's row estimate once the table is big (no full count at a million rows), else the exact count. */
export async function estimatedSubscriptions(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: string | number }>(`SELECT reltuples::bigint AS n FROM pg_class WHERE oid = 'subscriptions'::regclass`)
  const estimate = Number(rows[0]?.n ?? -1)
  if (estimate >= 100_000) return estimate
  const exact = await db.query<{ n: string | number }>('SELECT count(*) AS n FROM subscriptions')
  return Number(exact.rows[0]?.n ?? 0)
}

export async function subscriptionsOfUser(db: Queryable, sub: string): Promise<SubscriptionRow[]> {
  const { rows } = await db.query<SubscriptionRow>(`SELECT ${COLUMNS} FROM ${FROM} WHERE s.user_sub = $1 ORDER BY s.created_at DESC, s.id DESC LIMIT 500`, [
    sub,
  ])
  return rows
}

export async function findSubscription(
  db: Queryable,
  id: string,
  courseId: string,
): Promise<(SubscriptionRow & { course_details: CourseDetails | string }) | null> {
  const { rows } = await db.query<SubscriptionRow & { course_details: CourseDetails | string }>(
    `SELECT ${COLUMNS}, c.details AS course_details FROM ${FROM} WHERE s.id = $1 AND s.course_uuid = $2`,
    [id, courseId],
  )
  return rows[0] ?? null
}

/** Revokes the given subscription if still unrevoked; returns it as it is now, or null when unknown. */
export async function revokeSubscription(db: Queryable, id: string, courseId: string): Promise<SubscriptionRow | null> {
  const { rows } = await db.query<{ user_sub: string }>(
    'UPDATE subscriptions SET revoked_at = now() WHERE id = $1 AND course_uuid = $2 AND revoked_at IS NULL RETURNING user_sub',
    [id, courseId],
  )
  const row = await findSubscription(db, id, courseId)
  if (rows[0] && row) await notify(db, rows[0].user_sub, 'subscription-revoked', { course: row.course_name }, `/galaxy/courses/overview/${courseId}`)
  return row
}

/** Revokes the learner's unrevoked, unexpired subscriptions to a course; returns those it changed. */
export async function revokeLive(db: Queryable, userSub: string, courseId: string): Promise<SubscriptionRow[]> {
  const { rows } = await db.query<{ id: string }>(
    `UPDATE subscriptions SET revoked_at = now()
      WHERE user_sub = $1 AND course_uuid = $2 AND revoked_at IS NULL AND created_at + duration_days * interval '1 day' > now()
      RETURNING id`,
    [userSub, courseId],
  )
  if (!rows.length) return []
  const { rows: changed } = await db.query<SubscriptionRow>(`SELECT ${COLUMNS} FROM ${FROM} WHERE s.id = ANY($1::uuid[]) ORDER BY s.created_at DESC`, [
    rows.map((r) => r.id),
  ])
  // One notice for the course, however many of its subscriptions were live.
  await notify(db, userSub, 'subscription-revoked', { course: changed[0].course_name }, `/galaxy/courses/overview/${courseId}`)
  return changed
}

/**
 * Lifts the block the learner's revoked subscriptions to a course put on subscribing by themselves;
 * returns the subscriptions it changed, as they are now.
 */
export async function liftBlocks(db: Queryable, userSub: string, courseId: string, liftedBy: string): Promise<SubscriptionRow[]> {
  const { rows } = await db.query<{ id: string }>(
    `UPDATE subscriptions SET block_lifted_at = now(), block_lifted_by = $3
      WHERE user_sub = $1 AND course_uuid = $2 AND revoked_at IS NOT NULL AND block_lifted_at IS NULL
      RETURNING id`,
    [userSub, courseId, liftedBy],
  )
  if (!rows.length) return []
  const { rows: changed } = await db.query<SubscriptionRow>(`SELECT ${COLUMNS} FROM ${FROM} WHERE s.id = ANY($1::uuid[]) ORDER BY s.created_at DESC`, [
    rows.map((r) => r.id),
  ])
  return changed
}

export async function findCourse(db: Queryable, uuid: string): Promise<{ uuid: string; name: string } | null> {
  const { rows } = await db.query<{ uuid: string; name: string }>('SELECT uuid, name FROM courses WHERE uuid = $1', [uuid])
  return rows[0] ?? null
}

export async function findPlan(db: Queryable, id: string): Promise<{ id: string; course_uuid: string; name: string; duration_days: number } | null> {
  const { rows } = await db.query<{ id: string; course_uuid: string; name: string; duration_days: number }>(
    'SELECT id, course_uuid, name, duration_days FROM subscription_plans WHERE id = $1',
    [id],
  )
  return rows[0] ?? null
}

/** A new subscription with the plan's name and duration copied (editing the plan later changes nothing bought). */
export async function insertSubscription(
  db: Queryable,
  s: { courseId: string; userSub: string; planId: string; planName: string; durationDays: number; createdBy: string },
): Promise<SubscriptionRow> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO subscriptions (course_uuid, user_sub, plan_id, plan_name, duration_days, created_by) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [s.courseId, s.userSub, s.planId, s.planName, s.durationDays, s.createdBy],
  )
  const row = (await findSubscription(db, rows[0].id, s.courseId))!
  await notify(db, s.userSub, 'subscription-added', { course: row.course_name, plan: s.planName }, `/galaxy/courses/overview/${s.courseId}`)
  return row
}
