import { Readable } from 'node:stream'
import { courseErrorResponses } from '../../../../../contracts/courses/common.js'
import {
  GradebookExportQuery,
  GradebookPage,
  GradebookParams,
  GradebookQuery,
  MyProgress,
  WeightBody,
  WeightsResponse,
  WeightWriteResponse,
  type GradedItem,
} from '../../../../../contracts/courses/gradebook.js'
import { errorResponses } from '../../../../../contracts/errors.js'
import { courseRevision, liveItem, liveItems, saveValues } from '../../../../courses/content/queries.js'
import { gradedItems, isGraded } from '../../../../courses/gradebook/grades.js'
import { countLearners, learnersPage } from '../../../../courses/gradebook/queries.js'
import { draftSections, gradedCourse, gradesOf, remainingBlocks, snapshotCourse } from '../../../../courses/gradebook/table.js'
import { actorOf } from '../../../../http/actor.js'
import { HttpError } from '../../../../http/http-error.js'
import { decodeToken, encodeToken } from '../../../../http/paging.js'
import type { App } from '../../../../types.js'
import { courseWrite, requireCourse } from '../creator/access.js'
import { requireStudy } from '../forms/access.js'
import { csvLines, learnerFilter, namedRows } from './table.js'

const tags = ['courses: gradebook']
const BASE = '/v2/courses/gradebook/:course'
const CSV_PAGE = 200

const isUsername = (v: unknown[]): v is [string] => v.length === 1 && typeof v[0] === 'string' && v[0].length > 0 && v[0].length <= 256
const itemNotFound = () => new HttpError(404, 'Item not found', 'NOT_FOUND')

/**
 * The gradebook (docs/teaching.md "Gradebook"): the staff table of a course's learners × graded items
 * and its CSV (course staff: the 'grade' capability), the weights of the draft's graded items (read
 * and edit, each write with the course's revision) and the learner's own page (an active subscription).
 */
export default async function gradebookRoutes(app: App) {
  app.get(
    BASE,
    {
      schema: {
        tags,
        summary: "One page of the course's learners (by username) with each graded item's score and state, the weighted grade and the completion",
        params: GradebookParams,
        querystring: GradebookQuery,
        response: { 200: GradebookPage, ...courseErrorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { course } = request.params
      const { sizePerPage, paginationToken, ...filters } = request.query
      await requireCourse(app.db, actorOf(request), course, 'grade')
      const after = paginationToken ? decodeToken(paginationToken, isUsername)[0] : null
      const gc = await gradedCourse(app.db, course)
      const filter = await learnerFilter(app, gc.items, filters)
      const [users, estimated] = await Promise.all([learnersPage(app.db, course, filter, sizePerPage + 1, after), countLearners(app.db, course, filter)])
      const page = users.slice(0, sizePerPage)
      const rows = await namedRows(app, course, gc, page)
      return {
        gradedItems: gc.items,
        items: rows,
        paginationToken: users.length > sizePerPage ? encodeToken([page[page.length - 1]]) : null,
        estimated,
      }
    },
  )

  app.get(
    `${BASE}/export.csv`,
    {
      schema: {
        tags,
        summary: 'The whole table as CSV (UTF-8 with a byte order mark, RFC 4180), streamed; the same filters as the table',
        params: GradebookParams,
        querystring: GradebookExportQuery,
        response: { 200: { type: 'string', description: 'text/csv' }, ...courseErrorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { course } = request.params
      await requireCourse(app.db, actorOf(request), course, 'grade')
      const gc = await gradedCourse(app.db, course)
      const filter = await learnerFilter(app, gc.items, request.query)
      const lines = csvLines(gc.items)
      // Learners are read a page at a time as the client takes the file, so a big course never sits in memory.
      async function* file() {
        yield `\uFEFF${lines.header}\r\n`
        let after: string | null = null
        for (;;) {
          const users = await learnersPage(app.db, course, filter, CSV_PAGE, after)
          if (users.length === 0) return
          const rows = await namedRows(app, course, gc, users)
          yield rows.map((r) => `${lines.row(r)}\r\n`).join('')
          if (users.length < CSV_PAGE) return
          after = users[users.length - 1]
        }
      }
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="gradebook-${course}.csv"`)
        .send(Readable.from(file()) as unknown as string) // a stream is sent as it comes, not serialised
    },
  )

  app.get(
    `${BASE}/weights`,
    {
      schema: {
        tags,
        summary: "The draft's graded items (forms and assignments) with their weights, and the course's revision",
        params: GradebookParams,
        response: { 200: WeightsResponse, ...courseErrorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { course } = request.params
      await requireCourse(app.db, actorOf(request), course, 'read')
      const [items, revision] = await Promise.all([liveItems(app.db, course), courseRevision(app.db, course)])
      return { revision, items: gradedItems(draftSections(items)) }
    },
  )

  app.put(
    `${BASE}/weights`,
    {
      schema: {
        tags,
        summary: "Sets a graded block's weight (0–100) in the draft: a new version of the block, from the course's revision (a stale one: 409)",
        params: GradebookParams,
        body: WeightBody,
        response: { 200: WeightWriteResponse, ...courseErrorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const principal = actorOf(request)
      const { course } = request.params
      const { revision, block, weight } = request.body
      return courseWrite(app.db, principal, course, 'edit', revision, async (tx, next) => {
        const row = await liveItem(tx, course, block)
        if (!row || !isGraded(row.kind)) throw itemNotFound()
        await saveValues(tx, row, { ...row.values, weight }, principal)
        const item = gradedItems(draftSections(await liveItems(tx, course))).find((i) => i.id === block) as GradedItem
        return { revision: next, item }
      })
    },
  )

  app.get(
    `${BASE}/me`,
    {
      schema: {
        tags,
        summary:
          "The learner's own standing: every graded item with its weight and the learner's score, the weighted grade, and what remains for the certificate",
        params: GradebookParams,
        response: { 200: MyProgress, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { sub } = actorOf(request)
      const { course } = request.params
      const snapshot = await requireStudy(app.db, sub, course)
      const gc = snapshotCourse(snapshot)
      const [mine] = await gradesOf(app.db, course, gc, [sub])
      const cells = new Map(mine.cells.map((c) => [c.item, c]))
      return {
        course: { uuid: course, name: snapshot.course.name },
        items: gc.items.map((i) => ({ ...i, cell: cells.get(i.id)! })),
        grade: mine.grade,
        completion: mine.completion,
        remaining: mine.completion.completed ? [] : remainingBlocks(snapshot, mine.done),
      }
    },
  )
}
