import type { AssignmentValues, CourseSnapshot } from '../../../contracts/courses/content.js'
import { ALREADY_GRADED, PAST_DUE, dueDateOf, maxPointsOf } from '../../../contracts/learner/assignments.js'
import { HttpError } from '../../http/http-error.js'
import type { SubmissionRow } from './queries.js'

/**
 * The rules of assignments (docs/teaching.md "Assignments", decision 0033): who may hand in when, and
 * how a grade becomes points, a percentage and a pass. The routes call these; nothing here reads the
 * database.
 */

/** An assignment block of a published snapshot, with its title as the index shows it. */
export interface SnapshotAssignment {
  id: string
  title: string
  values: Partial<AssignmentValues>
}

/** The assignment blocks of the snapshot, in course order. */
export function assignmentsOf(snapshot: CourseSnapshot): SnapshotAssignment[] {
  return [...snapshot.sections]
    .sort((a, b) => a.position - b.position)
    .flatMap((s) => [...s.blocks].sort((a, b) => a.position - b.position))
    .filter((b) => b.kind === 'assignment')
    .map((b) => ({ id: b.id, title: typeof b.values.title === 'string' ? b.values.title.trim() : '', values: b.values as Partial<AssignmentValues> }))
}

/** Why the learner may not hand in now, or null: graded work is final; past the due date only returned work comes back. */
export function handInRefusal(a: SnapshotAssignment, started: Date, row: SubmissionRow | null, now = new Date()): 'ALREADY_GRADED' | 'PAST_DUE' | null {
  if (row?.status === 'graded') return 'ALREADY_GRADED'
  const due = dueDateOf(a.values, started)
  // A first hand-in after the due date is taken and marked late (decision 0033); a resubmission is not.
  if (due && now > due && row !== null && row.status !== 'returned') return 'PAST_DUE'
  return null
}

export const refusalError = (code: 'ALREADY_GRADED' | 'PAST_DUE') => new HttpError(409, code === 'ALREADY_GRADED' ? ALREADY_GRADED : PAST_DUE, code)

export interface ComputedGrade {
  points: number
  maxPoints: number
  score: number
  passed: boolean
  rubric: Record<string, string> | null
}

const round2 = (n: number) => Math.round(n * 100) / 100

/**
 * The grade of a submission from what the grader chose: with a rubric, one level of every criterion
 * (the points are the chosen levels' sum); with a plain score, points between 0 and the maximum.
 * Score (percent) and pass against the pass mark are computed here. Throws 400 with field errors.
 */
export function computeGrade(v: Partial<AssignmentValues>, given: { rubric?: Record<string, string>; points?: number }): ComputedGrade {
  const maxPoints = maxPointsOf(v)
  const invalid = (errors: Record<string, string>) => new HttpError(400, 'Invalid request', 'VALIDATION', errors)
  if (maxPoints <= 0) throw new HttpError(409, 'This assignment has nothing to grade against', 'INVALID_OPERATION')
  let points: number
  let rubric: Record<string, string> | null = null
  if (v.grading === 'points') {
    if (given.points === undefined) throw invalid({ points: 'Required' })
    if (given.points > maxPoints) throw invalid({ points: `Must be at most ${maxPoints}` })
    points = given.points
  } else {
    const chosen = given.rubric ?? {}
    const errors: Record<string, string> = {}
    points = 0
    rubric = {}
    for (const c of v.rubric ?? []) {
      const level = Object.hasOwn(chosen, c.id) ? c.levels.find((l) => l.id === chosen[c.id]) : undefined
      if (!level) {
        errors[`rubric.${c.id}`] = Object.hasOwn(chosen, c.id) ? 'Not one of the levels of this criterion' : 'Required'
        continue
      }
      rubric[c.id] = level.id
      points += level.points
    }
    for (const id of Object.keys(chosen)) if (!(v.rubric ?? []).some((c) => c.id === id)) errors[`rubric.${id}`] = 'Not a criterion of this assignment'
    if (Object.keys(errors).length) throw invalid(errors)
  }
  const score = Math.min(100, round2((points / maxPoints) * 100))
  return { points: round2(points), maxPoints: round2(maxPoints), score, passed: score >= (v.passMark ?? 50), rubric }
}
