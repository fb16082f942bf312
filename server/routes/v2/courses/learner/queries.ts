import { notify } from '../../../../notifications/queries.js'
import type { Queryable } from '../../../../db/index.js'
import type { When } from '../../../../http/dates.js'

/** SQL of the learner's subscriptions to a course. */

// ---------------------------------------------------------------------------------------------------
// Plans and subscriptions.
// ---------------------------------------------------------------------------------------------------

/** The plans on offer for a course: the builder's own query (an archived plan is kept only for those who hold it). */
export { livePlans as offeredPlans, type PlanRow } from '../../../../courses/content/queries.js'

export interface SubscriptionRow {
  id: string
  course_uuid: string
  course_name: string
  plan_name: string
  duration_days: number
  created_at: When
  revoked_at: When | null
}

/** The caller's subscriptions to one course, newest first. */
export async function courseSubscriptions(db: Queryable, sub: string, course: string): Promise<SubscriptionRow[]> {
  const { rows } = await db.query<SubscriptionRow>(
    `SELECT s.id, s.course_uuid, c.name AS course_name, s.plan_name, s.duration_days, s.created_at, s.revoked_at
       FROM subscriptions s JOIN courses c ON c.uuid = s.course_uuid
      WHERE s.user_sub = $1 AND s.course_uuid = $2
      ORDER BY s.created_at DESC, s.id DESC`,
    [sub, course],
  )
  return rows
}

/** Whether an administrator's revocation still blocks the learner from subscribing to the course by themselves. */
export async function selfSubscriptionBlocked(db: Queryable, sub: string, course: string): Promise<boolean> {
  const { rows } = await db.query(
    'SELECT 1 FROM subscriptions WHERE user_sub = $1 AND course_uuid = $2 AND revoked_at IS NOT NULL AND block_lifted_at IS NULL LIMIT 1',
    [sub, course],
  )
  return rows.length > 0
}

/** Serialises one learner's subscribing to one course (two tabs clicking at once get one subscription). */
export async function lockLearnerCourse(tx: Queryable, sub: string, course: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`subscribe:${sub}:${course}`])
}

export async function insertSubscription(
  tx: Queryable,
  s: { course: string; sub: string; plan: string; planName: string; durationDays: number },
): Promise<SubscriptionRow> {
  const { rows } = await tx.query<SubscriptionRow>(
    `INSERT INTO subscriptions (course_uuid, user_sub, plan_id, plan_name, duration_days, created_by)
     VALUES ($1, $2, $3, $4, $5, $2)
     RETURNING id, course_uuid, (SELECT name FROM courses WHERE uuid = $1) AS course_name, plan_name, duration_days, created_at, revoked_at`,
    [s.course, s.sub, s.plan, s.planName, s.durationDays],
  )
  // The learner hears of it (subscribing themselves, or a paid checkout's webhook) in the same transaction.
  await notify(tx, s.sub, 'subscription-added', { course: rows[0].course_name, plan: s.planName }, `/galaxy/courses/overview/${s.course}`)
  return rows[0]
}
