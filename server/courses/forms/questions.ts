import type { ChoiceQuestion, FormQuestion } from '../../../contracts/courses/content.js'
import { MAX_ESSAY_LENGTH, type AttemptAnswer, type LearnerFormQuestion } from '../../../contracts/learner/forms.js'

/**
 * The question types of evaluation forms (decision 0035): what an answer of each type looks like, when
 * it is right, and what a learner may see of the question. No SQL, no HTTP.
 */

export const isChoice = (q: FormQuestion): q is ChoiceQuestion => q.type === 'multiple' || q.type === 'single' || q.type === 'boolean'

/** An answer as stored: the shape of its question's type (see `AttemptAnswer`). */
export type StoredAnswer = string[] | string | number | Record<string, string>

/**
 * The answer checked against its question's type and made canonical (a one-element list that came as
 * its string becomes the list again; ids listed twice count once), or null when it cannot be an
 * answer to this question (the route answers 400).
 */
export function canonicalAnswer(q: FormQuestion, raw: AttemptAnswer | unknown): StoredAnswer | null {
  const list = (v: unknown) => (typeof v === 'string' ? [v] : Array.isArray(v) && v.every((x) => typeof x === 'string') ? (v as string[]) : null)
  switch (q.type) {
    case 'multiple':
    case 'single':
    case 'boolean': {
      const ids = list(raw)
      return ids ? [...new Set(ids)] : null
    }
    case 'ordering':
      return list(raw)
    case 'short':
      if (typeof raw === 'number' && Number.isFinite(raw)) return String(raw)
      return typeof raw === 'string' && raw.length <= 2000 ? raw : null
    case 'numeric':
      if (typeof raw === 'number') return Number.isFinite(raw) ? raw : null
      return typeof raw === 'string' && raw.length <= 100 ? raw : null
    case 'essay':
      return typeof raw === 'string' && raw.length <= MAX_ESSAY_LENGTH ? raw : null
    case 'matching':
      if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return null
      return Object.values(raw).every((v) => typeof v === 'string') ? { ...(raw as Record<string, string>) } : null
  }
}

/** Text compared as a short answer is: trimmed, inner spaces collapsed, case and accents folded as the question says. */
export function foldText(text: string, q: { caseSensitive?: boolean; foldAccents?: boolean }): string {
  let out = text.trim().replace(/\s+/gu, ' ')
  if (q.foldAccents !== false) out = out.normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC')
  if (q.caseSensitive !== true) out = out.toLocaleLowerCase('und')
  return out
}

/** A number typed by a learner: digits with a comma or a dot as decimal mark (spaces ignored), or null. */
export function parseNumber(given: string | number): number | null {
  if (typeof given === 'number') return Number.isFinite(given) ? given : null
  const s = given.replace(/\s+/gu, '')
  if (!/^[+-]?(\d+([.,]\d*)?|[.,]\d+)([eE][+-]?\d+)?$/u.test(s)) return null
  const n = Number(s.replace(',', '.'))
  return Number.isFinite(n) ? n : null
}

/** What an attempt froze of a question: the order its options, rights or items were shown in. */
export interface Shown {
  options?: string[]
  /** Matching: the rights in the order shown, each with the id made for the attempt and the pair it belongs to. */
  rights?: Array<{ id: string; pair: string }>
  items?: string[]
}

/**
 * Whether the answer is right; null for an essay (a person grades it). What counts as right is the
 * question's (never what the client says about it).
 */
export function answeredRight(q: FormQuestion, answer: StoredAnswer | undefined, shown: Shown = {}): boolean | null {
  if (q.type === 'essay') return null
  if (answer === undefined) return false
  switch (q.type) {
    case 'multiple':
    case 'single':
    case 'boolean': {
      if (!Array.isArray(answer)) return false
      const picked = new Set(answer)
      const correct = new Set(q.options.filter((o) => o.correct).map((o) => o.id))
      if (picked.size === 0 || correct.size === 0) return false
      if (q.type !== 'multiple' && picked.size !== 1) return false
      if (picked.size !== correct.size) return false
      for (const id of picked) if (!correct.has(id)) return false
      return true
    }
    case 'short': {
      if (typeof answer !== 'string') return false
      const given = foldText(answer, q)
      return given !== '' && q.accepted.some((a) => foldText(a, q) === given)
    }
    case 'numeric': {
      if (q.answer === undefined || (typeof answer !== 'string' && typeof answer !== 'number')) return false
      const given = parseNumber(answer)
      if (given === null) return false
      // A hair of slack for binary fractions (0.1 + 0.2), far below any tolerance a creator would set.
      const slack = 1e-9 * Math.max(1, Math.abs(q.answer))
      return Math.abs(given - q.answer) <= (q.tolerance ?? 0) + slack
    }
    case 'matching': {
      if (typeof answer !== 'object' || Array.isArray(answer) || q.pairs.length === 0) return false
      // Without a frozen map (a form answered outside attempts), a right's id is its pair's id.
      const pairOf = new Map((shown.rights ?? q.pairs.map((p) => ({ id: p.id, pair: p.id }))).map((r) => [r.id, r.pair]))
      return q.pairs.every((p) => Object.hasOwn(answer, p.id) && pairOf.get(answer[p.id]) === p.id)
    }
    case 'ordering':
      return Array.isArray(answer) && answer.length === q.items.length && q.items.every((item, i) => answer[i] === item.id)
  }
}

