import { randomUUID } from 'node:crypto'
import { courseErrorResponses } from '../../../../../../contracts/courses/common.js'
import {
  BankAddBody,
  BankDeleteBody,
  BankDeleteResponse,
  BankUpdateBody,
  BankWriteResponse,
  CourseParams,
  MAX_BANK_QUESTIONS,
  QuestionBanksResponse,
  type QuestionBank,
} from '../../../../../../contracts/courses/content.js'
import { bankOf, banksOf, deleteBank, insertBank, updateBank, type BankRow } from '../../../../../courses/banks/queries.js'
import { courseRevision } from '../../../../../courses/content/queries.js'
import { cleanQuestions } from '../../../../../courses/content/values.js'
import { withoutAnswer } from '../../../../../courses/forms/questions.js'
import type { Queryable } from '../../../../../db/index.js'
import { actorOf } from '../../../../../http/actor.js'
import { iso } from '../../../../../http/dates.js'
import { HttpError } from '../../../../../plugins/errors.js'
import type { App } from '../../../../../types.js'
import { courseWrite, requireCourse } from '../access.js'
import { tags, V2 } from './base.js'
import { seesAnswers } from './rules.js'

const bankNotFound = () => new HttpError(404, 'Question bank not found', 'NOT_FOUND')

function view(row: BankRow, answers: boolean): QuestionBank {
  return {
    id: row.id,
    name: row.name,
    questions: answers ? row.questions : (row.questions.map(withoutAnswer) as QuestionBank['questions']),
    updatedAt: iso(row.updated_at),
    updatedBy: row.updated_by_name,
  }
}

async function written(db: Queryable, course: string, id: string): Promise<QuestionBank> {
  return view((await bankOf(db, course, id))!, true)
}

/**
 * A course's question banks (decision 0035), in the draft like its blocks: read by whoever reads the
 * course (reviewers without the answers), written by those who edit it, each write moving the course's
 * revision on from the one the writer read (a stale one: 409, nothing changed).
 */
export function bankRoutes(app: App) {
  app.get(
    `${V2}/builder/banks/:id`,
    {
      schema: {
        tags,
        summary: "The course's question banks, oldest first, with the course's revision",
        params: CourseParams,
        response: { 200: QuestionBanksResponse, ...courseErrorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const role = await requireCourse(app.db, actorOf(request), request.params.id, 'read')
      const rows = await banksOf(app.db, request.params.id)
      return { revision: await courseRevision(app.db, request.params.id), items: rows.map((r) => view(r, seesAnswers(role))) }
    },
  )

  app.post(
    `${V2}/banks/add`,
    {
      schema: {
        tags,
        summary: 'Adds a question bank; a client id makes a replayed add harmless',
        body: BankAddBody,
        response: { 200: BankWriteResponse, ...courseErrorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const principal = actorOf(request)
      const b = request.body
      const questions = cleanQuestions(b.questions, 'questions', MAX_BANK_QUESTIONS)
      await requireCourse(app.db, principal, b.uuid, 'edit')
      if (b.id && (await bankOf(app.db, b.uuid, b.id))) {
        // A replay of an add that went through answers what it made, whatever revision it carries.
        return { revision: await courseRevision(app.db, b.uuid), bank: await written(app.db, b.uuid, b.id) }
      }
      const id = b.id ?? randomUUID()
      return courseWrite(app.db, principal, b.uuid, 'edit', b.revision, async (tx, revision) => {
        await insertBank(tx, { course: b.uuid, id, name: b.name.trim(), questions }, principal)
        return { revision, bank: await written(tx, b.uuid, id) }
      })
    },
  )

  app.put(
    `${V2}/banks`,
    {
      schema: {
        tags,
        summary: "Saves a question bank's name and questions (the whole list)",
        body: BankUpdateBody,
        response: { 200: BankWriteResponse, ...courseErrorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const principal = actorOf(request)
      const b = request.body
      const questions = cleanQuestions(b.questions, 'questions', MAX_BANK_QUESTIONS)
      return courseWrite(app.db, principal, b.uuid, 'edit', b.revision, async (tx, revision) => {
        if (!(await updateBank(tx, { course: b.uuid, id: b.bank, name: b.name.trim(), questions }, principal))) throw bankNotFound()
        return { revision, bank: await written(tx, b.uuid, b.bank) }
      })
    },
  )

  app.post(
    `${V2}/banks/delete`,
    {
      schema: {
        tags,
        summary: 'Deletes a question bank (a form still drawing from it fails the checklist until its draw is removed)',
        body: BankDeleteBody,
        response: { 200: BankDeleteResponse, ...courseErrorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const b = request.body
      return courseWrite(app.db, actorOf(request), b.uuid, 'edit', b.revision, async (tx, revision) => {
        if (!(await deleteBank(tx, b.uuid, b.id))) throw bankNotFound()
        return { revision }
      })
    },
  )
}
