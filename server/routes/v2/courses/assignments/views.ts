import type { StaffSubmission, Submission } from '../../../../../contracts/learner/assignments.js'
import { maxPointsOf } from '../../../../../contracts/learner/assignments.js'
import type { SnapshotAssignment } from '../../../../courses/assignments/rules.js'
import type { SubmissionRow } from '../../../../courses/assignments/queries.js'
import { iso } from '../../../../http/dates.js'
import type { App } from '../../../../types.js'

/** Submission rows as API objects; file links are made only for callers already allowed to read the row. */

export async function toSubmission(app: Pick<App, 'storage'>, r: SubmissionRow): Promise<Submission> {
  const files = await Promise.all(r.files.map(async (f) => ({ ...f, url: await app.storage.readUrl(f.path) })))
  const graded = r.status === 'graded' && r.points !== null && r.max_points !== null && r.score !== null && r.graded_at !== null
  return {
    id: r.id,
    course: r.course_uuid,
    block: r.block_id,
    status: r.status,
    text: r.text_answer,
    files,
    submissions: r.submissions,
    submittedAt: iso(r.submitted_at),
    late: r.late,
    feedback: r.feedback,
    grade: graded
      ? { points: r.points!, maxPoints: r.max_points!, score: r.score!, passed: r.passed === true, rubric: r.rubric, gradedAt: iso(r.graded_at!) }
      : null,
    revision: r.revision,
  }
}

export async function toStaffSubmission(app: Pick<App, 'storage'>, r: SubmissionRow, a: SnapshotAssignment | null): Promise<StaffSubmission> {
  return {
    ...(await toSubmission(app, r)),
    learner: learnerOf(r),
    blockTitle: a?.title ?? '',
    assignment: a ? { ...a.values } : {},
    maxPoints: a ? maxPointsOf(a.values) : 0,
    gradedBy: r.graded_by,
  }
}

export const learnerOf = (r: SubmissionRow) => ({ sub: r.user_sub, name: r.learner_name || r.learner_username, email: r.learner_email })