/** `ids` in the order `order` gives (ids it does not name keep their place after those it does). */
function ordered<T extends { id: string }>(list: readonly T[], order: readonly string[] | undefined): T[] {
  if (!order) return [...list]
  const byId = new Map(list.map((x) => [x.id, x]))
  const first = order.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []))
  return [...first, ...list.filter((x) => !order.includes(x.id))]
}

/** The question as its learner sees it (under the attempt's id `key`): never what makes it right. */
export function learnerQuestion(q: FormQuestion, key: string = q.id, shown: Shown = {}): LearnerFormQuestion {
  switch (q.type) {
    case 'multiple':
    case 'single':
    case 'boolean':
      return { id: key, type: q.type, text: q.text, options: ordered(q.options, shown.options).map((o) => ({ id: o.id, text: o.text })) }
    case 'short':
    case 'numeric':
      return { id: key, type: q.type, text: q.text }
    case 'essay':
      return { id: key, type: 'essay', text: q.text, maxPoints: q.maxPoints }
    case 'ordering': {
      // Outside an attempt the items come sorted by their text: their stored order is the answer.
      const items = shown.items ? ordered(q.items, shown.items) : [...q.items].sort((a, b) => a.text.localeCompare(b.text) || a.id.localeCompare(b.id))
      return { id: key, type: 'ordering', text: q.text, items: items.map((i) => ({ id: i.id, text: i.text })) }
    }
    case 'matching': {
      const textOf = new Map(q.pairs.map((p) => [p.id, p.right]))
      const rights = shown.rights
        ? shown.rights.map((r) => ({ id: r.id, text: textOf.get(r.pair) ?? '' }))
        : // Outside an attempt nothing can be answered; the rights come sorted by text under positional ids.
          [...q.pairs].sort((a, b) => a.right.localeCompare(b.right)).map((p, i) => ({ id: `r${i + 1}`, text: p.right }))
      return { id: key, type: 'matching', text: q.text, lefts: q.pairs.map((p) => ({ id: p.id, text: p.left })), rights }
    }
  }
}

/** The question without what makes it right (for those who may read a course but not edit it). */
export function withoutAnswer(q: FormQuestion): Record<string, unknown> {
  switch (q.type) {
    case 'multiple':
    case 'single':
    case 'boolean':
      return { ...q, options: q.options.map(({ correct: _correct, ...o }) => o) }
    case 'short': {
      const { accepted: _accepted, ...rest } = q
      return rest
    }
    case 'numeric': {
      const { answer: _answer, tolerance: _tolerance, ...rest } = q
      return rest
    }
    case 'ordering':
      return { ...q, items: [...q.items].sort((a, b) => a.text.localeCompare(b.text)) }
    case 'matching': {
      // Lefts and rights apart, the rights sorted by text: which goes with which is the answer.
      const { pairs, ...rest } = q
      return { ...rest, lefts: pairs.map((p) => ({ id: p.id, text: p.left })), rights: pairs.map((p) => p.right).sort((a, b) => a.localeCompare(b)) }
    }
    case 'essay':
      return q
  }
}

/** Why a question cannot be answered right, as a checklist code, or null. */
export function questionProblem(q: FormQuestion): { problem: string; correct?: number } | null {
  if (!q.text.trim()) return { problem: 'questionNoText' }
  switch (q.type) {
    case 'multiple':
    case 'single':
    case 'boolean': {
      if (q.options.some((o) => !o.text.trim())) return { problem: 'questionEmptyOption' }
      const correct = q.options.filter((o) => o.correct).length
      if (q.type === 'boolean' && q.options.length !== 2) return { problem: 'questionTwoOptions' }
      if (q.type !== 'boolean' && q.options.length < 2) return { problem: 'questionFewOptions' }
      if (correct === 0) return { problem: 'questionNoCorrect' }
      if (q.type !== 'multiple' && correct > 1) return { problem: 'questionTooManyCorrect', correct }
      return null
    }
    case 'short':
      if (q.accepted.length === 0) return { problem: 'questionNoAnswer' }
      return q.accepted.some((a) => !foldText(a, q)) ? { problem: 'questionEmptyAnswer' } : null
    case 'numeric':
      return q.answer === undefined ? { problem: 'questionNoAnswer' } : null
    case 'matching':
      if (q.pairs.length < 2) return { problem: 'questionFewPairs' }
      return q.pairs.some((p) => !p.left.trim() || !p.right.trim()) ? { problem: 'questionEmptyPair' } : null
    case 'ordering':
      if (q.items.length < 2) return { problem: 'questionFewItems' }
      return q.items.some((i) => !i.text.trim()) ? { problem: 'questionEmptyItem' } : null
    case 'essay':
      return null
  }
}

/** Field errors for ids repeated inside a list of questions (answers and grades refer to them), keyed under `base`. */
export function duplicateIds(questions: readonly FormQuestion[], base: string): Record<string, string> {
  const errors: Record<string, string> = {}
  const seen = new Set<string>()
  questions.forEach((q, i) => {
    if (seen.has(q.id)) errors[`${base}.${i}.id`] = 'Another question has this id'
    seen.add(q.id)
    const inner: Array<{ id: string }> = isChoice(q) ? q.options : q.type === 'matching' ? q.pairs : q.type === 'ordering' ? q.items : []
    const field = isChoice(q) ? 'options' : q.type === 'matching' ? 'pairs' : 'items'
    const ids = new Set<string>()
    inner.forEach((o, j) => {
      if (ids.has(o.id)) errors[`${base}.${i}.${field}.${j}.id`] = 'Another entry of this question has this id'
      ids.add(o.id)
    })
  })
  return errors
}
