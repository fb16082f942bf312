import type { Queryable } from '../../db/index.js'
import type { When } from '../../http/dates.js'

/** SQL of assignment submissions (migrations 0036, 0037): one row per learner and assignment block. */

export interface StoredFile {
  path: string
  name: string
  size: number
  contentType: string
}

export interface SubmissionRow {
  id: string
  course_uuid: string
  block_id: string
  user_sub: string
  course_version: number
  status: 'submitted' | 'returned' | 'graded'
  text_answer: string | null
  files: StoredFile[]
  submissions: number
  submitted_at: When
  late: boolean
  points: number | null
  max_points: number | null
  score: number | null
  passed: boolean | null
  rubric: Record<string, string> | null
  feedback: string | null
  graded_by: string | null
  graded_at: When | null
  revision: number
  learner_username: string
  learner_email: string
  learner_name: string
}

const COLUMNS = `id, course_uuid, block_id, user_sub, course_version, status, text_answer, files, submissions, submitted_at, late,
  points, max_points, score, passed, rubric, feedback, graded_by, graded_at, revision, learner_username, learner_email, learner_name`

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v))
function toRow(r: SubmissionRow): SubmissionRow {
  return { ...r, points: num(r.points), max_points: num(r.max_points), score: num(r.score), revision: Number(r.revision), submissions: Number(r.submissions) }
}

/** The learner's own submission of an assignment block, or null. */
export async function submissionOf(db: Queryable, course: string, block: string, sub: string): Promise<SubmissionRow | null> {
  const { rows } = await db.query<SubmissionRow>(`SELECT ${COLUMNS} FROM assignment_submissions WHERE course_uuid = $1 AND block_id = $2 AND user_sub = $3`, [
    course,
    block,
    sub,
  ])
  return rows[0] ? toRow(rows[0]) : null
}

/** A submission by its id (staff routes check the caller's right on its course afterwards). */
export async function submissionById(db: Queryable, id: string): Promise<SubmissionRow | null> {
  const { rows } = await db.query<SubmissionRow>(`SELECT ${COLUMNS} FROM assignment_submissions WHERE id = $1`, [id])
  return rows[0] ? toRow(rows[0]) : null
}

export interface HandIn {
  course: string
  block: string
  sub: string
  version: number
  text: string | null
  files: StoredFile[]
  late: boolean
  learner: { username: string; email: string; name: string }
}

/**
 * Stores a hand-in. With `revision` 0 it is the first (none may exist yet); otherwise it replaces the
 * submission at exactly that revision unless it is graded, and moves its revision on. Null when the
 * row is not as the learner saw it (another tab handed in, or a grader acted first): a 409.
 * A resubmission keeps `late` as the first hand-in set it (returned work may come back at any time).
 */
export async function handIn(tx: Queryable, h: HandIn, revision: number): Promise<SubmissionRow | null> {
  const files = JSON.stringify(h.files)
  if (revision === 0) {
    const { rows } = await tx.query<SubmissionRow>(
      `INSERT INTO assignment_submissions (course_uuid, block_id, user_sub, course_version, text_answer, files, late, learner_username, learner_email, learner_name)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9, $10)
       ON CONFLICT (course_uuid, block_id, user_sub) DO NOTHING
       RETURNING ${COLUMNS}`,
      [h.course, h.block, h.sub, h.version, h.text, files, h.late, h.learner.username, h.learner.email, h.learner.name],
    )
    return rows[0] ? toRow(rows[0]) : null
  }
  const { rows } = await tx.query<SubmissionRow>(
    `UPDATE assignment_submissions
        SET status = 'submitted', text_answer = $5, files = $6::jsonb, course_version = $4, submissions = submissions + 1,
            submitted_at = now(), revision = revision + 1, updated_at = now(),
            learner_username = $8, learner_email = $9, learner_name = $10
      WHERE course_uuid = $1 AND block_id = $2 AND user_sub = $3 AND revision = $7 AND status <> 'graded'
      RETURNING ${COLUMNS}`,
    [h.course, h.block, h.sub, h.version, h.text, files, revision, h.learner.username, h.learner.email, h.learner.name],
  )
  return rows[0] ? toRow(rows[0]) : null
}

