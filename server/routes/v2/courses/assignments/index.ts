import crypto from 'node:crypto'
import { courseErrorResponses } from '../../../../../contracts/courses/common.js'
import { errorResponses } from '../../../../../contracts/errors.js'
import {
  ASSIGNMENT_NOT_FOUND,
  AssignmentFileAsk,
  AssignmentParams,
  MyAssignment,
  STALE_SUBMISSION,
  Submission,
  SubmitBody,
  acceptsFile,
  dueDateOf,
  fileLimits,
} from '../../../../../contracts/learner/assignments.js'
import { UploadParamsReply } from '../../../../../contracts/storage/upload.js'
import { handIn, submissionOf, type StoredFile } from '../../../../courses/assignments/queries.js'
import { assignmentsOf, handInRefusal, refusalError, type SnapshotAssignment } from '../../../../courses/assignments/rules.js'
import type { CourseSnapshot } from '../../../../../contracts/courses/content.js'
import { actorOf } from '../../../../http/actor.js'
import { HttpError } from '../../../../http/http-error.js'
import { isIssuedIn, normalizeContentType, presignUpload, TOO_MUCH_DATA } from '../../../../storage/kinds.js'
import type { App, Principal } from '../../../../types.js'
import { requireStudyFrom } from '../forms/access.js'
import { gradingRoutes } from './grading.js'
import { toSubmission } from './views.js'

const tags = ['learner: assignments']

/** Where a learner's files of one assignment go: a folder of their own (a hash of their id, never a name). */
export function handInFolder(course: string, block: string, sub: string): string {
  const owner = crypto.createHash('sha256').update(sub).digest('hex').slice(0, 24)
  return `assignments/${course.toLowerCase()}/${block.toLowerCase()}/${owner}`
}

function findAssignment(snapshot: CourseSnapshot, block: string): SnapshotAssignment {
  const found = assignmentsOf(snapshot).find((a) => a.id === block)
  if (!found) throw new HttpError(404, ASSIGNMENT_NOT_FOUND, 'NOT_FOUND')
  return found
}

const fileError = (field: string, message: string, code = 'VALIDATION') => new HttpError(400, message, code, { [field]: message })

/**
 * Assignments for learners (`/api/v2/courses/assignments/...`): the learner's own submission, upload
 * parameters for its files, and handing in. Every route needs an active subscription and reads the
 * newest published snapshot; only the caller's own row is ever read or written. The staff side is
 * `grading.ts`, registered here under `grading/`.
 */
