import { CATALOGUE_PAGE_SIZE } from '../../../contracts/admin/common.js'
import type { Queryable } from '../../db/index.js'

/** A subscription is live while not revoked and its days are not over (the rule of `subscriptionState`). */
const LIVE = `((s.revoked_at IS NULL OR s.revoked_at > now()) AND s.created_at + s.duration_days * interval '1 day' > now())`

export interface SubscriptionRow {
  id: string
  course_uuid: string
  course_name: string
  user_sub: string
  plan_name: string
  duration_days: number
  created_at: Date | string
  revoked_at: Date | string | null
  block_lifted_at: Date | string | null
}

/** What narrows the subscriptors: learners by username, and plans by a name prefix. */
export interface SubscriptorFilter {
  users: string[]
  planPrefix: string
}

function filterOf(f: SubscriptorFilter | null, params: unknown[]): string {
  if (!f) return ''
  params.push(f.users, f.planPrefix.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`) + '%')
  const users = `$${params.length - 1}::text[]`
  const plan = `$${params.length}`
  return `AND s.user_sub IN (SELECT f.user_sub FROM subscriptions f WHERE f.course_uuid = $1 AND (f.user_sub = ANY(${users}) OR lower(f.plan_name) LIKE ${plan}))`
}

/**
 * One page of the course's learners: for each, the subscription that says most about them now (the
 * live one lasting longest, else the one started last) and how many they have; the learner whose
 * latest subscription started last comes first.
 */
export async function listSubscriptors(
  db: Queryable,
  course: string,
  page: number,
  filter: SubscriptorFilter | null,
): Promise<Array<SubscriptionRow & { n: string | number }>> {
  const params: unknown[] = [course, CATALOGUE_PAGE_SIZE, (page - 1) * CATALOGUE_PAGE_SIZE]
  const where = filterOf(filter, params)
  const { rows } = await db.query<SubscriptionRow & { n: string | number }>(
    `WITH ranked AS (
       SELECT s.id, s.course_uuid, c.name AS course_name, s.user_sub, s.plan_name, s.duration_days, s.created_at, s.revoked_at, s.block_lifted_at,
              count(*) OVER learner AS n,
              max(s.created_at) OVER learner AS last_at,
              row_number() OVER (PARTITION BY s.user_sub
                ORDER BY ${LIVE} DESC, CASE WHEN ${LIVE} THEN s.created_at + s.duration_days * interval '1 day' END DESC NULLS LAST, s.created_at DESC, s.id DESC) AS rank
         FROM subscriptions s JOIN courses c ON c.uuid = s.course_uuid
        WHERE s.course_uuid = $1 ${where}
       WINDOW learner AS (PARTITION BY s.user_sub))
     SELECT id, course_uuid, course_name, user_sub, plan_name, duration_days, created_at, revoked_at, block_lifted_at, n
       FROM ranked WHERE rank = 1 ORDER BY last_at DESC, user_sub LIMIT $2 OFFSET $3`,
    params,
  )
  return rows
}

/** How many learners the same filter leaves. */
export async function countSubscriptors(db: Queryable, course: string, filter: SubscriptorFilter | null): Promise<number> {
  const params: unknown[] = [course]
  const where = filterOf(filter, params)
  const { rows } = await db.query<{ n: string | number }>(
    `SELECT count(DISTINCT s.user_sub) AS n FROM subscriptions s WHERE s.course_uuid = $1 ${where}`,
    params,
  )
  return Number(rows[0]?.n ?? 0)
}

/** Every subscription of one learner to one course, newest first. */
export async function subscriptionsOf(db: Queryable, course: string, user: string): Promise<SubscriptionRow[]> {
  const { rows } = await db.query<SubscriptionRow>(
    `SELECT s.id, s.course_uuid, c.name AS course_name, s.user_sub, s.plan_name, s.duration_days, s.created_at, s.revoked_at, s.block_lifted_at
       FROM subscriptions s JOIN courses c ON c.uuid = s.course_uuid
      WHERE s.course_uuid = $1 AND s.user_sub = $2 ORDER BY s.created_at DESC, s.id DESC`,
    [course, user],
  )
  return rows
}

/** A course that is not deleted. */
export async function courseExists(db: Queryable, uuid: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM courses WHERE uuid = $1 AND deleted_at IS NULL', [uuid])
  return rows.length > 0
}

export interface AttemptRow {
  id: string
  form_id: string
  user_sub: string
  course_version: number | null
  score: string | number | null
  passed: boolean | null
  answers: unknown
  created_at: Date | string
  /** 1 for the learner's first try of the form. */
  attempt: string | number
}

const ATTEMPT_COLUMNS = `a.id, a.form_id::text AS form_id, a.user_sub, a.course_version, a.score, a.passed, a.created_at,
  row_number() OVER (PARTITION BY a.user_sub, a.form_id ORDER BY a.created_at, a.id) AS attempt`

/** The learner's tries of every form of the course, oldest first. */
export async function attemptsOf(db: Queryable, course: string, user: string): Promise<AttemptRow[]> {
  const { rows } = await db.query<AttemptRow>(
    `SELECT ${ATTEMPT_COLUMNS}, NULL AS answers FROM form_attempts a WHERE a.course_uuid = $1 AND a.user_sub = $2 ORDER BY a.created_at, a.id`,
    [course, user],
  )
  return rows
}

/** One try with its answers and its number among the learner's tries of that form. */
export async function findAttempt(db: Queryable, course: string, id: string): Promise<AttemptRow | null> {
  const { rows } = await db.query<AttemptRow>(
    `SELECT * FROM (
       SELECT ${ATTEMPT_COLUMNS}, a.answers FROM form_attempts a
        WHERE a.course_uuid = $1 AND (a.user_sub, a.form_id) IN (SELECT user_sub, form_id FROM form_attempts WHERE id = $2)) t
      WHERE t.id = $2`,
    [course, id],
  )
  return rows[0] ?? null
}

/** The course's form blocks as they are now, in reading order (section, then block). */
export async function formsOf(db: Queryable, course: string): Promise<Array<{ id: string; values: unknown }>> {
  const { rows } = await db.query<{ id: string; values: unknown }>(
    `SELECT b.id::text AS id, b.values FROM course_items b LEFT JOIN course_items s ON s.course_uuid = b.course_uuid AND s.id = b.section_id
      WHERE b.course_uuid = $1 AND b.kind = 'form' AND b.deleted_at IS NULL
      ORDER BY s.position NULLS FIRST, b.position, b.id`,
    [course],
  )
  return rows
}

/** A form block's values, deleted or not. */
export async function formValues(db: Queryable, course: string, id: string): Promise<unknown> {
  const { rows } = await db.query<{ values: unknown }>(`SELECT values FROM course_items WHERE course_uuid = $1 AND id::text = $2 AND kind = 'form'`, [
    course,
    id,
  ])
  return rows[0]?.values ?? null
}

/** The content of a published version (the immutable snapshot). */
export async function versionContent(db: Queryable, course: string, version: number): Promise<unknown> {
  const { rows } = await db.query<{ content: unknown }>('SELECT content FROM course_versions WHERE course_uuid = $1 AND version = $2', [course, version])
  return rows[0]?.content ?? null
}
