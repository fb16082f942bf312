import type { FormDetailQuestion } from '../../../contracts/courses/admin.js'

/** A form block's values as the builder saves them (B9: `{name, tries, requiredScore, questions}`). */
export interface FormValues {
  name: string | null
  tries: number | null
  requiredScore: number | null
  questions: Array<{ id: string; type: string; text: string; options: Array<{ id: string; text: string; correct: boolean }> }>
}

/** JSON text read as a value; text that is not JSON reads as nothing. */
function parsed(v: unknown): unknown {
  if (typeof v !== 'string') return v
  try {
    return JSON.parse(v) as unknown
  } catch {
    return null
  }
}
const obj = (v: unknown): Record<string, unknown> | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null)
const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '')
const numOrNull = (v: unknown) =>
  typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && v.trim() && Number.isFinite(Number(v)) ? Number(v) : null

/** Reads stored values defensively: a JSON string, missing fields or odd entries never break the admin screens. */
export function readForm(raw: unknown): FormValues | null {
  const v = obj(parsed(raw))
  if (!v) return null
  const tries = numOrNull(v.tries)
  const questions = Array.isArray(v.questions) ? v.questions : []
  return {
    name: typeof v.name === 'string' ? v.name : typeof v.title === 'string' ? v.title : null,
    tries: tries !== null && Number.isInteger(tries) && tries >= 1 ? tries : null,
    requiredScore: numOrNull(v.requiredScore),
    questions: questions.flatMap((q) => {
      const o = obj(q)
      if (!o) return []
      const options = Array.isArray(o.options) ? o.options : []
      return [
        {
          id: str(o.id),
          type: str(o.type),
          text: str(o.text),
          options: options.flatMap((x) => {
            const p = obj(x)
            return p ? [{ id: str(p.id), text: str(p.text), correct: p.correct === true }] : []
          }),
        },
      ]
    }),
  }
}

/**
 * Finds a form block by id in a published snapshot, whatever nesting the snapshot uses (sections
 * holding blocks): the object whose `id` is the form's and that carries its values.
 */
export function formInSnapshot(content: unknown, formId: string, depth = 0): unknown {
  if (depth > 8 || content === null || typeof content !== 'object') return null
  if (Array.isArray(content)) {
    for (const c of content) {
      const found = formInSnapshot(c, formId, depth + 1)
      if (found) return found
    }
    return null
  }
  const o = content as Record<string, unknown>
  if (str(o.id) === formId && (o.kind === undefined || o.kind === 'form')) return obj(o.values) ?? o
  for (const v of Object.values(o)) {
    const found = formInSnapshot(v, formId, depth + 1)
    if (found) return found
  }
  return null
}

/**
 * The option ids a learner chose for a question. Answers are stored as `{ [questionId]: optionId[] }`
 * (a single id or `[{ question, options }]` entries are read too).
 */
export function chosenFor(answers: unknown, questionId: string): string[] | null {
  let value: unknown
  const all = parsed(answers)
  if (Array.isArray(all)) {
    const entry = all.map(obj).find((e) => e && (str(e.question) === questionId || str(e.questionId) === questionId || str(e.id) === questionId))
    value = entry ? (entry.options ?? entry.optionIds ?? entry.answer ?? entry.answers) : undefined
  } else {
    value = obj(all)?.[questionId]
  }
  if (value === undefined || value === null) return null
  if (Array.isArray(value)) return value.map(str).filter(Boolean)
  return [str(value)].filter(Boolean)
}

/** The questions with the learner's choices and whether each answer is exactly right. */
export function gradeQuestions(form: FormValues | null, answers: unknown): FormDetailQuestion[] {
  if (!form) return []
  return form.questions.map((q) => {
    const chosen = chosenFor(answers, q.id)
    const picked = new Set(chosen ?? [])
    const right = q.options.filter((o) => o.correct).map((o) => o.id)
    return {
      id: q.id,
      type: q.type,
      text: q.text,
      options: q.options.map((o) => ({ ...o, chosen: picked.has(o.id) })),
      correct: chosen === null ? null : right.length === picked.size && right.every((id) => picked.has(id)),
    }
  })
}
