import { newId, type FormOption, type FormQuestion, type FormValues, type QuestionType } from './model'

/** A question's problems, as keys of `contentEditor.validation`, by where they show. */
export interface QuestionProblems {
  text?: string
  /** The question's answers as a whole (options, accepted answers, pairs, items, the number, the points). */
  options?: string
  /** One option, accepted answer, pair or item, by its id (accepted answers by index). */
  byOption: Record<string, string>
}

/** Problems of an evaluation form, as keys of `contentEditor.validation`, by where they show. */
export interface FormProblems {
  name?: string
  tries?: string
  requiredScore?: string
  timeLimit?: string
  weight?: string
  questions?: string
  /** A draw's problem by its index. */
  byDraw: Record<number, string>
  byQuestion: Record<string, QuestionProblems>
  /** Problems that keep the form from being saved (the server refuses these values). */
  blocking: boolean
  count: number
}

/** What the form editor knows of the course's banks: how many questions each has. */
export type BankSizes = Map<string, number>

const CHOICE = new Set<QuestionType>(['single', 'multiple', 'boolean'])
export const isChoice = (q: FormQuestion): q is Extract<FormQuestion, { options: FormOption[] }> => CHOICE.has(q.type)

/**
 * The checks the publish checklist makes of one question, shown while the creator writes: it has text;
 * choice options have text, single choice and true/false have exactly one correct answer, multiple
 * choice at least one; a short answer has 1–20 accepted answers, none empty; a numeric question has its
 * number; matching has 2–20 pairs with both sides written; ordering 2–20 items, each written.
 */
export function checkQuestion(q: FormQuestion, flag: (key: string) => string = (k) => k): QuestionProblems | null {
  const entry: QuestionProblems = { byOption: {} }
  if (!q.text.trim()) entry.text = flag('questionText')
  switch (q.type) {
    case 'single':
    case 'multiple':
    case 'boolean': {
      if (q.type !== 'boolean') for (const o of q.options) if (!o.text.trim()) entry.byOption[o.id] = flag('optionText')
      const correct = q.options.filter((o) => o.correct).length
      if (q.options.length < 2) entry.options = flag('twoOptions')
      else if (correct === 0) entry.options = flag('noCorrect')
      else if (q.type !== 'multiple' && correct > 1) entry.options = flag('oneCorrect')
      break
    }
    case 'short':
      if (q.accepted.length === 0) entry.options = flag('noAccepted')
      q.accepted.forEach((a, i) => {
        if (!a.trim()) entry.byOption[String(i)] = flag('acceptedText')
      })
      break
    case 'numeric':
      if (q.answer === undefined || !Number.isFinite(q.answer)) entry.options = flag('numericAnswer')
      else if (q.tolerance !== undefined && (!Number.isFinite(q.tolerance) || q.tolerance < 0)) entry.options = flag('tolerance')
      break
    case 'matching':
      if (q.pairs.length < 2) entry.options = flag('twoPairs')
      for (const p of q.pairs) if (!p.left.trim() || !p.right.trim()) entry.byOption[p.id] = flag('pairText')
      break
    case 'ordering':
      if (q.items.length < 2) entry.options = flag('twoItems')
      for (const item of q.items) if (!item.text.trim()) entry.byOption[item.id] = flag('itemText')
      break
    case 'essay':
      if (!Number.isInteger(q.maxPoints) || q.maxPoints < 1 || q.maxPoints > 1000) entry.options = flag('maxPoints')
      break
  }
  return entry.text || entry.options || Object.keys(entry.byOption).length ? entry : null
}

/** Whether the server would refuse to save the question as it is (a number out of its range). */
const blocksSaving = (q: FormQuestion) =>
  (q.type === 'numeric' && ((q.answer !== undefined && !Number.isFinite(q.answer)) || (q.tolerance !== undefined && !(q.tolerance >= 0)))) ||
  (q.type === 'essay' && !(Number.isInteger(q.maxPoints) && q.maxPoints >= 1 && q.maxPoints <= 1000))

/**
 * The checks the publish checklist makes, shown while the creator writes (see `checkQuestion`); tries
 * 1–20, the required score 0–100 %, the time limit 1–600 minutes, the weight 0–100 and numbers out of
 * their range block saving, the rest only publishing. With `banks`, a draw from an unknown bank or of
 * more questions than its bank has is flagged.
 */
export function checkForm(form: FormValues, banks?: BankSizes): FormProblems {
  const problems: FormProblems = { byQuestion: {}, byDraw: {}, blocking: false, count: 0 }
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
  const limit = form.timeLimitMinutes
  if (limit !== null && limit !== undefined && (!Number.isInteger(limit) || limit < 1 || limit > 600)) {
    problems.timeLimit = flag('timeLimit')
    problems.blocking = true
  }
  const weight = form.weight
  if (weight !== undefined && (!Number.isFinite(weight) || weight < 0 || weight > 100)) {
    problems.weight = flag('weight')
    problems.blocking = true
  }
  const draws = form.draws ?? []
  draws.forEach((d, i) => {
    if (!Number.isInteger(d.count) || d.count < 1 || d.count > 200) {
      problems.byDraw[i] = flag('drawCount')
      problems.blocking = true
    } else if (banks && !banks.has(d.bank)) problems.byDraw[i] = flag('drawBank')
    else if (banks && d.count > banks.get(d.bank)!) problems.byDraw[i] = flag('drawTooMany')
  })
  if (form.questions.length === 0 && draws.length === 0) problems.questions = flag('noQuestions')
  for (const q of form.questions) {
    const entry = checkQuestion(q, flag)
    if (entry) problems.byQuestion[q.id] = entry
    if (blocksSaving(q)) problems.blocking = true
  }
  return problems
}

/** The options a choice question of `type` starts with; true/false keeps the two fixed answers. */
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

/** A question of `type`, keeping the id and text of `from` (and its options between choice types). */
export function newQuestion(type: QuestionType = 'single', from?: FormQuestion): FormQuestion {
  const base = { id: from?.id ?? newId(), text: from?.text ?? '' }
  switch (type) {
    case 'single':
    case 'multiple':
    case 'boolean':
      return { ...base, type, options: optionsFor(type, from && isChoice(from) ? from.options : []) }
    case 'short':
      return { ...base, type, accepted: [''], caseSensitive: false, foldAccents: true }
    case 'numeric':
      return { ...base, type, tolerance: 0 }
    case 'matching':
      return {
        ...base,
        type,
        pairs: [
          { id: newId(), left: '', right: '' },
          { id: newId(), left: '', right: '' },
        ],
      }
    case 'ordering':
      return {
        ...base,
        type,
        items: [
          { id: newId(), text: '' },
          { id: newId(), text: '' },
        ],
      }
    case 'essay':
      return { ...base, type, maxPoints: 10 }
  }
}

/** The form values of a block, with defaults for what an older or partial block lacks. */
export function formOf(values: Partial<FormValues>): FormValues {
  return {
    ...values,
    name: values.name ?? '',
    tries: values.tries ?? 1,
    requiredScore: values.requiredScore ?? 70,
    questions: values.questions ?? [],
  }
}

export const letter = (index: number) => String.fromCharCode(65 + (index % 26))

/** Moves the element at `index` by `by` places (a copy). */
export function shift<T>(list: T[], index: number, by: number): T[] {
  const to = index + by
  if (to < 0 || to >= list.length) return list
  const next = [...list]
  const [item] = next.splice(index, 1)
  next.splice(to, 0, item!)
  return next
}
