/** The shapes of the attempt routes as the learner's form reads them (the contracts' own). */
import type { AttemptResult, LearnerAttempt, LearnerFormQuestion, SummaryAttempt } from '../../../contracts/learner/forms'

export type { AttemptResult, SummaryAttempt }
export type AttemptQuestion = LearnerFormQuestion
export type Attempt = LearnerAttempt
