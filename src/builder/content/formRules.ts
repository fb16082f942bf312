import { newId, type FormOption, type FormQuestion, type FormValues, type QuestionType } from './model'

/** Problems of an evaluation form, as keys of `contentEditor.validation`, by where they show. */
export interface FormProblems {
  name?: string
  tries?: string
  requiredScore?: string
  questions?: string
  byQuestion: Record<string, { text?: string; options?: string; byOption: Record<string, string> }>
  /** Problems that keep the form from being saved (the server refuses these values). */
  blocking: boolean
  count: number
}

/**
 * The checks the publish checklist makes, shown while the creator writes: every question has text, its
 * options have text, single choice and true/false have exactly one correct answer, multiple choice at
 * least one; tries 1–20 and the required score 0–100 % block saving, the rest only publishing.
 */
export function checkForm(form: FormValues): FormProblems {
  const problems: FormProblems = { byQuestion: {}, blocking: false, count: 0 }
  const flag = (key: string) => {
    problems.count += 1
    return key
  }
  if (!form.name.trim()) problems.name = flag('required')
  if (!Number.isInteger(form.tries) || form.tries < 1 || form.tries > 20) {
    problems.tries = flag('tries')
    problems.blocking = true
  }
  if (!Number.isFinite(form.requiredScore) || form.requiredScore < 0 || form.requiredScore > 100) {
    problems.requiredScore = flag('score')
    problems.blocking = true
  }
  if (form.questions.length === 0) problems.questions = flag('noQuestions')
  for (const q of form.questions) {
    const entry: FormProblems['byQuestion'][string] = { byOption: {} }
    if (!q.text.trim()) entry.text = flag('questionText')
    if (q.type !== 'boolean') {
      for (const o of q.options) if (!o.text.trim()) entry.byOption[o.id] = flag('optionText')
    }
    const correct = q.options.filter((o) => o.correct).length
    if (q.options.length < 2) entry.options = flag('twoOptions')
    else if (correct === 0) entry.options = flag('noCorrect')
    else if (q.type !== 'multiple' && correct > 1) entry.options = flag('oneCorrect')
    if (entry.text || entry.options || Object.keys(entry.byOption).length) problems.byQuestion[q.id] = entry
  }
  return problems
}

/** The options a question of `type` starts with; true/false keeps the two fixed answers. */
export function optionsFor(type: QuestionType, previous: FormOption[] = []): FormOption[] {
  if (type === 'boolean') {
    const wasTrue = previous.find((o) => o.text === 'true')?.correct ?? false
    const wasFalse = previous.find((o) => o.text === 'false')?.correct ?? false
    return [
      { id: newId(), text: 'true', correct: wasTrue },
      { id: newId(), text: 'false', correct: wasFalse && !wasTrue },
    ]
  }
  if (previous.length >= 2 && !previous.some((o) => o.text === 'true' || o.text === 'false')) {
    // Single choice keeps at most one correct answer: the first one marked.
    if (type === 'single') {
      let seen = false
      return previous.map((o) => {
        const correct = o.correct && !seen
        if (o.correct) seen = true
        return { ...o, correct }
      })
    }
    return previous
  }
  return [
    { id: newId(), text: '', correct: false },
    { id: newId(), text: '', correct: false },
  ]
}

export const newQuestion = (type: QuestionType = 'single'): FormQuestion => ({ id: newId(), type, text: '', options: optionsFor(type) })

/** The form values of a block, with defaults for what an older or partial block lacks. */
export function formOf(values: { name?: string; tries?: number; requiredScore?: number; questions?: FormQuestion[] }): FormValues {
  return { name: values.name ?? '', tries: values.tries ?? 1, requiredScore: values.requiredScore ?? 70, questions: values.questions ?? [] }
}

export const letter = (index: number) => String.fromCharCode(65 + (index % 26))
