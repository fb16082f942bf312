import type { Queryable } from '../../db/index.js'
import type { SubscriptionTerms } from '../study-access.js'
import type { Draw } from './draw.js'
import type { StoredAnswer } from './questions.js'

/** SQL of form attempts, their saved answers and their essays' grades (migrations 0012, 0014, 0039). */

/** An attempt as standings and summaries read it. */
export interface AttemptRow {
  id: string
  form_id: string
  status: 'open' | 'pending' | 'graded'
  score: number
  passed: boolean
  late: boolean
  created_at: Date | string
  submitted_at: Date | string | null
  /** Whether it was made through `forms/completed` (no draw). */
  legacy: boolean
}

/** The learner's attempts at the course's forms (or one form), oldest first. */
export async function attemptsOf(db: Queryable, userSub: string, course: string, form?: string): Promise<AttemptRow[]> {
  const { rows } = await db.query<AttemptRow & { score: string | number }>(
    `SELECT id, form_id, status, score, passed, late, created_at, submitted_at, draw IS NULL AS legacy FROM form_attempts
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
     INSERT INTO form_attempts (course_uuid, course_version, form_id, user_sub, answers, score, passed, submitted_at)
     SELECT $1, $2, $3, $4, $5::jsonb, $6, $7, now() FROM counted
     RETURNING id`,
    [a.course, a.version, a.form, a.userSub, JSON.stringify(a.answers), a.score, a.passed, tries],
  )
  return rows.length > 0
}

/**
 * Locks the learner's try counter of the form (making it at 0 the first time) and answers the tries
 * used: whoever holds it is the only one starting or counting an attempt of this learner and form.
 */
export async function lockCounter(tx: Queryable, course: string, userSub: string, form: string): Promise<number> {
  const { rows } = await tx.query<{ used: number }>(
    `INSERT INTO form_attempt_counters AS c (course_uuid, user_sub, form_id, used) VALUES ($1, $2, $3, 0)
     ON CONFLICT (course_uuid, user_sub, form_id) DO UPDATE SET used = c.used
     RETURNING used`,
    [course, userSub, form],
  )
  return Number(rows[0].used)
}

export async function countTry(tx: Queryable, course: string, userSub: string, form: string): Promise<void> {
  await tx.query(`UPDATE form_attempt_counters SET used = used + 1 WHERE course_uuid = $1 AND user_sub = $2 AND form_id = $3`, [course, userSub, form])
}

/** An attempt with what it asks. */
export interface FullAttemptRow {
  id: string
  course_uuid: string
  course_version: number
  form_id: string
  user_sub: string
  status: 'open' | 'pending' | 'graded'
  score: number
  passed: boolean
  late: boolean
  deadline: Date | string | null
  created_at: Date | string
  submitted_at: Date | string | null
  draw: Draw | null
  results: Record<string, boolean | null> | null
  revision: number
}

const FULL = `id, course_uuid, course_version, form_id, user_sub, status, score, passed, late, deadline, created_at, submitted_at, draw, results, revision`
/** `FULL` of a query naming the attempts `a`. */
const FULL_OF_A = FULL.split(', ')
  .map((c) => `a.${c}`)
  .join(', ')
const full = (r: FullAttemptRow & { score: string | number }): FullAttemptRow => ({ ...r, score: Number(r.score), revision: Number(r.revision) })

/** The learner's open attempt of the form, or null. */
export async function openAttemptOf(db: Queryable, userSub: string, course: string, form: string): Promise<FullAttemptRow | null> {
  const { rows } = await db.query<FullAttemptRow & { score: string }>(
    `SELECT ${FULL} FROM form_attempts WHERE course_uuid = $1 AND user_sub = $2 AND form_id = $3 AND status = 'open'`,
    [course, userSub, form],
  )
  return rows[0] ? full(rows[0]) : null
}

/** The attempt `id` when it is the learner's (a malformed id is nobody's); `lock` takes its row lock. */
export async function attemptOf(db: Queryable, id: string, userSub: string | null, lock = false): Promise<FullAttemptRow | null> {
  const { rows } = await db.query<FullAttemptRow & { score: string }>(
    `SELECT ${FULL} FROM form_attempts WHERE id = $1 ${userSub === null ? '' : 'AND user_sub = $2'} ${lock ? 'FOR UPDATE' : ''}`,
    userSub === null ? [id] : [id, userSub],
  )
  return rows[0] ? full(rows[0]) : null
}