export default async function assignmentRoutes(app: App) {
  const base = '/v2/courses/assignments'

  async function study(principal: Principal, course: string, block: string) {
    const { snapshot, started } = await requireStudyFrom(app.db, principal.sub, course, app.now())
    return { snapshot, started, assignment: findAssignment(snapshot, block) }
  }

  /** The learner's name as graders see it: the identity service's, else the e-mail (asked once per hand-in). */
  async function learnerName(principal: Principal): Promise<string> {
    const user = await app.identityUsers.getUser(principal.username).catch(() => null)
    return user?.name || principal.email || principal.username
  }

  app.get(
    `${base}/mine/:course/:block`,
    {
      schema: {
        tags,
        summary: "The learner's submission of an assignment (or null), its due date for them and whether they may hand in now",
        params: AssignmentParams,
        response: { 200: MyAssignment, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const principal = actorOf(request)
      const { course, block } = request.params
      const { started, assignment } = await study(principal, course, block)
      const row = await submissionOf(app.db, course, block, principal.sub)
      const refusal = handInRefusal(assignment, started, row, app.now())
      const due = dueDateOf(assignment.values, started)
      return {
        course,
        block,
        dueAt: due ? due.toISOString() : null,
        canSubmit: refusal === null,
        refusal,
        submission: row ? await toSubmission(app, row) : null,
      }
    },
  )

  app.post(
    `${base}/file-par`,
    {
      schema: {
        tags,
        summary:
          "Upload parameters for one file of the learner's submission: the assignment's accepted kinds and largest size apply (400 / 413); POST the fields and the file to the url, then hand in its path",
        body: AssignmentFileAsk,
        response: { 200: UploadParamsReply, ...errorResponses(400, 401, 403, 404, 413) },
      },
    },
    async (request) => {
      const principal = actorOf(request)
      const { course, block, fileName, size, contentType } = request.body
      const { assignment } = await study(principal, course, block)
      const limits = fileLimits(assignment.values)
      if (limits.maxFiles === 0) throw fileError('fileName', 'This assignment takes no files', 'UNSUPPORTED_TYPE')
      if (size > limits.maxFileSize) throw new HttpError(413, TOO_MUCH_DATA.message, TOO_MUCH_DATA.code)
      if (!acceptsFile(assignment.values, fileName, normalizeContentType(contentType))) {
        throw fileError('fileName', `Accepted kinds of file: ${(assignment.values.fileTypes ?? []).join(', ')}`, 'UNSUPPORTED_TYPE')
      }
      return presignUpload(app, { kind: 'assignment-file', size, contentType, fileName, folder: handInFolder(course, block, principal.sub) })
    },
  )

  app.post(
    `${base}/submit`,
    {
      schema: {
        tags,
        summary:
          "Hands in (or again) the learner's files and/or text. 409 'ALREADY_GRADED' once graded, 'PAST_DUE' for a resubmission after the due date (returned work excepted), 'STALE_REVISION' when another tab handed in first",
        body: SubmitBody,
        response: { 200: Submission, ...courseErrorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const principal = actorOf(request)
      const { course, block, revision } = request.body
      const { snapshot, started, assignment } = await study(principal, course, block)
      const v = assignment.values
      const limits = fileLimits(v)
      const text = request.body.text?.trim() ? request.body.text.trim() : null
      const mode = v.textAnswer ?? 'none'
      if (text !== null && mode === 'none') throw fileError('text', 'This assignment takes no text answer')
      if (text === null && mode === 'required') throw fileError('text', 'Required')
      if (request.body.files.length > limits.maxFiles) throw fileError('files', `At most ${limits.maxFiles} files`)
      if (text === null && request.body.files.length === 0) throw fileError('files', 'Hand in a file or a text')
      const folder = handInFolder(course, block, principal.sub)
      const files: StoredFile[] = []
      for (const [i, f] of request.body.files.entries()) {
        // Only a file this learner uploaded for this assignment, present in storage, of an accepted kind and size.
        const head = isIssuedIn(f.path, folder) ? await app.storage.head(f.path) : null
        if (!head) throw fileError(`files.${i}.path`, 'Upload the file first', 'NOT_UPLOADED')
        if (files.some((g) => g.path === f.path)) throw fileError(`files.${i}.path`, 'The same file twice')
        if (head.size > limits.maxFileSize) throw new HttpError(413, TOO_MUCH_DATA.message, TOO_MUCH_DATA.code)
        if (!acceptsFile(v, f.name, head.contentType)) throw fileError(`files.${i}.path`, 'This kind of file is not accepted here', 'UNSUPPORTED_TYPE')
        files.push({ path: f.path, name: f.name.trim() || 'file', size: head.size, contentType: head.contentType })
      }
      const now = app.now()
      const current = await submissionOf(app.db, course, block, principal.sub)
      const refusal = handInRefusal(assignment, started, current, now)
      if (refusal) throw refusalError(refusal)
      const due = dueDateOf(v, started)
      const learner = { username: principal.username, email: principal.email, name: await learnerName(principal) }
      const row = await handIn(
        app.db,
        { course, block, sub: principal.sub, version: snapshot.version, text, files, late: due !== null && now > due, learner },
        revision,
      )
      if (!row) {
        const now2 = await submissionOf(app.db, course, block, principal.sub)
        if (now2?.status === 'graded') throw refusalError('ALREADY_GRADED')
        throw new HttpError(409, STALE_SUBMISSION, 'STALE_REVISION', undefined, { revision: now2?.revision ?? 0 })
      }
      return toSubmission(app, row)
    },
  )

  await gradingRoutes(app, { base: `${base}/grading` })
}
