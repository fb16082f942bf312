import Type, { type Static } from 'typebox'
import { ErrorBody } from '../errors.js'
import { CHOICE_TYPES } from '../courses/content.js'
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

/**
 * A question's id in an attempt: a form's own question keeps its id; a question drawn from a bank is
 * `<bank uuid>:<question id>` (so a form's and a bank's questions never share an id).
 */
export const AttemptQuestionId = Type.String({ minLength: 1, maxLength: 110, pattern: '^[A-Za-z0-9_:-]+$' })

/** An option as learners see it: no `correct`. */
export const LearnerFormOption = Type.Object({ id: Type.String(), text: Type.String() })
export const LearnerChoiceQuestion = Type.Object({
  id: Type.String(),
  type: Type.Enum([...CHOICE_TYPES]),
  text: Type.String(),
  options: Type.Array(LearnerFormOption),
})
/** A short answer or a number to type: nothing but the prompt. */
export const LearnerTypedQuestion = Type.Object({ id: Type.String(), type: Type.Enum(['short', 'numeric']), text: Type.String() })
/**
 * Lefts (the pairs' ids) to match with rights, shuffled. A right's id is made for the attempt and says
 * nothing about its left: the server keeps which right belongs to which left.
 */
export const LearnerMatchingQuestion = Type.Object({
  id: Type.String(),
  type: Type.Literal('matching'),
  text: Type.String(),
  lefts: Type.Array(Type.Object({ id: Type.String(), text: Type.String() })),
  rights: Type.Array(Type.Object({ id: Type.String(), text: Type.String() })),
})
/** Items to put in order, shuffled for the attempt (never shown in their correct order). */
export const LearnerOrderingQuestion = Type.Object({
  id: Type.String(),
  type: Type.Literal('ordering'),
  text: Type.String(),
  items: Type.Array(Type.Object({ id: Type.String(), text: Type.String() })),
})
/** A written answer (at most `MAX_ESSAY_LENGTH` characters), graded by course staff out of `maxPoints`. */
export const LearnerEssayQuestion = Type.Object({
  id: Type.String(),
  type: Type.Literal('essay'),
  text: Type.String(),
  maxPoints: Type.Integer({ minimum: 1 }),
})
/** A question as learners see it: never anything that tells what makes it right. */
export const LearnerFormQuestion = Type.Union([
  LearnerChoiceQuestion,
  LearnerTypedQuestion,
  LearnerMatchingQuestion,
  LearnerOrderingQuestion,
  LearnerEssayQuestion,
])
export type LearnerFormQuestion = Static<typeof LearnerFormQuestion>
export type LearnerChoiceQuestion = Static<typeof LearnerChoiceQuestion>
export type LearnerTypedQuestion = Static<typeof LearnerTypedQuestion>
export type LearnerMatchingQuestion = Static<typeof LearnerMatchingQuestion>
export type LearnerOrderingQuestion = Static<typeof LearnerOrderingQuestion>
export type LearnerEssayQuestion = Static<typeof LearnerEssayQuestion>

/** The longest essay answer, in characters. */
export const MAX_ESSAY_LENGTH = 20000
/**
 * One answer, by the question's type: choice → the chosen option ids; short → the text; numeric → a
 * number, or the text typed (comma or dot as decimal mark); matching → {leftId: rightId}; ordering →
 * the item ids in the learner's order; essay → the text. The server checks the shape against the
 * question (400 `answers.<id>` otherwise). A one-element list may arrive as its one string (the
 * validator's coercion); the server reads it as the list.
 */
export const AttemptAnswer = Type.Union([
  Type.String({ maxLength: MAX_ESSAY_LENGTH }),
  Type.Number(),
  Type.Array(Type.String({ maxLength: 64 }), { maxItems: 20 }),
  Type.Record(LocalId, Type.String({ maxLength: 64 }), { maxProperties: 20 }),
])
export type AttemptAnswer = Static<typeof AttemptAnswer>
/** Answers by attempt question id. */
export const AttemptAnswers = Type.Record(AttemptQuestionId, AttemptAnswer, { maxProperties: 400 })
export type AttemptAnswers = Static<typeof AttemptAnswers>