export async function insertOpenAttempt(
  tx: Queryable,
  a: { course: string; version: number; form: string; userSub: string; deadline: Date | null; draw: Draw; now: Date },
): Promise<FullAttemptRow> {
  const { rows } = await tx.query<FullAttemptRow & { score: string }>(
    `INSERT INTO form_attempts (course_uuid, course_version, form_id, user_sub, status, deadline, draw, created_at)
     VALUES ($1, $2, $3, $4, 'open', $5, $6::jsonb, $7) RETURNING ${FULL}`,
    [a.course, a.version, a.form, a.userSub, a.deadline, JSON.stringify(a.draw), a.now],
  )
  return full(rows[0])
}

/** The answers saved for the attempt, by question id. */
export async function savedAnswers(db: Queryable, attempt: string): Promise<Record<string, StoredAnswer>> {
  const { rows } = await db.query<{ question_id: string; answer: StoredAnswer }>(`SELECT question_id, answer FROM form_attempt_answers WHERE attempt_id = $1`, [
    attempt,
  ])
  return Object.fromEntries(rows.map((r) => [r.question_id, r.answer]))
}

/**
 * Saves answers in one statement, one row per question: an answer equal to the saved one is left as it is;
 * when some changed, the attempt's revision moves on. Answers every saved answer of the attempt after the
 * save and the revision it moved to (null when nothing changed). Run it holding the attempt's row lock:
 * the statement's snapshot then holds every save made before.
 */
export async function upsertAnswers(
  tx: Queryable,
  attempt: string,
  answers: Record<string, StoredAnswer>,
  now: Date,
): Promise<{ answers: Record<string, StoredAnswer>; revision: number | null }> {
  const { rows } = await tx.query<{ answers: Record<string, StoredAnswer> | null; revision: number | string | null }>(
    `WITH changed AS (
       INSERT INTO form_attempt_answers AS a (attempt_id, question_id, answer, saved_at)
       SELECT $1, g.key, g.value, $3 FROM jsonb_each($2::jsonb) AS g
       ON CONFLICT (attempt_id, question_id) DO UPDATE SET answer = excluded.answer, saved_at = excluded.saved_at
        WHERE a.answer IS DISTINCT FROM excluded.answer
       RETURNING question_id, answer
     ), moved AS (
       UPDATE form_attempts SET revision = revision + 1 WHERE id = $1 AND EXISTS (SELECT 1 FROM changed) RETURNING revision
     )
     SELECT (SELECT revision FROM moved) AS revision,
            (SELECT jsonb_object_agg(s.question_id, s.answer) FROM (
               SELECT question_id, answer FROM form_attempt_answers WHERE attempt_id = $1 AND question_id NOT IN (SELECT question_id FROM changed)
               UNION ALL SELECT question_id, answer FROM changed) AS s) AS answers`,
    [attempt, JSON.stringify(answers), now],
  )
  const r = rows[0]!
  return { answers: r.answers ?? {}, revision: r.revision === null ? null : Number(r.revision) }
}

/**
 * The learner's attempt under its row lock, with what says whether they may still study its course:
 * whether the course is published (and not deleted), and their subscriptions to it, newest first.
 */
export async function lockAttemptToStudy(
  tx: Queryable,
  id: string,
  userSub: string,
): Promise<{ row: FullAttemptRow; published: boolean; subscriptions: SubscriptionTerms[] } | null> {
  const { rows } = await tx.query<FullAttemptRow & { score: string; published: boolean; subscriptions: SubscriptionTerms[] }>(
    `SELECT ${FULL_OF_A},
            (c.published_version IS NOT NULL AND c.deleted_at IS NULL) AS published,
            (SELECT coalesce(json_agg(json_build_object('created_at', s.created_at, 'duration_days', s.duration_days, 'revoked_at', s.revoked_at)
                                      ORDER BY s.created_at DESC, s.id DESC), '[]')
               FROM subscriptions s WHERE s.course_uuid = a.course_uuid AND s.user_sub = a.user_sub) AS subscriptions
       FROM form_attempts a JOIN courses c ON c.uuid = a.course_uuid
      WHERE a.id = $1 AND a.user_sub = $2
      FOR UPDATE OF a`,
    [id, userSub],
  )
  if (!rows[0]) return null
  const { published, subscriptions, ...row } = rows[0]
  return { row: full(row), published, subscriptions }
}

