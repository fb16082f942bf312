import { errorResponses } from '../../../../../contracts/errors.js'
import {
  AttemptParams,
  AttemptResult,
  AttemptSaveBody,
  AttemptSaveResponse,
  AttemptStartBody,
  AttemptStartResponse,
  AttemptSubmitBody,
  FORM_NOT_FOUND,
  FormCompletedBody,
  FormProgressBody,
  FormProgressResponse,
  FormRequestBody,
  FormResult,
  FormSummary,
  FormSummaryParams,
  LearnerForm,
  NO_ATTEMPTS_LEFT,
  USE_ATTEMPTS,
  type LearnerAttempt,
} from '../../../../../contracts/learner/forms.js'
import { printedNames } from '../../../../certificates/index.js'
import type { Queryable } from '../../../../db/index.js'
import { HttpError } from '../../../../http/http-error.js'
import type { App, Principal } from '../../../../types.js'
import { actorOf } from '../../../../http/actor.js'
import { issued, settle, type Studying } from '../../../../courses/progress/completion.js'
import {
  attemptFor,
  closeExpiredAttempts,
  closeExpiredOf,
  essaysByAttempt,
  resultOf,
  saveAnswers,
  startAttempt,
  submitAttempt,
} from '../../../../courses/forms/attempts.js'
import { banksOf } from '../../../../courses/forms/draw.js'
import { attemptsOnly, questionCount, standing } from '../../../../courses/forms/forms.js'
import { attemptsOf, promptsOf, recordAttempt, savedAnswers, type FullAttemptRow } from '../../../../courses/forms/queries.js'
import { learnerQuestion } from '../../../../courses/forms/questions.js'
import { requireStudy } from './access.js'
import { formsOf, grade, questionsForLearner, type SnapshotForm } from './grading.js'
import { iso } from '../../../../http/dates.js'

const tags = ['learner: evaluation forms']
/** The requirements' paths under /v2/courses, and the same routes under /v2/forms. */
const BASES = ['/v2/courses/forms', '/v2/forms'] as const
/** How often a process looks for attempts whose time is up (the sweep runs in one process at a time). */
const DEADLINE_SWEEP_MS = 60_000

function findForm(forms: SnapshotForm[], id: string): SnapshotForm {
  const form = forms.find((f) => f.id === id)
  if (!form) throw new HttpError(404, FORM_NOT_FOUND, 'NOT_FOUND')
  return form
}

/** An open attempt as its learner sees it: the stored draw, the answers saved (none when `fresh`: just started). */
async function attemptView(db: Queryable, row: FullAttemptRow, now: Date, fresh = false): Promise<LearnerAttempt> {
  return {
    id: row.id,
    course: row.course_uuid,
    form: row.form_id,
    startedAt: iso(row.created_at),
    deadline: row.deadline === null ? null : iso(row.deadline),
    now: now.toISOString(),
    questions: row.draw!.questions.map((d) => learnerQuestion(d.question, d.key, d)),
    answers: fresh ? {} : await savedAnswers(db, row.id),
    revision: row.revision,
  }
}

/**
 * Evaluation forms for learners (requirements §7 "Learner": forms/request, forms/completed, forms/progress,
 * forms/summary; decision 0035: forms/attempts/start, answers, submit). Every route needs an active
 * subscription and reads the newest published snapshot. Answers are graded here and only here; a try
 * is counted under the lock of the learner's try counter of the form, so concurrent submissions or
 * starts never use more tries than allowed. An attempt whose time is up is closed by whoever looks next
 * (any of these routes) and by the deadline sweep.
 */
