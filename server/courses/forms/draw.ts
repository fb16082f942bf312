import { randomBytes } from 'node:crypto'
import type { CourseSnapshot, FormQuestion, FormValues } from '../../../contracts/courses/content.js'
import { isChoice, type Shown } from './questions.js'

/**
 * What an attempt asks, decided once when it starts and stored with it (decision 0035): the form's own
 * questions and those drawn from its banks, in the order shown, with the order of their options and
 * items. The random choices come from a seed made for the attempt (stored too), so the draw can be
 * explained afterwards; the result itself is what is stored and read back on every reload.
 */

/** One question of an attempt: its id in the attempt, the question as published, and how it is shown. */
export interface DrawnQuestion extends Shown {
  key: string
  question: FormQuestion
}

export interface Draw {
  seed: string
  questions: DrawnQuestion[]
  /** What the attempt is graded against and named by, as published when it started. */
  requiredScore: number
  form: string
  course: string
}

/** A small seeded generator (mulberry32): the same seed gives the same sequence in every process. */
export function seeded(seed: string): () => number {
  let a = Number.parseInt(seed.slice(0, 8), 16) >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** A shuffled copy (Fisher–Yates). */
export function shuffled<T>(list: readonly T[], random: () => number): T[] {
  const out = [...list]
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[out[i], out[j]] = [out[j], out[i]]
  }
  return out
}

/** The bank question's id in an attempt: `<bank>:<question>` never meets a form question's id (no colon). */
export const bankKey = (bank: string, question: string) => `${bank}:${question}`

/** The banks of a snapshot by id (none in snapshots published before banks existed). */
export const banksOf = (snapshot: CourseSnapshot) => new Map((snapshot.banks ?? []).map((b) => [b.id, b]))

/**
 * The draw of a new attempt at `form` of `snapshot`. A bank drawn from twice gives different questions
 * each time; a draw asking more than its bank has (the checklist refuses it) takes what there is.
 */
export function drawAttempt(form: FormValues, snapshot: CourseSnapshot, seed = randomBytes(4).toString('hex')): Draw {
  const random = seeded(seed)
  const banks = banksOf(snapshot)
  const questions: DrawnQuestion[] = form.questions.map((q) => ({ key: q.id, question: q }))
  const left = new Map<string, FormQuestion[]>()
  for (const d of form.draws ?? []) {
    const pool = left.get(d.bank) ?? shuffled(banks.get(d.bank)?.questions ?? [], random)
    const taken = pool.splice(0, d.count)
    left.set(d.bank, pool)
    for (const q of taken) questions.push({ key: bankKey(d.bank, q.id), question: q })
  }
  const order = form.shuffleQuestions ? shuffled(questions, random) : questions
  for (const d of order) {
    const q = d.question
    // Options keep their order unless asked (true-or-false always does); rights and items are always shuffled.
    if (isChoice(q) && form.shuffleOptions && q.type !== 'boolean') d.options = shuffled(q.options, random).map((o) => o.id)
    if (q.type === 'matching') d.rights = shuffled(q.pairs, random).map((p) => ({ id: `r${randomBytes(4).toString('hex')}`, pair: p.id }))
    if (q.type === 'ordering') {
      let items = shuffled(q.items, random).map((i) => i.id)
      // A shuffle that kept the answer's order is turned by one: the order shown never gives it away.
      if (items.length > 1 && items.every((id, i) => id === q.items[i].id)) items = [...items.slice(1), items[0]]
      d.items = items
    }
  }
  return { seed, questions: order, requiredScore: form.requiredScore, form: form.name, course: snapshot.course.name }
}
