import { courseErrorResponses } from '../../../../../contracts/courses/common.js'
import {
  GRADING_PAGE_SIZE,
  GradeBody,
  GradeResponse,
  GradingQueue,
  GradingQueueParams,
  GradingQueueQuery,
  NOT_GRADABLE,
  ReturnBody,
  STALE_SUBMISSION,
  SUBMISSION_NOT_FOUND,
  StaffSubmission,
  SubmissionParams,
} from '../../../../../contracts/learner/assignments.js'
import { printedNames } from '../../../../certificates/index.js'
import { queuePage, recordGrade, recordReturn, submissionById, type SubmissionRow } from '../../../../courses/assignments/queries.js'
import { assignmentsOf, computeGrade } from '../../../../courses/assignments/rules.js'
import { settle } from '../../../../courses/progress/completion.js'
import { publishedSnapshot } from '../../../../courses/snapshots.js'
import type { Queryable } from '../../../../db/index.js'
import { actorOf } from '../../../../http/actor.js'
import { iso } from '../../../../http/dates.js'
import { HttpError } from '../../../../http/http-error.js'
import { decodeToken, encodeToken, TIMESTAMP_RE, UUID_RE } from '../../../../http/paging.js'
import { notify } from '../../../../notifications/queries.js'
import type { App, Principal } from '../../../../types.js'
import { requireCourse } from '../creator/access.js'
import { learnerOf, toStaffSubmission } from './views.js'

const tags = ['course staff: grading assignments']
const isQueueKey = (v: unknown[]): v is [string, string] =>
  v.length === 2 && typeof v[0] === 'string' && TIMESTAMP_RE.test(v[0]) && typeof v[1] === 'string' && UUID_RE.test(v[1])

/** The player's address of the assignment (the link of the learner's notification). */
const blockLink = (course: string, block: string) => `/galaxy/courses/player/${course}/${block}`

/**
 * Grading (capability 'grade': owner, admins, collaborators and graders of the course). A submission
 * is reached by its id only after the caller's right on its own course is checked, so an id of
 * another course answers as an unknown one. Grading and returning carry the submission's `revision`:
 * of two graders at once one wins, the other gets 409.
 */
