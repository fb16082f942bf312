import Type, { type Static } from 'typebox'
import { AttemptQuestionId } from '../learner/forms.js'

/**
 * Essays graded by course staff (decision 0035): the essays of submitted form attempts that wait for a
 * grade, and the grade of one. Open to the course's staff (capability 'grade': owner, administrator,
 * collaborator, grader); reviewers and learners are refused like any builder route (404/403).
 */

const Uuid = Type.String({ format: 'uuid' })
const DateTime = Type.String({ format: 'date-time' })

export const EssayQueueParams = Type.Object({ course: Uuid })
export type EssayQueueParams = Static<typeof EssayQueueParams>

export const ESSAY_PAGE_SIZE = 20
/** Oldest first; `status` 'pending' (default) lists the essays waiting for a grade, 'graded' those graded. */
export const EssayQueueQuery = Type.Object({
  paginationToken: Type.Optional(Type.String({ maxLength: 200 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  status: Type.Optional(Type.Enum(['pending', 'graded'])),
})
export type EssayQueueQuery = Static<typeof EssayQueueQuery>

/** One essay answer of a submitted attempt. */
export const EssayItem = Type.Object({
  attempt: Uuid,
  /** The question's id in the attempt (`<bank>:<id>` for a question drawn from a bank). */
  question: AttemptQuestionId,
  form: Type.Object({ id: Uuid, name: Type.String() }),
  learner: Type.Object({
    sub: Type.String(),
    /** As people are named: given and family name, or e-mail; null when the account is gone. */
    name: Type.Union([Type.String(), Type.Null()]),
    email: Type.Union([Type.String(), Type.Null()]),
  }),
  /** The question's prompt. */
  prompt: Type.String(),
  answer: Type.String(),
  maxPoints: Type.Integer({ minimum: 1 }),
  points: Type.Union([Type.Number({ minimum: 0 }), Type.Null()]),
  feedback: Type.Union([Type.String(), Type.Null()]),
  submittedAt: DateTime,
  gradedAt: Type.Union([DateTime, Type.Null()]),
  /** The grade's revision: a grade carries it, a stale one is refused (409). */
  revision: Type.Integer({ minimum: 1 }),
})
export type EssayItem = Static<typeof EssayItem>

/** `GET grading/essays/{course}`: token-paged. */
export const EssayQueuePage = Type.Object({
  items: Type.Array(EssayItem),
  paginationToken: Type.Union([Type.String(), Type.Null()]),
  estimated: Type.Integer({ minimum: 0 }),
})
export type EssayQueuePage = Static<typeof EssayQueuePage>

export const EssayGradeParams = Type.Object({ course: Uuid, attempt: Uuid, question: AttemptQuestionId })
export type EssayGradeParams = Static<typeof EssayGradeParams>

/** The longest feedback, in characters. */
export const MAX_ESSAY_FEEDBACK = 5000
/**
 * `PUT grading/essays/{course}/{attempt}/{question}`: points out of the essay's `maxPoints` (400 above
 * it) and feedback for the learner. A graded essay may be graded again with its newer revision.
 */
export const EssayGradeBody = Type.Object({
  points: Type.Number({ minimum: 0, maximum: 1000 }),
  feedback: Type.Optional(Type.String({ maxLength: MAX_ESSAY_FEEDBACK })),
  revision: Type.Integer({ minimum: 1, maximum: 2147483647 }),
})
export type EssayGradeBody = Static<typeof EssayGradeBody>

/**
 * The essay as graded, and its attempt: still `pending` while another essay of it waits, else `graded`
 * with its score and pass or fail.
 */
export const EssayGradeResponse = Type.Object({
  essay: EssayItem,
  attempt: Type.Object({
    id: Uuid,
    status: Type.Enum(['pending', 'graded']),
    score: Type.Union([Type.Number({ minimum: 0, maximum: 100 }), Type.Null()]),
    passed: Type.Union([Type.Boolean(), Type.Null()]),
  }),
})
export type EssayGradeResponse = Static<typeof EssayGradeResponse>

/** 409 `STALE_REVISION` on a grade: the essay's current revision comes along. */
export const EssayConflictBody = Type.Object({
  message: Type.String(),
  code: Type.Optional(Type.String()),
  revision: Type.Optional(Type.Integer({ minimum: 1 })),
})
export const ESSAY_STALE = 'This essay was graded elsewhere'
export const ESSAY_NOT_FOUND = 'Essay not found'
