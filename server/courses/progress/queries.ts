import type { Queryable } from '../../db/index.js'
import type { When } from '../../http/dates.js'

/** SQL of a learner's progress in a course: opened blocks, video positions, resume point and completion. */

// ---------------------------------------------------------------------------------------------------
// Progress, resume and completion.
// ---------------------------------------------------------------------------------------------------

export interface ProgressRow {
  block_id: string
  watched_seconds: string | number
  position_seconds: string | number
  duration_seconds: string | number | null
  completed_at: When | null
}

/**
 * The learner's progress rows in a course and the forms and assignments they passed (in any published
 * version), in one statement: a passed form or assignment comes as a row with `form` set and no figures.
 */
export async function progressAndPassed(db: Queryable, sub: string, course: string): Promise<Array<ProgressRow & { form: boolean }>> {
  const { rows } = await db.query<ProgressRow & { form: boolean }>(
    `SELECT block_id, watched_seconds, position_seconds, duration_seconds, completed_at, false AS form
       FROM learner_progress WHERE user_sub = $1 AND course_uuid = $2
     UNION ALL
     SELECT DISTINCT form_id, 0::numeric, 0::numeric, NULL::numeric, NULL::timestamptz, true FROM form_attempts WHERE course_uuid = $2 AND user_sub = $1 AND passed
     UNION ALL
     SELECT block_id, 0::numeric, 0::numeric, NULL::numeric, NULL::timestamptz, true FROM assignment_submissions
      WHERE course_uuid = $2 AND user_sub = $1 AND status = 'graded' AND passed`,
    [sub, course],
  )
  return rows
}

/**
 * Records that a block was opened at `at` (the server's clock); `complete` marks it done (the first
 * time only). Opening also restarts a video's measure of time: what is watched from here on is
 * counted from this moment.
 */
export async function recordOpened(tx: Queryable, sub: string, course: string, block: string, complete: boolean, at: Date): Promise<ProgressRow> {
  const { rows } = await tx.query<ProgressRow>(
    `INSERT INTO learner_progress (user_sub, course_uuid, block_id, completed_at, reported_at) VALUES ($1, $2, $3, CASE WHEN $4::boolean THEN $5::timestamptz END, $5)
     ON CONFLICT (user_sub, course_uuid, block_id) DO UPDATE
        SET completed_at = COALESCE(learner_progress.completed_at, EXCLUDED.completed_at), reported_at = EXCLUDED.reported_at, updated_at = now()
     RETURNING block_id, watched_seconds, position_seconds, duration_seconds, completed_at`,
    [sub, course, block, complete, at.toISOString()],
  )
  return rows[0]
}

/**
 * Records a video's position `seconds` reported at `at` (the server's clock). The watched point only
 * grows, towards the position, by at most `rate` × the seconds since the previous report (or the
 * opening), of which at most `maxGap` count; the first report of a block never opened earns nothing.
 * The video is done once the watched point is within `slack` of `duration` (and stays done); a video
 * of unknown length (null) keeps its position but is never done.
 */
export async function recordPosition(
  tx: Queryable,
  p: { sub: string; course: string; block: string; seconds: number; duration: number | null; at: Date; rate: number; maxGap: number; slack: number },
): Promise<ProgressRow> {
  const elapsed = 'LEAST($8::numeric, GREATEST(0, COALESCE(extract(epoch FROM $6::timestamptz - lp.reported_at)::numeric, 0)))'
  const reached = `GREATEST(lp.watched_seconds, LEAST(EXCLUDED.position_seconds, lp.watched_seconds + $7::numeric * ${elapsed}))`
  const { rows } = await tx.query<ProgressRow>(
    `INSERT INTO learner_progress AS lp (user_sub, course_uuid, block_id, watched_seconds, position_seconds, duration_seconds, reported_at)
     VALUES ($1, $2, $3, 0, $4::numeric, $5::numeric, $6::timestamptz)
     ON CONFLICT (user_sub, course_uuid, block_id) DO UPDATE
        SET watched_seconds = ${reached},
            position_seconds = EXCLUDED.position_seconds,
            duration_seconds = EXCLUDED.duration_seconds,
            completed_at = COALESCE(lp.completed_at, CASE WHEN ${reached} >= EXCLUDED.duration_seconds - $9::numeric THEN $6::timestamptz END),
            reported_at = EXCLUDED.reported_at,
            updated_at = now()
     RETURNING block_id, watched_seconds, position_seconds, duration_seconds, completed_at`,
    [p.sub, p.course, p.block, p.seconds, p.duration, p.at.toISOString(), p.rate, p.maxGap, p.slack],
  )
  return rows[0]
}

