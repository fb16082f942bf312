import { ATTEMPT_CLOSED, ATTEMPT_NOT_FOUND, NO_ATTEMPTS_LEFT } from '../../../contracts/learner/forms.js'
import { ESSAY_NOT_FOUND, ESSAY_STALE } from '../../../contracts/courses/essays.js'
import type { CourseSnapshot } from '../../../contracts/courses/content.js'
import type { Db, Queryable } from '../../db/index.js'
import { HttpError } from '../../http/http-error.js'
import { notify } from '../../notifications/queries.js'
import type { LearningRecords } from '../../xapi/index.js'
import { settle, type Studying } from '../progress/completion.js'
import { publishedSnapshot } from '../snapshots.js'
import { drawAttempt, type Draw } from './draw.js'
import type { SnapshotForm } from './forms.js'
import {
  attemptOf,
  claimExpiredAttempts,
  closeAttempt,
  countTry,
  essaysOf,
  expiredAttemptsOf,
  gradeAttempt,
  insertEssays,
  insertOpenAttempt,
  lockCounter,
  lockEssay,
  openAttemptOf,
  saveEssayGrade,
  savedAnswers,
  upsertAnswers,
  lockAttemptToStudy,
  type EssayRow,
  type FullAttemptRow,
} from './queries.js'
import { mustStudy } from '../study-access.js'
import { answeredRight, canonicalAnswer, type StoredAnswer } from './questions.js'

/**
 * The life of a form attempt (decision 0035): started (a try counted, the draw stored), answered
 * question by question, closed by its learner or by its deadline, graded from what was saved; pending
 * while essays wait for course staff, whose last grade completes it. A pass settles the course
 * (completion and certificate) in the transaction that grades it.
 */

/** How long after its deadline a save still counts (the way from the browser takes a moment). */
export const GRACE_MS = 5000

const closed = () => new HttpError(409, ATTEMPT_CLOSED, 'ATTEMPT_CLOSED')
const notFound = () => new HttpError(404, ATTEMPT_NOT_FOUND, 'NOT_FOUND')
const expired = (row: Pick<FullAttemptRow, 'deadline'>, now: Date) => row.deadline !== null && new Date(row.deadline).getTime() + GRACE_MS < now.getTime()

/** Per question: right, wrong, or null for an essay; with the essays' grades, the score and pass. */
export interface Outcome {
  results: Record<string, boolean | null>
  essays: Array<{ question: string; maxPoints: number }>
  /** Null while an essay waits for a grade. */
  score: number | null
  passed: boolean | null
}

/**
 * Grades the draw from the answers: every question one point, an essay its points / maxPoints of one.
 * Without every essay's points, the score is unknown (null).
 */
export function outcomeOf(draw: Draw, answers: Record<string, StoredAnswer>, essayPoints: ReadonlyMap<string, number | null> = new Map()): Outcome {
  const results: Record<string, boolean | null> = {}
  const essays: Outcome['essays'] = []
  let points = 0
  let unknown = false
  for (const d of draw.questions) {
    const right = answeredRight(d.question, Object.hasOwn(answers, d.key) ? answers[d.key] : undefined, d)
    results[d.key] = right
    if (d.question.type === 'essay') {
      essays.push({ question: d.key, maxPoints: d.question.maxPoints })
      const got = essayPoints.get(d.key)
      if (got === undefined || got === null) unknown = true
      else points += Math.min(1, got / d.question.maxPoints)
    } else if (right) points += 1
  }
  if (unknown) return { results, essays, score: null, passed: null }
  const score = draw.questions.length ? Math.round((points / draw.questions.length) * 10000) / 100 : 0
  return { results, essays, score, passed: score >= draw.requiredScore }
}

/** The answers checked against the attempt's questions: canonical answers, or 400 with a field error per bad one. */
export function checkAnswers(draw: Draw, raw: Record<string, unknown>): Record<string, StoredAnswer> {
  const byKey = new Map(draw.questions.map((d) => [d.key, d.question]))
  const errors: Record<string, string> = {}
  const out: Record<string, StoredAnswer> = {}
  for (const [key, value] of Object.entries(raw)) {
    const q = byKey.get(key)
    if (!q) {
      errors[`answers.${key}`] = 'Not a question of this attempt'
      continue
    }
    const answer = canonicalAnswer(q, value)
    if (answer === null) errors[`answers.${key}`] = 'Not an answer to this question'
    else out[key] = answer
  }
  if (Object.keys(errors).length) throw new HttpError(400, 'Invalid request', 'VALIDATION', errors)
  return out
}

/** What grading needs besides the attempt: the clock, and where learning records go. */
export interface Grader {
  now: Date
  records?: LearningRecords | null
}

