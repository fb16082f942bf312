import type { CourseSnapshot, FormQuestion, FormValues } from '../../../contracts/courses/content.js'
import type { FormStanding } from '../../../contracts/learner/forms.js'
import type { AttemptRow } from './queries.js'
import { isChoice } from './questions.js'

/** The forms of a published snapshot as learners take them, and a learner's standing with one. */

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
    draws: Array.isArray(v.draws) ? (v.draws as FormValues['draws']) : [],
    shuffleQuestions: v.shuffleQuestions === true,
    shuffleOptions: v.shuffleOptions === true,
    timeLimitMinutes: typeof v.timeLimitMinutes === 'number' && v.timeLimitMinutes >= 1 ? v.timeLimitMinutes : null,
    weight: typeof v.weight === 'number' ? v.weight : 1,
  }
}

/**
 * Whether the form is taken only through attempts: it draws from banks, shuffles, has a time limit or
 * a question `forms/completed` cannot carry (anything but a choice).
 */
export const attemptsOnly = (form: FormValues) =>
  (form.draws?.length ?? 0) > 0 ||
  form.shuffleQuestions === true ||
  form.shuffleOptions === true ||
  form.timeLimitMinutes != null ||
  !form.questions.every(isChoice)

/** How many questions an attempt of the form asks. */
export const questionCount = (form: FormValues, banks: ReadonlyMap<string, { questions: unknown[] }>) =>
  form.questions.length +
  (form.draws ?? []).reduce((n, d) => n + d.count, 0) -
  // A draw asking more than its bank has gets what there is.
  [...new Set((form.draws ?? []).map((d) => d.bank))].reduce((short, bank) => {
    const asked = (form.draws ?? []).filter((d) => d.bank === bank).reduce((n, d) => n + d.count, 0)
    return short + Math.max(0, asked - (banks.get(bank)?.questions.length ?? 0))
  }, 0)

/**
 * Where the learner stands with a form: every attempt started counts as a try; the best score and a
 * pass come from graded attempts only; `pending` while an attempt waits for its essays' grades.
 */
export function standing(form: SnapshotForm, attempts: readonly AttemptRow[]): FormStanding {
  const mine = attempts.filter((a) => a.form_id === form.id)
  const graded = mine.filter((a) => a.status === 'graded')
  return {
    attemptsUsed: mine.length,
    attemptsLeft: Math.max(0, form.values.tries - mine.length),
    bestScore: graded.length ? Math.max(...graded.map((a) => a.score)) : null,
    passed: graded.some((a) => a.passed),
    pending: mine.some((a) => a.status === 'pending'),
  }
}
