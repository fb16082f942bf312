import { errorResponses } from '../../../../../contracts/errors.js'
import {
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
  type FormStanding,
} from '../../../../../contracts/learner/forms.js'
import { printedNames } from '../../../../certificates/index.js'
import type { Queryable } from '../../../../db/index.js'
import { HttpError } from '../../../../http/http-error.js'
import type { App } from '../../../../types.js'
import { actorOf } from '../../../../http/actor.js'
import { issued, settle } from '../../../../courses/progress/completion.js'
import { requireStudy } from './access.js'
import { formsOf, grade, questionsForLearner, type SnapshotForm } from './grading.js'
import { attemptsOf, recordAttempt, type AttemptRow } from './queries.js'
import { iso } from '../../../../http/dates.js'

const tags = ['learner: evaluation forms']
/** The requirements' paths under /v2/courses, and the same routes under /v2/forms. */
const BASES = ['/v2/courses/forms', '/v2/forms'] as const

function standing(form: SnapshotForm, attempts: AttemptRow[]): FormStanding {
  const mine = attempts.filter((a) => a.form_id === form.id)
  return {
    attemptsUsed: mine.length,
    attemptsLeft: Math.max(0, form.values.tries - mine.length),
    bestScore: mine.length ? Math.max(...mine.map((a) => a.score)) : null,
    passed: mine.some((a) => a.passed),
  }
}

function findForm(forms: SnapshotForm[], id: string): SnapshotForm {
  const form = forms.find((f) => f.id === id)
  if (!form) throw new HttpError(404, FORM_NOT_FOUND, 'NOT_FOUND')
  return form
}

/**
 * Evaluation forms for learners (requirements §7 "Learner": forms/request, forms/completed, forms/progress,
 * forms/summary). Every route needs an active subscription and reads the newest published snapshot.
 * The answers are graded here and only here; a submission counts its try under the lock of the
 * learner's try counter of the form, so concurrent submissions never use more tries than allowed.
 */
export default async function formRoutes(app: App) {
  const names = printedNames(app)

  async function forms(db: Queryable, sub: string, course: string) {
    const snapshot = await requireStudy(db, sub, course)
    return { snapshot, forms: formsOf(snapshot) }
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
        const { sub } = actorOf(request)
        const { course, id } = request.body
        const form = findForm((await forms(app.db, sub, course)).forms, id)
        const attempts = await attemptsOf(app.db, sub, course, id)
        return {
          course,
          id,
          name: form.values.name,
          section: form.section,
          required: form.values.required === true,
          tries: form.values.tries,
          requiredScore: form.values.requiredScore,
          questions: questionsForLearner(form.values),
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
        const { sub } = actorOf(request)
        const { course } = request.body
        const list = (await forms(app.db, sub, course)).forms
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
        const { sub } = actorOf(request)
        const { course, id } = request.params
        const form = findForm((await forms(app.db, sub, course)).forms, id)
        const attempts = await attemptsOf(app.db, sub, course, id)
        return {
          course,
          id,
          name: form.values.name,
          tries: form.values.tries,
          requiredScore: form.values.requiredScore,
          attempts: attempts.map((a) => ({ score: a.score, passed: a.passed, submittedAt: iso(a.created_at) })),
          ...standing(form, attempts),
        }
      },
    )
  }
}