/** Settles the course after a pass, against its newest published snapshot (nothing when it is gone). */
async function settlePass(tx: Queryable, who: Studying, course: string): Promise<void> {
  const snapshot = await publishedSnapshot(tx, course)
  if (snapshot) await settle(tx, who, snapshot)
}

async function recordGrade(tx: Queryable, row: FullAttemptRow, score: number, passed: boolean, who: Studying) {
  const snapshot = await publishedSnapshot(tx, row.course_uuid)
  if (snapshot) await who.records?.answered(tx, row.user_sub, snapshot, { id: row.form_id, title: row.draw?.form ?? '' }, { score, passed })
  if (passed) await settlePass(tx, who, row.course_uuid)
}

/**
 * Closes an open attempt (its row locked by the caller) with the answers saved, and grades it: pending
 * when it has essays, else graded (a pass settles the course).
 */
async function finish(tx: Queryable, row: FullAttemptRow, late: boolean, who: Studying, now: Date): Promise<void> {
  const draw = row.draw!
  const answers = await savedAnswers(tx, row.id)
  const o = outcomeOf(draw, answers)
  if (o.essays.length) {
    await closeAttempt(tx, row.id, { status: 'pending', score: 0, passed: false, results: o.results, late, answers, now })
    await insertEssays(tx, row.id, row.course_uuid, o.essays, now)
    return
  }
  await closeAttempt(tx, row.id, { status: 'graded', score: o.score!, passed: o.passed!, results: o.results, late, answers, now })
  await recordGrade(tx, row, o.score!, o.passed!, who)
}

/** Closes the attempt if it is still open and past its deadline; true when it did. */
async function closeIfExpired(db: Db, id: string, who: Studying, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const row = await attemptOf(tx, id, null, true)
    if (!row || row.status !== 'open' || !expired(row, now)) return false
    await finish(tx, row, true, who, now)
    return true
  })
}

/** Closes the learner's attempts (at one form, or in the course) whose time is up: whoever looks next does it. */
export async function closeExpiredOf(db: Db, who: Studying, course: string, now: Date, form?: string): Promise<void> {
  for (const id of await expiredAttemptsOf(db, who.sub, course, new Date(now.getTime() - GRACE_MS), form)) await closeIfExpired(db, id, who, now)
}

/**
 * The deadline job's run (one runner across processes: the caller holds the sweep's advisory lock):
 * closes up to `limit` expired attempts of anyone, so the gradebook is right without the learners
 * coming back. Answers how many it closed.
 */
export async function closeExpiredAttempts(tx: Queryable, g: Grader, limit = 200): Promise<number> {
  const ids = await claimExpiredAttempts(tx, new Date(g.now.getTime() - GRACE_MS), limit)
  for (const id of ids) {
    const row = (await attemptOf(tx, id, null, true))!
    await finish(tx, row, true, { sub: row.user_sub, records: g.records }, g.now)
  }
  return ids.length
}

/**
 * Starts an attempt of the form (`started`), or answers the learner's open one. Starting counts a try under the
 * lock of the learner's counter of the form: two starts at once make one attempt; none left is 409.
 */
export async function startAttempt(
  db: Db,
  who: Studying,
  snapshot: CourseSnapshot,
  form: SnapshotForm,
  now: Date,
): Promise<{ row: FullAttemptRow; started: boolean }> {
  const course = snapshot.course.uuid
  await closeExpiredOf(db, who, course, now, form.id)
  return db.transaction(async (tx) => {
    const used = await lockCounter(tx, course, who.sub, form.id)
    const open = await openAttemptOf(tx, who.sub, course, form.id)
    if (open) return { row: open, started: false }
    if (used >= form.values.tries) throw new HttpError(409, NO_ATTEMPTS_LEFT, 'NO_ATTEMPTS_LEFT')
    await countTry(tx, course, who.sub, form.id)
    const minutes = form.values.timeLimitMinutes
    const deadline = minutes ? new Date(now.getTime() + minutes * 60_000) : null
    const draw = drawAttempt(form.values, snapshot)
    return { row: await insertOpenAttempt(tx, { course, version: snapshot.version, form: form.id, userSub: who.sub, deadline, draw, now }), started: true }
  })
}

/** The caller's attempt, or 404 (another learner's attempt is as unknown as one that never was). */
export async function attemptFor(db: Queryable, id: string, sub: string): Promise<FullAttemptRow> {
  const row = await attemptOf(db, id, sub)
  if (!row || !row.draw) throw notFound()
  return row
}

/**
 * Saves answers of the learner's open attempt in time, on a course they may still study (the attempt's
 * row lock taken with the checks, in one statement). Late or closed: 409 and nothing saved (a late
 * attempt is closed then, with what it had).
 */