export interface GradeValues {
  points: number
  maxPoints: number
  score: number
  passed: boolean
  rubric: Record<string, string> | null
  feedback: string | null
  gradedBy: string
}

/** Grades submitted work at exactly `revision`; null when it is not as the grader saw it (409). */
export async function recordGrade(tx: Queryable, id: string, revision: number, g: GradeValues): Promise<SubmissionRow | null> {
  const { rows } = await tx.query<SubmissionRow>(
    `UPDATE assignment_submissions
        SET status = 'graded', points = $3, max_points = $4, score = $5, passed = $6, rubric = $7::jsonb, feedback = $8,
            graded_by = $9, graded_at = now(), revision = revision + 1, updated_at = now()
      WHERE id = $1 AND revision = $2 AND status = 'submitted'
      RETURNING ${COLUMNS}`,
    [id, revision, g.points, g.maxPoints, g.score, g.passed, g.rubric === null ? null : JSON.stringify(g.rubric), g.feedback, g.gradedBy],
  )
  return rows[0] ? toRow(rows[0]) : null
}

/** Sends submitted work back for resubmission at exactly `revision`; null when stale (409). */
export async function recordReturn(tx: Queryable, id: string, revision: number, feedback: string, by: string): Promise<SubmissionRow | null> {
  const { rows } = await tx.query<SubmissionRow>(
    `UPDATE assignment_submissions
        SET status = 'returned', feedback = $3, graded_by = $4, revision = revision + 1, updated_at = now()
      WHERE id = $1 AND revision = $2 AND status = 'submitted'
      RETURNING ${COLUMNS}`,
    [id, revision, feedback, by],
  )
  return rows[0] ? toRow(rows[0]) : null
}

export interface QueueFilter {
  course: string
  status: 'ungraded' | 'late' | 'returned' | 'graded' | 'all'
  learner: string
  block: string | null
  after: [string, string] | null
  limit: number
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`)

/**
 * One page of a course's submissions, oldest hand-in first, after the (submitted_at, id) key of the
 * previous page. `page_key` is the hand-in time to the microsecond (a JavaScript date keeps only
 * milliseconds, and the next page must start exactly after the last row).
 */
export async function queuePage(db: Queryable, f: QueueFilter): Promise<Array<SubmissionRow & { page_key: string }>> {
  const params: unknown[] = [f.course, f.limit]
  const where = ['course_uuid = $1']
  if (f.status === 'ungraded') where.push("status = 'submitted'")
  else if (f.status === 'late') where.push('late')
  else if (f.status === 'returned') where.push("status = 'returned'")
  else if (f.status === 'graded') where.push("status = 'graded'")
  const learner = f.learner.trim()
  if (learner) {
    params.push(`%${likeEscape(learner.toLowerCase())}%`)
    const p = `$${params.length}`
    where.push(`(lower(learner_name) LIKE ${p} OR lower(learner_username) LIKE ${p} OR lower(learner_email) LIKE ${p})`)
  }
  if (f.block) {
    params.push(f.block)
    where.push(`block_id = $${params.length}::uuid`)
  }
  if (f.after) {
    params.push(f.after[0], f.after[1])
    where.push(`(submitted_at, id) > ($${params.length - 1}::timestamptz, $${params.length}::uuid)`)
  }
  const { rows } = await db.query<SubmissionRow & { page_key: string }>(
    `SELECT ${COLUMNS}, to_char(submitted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS page_key
       FROM assignment_submissions WHERE ${where.join(' AND ')} ORDER BY submitted_at, id LIMIT $2`,
    params,
  )
  return rows.map((r) => ({ ...toRow(r), page_key: r.page_key }))
}

/** The assignment blocks the learner has passed (graded and passed), for completion. */
export async function passedAssignments(db: Queryable, sub: string, course: string): Promise<Set<string>> {
  const { rows } = await db.query<{ block_id: string }>(
    "SELECT block_id FROM assignment_submissions WHERE course_uuid = $1 AND user_sub = $2 AND status = 'graded' AND passed",
    [course, sub],
  )
  return new Set(rows.map((r) => r.block_id))
}
