import Value from 'typebox/value'
import {
  ChoiceQuestion,
  EssayQuestion,
  MatchingQuestion,
  MAX_FORM_QUESTIONS,
  NumericQuestion,
  OrderingQuestion,
  QUESTION_TYPES,
  ShortQuestion,
  VALUES_BY_KIND,
  type AssignmentValues,
  type FormQuestion,
  type FormValues,
  type ItemKind,
  type QuestionType,
} from '../../../contracts/courses/content.js'
import { duplicateIds, withoutAnswer } from '../forms/questions.js'
import { HttpError } from '../../http/http-error.js'
import { sanitizeDocumentHtml } from '../../html/sanitize.js'

type ValueError = { keyword: string; instancePath: string; params: Record<string, unknown>; message: string }

/** One sentence per failing field, keyed `values.<path>` like the request validator's field errors. */
function fieldErrors(errors: ValueError[], prefix = 'values'): Record<string, string> {
  const out: Record<string, string> = {}
  for (const e of errors) {
    const base = [prefix, ...e.instancePath.split('/').filter(Boolean)].join('.')
    if (e.keyword === 'required') {
      for (const p of (e.params.requiredProperties as string[] | undefined) ?? []) out[`${base}.${p}`] ??= 'Required'
      continue
    }
    if (out[base]) continue
    out[base] =
      e.keyword === 'pattern' && /url$/.test(base)
        ? 'Use an address starting with http:// or https://'
        : e.keyword === 'pattern' && /(path|entry)$/.test(base)
          ? 'Upload the file first: this is not a file of this course'
          : e.keyword === 'pattern'
            ? 'Use only letters, digits, dash and underscore'
            : e.keyword === 'minLength'
              ? 'Required'
              : e.keyword === 'maxLength'
                ? `At most ${String(e.params.limit)} characters`
                : e.keyword === 'maxItems'
                  ? `At most ${String(e.params.limit)} items`
                  : (e.keyword === 'minimum' || e.keyword === 'maximum') && base.endsWith('.tries')
                    ? 'Must be between 1 and 20'
                    : (e.keyword === 'minimum' || e.keyword === 'maximum') && base.endsWith('.requiredScore')
                      ? 'Must be between 0 and 100'
                      : e.keyword === 'minimum'
                        ? `Must be at least ${String(e.params.limit)}`
                        : e.keyword === 'maximum'
                          ? `Must be at most ${String(e.params.limit)}`
                          : e.keyword === 'enum'
                            ? 'Not one of the accepted values'
                            : e.keyword === 'type'
                              ? `Must be ${String((e.params as { type?: string }).type ?? 'another type')}`.replace('Must be integer', 'Must be a whole number')
                              : e.message.charAt(0).toUpperCase() + e.message.slice(1)
  }
  return out
}

const invalid = (errors: Record<string, string>) => new HttpError(400, 'Invalid request', 'VALIDATION', errors)

function isWebUrl(s: string): boolean {
  try {
    const u = new URL(s)
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== ''
  } catch {
    return false
  }
}

/**
 * The values of a kind, checked and normalised: unknown fields dropped, strings trimmed where it matters,
 * text HTML sanitised, form ids unique. Throws 400 with `values.<field>` errors. Storage paths are only
 * checked for shape here (resources.ts checks they were issued and exist).
 */
export function cleanValues(kind: ItemKind, raw: unknown): Record<string, unknown> {
  const schema = VALUES_BY_KIND[kind]
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw invalid({ values: 'Must be an object' })
  const given = structuredClone(raw) as Record<string, unknown>
  // What a SCORM package holds is the server's to say (resources.ts reads it from the package).
  if (kind === 'scorm') delete given.package
  // A form's questions are checked one by one against their type's schema (precise field errors).
  const questions = kind === 'form' ? given.questions : undefined
  if (kind === 'form') given.questions = []
  const values = Value.Clean(schema, given) as Record<string, unknown>
  const errors = fieldErrors([...Value.Errors(schema, values)] as ValueError[])
  if (Object.keys(errors).length) throw invalid(errors)
  if (kind === 'form') values.questions = cleanQuestions(questions, 'values.questions', MAX_FORM_QUESTIONS)

  if (typeof values.title === 'string') values.title = values.title.trim()
  switch (kind) {
    case 'section':
      values.title = String(values.title).trim()
      if (!values.title) throw invalid({ 'values.title': 'Required' })
      break
    case 'text':
      values.html = sanitizeDocumentHtml(String(values.html))
      break
    case 'link':
    case 'simulation':
    case 'video':
      if (typeof values.url === 'string') {
        const url = values.url.trim()
        values.url = url
        if (!isWebUrl(url)) throw invalid({ 'values.url': 'Use an address starting with http:// or https://' })
      }
      if (kind !== 'link' && values.url !== undefined && values.path !== undefined) {
        throw invalid({ 'values.url': 'Give either an address or an uploaded file, not both' })
      }
      if (kind === 'simulation' && values.path === undefined) delete values.entry
      if (kind === 'video') {
        // An uploaded video's length is read from the file when it is registered, never taken from the client;
        // an external one's is the creator's to give.
        if (values.path !== undefined || values.url === undefined) delete values.duration
        else if (values.duration === undefined) throw invalid({ 'values.duration': 'Give the length of the video' })
      }
      break
    case 'assignment':
      cleanAssignment(values as AssignmentValues)
      break
  }
  return values
}

