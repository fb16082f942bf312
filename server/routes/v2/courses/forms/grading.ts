import type { FormValues } from '../../../../../contracts/courses/content.js'
import type { LearnerFormQuestion } from '../../../../../contracts/learner/forms.js'
import { isChoice, answeredRight as rightAnswer } from '../../../../courses/forms/questions.js'

/**
 * Grading of `forms/completed` (choice questions, answered as option ids per question): every question
 * one point, the score the percent answered exactly right. Forms with other questions, draws, shuffles
 * or a time limit are taken through attempts (server/courses/forms/attempts.ts).
 */

export { formsOf, type SnapshotForm } from '../../../../courses/forms/forms.js'

/** The form's own questions as learners get them: nothing that makes them right. */
export const questionsForLearner = (form: FormValues): LearnerFormQuestion[] =>
  form.questions.filter(isChoice).map((q) => ({ id: q.id, type: q.type, text: q.text, options: q.options.map((o) => ({ id: o.id, text: o.text })) }))

export interface Grade {
  /** Percent of the questions answered exactly right, to two decimals. */
  score: number
  passed: boolean
  questions: Array<{ id: string; right: boolean }>
}

/** Grades the answers (question id → chosen option ids); answers to unknown questions are ignored. */
export function grade(form: FormValues, answers: Record<string, readonly string[]>): Grade {
  const questions = form.questions.map((q) => ({ id: q.id, right: rightAnswer(q, Object.hasOwn(answers, q.id) ? [...answers[q.id]] : undefined) === true }))
  const right = questions.filter((q) => q.right).length
  const score = questions.length ? Math.round((right / questions.length) * 10000) / 100 : 0
  return { score, passed: score >= form.requiredScore, questions }
}
