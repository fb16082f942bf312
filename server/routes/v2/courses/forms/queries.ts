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
 * Counts a try of the form and stores the graded attempt, in one statement, unless every one of the
 * form's `tries` is used: true when the attempt was stored. The counter's conflict update locks the
 * row as `FOR UPDATE` would and checks the count on its newest version, so concurrent submissions
 * are counted one after the other and never use more tries than the form allows.
 */
export async function recordAttempt(
  tx: Queryable,
  a: { course: string; version: number; form: string; userSub: string; answers: Record<string, string[]>; score: number; passed: boolean },
  tries: number,
): Promise<boolean> {
  const { rows } = await tx.query(
    `WITH counted AS (
       INSERT INTO form_attempt_counters AS c (course_uuid, user_sub, form_id, used) SELECT $1, $4, $3, 1 WHERE $8::integer >= 1
       ON CONFLICT (course_uuid, user_sub, form_id) DO UPDATE SET used = c.used + 1 WHERE c.used < $8::integer
       RETURNING used
     )
     INSERT INTO form_attempts (course_uuid, course_version, form_id, user_sub, answers, score, passed)
     SELECT $1, $2, $3, $4, $5::jsonb, $6, $7 FROM counted
     RETURNING id`,
    [a.course, a.version, a.form, a.userSub, JSON.stringify(a.answers), a.score, a.passed, tries],
  )
  return rows.length > 0
}
