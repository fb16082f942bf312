import type { Queryable } from '../../db/index.js'
import type { When } from '../../http/dates.js'
import type { Reported } from './cmi.js'

/** SQL of learners' SCORM attempts (one row per learner, SCO and attempt). */

export interface AttemptRow {
  sco_id: string
  attempt: number
  cmi: Record<string, unknown>
  session_id: string
  seq: number
  completion: string
  success: string
  score: string | number | null
  exit: string
  total_seconds: string | number
  session_seconds: string | number
  session_started_at: When
}

const COLUMNS = 'sco_id, attempt, cmi, session_id, seq, completion, success, score, exit, total_seconds, session_seconds, session_started_at'

/** Every attempt of the learner at the block's SCOs, oldest first. */
export async function attemptsAt(db: Queryable, sub: string, course: string, block: string): Promise<AttemptRow[]> {
  const { rows } = await db.query<AttemptRow>(
    `SELECT ${COLUMNS} FROM scorm_attempts WHERE user_sub = $1 AND course_uuid = $2 AND block_id = $3 ORDER BY sco_id, attempt`,
    [sub, course, block],
  )
  return rows
}

/** The learner's latest attempt at one SCO, locked until the transaction ends (launches of one SCO take turns). */
export async function latestAttempt(tx: Queryable, sub: string, course: string, block: string, sco: string): Promise<AttemptRow | null> {
  const { rows } = await tx.query<AttemptRow>(
    `SELECT ${COLUMNS} FROM scorm_attempts WHERE user_sub = $1 AND course_uuid = $2 AND block_id = $3 AND sco_id = $4
      ORDER BY attempt DESC LIMIT 1 FOR UPDATE`,
    [sub, course, block, sco],
  )
  return rows[0] ?? null
}

/** Starts attempt `attempt` with session `session` (its first launch). */
export async function startAttempt(tx: Queryable, p: { sub: string; course: string; block: string; sco: string; attempt: number; session: string; at: Date }) {
  await tx.query(
    `INSERT INTO scorm_attempts (user_sub, course_uuid, block_id, sco_id, attempt, session_id, session_started_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [p.sub, p.course, p.block, p.sco, p.attempt, p.session, p.at.toISOString()],
  )
}

/**
 * Opens a new session of an attempt (a launch to resume it): the time of the previous session joins
 * the total, and only the new session's commits are taken from now on.
 */
export async function resumeAttempt(tx: Queryable, p: { sub: string; course: string; block: string; sco: string; attempt: number; session: string; at: Date }) {
  await tx.query(
    `UPDATE scorm_attempts
        SET total_seconds = total_seconds + session_seconds, session_seconds = 0, session_id = $6, seq = 0, session_started_at = $7, updated_at = now()
      WHERE user_sub = $1 AND course_uuid = $2 AND block_id = $3 AND sco_id = $4 AND attempt = $5`,
    [p.sub, p.course, p.block, p.sco, p.attempt, p.session, p.at.toISOString()],
  )
}

export interface CommitRecord {
  sub: string
  course: string
  block: string
  sco: string
  attempt: number
  session: string
  seq: number
  cmi: Record<string, unknown>
  reported: Reported
  at: Date
}

/**
 * Takes a commit of the session, unless a commit numbered as high was taken already. The session's
 * time is what the package reported, but never more than the time since its launch by the server's
 * clock. Answers the row as it is afterwards, and whether this commit changed it; null when the
 * attempt does not exist.
 */
export async function commitAttempt(tx: Queryable, c: CommitRecord): Promise<{ row: AttemptRow; taken: boolean } | null> {
  const { rows } = await tx.query<AttemptRow & { taken: boolean }>(
    `WITH taken AS (
       UPDATE scorm_attempts
          SET cmi = $8::jsonb, seq = $7, completion = $9, success = $10, score = $11, exit = $12,
              session_seconds = LEAST($13::numeric, GREATEST(0, extract(epoch FROM $14::timestamptz - session_started_at))::numeric(12, 2)),
              updated_at = now()
        WHERE user_sub = $1 AND course_uuid = $2 AND block_id = $3 AND sco_id = $4 AND attempt = $5 AND session_id = $6 AND seq < $7
       RETURNING ${COLUMNS}
     )
     SELECT ${COLUMNS}, true AS taken FROM taken
     UNION ALL
     SELECT ${COLUMNS}, false FROM scorm_attempts
      WHERE user_sub = $1 AND course_uuid = $2 AND block_id = $3 AND sco_id = $4 AND attempt = $5 AND NOT EXISTS (SELECT 1 FROM taken)`,
    [
      c.sub,
      c.course,
      c.block,
      c.sco,
      c.attempt,
      c.session,
      c.seq,
      JSON.stringify(c.cmi),
      c.reported.completion,
      c.reported.success,
      c.reported.score,
      c.reported.exit,
      Math.min(c.reported.sessionSeconds, 1e9),
      c.at.toISOString(),
    ],
  )
  const row = rows[0]
  if (!row) return null
  const { taken, ...rest } = row
  return { row: rest, taken }
}
