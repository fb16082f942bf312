import { describe, expect, it } from 'vitest'
import type { CourseSnapshot, FormQuestion, FormValues } from '../../contracts/courses/content.js'
import { drawAttempt, seeded, shuffled } from '../../server/courses/forms/draw.js'
import { answeredRight, canonicalAnswer, foldText, parseNumber } from '../../server/courses/forms/questions.js'

const short = (extra: Partial<FormQuestion> = {}) => ({ id: 's', type: 'short', text: '?', accepted: ['Ciudad de México'], ...extra }) as FormQuestion

describe('question grading', () => {
  it('compares short answers trimmed, spaces collapsed, case and accents folded unless told otherwise', () => {
    expect(answeredRight(short(), '  ciudad   de   MEXICO ')).toBe(true)
    expect(answeredRight(short({ foldAccents: false } as Partial<FormQuestion>), 'ciudad de mexico')).toBe(false)
    expect(answeredRight(short({ foldAccents: false } as Partial<FormQuestion>), 'CIUDAD DE MÉXICO')).toBe(true)
    expect(answeredRight(short({ caseSensitive: true } as Partial<FormQuestion>), 'ciudad de mexico')).toBe(false)
    expect(answeredRight(short(), '')).toBe(false)
    expect(foldText(' Ñandú  Über ', {})).toBe('nandu uber')
  })

  it('reads numbers with a comma or a dot and accepts the tolerance bounds', () => {
    expect(parseNumber('3,5')).toBe(3.5)
    expect(parseNumber(' -0.25 ')).toBe(-0.25)
    expect(parseNumber('1e3')).toBe(1000)
    expect(parseNumber('3,5,1')).toBeNull()
    expect(parseNumber('abc')).toBeNull()
    const q = { id: 'n', type: 'numeric', text: '?', answer: 0.3, tolerance: 0.1 } as FormQuestion
    expect(answeredRight(q, '0,2')).toBe(true)
    expect(answeredRight(q, 0.4)).toBe(true)
    expect(answeredRight(q, '0.41')).toBe(false)
    expect(answeredRight({ ...q, tolerance: 0 } as FormQuestion, 0.1 + 0.2)).toBe(true)
  })

  it('wants every left matched to its own right, and the exact order', () => {
    const m = {
      id: 'm',
      type: 'matching',
      text: '?',
      pairs: [
        { id: 'a', left: 'A', right: '1' },
        { id: 'b', left: 'B', right: '2' },
      ],
    } as FormQuestion
    const shown = {
      rights: [
        { id: 'r2', pair: 'b' },
        { id: 'r1', pair: 'a' },
      ],
    }
    expect(answeredRight(m, { a: 'r1', b: 'r2' }, shown)).toBe(true)
    expect(answeredRight(m, { a: 'r2', b: 'r1' }, shown)).toBe(false)
    expect(answeredRight(m, { a: 'r1' }, shown)).toBe(false)
    const o = {
      id: 'o',
      type: 'ordering',
      text: '?',
      items: [
        { id: 'x', text: 'x' },
        { id: 'y', text: 'y' },
      ],
    } as FormQuestion
    expect(answeredRight(o, ['x', 'y'])).toBe(true)
    expect(answeredRight(o, ['y', 'x'])).toBe(false)
    expect(answeredRight(o, ['x', 'y', 'x'])).toBe(false)
  })

  it('reads a one-element list that came as its string as the list, and refuses shapes of another type', () => {
    const c = { id: 'c', type: 'single', text: '?', options: [{ id: 'a', text: 'A', correct: true }] } as FormQuestion
    expect(canonicalAnswer(c, 'a')).toEqual(['a'])
    expect(canonicalAnswer(c, ['a', 'a'])).toEqual(['a'])
    expect(canonicalAnswer(c, { a: 'b' })).toBeNull()
    expect(canonicalAnswer(short(), ['x'])).toBeNull()
    expect(canonicalAnswer({ id: 'e', type: 'essay', text: '?', maxPoints: 1 } as FormQuestion, 'x'.repeat(20001))).toBeNull()
    expect(answeredRight({ id: 'e', type: 'essay', text: '?', maxPoints: 1 } as FormQuestion, 'anything')).toBeNull()
  })
})

describe('draws', () => {
  it('is the same sequence for the same seed', () => {
    expect(shuffled([1, 2, 3, 4, 5, 6], seeded('00c0ffee'))).toEqual(shuffled([1, 2, 3, 4, 5, 6], seeded('00c0ffee')))
  })

  it('never repeats a question of a bank drawn from twice, and takes what there is when asked for more', () => {
    const bank = { id: 'b0000000-0000-4000-8000-000000000000', name: 'B', questions: ['p', 'q', 'r'].map((id) => short({ id })) }
    const snapshot = { course: { name: 'C' }, banks: [bank] } as unknown as CourseSnapshot
    const form: FormValues = {
      name: 'F',
      tries: 1,
      requiredScore: 50,
      questions: [],
      draws: [
        { bank: bank.id, count: 2 },
        { bank: bank.id, count: 2 },
      ],
    }
    for (let i = 0; i < 20; i++) {
      const keys = drawAttempt(form, snapshot).questions.map((d) => d.key)
      expect(keys).toHaveLength(3)
      expect(new Set(keys).size).toBe(3)
    }
  })
})