/**
 * An assignment's values: instructions sanitised like a text block, file kinds in lower case without
 * repeats, rubric criterion ids unique and level ids unique in their criterion (grades name them), and
 * the due date's fields only for its mode.
 */
function cleanAssignment(v: AssignmentValues) {
  if (typeof v.instructions === 'string') v.instructions = sanitizeDocumentHtml(v.instructions)
  if (v.fileTypes) v.fileTypes = [...new Set(v.fileTypes.map((t) => t.toLowerCase()))]
  if (v.dueMode !== 'date') delete v.dueAt
  if (v.dueMode !== 'days') delete v.dueDays
  const errors: Record<string, string> = {}
  const criteria = new Set<string>()
  ;(v.rubric ?? []).forEach((c, i) => {
    if (criteria.has(c.id)) errors[`values.rubric.${i}.id`] = 'Another criterion has this id'
    criteria.add(c.id)
    const levels = new Set<string>()
    c.levels.forEach((l, j) => {
      if (levels.has(l.id)) errors[`values.rubric.${i}.levels.${j}.id`] = 'Another level of this criterion has this id'
      levels.add(l.id)
    })
  })
  if (Object.keys(errors).length) throw invalid(errors)
}

/** The schema of each question type. */
const QUESTION_SCHEMAS: Record<
  QuestionType,
  typeof ChoiceQuestion | typeof ShortQuestion | typeof NumericQuestion | typeof MatchingQuestion | typeof OrderingQuestion | typeof EssayQuestion
> = {
  multiple: ChoiceQuestion,
  single: ChoiceQuestion,
  boolean: ChoiceQuestion,
  short: ShortQuestion,
  numeric: NumericQuestion,
  matching: MatchingQuestion,
  ordering: OrderingQuestion,
  essay: EssayQuestion,
}

/**
 * A list of questions (a form's or a bank's) checked against each one's type: unknown fields dropped,
 * ids unique in the list and inside each question. Throws 400 with field errors under `base`.
 */
export function cleanQuestions(raw: unknown, base: string, max: number): FormQuestion[] {
  if (raw === undefined) return []
  if (!Array.isArray(raw)) throw invalid({ [base]: 'Must be a list' })
  if (raw.length > max) throw invalid({ [base]: `At most ${max} items` })
  const errors: Record<string, string> = {}
  const out = raw.map((q: unknown, i) => {
    const type = typeof q === 'object' && q !== null ? (q as { type?: unknown }).type : undefined
    if (typeof type !== 'string' || !(QUESTION_TYPES as readonly string[]).includes(type)) {
      errors[`${base}.${i}.type`] = 'Not one of the accepted values'
      return q as FormQuestion
    }
    const schema = QUESTION_SCHEMAS[type as QuestionType]
    const clean = Value.Clean(schema, structuredClone(q)) as FormQuestion
    Object.assign(errors, fieldErrors([...Value.Errors(schema, clean)] as ValueError[], `${base}.${i}`))
    return clean
  })
  if (Object.keys(errors).length) throw invalid(errors)
  const duplicates = duplicateIds(out, base)
  if (Object.keys(duplicates).length) throw invalid(duplicates)
  return out
}

/** A form's values without the correct answers (for those who may read but not edit the course). */
export function withoutAnswers(kind: ItemKind, values: Record<string, unknown>): Record<string, unknown> {
  if (kind !== 'form' || !Array.isArray(values.questions)) return values
  const form = values as FormValues
  return {
    ...form,
    questions: form.questions.map(withoutAnswer),
  }
}
