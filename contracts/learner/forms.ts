import Type, { type Static } from 'typebox'
import { ErrorBody } from '../errors.js'
import { IssuedCertificate } from './player.js'

/**
 * Evaluation forms as learners take them (requirements §7 "Learner": `forms/request`, `forms/completed`,
 * `forms/progress`, `forms/summary/{course}/{id}`). Forms are read from the course's newest published
 * snapshot; the correct options never leave the server, grading happens there, and the form's tries
 * and required score are enforced there.
 */

const Uuid = Type.String({ format: 'uuid' })
const DateTime = Type.String({ format: 'date-time' })
const LocalId = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' })
const Percent = Type.Number({ minimum: 0, maximum: 100 })

/** An option as learners see it: no `correct`. */
export const LearnerFormOption = Type.Object({ id: Type.String(), text: Type.String() })
export const LearnerFormQuestion = Type.Object({
  id: Type.String(),
  type: Type.Enum(['multiple', 'single', 'boolean']),
  text: Type.String(),
  options: Type.Array(LearnerFormOption),
})
export type LearnerFormQuestion = Static<typeof LearnerFormQuestion>

/** Where a learner stands with one form. `bestScore` is null before the first attempt. */
export const FormStanding = Type.Object({
  attemptsUsed: Type.Integer({ minimum: 0 }),
  attemptsLeft: Type.Integer({ minimum: 0 }),
  bestScore: Type.Union([Percent, Type.Null()]),
  passed: Type.Boolean(),
})
export type FormStanding = Static<typeof FormStanding>

/** `POST forms/request`: the form to answer, without its answers, and the learner's standing. */
export const LearnerForm = Type.Object({
  course: Uuid,
  id: Uuid,
  name: Type.String(),
  section: Uuid,
  required: Type.Boolean(),
  tries: Type.Integer({ minimum: 1 }),
  requiredScore: Percent,
  questions: Type.Array(LearnerFormQuestion),
  ...FormStanding.properties,
})
export type LearnerForm = Static<typeof LearnerForm>

export const FormRequestBody = Type.Object({ course: Uuid, id: Uuid })
export type FormRequestBody = Static<typeof FormRequestBody>

/**
 * `POST forms/completed`: the chosen option ids per question id. Anything else the client sends (a
 * score, a pass flag, the correct options) is ignored; unknown questions and options count as wrong.
 */
export const FormCompletedBody = Type.Object({
  course: Uuid,
  id: Uuid,
  answers: Type.Record(LocalId, Type.Array(LocalId, { maxItems: 20 }), { maxProperties: 200 }),
})
export type FormCompletedBody = Static<typeof FormCompletedBody>

/** The graded attempt: the score (percent of questions answered exactly right), pass or fail, tries left. */
export const FormResult = Type.Object({
  course: Uuid,
  id: Uuid,
  score: Percent,
  passed: Type.Boolean(),
  requiredScore: Percent,
  /** Per question, whether this attempt answered it right (the right options stay on the server). */
  questions: Type.Array(Type.Object({ id: Type.String(), right: Type.Boolean() })),
  /** The learner's standing after this attempt. */
  standing: FormStanding,
  /** The course certificate when this attempt completed the course (or it was already issued). */
  certificate: Type.Union([IssuedCertificate, Type.Null()]),
})
export type FormResult = Static<typeof FormResult>

export const FormProgressBody = Type.Object({ course: Uuid })
export type FormProgressBody = Static<typeof FormProgressBody>

/** One form of the course in `forms/progress`, in course order. */
export const FormProgressItem = Type.Object({
  id: Uuid,
  name: Type.String(),
  section: Uuid,
  required: Type.Boolean(),
  tries: Type.Integer({ minimum: 1 }),
  requiredScore: Percent,
  ...FormStanding.properties,
})
export type FormProgressItem = Static<typeof FormProgressItem>
export const FormProgressResponse = Type.Object({ course: Uuid, items: Type.Array(FormProgressItem) })
export type FormProgressResponse = Static<typeof FormProgressResponse>

export const FormSummaryParams = Type.Object({ course: Uuid, id: Uuid })
export type FormSummaryParams = Static<typeof FormSummaryParams>

/** `GET forms/summary/{course}/{id}`: every attempt (oldest first), the best score, and pass or fail. */
export const FormSummary = Type.Object({
  course: Uuid,
  id: Uuid,
  name: Type.String(),
  tries: Type.Integer({ minimum: 1 }),
  requiredScore: Percent,
  attempts: Type.Array(Type.Object({ score: Percent, passed: Type.Boolean(), submittedAt: DateTime })),
  ...FormStanding.properties,
})
export type FormSummary = Static<typeof FormSummary>

/** 403 without an active subscription: the same refusals as the player's (`SUBSCRIPTION_REFUSALS`). */
export { SUBSCRIPTION_REFUSALS, SubscriptionRefused, type SubscriptionRefusalCode } from './player.js'
export const COURSE_NOT_FOUND = 'Course not found'
export const FORM_NOT_FOUND = 'Form not found'
/** 409 `code: 'NO_ATTEMPTS_LEFT'`: every try of the form is used. */
export const NO_ATTEMPTS_LEFT = 'No attempts left for this form'

export const FormErrorBody = ErrorBody