export default async function formRoutes(app: App) {
  const names = printedNames(app)
  const studying = (principal: Principal): Studying => ({ sub: principal.sub, name: names(principal), records: app.xapi })

  app.sweeps.add('form-attempt-deadlines', DEADLINE_SWEEP_MS, async (tx) => {
    await closeExpiredAttempts(tx, { now: app.now(), records: app.xapi })
  })

  async function forms(db: Queryable, sub: string, course: string) {
    const snapshot = await requireStudy(db, sub, course)
    return { snapshot, forms: formsOf(snapshot) }
  }

  /** The caller's attempt, on a course they may still study, with the course's forms. */
  async function myAttempt(principal: Principal, id: string) {
    const row = await attemptFor(app.db, id, principal.sub)
    return { row, ...(await forms(app.db, principal.sub, row.course_uuid)) }
  }

  /** The attempt's result with the learner's standing after it and the course's certificate. */
  async function attemptResult(principal: Principal, row: FullAttemptRow, list: SnapshotForm[]) {
    const form = list.find((f) => f.id === row.form_id)
    const attempts = await attemptsOf(app.db, principal.sub, row.course_uuid, row.form_id)
    const r = await resultOf(app.db, row)
    const tries = form?.values.tries ?? attempts.length
    return {
      course: row.course_uuid,
      id: row.form_id,
      attempt: row.id,
      ...r,
      standing: standing(form ?? { id: row.form_id, section: '', values: { name: '', tries, requiredScore: r.requiredScore, questions: [] } }, attempts),
      certificate: await issued(app.db, principal.sub, row.course_uuid),
    }
  }

  for (const base of BASES) {
    app.post(
      `${base}/request`,
      {
        schema: {
          tags,
          summary: 'A form of a course to answer (without the correct answers), with the attempts used and left and the best score',
          body: FormRequestBody,
          response: { 200: LearnerForm, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const principal = actorOf(request)
        const { sub } = principal
        const { course, id } = request.body
        const { snapshot, forms: list } = await forms(app.db, sub, course)
        const form = findForm(list, id)
        let attempts = await attemptsOf(app.db, sub, course, id)
        // An open attempt past its deadline is closed with what was saved before the form is described
        // (looked for only when there is an open attempt: the usual request stays two statements).
        if (attempts.some((a) => a.status === 'open')) {
          await closeExpiredOf(app.db, studying(principal), course, app.now(), id)
          attempts = await attemptsOf(app.db, sub, course, id)
        }
        const only = attemptsOnly(form.values)
        return {
          course,
          id,
          name: form.values.name,
          section: form.section,
          required: form.values.required === true,
          tries: form.values.tries,
          requiredScore: form.values.requiredScore,
          questions: only ? [] : questionsForLearner(form.values),
          attemptsOnly: only,
          openAttempt: attempts.find((a) => a.status === 'open')?.id ?? null,
          timeLimitMinutes: form.values.timeLimitMinutes ?? null,
          questionCount: questionCount(form.values, banksOf(snapshot)),
          ...standing(form, attempts),
        }
      },
    )

    app.post(
      `${base}/completed`,
      {
        schema: {
          tags,
          summary: "Submits answers: graded on the server (score, pass or fail, tries left); 409 'No attempts left for this form' once every try is used",
          body: FormCompletedBody,
          response: { 200: FormResult, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        const principal = actorOf(request)
        const { sub } = principal
        const { course, id, answers } = request.body
        const { snapshot, forms: list } = await forms(app.db, sub, course)
        const form = findForm(list, id)
        if (attemptsOnly(form.values)) throw new HttpError(409, USE_ATTEMPTS, 'USE_ATTEMPTS')
        const graded = grade(form.values, answers)
        // Only the answers to the form's own questions are kept, each as a set of option ids.
        const kept = Object.fromEntries(form.values.questions.filter((q) => Object.hasOwn(answers, q.id)).map((q) => [q.id, [...new Set(answers[q.id])]]))
        const { certificate, attempts } = await app.db.transaction(async (tx) => {
          const attempt = { course, version: snapshot.version, form: id, userSub: sub, answers: kept, score: graded.score, passed: graded.passed }
          if (!(await recordAttempt(tx, attempt, form.values.tries))) throw new HttpError(409, NO_ATTEMPTS_LEFT, 'NO_ATTEMPTS_LEFT')
          await app.xapi?.answered(tx, sub, snapshot, { id, title: form.values.name }, graded)
          // A pass may be the course's last step: it settles the course (completion and certificate) at once.
          const learner = { sub, name: names(principal), records: app.xapi }
          const certificate = graded.passed ? (await settle(tx, learner, snapshot)).certificate : await issued(tx, sub, course)
          return { certificate, attempts: await attemptsOf(tx, sub, course, id) }
        })
        return {
          course,
          id,
          score: graded.score,
          passed: graded.passed,
          requiredScore: form.values.requiredScore,
          questions: graded.questions,
          standing: standing(form, attempts),
          certificate,
        }
      },
    )

    app.post(
      `${base}/progress`,
      {
        schema: {
          tags,
          summary: "Every form of the course in course order with the learner's attempts, best score and pass or fail",
          body: FormProgressBody,
          response: { 200: FormProgressResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const principal = actorOf(request)
        const { sub } = principal
        const { course } = request.body
        const list = (await forms(app.db, sub, course)).forms
        await closeExpiredOf(app.db, studying(principal), course, app.now())
        const attempts = await attemptsOf(app.db, sub, course)
        return {
          course,
          items: list.map((f) => ({
            id: f.id,
            name: f.values.name,
            section: f.section,
            required: f.values.required === true,
            tries: f.values.tries,
            requiredScore: f.values.requiredScore,
            ...standing(f, attempts),
          })),
        }
      },
    )

    app.get(
      `${base}/summary/:course/:id`,
      {
        schema: {
          tags,
          summary: "The learner's attempts at a form (oldest first), the best score, and pass or fail",
          params: FormSummaryParams,
          response: { 200: FormSummary, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const principal = actorOf(request)
        const { sub } = principal
        const { course, id } = request.params
        const form = findForm((await forms(app.db, sub, course)).forms, id)
        await closeExpiredOf(app.db, studying(principal), course, app.now(), id)
        const attempts = await attemptsOf(app.db, sub, course, id)
        const closed = attempts.filter((a) => a.status !== 'open')
        const essays = await essaysByAttempt(
          app.db,
          closed.map((a) => a.id),
        )
        const prompts = await promptsOf(
          app.db,
          closed.filter((a) => essays.has(a.id)).map((a) => a.id),
        )
        return {
          course,
          id,
          name: form.values.name,
          tries: form.values.tries,
          requiredScore: form.values.requiredScore,
          attempts: closed.map((a) => ({
            id: a.legacy ? null : a.id,
            status: a.status === 'pending' ? ('pending' as const) : ('graded' as const),
            score: a.status === 'graded' ? a.score : null,
            passed: a.status === 'graded' ? a.passed : null,
            submittedAt: iso(a.submitted_at ?? a.created_at),
            late: a.late,
            essays: (essays.get(a.id) ?? []).map((e) => ({
              question: e.question_id,
              text: prompts.get(`${a.id}/${e.question_id}`) ?? '',
              maxPoints: e.max_points,
              points: e.points,
              feedback: e.feedback,
              gradedAt: e.graded_at === null ? null : iso(e.graded_at),
            })),
          })),
          ...standing(form, attempts),
        }
      },
    )

    app.post(
      `${base}/attempts/start`,
      {
        schema: {
          tags,
          summary:
            "Starts an attempt of the form (a try counted; the questions drawn and shuffled once, stored) or answers the caller's open one; 409 NO_ATTEMPTS_LEFT",
          body: AttemptStartBody,
          response: { 200: AttemptStartResponse, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        const principal = actorOf(request)
        const { course, id } = request.body
        const { snapshot, forms: list } = await forms(app.db, principal.sub, course)
        const form = findForm(list, id)
        const now = app.now()
        const { row, started } = await startAttempt(app.db, studying(principal), snapshot, form, now)
        const attempts = await attemptsOf(app.db, principal.sub, course, id)
        return { attempt: await attemptView(app.db, row, now, started), ...standing(form, attempts) }
      },
    )

    app.put(
      `${base}/attempts/:attempt/answers`,
      {
        schema: {
          tags,
          summary: 'Saves answers of an open attempt, per question (repeating a save changes nothing); 409 ATTEMPT_CLOSED once submitted or out of time',
          params: AttemptParams,
          body: AttemptSaveBody,
          response: { 200: AttemptSaveResponse, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        const saved = await saveAnswers(app.db, studying(actorOf(request)), request.params.attempt, request.body.answers, app.now())
        return { savedAt: saved.savedAt.toISOString(), answers: saved.answers, revision: saved.revision }
      },
    )

    app.post(
      `${base}/attempts/:attempt/submit`,
      {
        schema: {
          tags,
          summary:
            'Saves the answers given (if still open and in time), closes the attempt and grades it from what is stored; submitting again answers the same',
          params: AttemptParams,
          body: AttemptSubmitBody,
          response: { 200: AttemptResult, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        const principal = actorOf(request)
        const { row, forms: list } = await myAttempt(principal, request.params.attempt)
        const done = await submitAttempt(app.db, studying(principal), row, request.body?.answers, app.now())
        return attemptResult(principal, done, list)
      },
    )
  }
}