/** Where a learner stands with one form. `bestScore` is null before the first attempt. */
export const FormStanding = Type.Object({
  attemptsUsed: Type.Integer({ minimum: 0 }),
  attemptsLeft: Type.Integer({ minimum: 0 }),
  bestScore: Type.Union([Percent, Type.Null()]),
  passed: Type.Boolean(),
  /** Whether a submitted attempt waits for course staff to grade its essays ("Waiting for a grade"). */
  pending: Type.Boolean(),
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
  /**
   * The form's own questions as learners see them, for `forms/completed`; empty when the form is taken
   * only through attempts (`attemptsOnly`): its questions come with the attempt.
   */
  questions: Type.Array(LearnerFormQuestion),
  /**
   * Whether the form must be taken through `forms/attempts/start` (it draws from banks, shuffles, has a
   * time limit or a question that is not a choice); `forms/completed` refuses it (409 `USE_ATTEMPTS`).
   */
  attemptsOnly: Type.Boolean(),
  /** The caller's open attempt of this form, if any. */
  openAttempt: Type.Union([Uuid, Type.Null()]),
  timeLimitMinutes: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
  /** How many questions an attempt has (the form's own and those drawn). */
  questionCount: Type.Integer({ minimum: 0 }),
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

/** An essay of a submitted attempt with its grade (null until graded). */
export const EssayOutcome = Type.Object({
  question: Type.String(),
  text: Type.String(),
  maxPoints: Type.Integer({ minimum: 1 }),
  points: Type.Union([Type.Number({ minimum: 0 }), Type.Null()]),
  feedback: Type.Union([Type.String(), Type.Null()]),
  gradedAt: Type.Union([DateTime, Type.Null()]),
})
export type EssayOutcome = Static<typeof EssayOutcome>

/** The states of an attempt: `open` (being answered), `pending` (essays wait for a grade), `graded`. */
export const ATTEMPT_STATUSES = ['open', 'pending', 'graded'] as const
export type AttemptStatus = (typeof ATTEMPT_STATUSES)[number]

export const SummaryAttempt = Type.Object({
  /** Null for an attempt made through `forms/completed` before attempts had ids to show. */
  id: Type.Union([Uuid, Type.Null()]),
  status: Type.Enum(['pending', 'graded']),
  score: Type.Union([Percent, Type.Null()]),
  passed: Type.Union([Type.Boolean(), Type.Null()]),
  submittedAt: DateTime,
  /** Closed by its time limit rather than submitted by the learner. */
  late: Type.Boolean(),
  essays: Type.Array(EssayOutcome),
})
export type SummaryAttempt = Static<typeof SummaryAttempt>

/** `GET forms/summary/{course}/{id}`: every attempt (oldest first), the best score, and pass or fail. */
export const FormSummary = Type.Object({
  course: Uuid,
  id: Uuid,
  name: Type.String(),
  tries: Type.Integer({ minimum: 1 }),
  requiredScore: Percent,
  /**
   * Every submitted attempt, oldest first. `score` and `passed` are null while the attempt is `pending`
   * (essays wait for a grade); `essays` gives each essay's grade and feedback once given.
   */
  attempts: Type.Array(SummaryAttempt),
  ...FormStanding.properties,
})
export type FormSummary = Static<typeof FormSummary>

// ---------------------------------------------------------------------------------------------------
// Attempts with a life (decision 0035): start (or resume), save answers per question, submit.
// ---------------------------------------------------------------------------------------------------

/** `POST forms/attempts/start`: the form to attempt. */
export const AttemptStartBody = Type.Object({ course: Uuid, id: Uuid })
export type AttemptStartBody = Static<typeof AttemptStartBody>

/** An open attempt as its learner sees it: the same questions in the same order on every reload. */
export const LearnerAttempt = Type.Object({
  id: Uuid,
  course: Uuid,
  form: Uuid,
  startedAt: DateTime,
  /** When the attempt closes (server clock); null without a time limit. */
  deadline: Type.Union([DateTime, Type.Null()]),
  /** The server's time when it answered, so the client's countdown does not depend on its own clock. */
  now: DateTime,
  /** The attempt's questions (its own and those drawn), shuffled as stored for the attempt. */
  questions: Type.Array(LearnerFormQuestion),
  /** The answers saved so far, by question id. */
  answers: AttemptAnswers,
  /** Moves on with every save that changes an answer (another tab's saves show here). */
  revision: Type.Integer({ minimum: 1 }),
})
export type LearnerAttempt = Static<typeof LearnerAttempt>

/**
 * What `forms/attempts/start` answers: the attempt (a new one, counting a try, or the caller's open one
 * of this form) and the learner's standing.
 */
export const AttemptStartResponse = Type.Object({ attempt: LearnerAttempt, ...FormStanding.properties })
export type AttemptStartResponse = Static<typeof AttemptStartResponse>

export const AttemptParams = Type.Object({ attempt: Uuid })
export type AttemptParams = Static<typeof AttemptParams>

/**
 * `PUT forms/attempts/{attempt}/answers`: answers to save, by question id; each replaces that question's
 * saved answer (saving the same again changes nothing). A question not in the attempt: 400. After the
 * deadline or once submitted: 409 `ATTEMPT_CLOSED`, nothing saved.
 */
export const AttemptSaveBody = Type.Object({ answers: AttemptAnswers })
export type AttemptSaveBody = Static<typeof AttemptSaveBody>
/** Every answer saved so far (not only those just sent) and the attempt's revision. */
export const AttemptSaveResponse = Type.Object({ savedAt: DateTime, answers: AttemptAnswers, revision: Type.Integer({ minimum: 1 }) })
export type AttemptSaveResponse = Static<typeof AttemptSaveResponse>

/** `POST forms/attempts/{attempt}/submit`: answers saved first if the attempt is still open, then graded. */
export const AttemptSubmitBody = Type.Object({ answers: Type.Optional(AttemptAnswers) })
export type AttemptSubmitBody = Static<typeof AttemptSubmitBody>

/**
 * A submitted attempt's result: `FormResult` with `pending` (essays wait for course staff). While
 * pending, `score` and `passed` say nothing yet (0 and false): show "Waiting for a grade". A question's
 * `right` is null for an essay (its `points` come once graded). Submitting again answers the same.
 */
export const AttemptResult = Type.Object({
  ...FormResult.properties,
  attempt: Uuid,
  pending: Type.Boolean(),
  /** Closed by its time limit (with what was saved) rather than submitted in time. */
  late: Type.Boolean(),
  questions: Type.Array(
    Type.Object({
      id: Type.String(),
      right: Type.Union([Type.Boolean(), Type.Null()]),
      points: Type.Optional(Type.Union([Type.Number({ minimum: 0 }), Type.Null()])),
      maxPoints: Type.Optional(Type.Integer({ minimum: 1 })),
    }),
  ),
})
export type AttemptResult = Static<typeof AttemptResult>

/** 409 `ATTEMPT_CLOSED`: the attempt is submitted or its time is up; nothing was saved. */
export const ATTEMPT_CLOSED = 'This attempt is closed'
/** 404 `NOT_FOUND`: no attempt of the caller's has this id. */
export const ATTEMPT_NOT_FOUND = 'Attempt not found'
/** 409 `USE_ATTEMPTS`: `forms/completed` on a form that is taken through attempts only. */
export const USE_ATTEMPTS = 'This form is taken through attempts'

/** 403 without an active subscription: the same refusals as the player's (`SUBSCRIPTION_REFUSALS`). */
export { SUBSCRIPTION_REFUSALS, SubscriptionRefused, type SubscriptionRefusalCode } from './player.js'
export const COURSE_NOT_FOUND = 'Course not found'
export const FORM_NOT_FOUND = 'Form not found'
/** 409 `code: 'NO_ATTEMPTS_LEFT'`: every try of the form is used. */
export const NO_ATTEMPTS_LEFT = 'No attempts left for this form'

export const FormErrorBody = ErrorBody