export async function setResume(tx: Queryable, sub: string, course: string, block: string): Promise<void> {
  await tx.query(
    `INSERT INTO learner_resume (user_sub, course_uuid, block_id) VALUES ($1, $2, $3)
     ON CONFLICT (user_sub, course_uuid) DO UPDATE SET block_id = EXCLUDED.block_id, updated_at = now()`,
    [sub, course, block],
  )
}

export async function resumeBlock(db: Queryable, sub: string, course: string): Promise<string | null> {
  const { rows } = await db.query<{ block_id: string }>('SELECT block_id FROM learner_resume WHERE user_sub = $1 AND course_uuid = $2', [sub, course])
  return rows[0]?.block_id ?? null
}

/**
 * Records the first completion of the course; answers when it was completed and whether this call
 * recorded it. One statement in the usual case: the insert answers a new row, the select beside it an
 * earlier one. A completion committed by a concurrent step after this statement began is neither,
 * and is read again.
 */
export async function recordCompletion(tx: Queryable, sub: string, course: string, version: number): Promise<{ at: When; added: boolean }> {
  const { rows } = await tx.query<{ completed_at: When; added: boolean }>(
    `WITH added AS (
       INSERT INTO course_completions (user_sub, course_uuid, course_version) VALUES ($1, $2, $3)
       ON CONFLICT (user_sub, course_uuid) DO NOTHING RETURNING completed_at
     )
     SELECT completed_at, true AS added FROM added
     UNION ALL SELECT completed_at, false FROM course_completions WHERE user_sub = $1 AND course_uuid = $2`,
    [sub, course, version],
  )
  const row = rows[0]
  return row ? { at: row.completed_at, added: row.added } : { at: (await completionOf(tx, sub, course))!, added: false }
}

export async function completionOf(db: Queryable, sub: string, course: string): Promise<When | null> {
  const { rows } = await db.query<{ completed_at: When }>('SELECT completed_at FROM course_completions WHERE user_sub = $1 AND course_uuid = $2', [sub, course])
  return rows[0]?.completed_at ?? null
}

/** Done and total counted blocks of several courses for one learner (the dashboard's progress). */
export async function progressOfCourses(db: Queryable, sub: string, courses: string[]): Promise<Map<string, { done: number; total: number }>> {
  if (courses.length === 0) return new Map()
  const { rows } = await db.query<{ uuid: string; done: string | number; total: string | number }>(
    `SELECT p.uuid, jsonb_array_length(p.counted_blocks) AS total,
            (SELECT count(*) FROM jsonb_array_elements(p.counted_blocks) AS b
              WHERE EXISTS (SELECT 1 FROM learner_progress lp
                             WHERE lp.user_sub = $1 AND lp.course_uuid = p.uuid AND lp.block_id = (b->>'id')::uuid AND lp.completed_at IS NOT NULL)
                 OR (b->>'kind' = 'form' AND EXISTS (SELECT 1 FROM form_attempts fa
                             WHERE fa.course_uuid = p.uuid AND fa.user_sub = $1 AND fa.form_id = (b->>'id')::uuid AND fa.passed))
                 OR (b->>'kind' = 'assignment' AND EXISTS (SELECT 1 FROM assignment_submissions a
                             WHERE a.course_uuid = p.uuid AND a.user_sub = $1 AND a.block_id = (b->>'id')::uuid AND a.status = 'graded' AND a.passed))) AS done
       FROM published_courses p
      WHERE p.uuid = ANY($2::uuid[])`,
    [sub, courses],
  )
  return new Map(rows.map((r) => [r.uuid, { done: Number(r.done), total: Number(r.total) }]))
}
