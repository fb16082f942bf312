import type { ItemFilter } from '../../../contracts/courses/gradebook.js'
import type { Queryable } from '../../db/index.js'
import type { When } from '../../http/dates.js'
import type { FormStats, SubmissionStats } from './grades.js'

/** SQL of the gradebook: a course's learners in pages, and their tries, submissions, completions and certificates. */

/** What narrows the learners of the table. */
export interface LearnerFilter {
  /** Only these usernames (a search), or any. */
  users: string[] | null
  completed: boolean | null
  /** Only the learners whose item is ungraded or failing. */
  item: { id: string; kind: 'form' | 'assignment'; state: ItemFilter } | null
}

function whereOf(f: LearnerFilter, params: unknown[]): string {
  const parts: string[] = []
  if (f.users) {
    params.push(f.users)
    parts.push(`s.user_sub = ANY($${params.length}::text[])`)
  }
  if (f.completed !== null) {
    parts.push(`${f.completed ? '' : 'NOT '}EXISTS (SELECT 1 FROM course_completions cc WHERE cc.course_uuid = s.course_uuid AND cc.user_sub = s.user_sub)`)
  }
  if (f.item) {
    params.push(f.item.id)
    const id = `$${params.length}::uuid`
    if (f.item.kind === 'form') {
      const tried = `EXISTS (SELECT 1 FROM form_attempts a WHERE a.course_uuid = s.course_uuid AND a.user_sub = s.user_sub AND a.form_id = ${id} AND a.status = 'graded')`
      const passed = `EXISTS (SELECT 1 FROM form_attempts a WHERE a.course_uuid = s.course_uuid AND a.user_sub = s.user_sub AND a.form_id = ${id} AND a.passed)`
      parts.push(f.item.state === 'ungraded' ? `NOT ${tried}` : `${tried} AND NOT ${passed}`)
    } else {
      const graded = (extra: string) =>
        `EXISTS (SELECT 1 FROM assignment_submissions x WHERE x.course_uuid = s.course_uuid AND x.user_sub = s.user_sub AND x.block_id = ${id} AND x.status = 'graded'${extra})`
      parts.push(f.item.state === 'ungraded' ? `NOT ${graded('')}` : graded(' AND x.passed IS NOT TRUE'))
    }
  }
  return parts.map((p) => ` AND ${p}`).join('')
}

/** One page of the course's learners (anyone with a subscription to it, past or present), by username after `after`. */
export async function learnersPage(db: Queryable, course: string, filter: LearnerFilter, limit: number, after: string | null): Promise<string[]> {
  const params: unknown[] = [course, limit, after]
  const where = whereOf(filter, params)
  const { rows } = await db.query<{ user_sub: string }>(
    `SELECT DISTINCT s.user_sub FROM subscriptions s
      WHERE s.course_uuid = $1 AND ($3::text IS NULL OR s.user_sub > $3::text)${where}
      ORDER BY s.user_sub LIMIT $2`,
    params,
  )
  return rows.map((r) => r.user_sub)
}

/** How many learners the filter leaves. */
export async function countLearners(db: Queryable, course: string, filter: LearnerFilter): Promise<number> {
  const params: unknown[] = [course]
  const where = whereOf(filter, params)
  const { rows } = await db.query<{ n: string | number }>(
    `SELECT count(DISTINCT s.user_sub) AS n FROM subscriptions s WHERE s.course_uuid = $1${where}`,
    params,
  )
  return Number(rows[0]?.n ?? 0)
}

const key = (user: string, item: string) => `${user}\n${item}`

/** Each learner's tries at each form, keyed by learner and form. */
export async function formStats(db: Queryable, course: string, users: string[]): Promise<Map<string, FormStats>> {
  const { rows } = await db.query<{ user_sub: string; form_id: string; used: string | number; best: string | number | null; passed: boolean }>(
    `SELECT user_sub, form_id::text AS form_id, count(*) AS used, max(score) FILTER (WHERE status = 'graded') AS best, bool_or(passed) AS passed
       FROM form_attempts WHERE course_uuid = $1 AND user_sub = ANY($2::text[]) GROUP BY user_sub, form_id`,
    [course, users],
  )
  return new Map(
    rows.map((r) => [key(r.user_sub, r.form_id), { used: Number(r.used), best: r.best === null ? null : Number(r.best), passed: r.passed === true }]),
  )
}

/** Each learner's submission of each assignment, keyed by learner and block. */
export async function submissionStats(db: Queryable, course: string, users: string[]): Promise<Map<string, SubmissionStats>> {
  const { rows } = await db.query<{
    user_sub: string
    block_id: string
    status: SubmissionStats['status']
    score: string | number | null
    passed: boolean | null
    late: boolean
  }>(
    `SELECT user_sub, block_id::text AS block_id, status, score, passed, late
       FROM assignment_submissions WHERE course_uuid = $1 AND user_sub = ANY($2::text[])`,
    [course, users],
  )
  return new Map(
    rows.map((r) => [key(r.user_sub, r.block_id), { status: r.status, score: r.score === null ? null : Number(r.score), passed: r.passed, late: r.late }]),
  )
}

/** The learners' completions and certificate codes. */
export async function completions(
  db: Queryable,
  course: string,
  users: string[],
): Promise<Map<string, { completedAt: When | null; certificate: string | null }>> {
  const { rows } = await db.query<{ user_sub: string; completed_at: When | null; code: string | null }>(
    `SELECT u.user_sub, cc.completed_at, ic.code
       FROM unnest($2::text[]) AS u (user_sub)
       LEFT JOIN course_completions cc ON cc.course_uuid = $1 AND cc.user_sub = u.user_sub
       LEFT JOIN issued_certificates ic ON ic.course_uuid = $1 AND ic.user_sub = u.user_sub`,
    [course, users],
  )
  return new Map(rows.map((r) => [r.user_sub, { completedAt: r.completed_at, certificate: r.code }]))
}

export const statsKey = key