export async function gradingRoutes(app: App, { base }: { base: string }) {
  const names = printedNames(app)

  /** The submission, when the caller may grade its course; 404 for an unknown id, the course's 404/403 otherwise. */
  async function gradable(db: Queryable, principal: Principal, id: string): Promise<SubmissionRow> {
    const row = await submissionById(db, id)
    if (!row) throw new HttpError(404, SUBMISSION_NOT_FOUND, 'NOT_FOUND')
    await requireCourse(db, principal, row.course_uuid, 'grade')
    return row
  }

  async function assignmentOf(course: string, block: string) {
    const snapshot = await publishedSnapshot(app.db, course)
    return { snapshot, assignment: snapshot ? (assignmentsOf(snapshot).find((a) => a.id === block) ?? null) : null }
  }

  /** Why a write found no submitted row at the revision: someone changed it first, or it is not waiting for a grade. */
  async function conflict(id: string, revision: number): Promise<HttpError> {
    const now = await submissionById(app.db, id)
    if (now && now.revision !== revision) return new HttpError(409, STALE_SUBMISSION, 'STALE_REVISION', undefined, { revision: now.revision })
    return new HttpError(409, NOT_GRADABLE, 'INVALID_OPERATION')
  }

  app.get(
    `${base}/queue/:course`,
    {
      schema: {
        tags,
        summary:
          "A course's submissions, oldest hand-in first, token-paged; filter ungraded (default), late, returned, graded or all, by learner or assignment",
        params: GradingQueueParams,
        querystring: GradingQueueQuery,
        response: { 200: GradingQueue, ...courseErrorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { course } = request.params
      await requireCourse(app.db, actorOf(request), course, 'grade')
      const q = request.query
      const limit = q.limit ?? GRADING_PAGE_SIZE
      const after = q.paginationToken ? decodeToken(q.paginationToken, isQueueKey) : null
      const snapshot = await publishedSnapshot(app.db, course)
      const assignments = snapshot ? assignmentsOf(snapshot) : []
      const rows = await queuePage(app.db, {
        course,
        status: q.filter ?? 'ungraded',
        learner: q.learner ?? '',
        block: q.block ?? null,
        after,
        limit: limit + 1,
      })
      const page = rows.slice(0, limit)
      const last = page[page.length - 1]
      return {
        items: page.map((r) => ({
          id: r.id,
          block: r.block_id,
          blockTitle: assignments.find((a) => a.id === r.block_id)?.title ?? '',
          learner: learnerOf(r),
          status: r.status,
          submittedAt: iso(r.submitted_at),
          late: r.late,
          score: r.status === 'graded' ? r.score : null,
          passed: r.status === 'graded' ? r.passed : null,
        })),
        paginationToken: rows.length > limit && last ? encodeToken([last.page_key, last.id]) : null,
        assignments: assignments.map((a) => ({ id: a.id, title: a.title })),
      }
    },
  )

  app.get(
    `${base}/submission/:id`,
    {
      schema: {
        tags,
        summary: 'One submission with its files (links for staff only), text, grade and the assignment it answers',
        params: SubmissionParams,
        response: { 200: StaffSubmission, ...courseErrorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const row = await gradable(app.db, actorOf(request), request.params.id)
      const { assignment } = await assignmentOf(row.course_uuid, row.block_id)
      return toStaffSubmission(app, row, assignment)
    },
  )

  app.post(
    `${base}/grade`,
    {
      schema: {
        tags,
        summary:
          "Grades a submission with the rubric's levels or a plain score and feedback; points, percent and pass are the server's. A pass of a required assignment may complete the course and issue its certificate. 409 on a stale revision",
        body: GradeBody,
        response: { 200: GradeResponse, ...courseErrorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const principal = actorOf(request)
      const { id, revision } = request.body
      const row = await gradable(app.db, principal, id)
      const { snapshot, assignment } = await assignmentOf(row.course_uuid, row.block_id)
      if (!snapshot || !assignment) throw new HttpError(409, 'The assignment is no longer in the published course', 'INVALID_OPERATION')
      const grade = computeGrade(assignment.values, request.body)
      const feedback = request.body.feedback?.trim() || null
      const result = await app.db.transaction(async (tx) => {
        const graded = await recordGrade(tx, id, revision, { ...grade, feedback, gradedBy: principal.username })
        if (!graded) return null
        const title = assignment.title || snapshot.course.name
        await notify(
          tx,
          graded.user_sub,
          'assignment-graded',
          { course: snapshot.course.name, assignment: title, score: grade.score },
          blockLink(graded.course_uuid, graded.block_id),
        )
        // A pass may be the learner's last step: the course is settled (completion and certificate) in this transaction.
        const learner = { sub: graded.user_sub, username: graded.learner_username, email: graded.learner_email, groups: [] }
        const certificate = grade.passed ? (await settle(tx, { sub: graded.user_sub, name: names(learner), records: app.xapi }, snapshot)).certificate : null
        return { graded, certificate }
      })
      if (!result) throw await conflict(id, revision)
      return { Item: await toStaffSubmission(app, result.graded, assignment), certificate: result.certificate }
    },
  )

  app.post(
    `${base}/return`,
    {
      schema: {
        tags,
        summary: 'Returns a submission to the learner for resubmission, with feedback (allowed after the due date too); 409 on a stale revision',
        body: ReturnBody,
        response: { 200: StaffSubmission, ...courseErrorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const principal = actorOf(request)
      const { id, revision } = request.body
      const row = await gradable(app.db, principal, id)
      const { snapshot, assignment } = await assignmentOf(row.course_uuid, row.block_id)
      const feedback = request.body.feedback.trim()
      if (!feedback) throw new HttpError(400, 'Invalid request', 'VALIDATION', { feedback: 'Required' })
      const returned = await app.db.transaction(async (tx) => {
        const done = await recordReturn(tx, id, revision, feedback, principal.username)
        if (done) {
          const course = snapshot?.course.name ?? ''
          await notify(
            tx,
            done.user_sub,
            'assignment-returned',
            { course, assignment: assignment?.title || course },
            blockLink(done.course_uuid, done.block_id),
          )
        }
        return done
      })
      if (!returned) throw await conflict(id, revision)
      return toStaffSubmission(app, returned, assignment)
    },
  )
}
