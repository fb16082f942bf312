import type { Queryable } from '../../../../db/index.js'

export interface AttemptRow {
  form_id: string
  score: number
  passed: boolean
  created_at: Date | string
}

/** The learner's attempts at the course's forms (or one form), oldest first. */
export async function attemptsOf(db: Queryable, userSub: string, course: string, form?: string): Promise<AttemptRow[]> {
  const { rows } = await db.query<AttemptRow & { score: string | number }>(
    `SELECT form_id, score, passed, created_at FROM form_attempts
      WHERE course_uuid = $1 AND user_sub = $2 ${form ? 'AND form_id = $3' : ''}
      ORDER BY created_at, id`,
    form ? [course, userSub, form] : [course, userSub],
  )
  return rows.map((r) => ({ ...r, score: Number(r.score) }))
}

/**
 * Locks the learner's try counter of a form (creating it at 0) and returns the tries used, in one
 * statement: the insert's conflict update locks an existing row as `FOR UPDATE` would. Every
 * submission takes this lock first, so concurrent submissions are counted one after the other.
 */
export async function lockTries(tx: Queryable, userSub: string, course: string, form: string): Promise<number> {
  const { rows } = await tx.query<{ used: number }>(
    `INSERT INTO form_attempt_counters (course_uuid, user_sub, form_id) VALUES ($1, $2, $3)
     ON CONFLICT (course_uuid, user_sub, form_id) DO UPDATE SET used = form_attempt_counters.used
     RETURNING used`,
    [course, userSub, form],
  )
  return Number(rows[0].used)
}

/** Stores a graded attempt and counts the try (under the lock of `lockTries`). */
export async function recordAttempt(
  tx: Queryable,
  a: { course: string; version: number; form: string; userSub: string; answers: Record<string, string[]>; score: number; passed: boolean },
): Promise<void> {
  await tx.query(
    `WITH attempt AS (
       INSERT INTO form_attempts (course_uuid, course_version, form_id, user_sub, answers, score, passed)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7)
     )
     UPDATE form_attempt_counters SET used = used + 1 WHERE course_uuid = $1 AND user_sub = $4 AND form_id = $3`,
    [a.course, a.version, a.form, a.userSub, JSON.stringify(a.answers), a.score, a.passed],
  )
}
