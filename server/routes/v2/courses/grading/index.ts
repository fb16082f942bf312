import { courseErrorResponses } from '../../../../../contracts/courses/common.js'
import {
  ESSAY_PAGE_SIZE,
  EssayConflictBody,
  EssayGradeBody,
  EssayGradeParams,
  EssayGradeResponse,
  EssayQueuePage,
  EssayQueueParams,
  EssayQueueQuery,
  type EssayItem,
} from '../../../../../contracts/courses/essays.js'
import { gradeEssay } from '../../../../courses/forms/attempts.js'
import { countEssays, essayQueue, queueRowOf, type QueueRow } from '../../../../courses/forms/queries.js'
import { actorOf } from '../../../../http/actor.js'
import { iso } from '../../../../http/dates.js'
import { decodeToken, encodeToken, TIMESTAMP_RE, UUID_RE } from '../../../../http/paging.js'
import { personName, usersOf } from '../../../../http/people.js'
import type { App } from '../../../../types.js'
import { requireCourse } from '../creator/access.js'

const tags = ['course staff: essay grading']
const BASE = '/v2/courses/grading/essays'

const isKey = (v: unknown[]): v is [string, string, string] =>
  v.length === 3 && typeof v[0] === 'string' && TIMESTAMP_RE.test(v[0]) && typeof v[1] === 'string' && UUID_RE.test(v[1]) && typeof v[2] === 'string'

/**
 * Essays of form attempts graded by course staff (decision 0035): the queue, and the grade of one.
 * Course staff only (capability 'grade'): no role in the course is 404, a role without it (a reviewer) 403.
 */
export default async function essayGradingRoutes(app: App) {
  /** Queue rows as the API answers them, the learners named by the user pool. */
  async function items(rows: QueueRow[]): Promise<EssayItem[]> {
    const users = await usersOf(
      app.identityUsers,
      rows.map((r) => r.user_sub),
    )
    return rows.map((r) => {
      const user = users.get(r.user_sub) ?? null
      const drawn = r.draw?.questions.find((d) => d.key === r.question_id)
      return {
        attempt: r.attempt_id,
        question: r.question_id,
        form: { id: r.form_id, name: r.draw?.form ?? '' },
        learner: { sub: r.user_sub, name: personName(user), email: user?.email ?? null },
        prompt: drawn?.question.text ?? '',
        answer: typeof r.answer === 'string' ? r.answer : '',
        maxPoints: r.max_points,
        points: r.points,
        feedback: r.feedback,
        submittedAt: iso(r.submitted_at),
        gradedAt: r.graded_at === null ? null : iso(r.graded_at),
        revision: r.revision,
      }
    })
  }

  app.get(
    `${BASE}/:course`,
    {
      schema: {
        tags,
        summary: 'Essay answers of submitted form attempts waiting for a grade (or graded), oldest first, token-paged',
        params: EssayQueueParams,
        querystring: EssayQueueQuery,
        response: { 200: EssayQueuePage, ...courseErrorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { course } = request.params
      await requireCourse(app.db, actorOf(request), course, 'grade')
      const { paginationToken, limit = ESSAY_PAGE_SIZE, status = 'pending' } = request.query
      const after = paginationToken ? decodeToken(paginationToken, isKey) : null
      const graded = status === 'graded'
      const rows = await essayQueue(app.db, course, graded, after, limit)
      const page = rows.slice(0, limit)
      const last = page[page.length - 1]
      return {
        items: await items(page),
        paginationToken: rows.length > limit && last ? encodeToken([iso(last.created_at), last.attempt_id, last.question_id]) : null,
        estimated: await countEssays(app.db, course, graded),
      }
    },
  )

  app.put(
    `${BASE}/:course/:attempt/:question`,
    {
      schema: {
        tags,
        summary:
          "Grades an essay (points out of its maximum, feedback) from the grade's revision; the last essay of an attempt completes its grade and tells the learner",
        params: EssayGradeParams,
        body: EssayGradeBody,
        response: { 200: EssayGradeResponse, ...courseErrorResponses(400, 401, 403, 404), 409: EssayConflictBody },
      },
    },
    async (request) => {
      const principal = actorOf(request)
      const { course, attempt, question } = request.params
      await requireCourse(app.db, principal, course, 'grade')
      const done = await gradeEssay(app.db, { now: app.now(), records: app.xapi, by: principal.sub }, course, attempt, question, request.body)
      const row = (await queueRowOf(app.db, attempt, question))!
      const a = done.attempt
      return {
        essay: (await items([row]))[0],
        attempt: {
          id: a.id,
          status: a.status === 'graded' ? ('graded' as const) : ('pending' as const),
          score: a.status === 'graded' ? a.score : null,
          passed: a.status === 'graded' ? a.passed : null,
        },
      }
    },
  )
}