export async function saveAnswers(db: Db, who: Studying, id: string, raw: Record<string, unknown>, now: Date) {
  const saved = await db.transaction(async (tx) => {
    const found = await lockAttemptToStudy(tx, id, who.sub)
    if (!found || !found.row.draw) throw notFound()
    mustStudy(found.published, found.subscriptions, now)
    const answers = checkAnswers(found.row.draw, raw)
    if (found.row.status !== 'open' || expired(found.row, now)) return null
    const { answers: stored, revision } = await upsertAnswers(tx, id, answers, now)
    return { answers: stored, revision: revision ?? found.row.revision }
  })
  if (!saved) {
    await closeIfExpired(db, id, who, now)
    throw closed()
  }
  return { savedAt: now, ...saved }
}

/**
 * Submits the attempt: the answers given are saved first when it is open and in time, then it is closed
 * and graded from what is stored. Submitting a closed attempt changes nothing and answers its result.
 */
export async function submitAttempt(db: Db, who: Studying, row: FullAttemptRow, raw: Record<string, unknown> | undefined, now: Date): Promise<FullAttemptRow> {
  const answers = raw ? checkAnswers(row.draw!, raw) : {}
  return db.transaction(async (tx) => {
    const locked = (await attemptOf(tx, row.id, who.sub, true))!
    if (locked.status === 'open') {
      const late = expired(locked, now)
      if (!late && Object.keys(answers).length) await upsertAnswers(tx, row.id, answers, now)
      await finish(tx, locked, late, who, now)
    }
    return (await attemptOf(tx, row.id, who.sub))!
  })
}

/** The result of a closed attempt as its learner sees it: per question right or wrong, essays' points once graded. */
export async function resultOf(db: Queryable, row: FullAttemptRow) {
  const essays = row.draw?.questions.some((d) => d.question.type === 'essay') ? await essaysOf(db, [row.id]) : []
  const byQuestion = new Map(essays.map((e) => [e.question_id, e]))
  const results = row.results ?? {}
  return {
    pending: row.status === 'pending',
    late: row.late,
    score: row.status === 'graded' ? row.score : 0,
    passed: row.status === 'graded' ? row.passed : false,
    requiredScore: row.draw?.requiredScore ?? 0,
    questions: (row.draw?.questions ?? []).map((d) => {
      const essay = byQuestion.get(d.key)
      return essay
        ? { id: d.key, right: null, points: essay.points, maxPoints: essay.max_points }
        : { id: d.key, right: d.question.type === 'essay' ? null : results[d.key] === true }
    }),
  }
}

/** The essays of attempts, by attempt id. */
export async function essaysByAttempt(db: Queryable, attempts: readonly string[]): Promise<Map<string, EssayRow[]>> {
  const out = new Map<string, EssayRow[]>()
  for (const e of await essaysOf(db, attempts)) out.set(e.attempt_id, [...(out.get(e.attempt_id) ?? []), e])
  return out
}

/**
 * Grades one essay of a submitted attempt of the course, from the grade's revision the grader read
 * (a stale one: 409 with the current revision). When no essay of the attempt waits any more, the
 * attempt's score is computed (a pass settles the course) and its learner is notified.
 */
export async function gradeEssay(
  db: Db,
  g: Grader & { by: string },
  course: string,
  attempt: string,
  question: string,
  grade: { points: number; feedback?: string; revision: number },
): Promise<{ essay: EssayRow; attempt: FullAttemptRow }> {
  return db.transaction(async (tx) => {
    const row = await attemptOf(tx, attempt, null, true)
    const essay = row && row.course_uuid === course ? await lockEssay(tx, course, attempt, question) : null
    if (!row || !essay) throw new HttpError(404, ESSAY_NOT_FOUND, 'NOT_FOUND')
    if (essay.revision !== grade.revision) throw new HttpError(409, ESSAY_STALE, 'STALE_REVISION', undefined, { revision: essay.revision })
    if (grade.points > essay.max_points) throw new HttpError(400, 'Invalid request', 'VALIDATION', { points: `At most ${essay.max_points}` })
    await saveEssayGrade(tx, { attempt, question, points: grade.points, feedback: grade.feedback?.trim() || null, by: g.by, now: g.now })
    const essays = await essaysOf(tx, [attempt])
    const points = new Map(essays.map((e) => [e.question_id, e.points]))
    const o = outcomeOf(row.draw!, await savedAnswers(tx, attempt), points)
    if (o.score !== null) {
      const first = row.status === 'pending'
      await gradeAttempt(tx, attempt, o.score, o.passed!)
      const who = { sub: row.user_sub, records: g.records }
      if (first) await recordGrade(tx, row, o.score, o.passed!, who)
      else if (o.passed) await settlePass(tx, who, course)
      await notify(tx, row.user_sub, 'essay-graded', { course: row.draw!.course, form: row.draw!.form }, `/galaxy/courses/overview/${course}`)
    }
    return { essay: essays.find((e) => e.question_id === question)!, attempt: (await attemptOf(tx, attempt, null))! }
  })
}
