import type { CourseSnapshot, FormQuestion, FormValues } from '../../../../../contracts/courses/content.js'
import type { LearnerFormQuestion } from '../../../../../contracts/learner/forms.js'

/** A form block of a published snapshot, with its section. */
export interface SnapshotForm {
  id: string
  section: string
  values: FormValues
}

/** The form blocks of the snapshot in course order. */
export function formsOf(snapshot: CourseSnapshot): SnapshotForm[] {
  return snapshot.sections.flatMap((s) => s.blocks.filter((b) => b.kind === 'form').map((b) => ({ id: b.id, section: s.id, values: normalizeForm(b.values) })))
}

/** The stored values with safe defaults (a snapshot is validated at publication; this guards the reading). */
function normalizeForm(v: Record<string, unknown>): FormValues {
  return {
    title: typeof v.title === 'string' ? v.title : undefined,
    required: v.required === true,
    name: typeof v.name === 'string' ? v.name : '',
    tries: typeof v.tries === 'number' && v.tries >= 1 ? Math.floor(v.tries) : 1,
    requiredScore: typeof v.requiredScore === 'number' ? Math.min(100, Math.max(0, v.requiredScore)) : 100,
    questions: Array.isArray(v.questions) ? (v.questions as FormQuestion[]) : [],
  }
}

/** The questions as learners get them: every option's `correct` left out. */
export const questionsForLearner = (form: FormValues): LearnerFormQuestion[] =>
  form.questions.map((q) => ({ id: q.id, type: q.type, text: q.text, options: q.options.map((o) => ({ id: o.id, text: o.text })) }))

/**
 * Whether the chosen options answer the question exactly: for a multiple-choice question the chosen
 * set equals the set of correct options; for single choice and true-or-false the one chosen option is
 * the correct one. Unknown option ids make the answer wrong; repeating an id does not matter.
 */
export function answeredRight(q: FormQuestion, chosen: readonly string[] | undefined): boolean {
  const picked = new Set(chosen ?? [])
  const correct = new Set(q.options.filter((o) => o.correct).map((o) => o.id))
  if (picked.size === 0 || correct.size === 0) return false
  if (q.type !== 'multiple' && picked.size !== 1) return false
  if (picked.size !== correct.size) return false
  for (const id of picked) if (!correct.has(id)) return false
  return true
}

export interface Grade {
  /** Percent of the questions answered exactly right, to two decimals. */
  score: number
  passed: boolean
  questions: Array<{ id: string; right: boolean }>
}

/** Grades the answers (question id → chosen option ids); answers to unknown questions are ignored. */
export function grade(form: FormValues, answers: Record<string, readonly string[]>): Grade {
  const questions = form.questions.map((q) => ({ id: q.id, right: answeredRight(q, Object.hasOwn(answers, q.id) ? answers[q.id] : undefined) }))
  const right = questions.filter((q) => q.right).length
  const score = questions.length ? Math.round((right / questions.length) * 10000) / 100 : 0
  return { score, passed: score >= form.requiredScore, questions }
}