/** Closes an open attempt: 'pending' (essays wait) or 'graded' with its score. */
export async function closeAttempt(
  tx: Queryable,
  id: string,
  c: {
    status: 'pending' | 'graded'
    score: number
    passed: boolean
    results: Record<string, boolean | null>
    late: boolean
    answers: Record<string, StoredAnswer>
    now: Date
  },
): Promise<void> {
  await tx.query(
    `UPDATE form_attempts SET status = $2, score = $3, passed = $4, results = $5::jsonb, late = $6, answers = $7::jsonb, submitted_at = $8
      WHERE id = $1`,
    [id, c.status, c.score, c.passed, JSON.stringify(c.results), c.late, JSON.stringify(c.answers), c.now],
  )
}

/** A pending attempt graded: its score and pass or fail. */
export async function gradeAttempt(tx: Queryable, id: string, score: number, passed: boolean): Promise<void> {
  await tx.query(`UPDATE form_attempts SET status = 'graded', score = $2, passed = $3 WHERE id = $1`, [id, score, passed])
}

/** The learner's open attempts (of one form, or of the course) whose deadline and grace have passed. */
export async function expiredAttemptsOf(db: Queryable, userSub: string, course: string, cutoff: Date, form?: string): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM form_attempts WHERE course_uuid = $1 AND user_sub = $2 AND status = 'open' AND deadline < $3 ${form ? 'AND form_id = $4' : ''}`,
    form ? [course, userSub, cutoff, form] : [course, userSub, cutoff],
  )
  return rows.map((r) => r.id)
}

/** Open attempts past their deadline and grace, anyone's, oldest first; locked rows are passed over. */
export async function claimExpiredAttempts(tx: Queryable, cutoff: Date, limit: number): Promise<string[]> {
  const { rows } = await tx.query<{ id: string }>(
    `SELECT id FROM form_attempts WHERE status = 'open' AND deadline < $1 ORDER BY deadline LIMIT $2 FOR UPDATE SKIP LOCKED`,
    [cutoff, limit],
  )
  return rows.map((r) => r.id)
}

export interface EssayRow {
  attempt_id: string
  question_id: string
  course_uuid: string
  max_points: number
  points: number | null
  feedback: string | null
  graded_by: string | null
  graded_at: Date | string | null
  revision: number
  created_at: Date | string
}
const essay = (r: EssayRow & { points: string | number | null }): EssayRow => ({
  ...r,
  points: r.points === null ? null : Number(r.points),
  max_points: Number(r.max_points),
  revision: Number(r.revision),
})

export async function insertEssays(tx: Queryable, attempt: string, course: string, essays: Array<{ question: string; maxPoints: number }>, now: Date) {
  for (const e of essays) {
    await tx.query(
      `INSERT INTO form_essay_grades (attempt_id, question_id, course_uuid, max_points, created_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (attempt_id, question_id) DO NOTHING`,
      [attempt, e.question, course, e.maxPoints, now],
    )
  }
}

/** The essays of attempts, by attempt. */
export async function essaysOf(db: Queryable, attempts: readonly string[]): Promise<EssayRow[]> {
  if (attempts.length === 0) return []
  const { rows } = await db.query<EssayRow & { points: string | null }>(
    `SELECT attempt_id, question_id, course_uuid, max_points, points, feedback, graded_by, graded_at, revision, created_at
       FROM form_essay_grades WHERE attempt_id = ANY($1::uuid[]) ORDER BY created_at, question_id`,
    [attempts],
  )
  return rows.map(essay)
}

/** One essay of the course, locked for its grade; null when there is none. */
export async function lockEssay(tx: Queryable, course: string, attempt: string, question: string): Promise<EssayRow | null> {
  const { rows } = await tx.query<EssayRow & { points: string | null }>(
    `SELECT attempt_id, question_id, course_uuid, max_points, points, feedback, graded_by, graded_at, revision, created_at
       FROM form_essay_grades WHERE course_uuid = $1 AND attempt_id = $2 AND question_id = $3 FOR UPDATE`,
    [course, attempt, question],
  )
  return rows[0] ? essay(rows[0]) : null
}

export async function saveEssayGrade(tx: Queryable, g: { attempt: string; question: string; points: number; feedback: string | null; by: string; now: Date }) {
  await tx.query(
    `UPDATE form_essay_grades SET points = $3, feedback = $4, graded_by = $5, graded_at = $6, revision = revision + 1
      WHERE attempt_id = $1 AND question_id = $2`,
    [g.attempt, g.question, g.points, g.feedback, g.by, g.now],
  )
}

/** A row of the staff's essay queue: the essay, its attempt, the learner's answer. */
export interface QueueRow extends EssayRow {
  form_id: string
  user_sub: string
  submitted_at: Date | string
  draw: Draw | null
  answer: unknown
}

const QUEUE_SELECT = `SELECT g.attempt_id, g.question_id, g.course_uuid, g.max_points, g.points, g.feedback, g.graded_by, g.graded_at, g.revision, g.created_at,
            a.form_id, a.user_sub, coalesce(a.submitted_at, a.created_at) AS submitted_at, a.draw, x.answer
       FROM form_essay_grades g
       JOIN form_attempts a ON a.id = g.attempt_id
       LEFT JOIN form_attempt_answers x ON x.attempt_id = g.attempt_id AND x.question_id = g.question_id`

/** One essay of the queue. */
export async function queueRowOf(db: Queryable, attempt: string, question: string): Promise<QueueRow | null> {
  const { rows } = await db.query<QueueRow & { points: string | null }>(`${QUEUE_SELECT} WHERE g.attempt_id = $1 AND g.question_id = $2`, [attempt, question])
  return rows[0] ? { ...rows[0], ...essay(rows[0]) } : null
}

/**
 * The course's essays waiting for a grade (or graded), oldest first, after the keyset `after`
 * ([created_at, attempt, question]); `limit + 1` rows so the caller knows whether a page follows.
 */
export async function essayQueue(db: Queryable, course: string, graded: boolean, after: [string, string, string] | null, limit: number): Promise<QueueRow[]> {
  const params: unknown[] = [course, graded, limit + 1]
  let keyset = ''
  if (after) {
    params.push(after[0], after[1], after[2])
    keyset = 'AND (g.created_at, g.attempt_id, g.question_id) > ($4::timestamptz, $5::uuid, $6::text)'
  }
  const { rows } = await db.query<QueueRow & { points: string | null }>(
    `${QUEUE_SELECT} WHERE g.course_uuid = $1 AND (g.points IS NOT NULL) = $2 ${keyset}
      ORDER BY g.created_at, g.attempt_id, g.question_id
      LIMIT $3`,
    params,
  )
  return rows.map((r) => ({ ...r, ...essay(r) }))
}

export async function countEssays(db: Queryable, course: string, graded: boolean): Promise<number> {
  const { rows } = await db.query<{ n: string | number }>(`SELECT count(*) AS n FROM form_essay_grades WHERE course_uuid = $1 AND (points IS NOT NULL) = $2`, [
    course,
    graded,
  ])
  return Number(rows[0]?.n ?? 0)
}

/** The prompts of the essays of attempts, keyed `<attempt>/<question>` (read from their stored draws). */
export async function promptsOf(db: Queryable, attempts: readonly string[]): Promise<Map<string, string>> {
  if (attempts.length === 0) return new Map()
  const { rows } = await db.query<{ id: string; draw: Draw | null }>(`SELECT id, draw FROM form_attempts WHERE id = ANY($1::uuid[])`, [attempts])
  return new Map(
    rows.flatMap((r) => (r.draw?.questions ?? []).filter((d) => d.question.type === 'essay').map((d) => [`${r.id}/${d.key}`, d.question.text] as const)),
  )
}
