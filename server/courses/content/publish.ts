import type { AssignmentValues, CheckProblem, CheckProblemCode, CourseSnapshot, FormValues, ValidationItem } from '../../../contracts/courses/content.js'
import type { Queryable } from '../../db/index.js'
import { banksOf, type BankRow } from '../banks/queries.js'
import { questionProblem } from '../forms/questions.js'
import { refreshPublishedCourse } from '../catalogue/index.js'
import { notifyCoursePublished } from '../../notifications/queries.js'
import { weightProblem } from '../gradebook/grades.js'
import {
  collaborators,
  courseRow,
  insertCourseVersion,
  livePlans,
  liveItems,
  lockCourse,
  type Actor,
  type CourseRow,
  type ItemRow,
  type PlanRow,
} from './queries.js'

/**
 * The publication checklist (`publish/validate`) and the snapshot publishing freezes. Every item must
 * pass before a course can be published; each failing item says what is missing and where.
 */

const plain = (html: string | null | undefined) =>
  (html ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .trim()
const label = (row: ItemRow, index: number) => {
  const t =
    typeof row.values.title === 'string' && row.values.title.trim()
      ? row.values.title.trim()
      : typeof row.values.name === 'string' && row.values.name.trim()
        ? row.values.name.trim()
        : ''
  return t ? `“${t}”` : `#${index + 1}`
}

/** A block's problem: its code and, for a form's question, which one. */
type Problem = { problem: CheckProblemCode; question?: number; correct?: number; bank?: string; bankName?: string; available?: number }

/** The English words of each problem, for the checklist's `message`. */
function englishProblem({ problem, question, correct, bankName, available }: Problem): string {
  const n = bankName !== undefined && question !== undefined ? `question ${question} of the bank “${bankName}”` : `question ${question}`
  const words: Record<CheckProblemCode, string> = {
    noText: 'has no text',
    noImage: 'has no image',
    noAlt: 'needs a description of the image (alternative text)',
    noFile: 'has no file',
    noAddress: 'has no address',
    noPackage: 'has no package or address',
    noVideo: 'has no video',
    videoLengthUnknown: 'has no known length: upload the video again',
    videoNeedsLength: 'needs its length',
    formNoName: 'has no name',
    formNoQuestions: 'has no questions',
    questionNoText: `${n} has no text`,
    questionEmptyOption: `${n} has an option without text`,
    questionTwoOptions: `${n} (true or false) needs exactly two options`,
    questionFewOptions: `${n} needs at least two options`,
    questionNoCorrect: `${n} has no correct answer`,
    questionTooManyCorrect: `${n} accepts one answer but marks ${correct} as correct`,
    scoreUnreachable: 'has a required score that cannot be reached',
    tries: 'needs between 1 and 20 tries',
    assignmentNoInstructions: 'has no instructions',
    assignmentNothingToHandIn: 'accepts neither files nor a text answer',
    assignmentNoDueDate: 'needs its due date',
    rubricEmpty: 'has a rubric without criteria',
    rubricCriterionNoLevels: 'has a rubric criterion without levels or points',
    assignmentNoMaxScore: 'needs a maximum score',
    questionNoAnswer: `${n} has no correct answer`,
    questionEmptyAnswer: `${n} has an empty accepted answer`,
    questionFewPairs: `${n} needs at least two pairs`,
    questionEmptyPair: `${n} has a pair without text`,
    questionFewItems: `${n} needs at least two items to order`,
    questionEmptyItem: `${n} has an item without text`,
    drawUnknownBank: 'draws from a question bank that does not exist',
    drawTooMany: `draws more questions than the bank “${bankName}” has (${available})`,
  }
  return words[problem]
}

/** Why a block is not ready to be studied, or null. Forms are checked by `formProblem`. */
function blockProblem(b: ItemRow): Problem | null {
  const v = b.values
  const is = (problem: CheckProblemCode) => ({ problem })
  switch (b.kind) {
    case 'text':
      return plain(String(v.html ?? '')) || /<img\s/i.test(String(v.html ?? '')) ? null : is('noText')
    case 'image':
      if (!v.path) return is('noImage')
      return typeof v.alt === 'string' && v.alt.trim() ? null : is('noAlt')
    case 'attachment':
      return v.path ? null : is('noFile')
    case 'link':
      return v.url ? null : is('noAddress')
    case 'simulation':
      return v.url || (v.path && v.entry) ? null : is('noPackage')
    case 'scorm':
      return v.path && v.package ? null : is('noPackage')
    case 'assignment':
      return assignmentProblem(v as Partial<AssignmentValues>)
    case 'video':
      if (!v.path && !v.url) return is('noVideo')
      // Learners' progress is measured against the length; a video without one could never be done.
      return typeof v.duration === 'number' && v.duration > 0 ? null : is(v.path ? 'videoLengthUnknown' : 'videoNeedsLength')
    default:
      return null
  }
}

/** Why an assignment cannot be handed in and graded, or null. */
function assignmentProblem(v: Partial<AssignmentValues>): Problem | null {
  if (!plain(String(v.instructions ?? ''))) return { problem: 'assignmentNoInstructions' }
  if ((v.maxFiles ?? 1) === 0 && (v.textAnswer ?? 'none') === 'none') return { problem: 'assignmentNothingToHandIn' }
  if ((v.dueMode === 'date' && !v.dueAt) || (v.dueMode === 'days' && !v.dueDays)) return { problem: 'assignmentNoDueDate' }
  if (v.grading === 'points') return v.maxScore && v.maxScore > 0 ? null : { problem: 'assignmentNoMaxScore' }
  const rubric = v.rubric ?? []
  if (rubric.length === 0) return { problem: 'rubricEmpty' }
  if (rubric.some((c) => c.levels.length === 0 || Math.max(...c.levels.map((l) => l.points)) <= 0)) return { problem: 'rubricCriterionNoLevels' }
  return null
}

/**
 * Why a form cannot be taken and passed, or null. Scoring is the share of questions answered right,
 * so the required score is reachable when every question can be answered right: its own questions and
 * those of the banks it draws from (a draw must name a bank of the course and ask no more than it has).
 */
function formProblem(form: Partial<FormValues>, banks: ReadonlyMap<string, BankRow>): Problem | null {
  if (!form.name?.trim()) return { problem: 'formNoName' }
  const questions = form.questions ?? []
  const draws = form.draws ?? []
  if (questions.length === 0 && draws.length === 0) return { problem: 'formNoQuestions' }
  for (const [i, q] of questions.entries()) {
    const why = questionProblem(q)
    if (why) return { ...why, problem: why.problem as CheckProblemCode, question: i + 1 }
  }
  const asked = new Map<string, number>()
  for (const d of draws) {
    const bank = banks.get(d.bank)
    if (!bank) return { problem: 'drawUnknownBank', bank: d.bank }
    asked.set(d.bank, (asked.get(d.bank) ?? 0) + d.count)
    if (asked.get(d.bank)! > bank.questions.length) return { problem: 'drawTooMany', bank: d.bank, bankName: bank.name, available: bank.questions.length }
    for (const [i, q] of bank.questions.entries()) {
      const why = questionProblem(q)
      if (why) return { ...why, problem: why.problem as CheckProblemCode, question: i + 1, bank: d.bank, bankName: bank.name }
    }
  }
  const score = form.requiredScore ?? 0
  if (score < 0 || score > 100) return { problem: 'scoreUnreachable' }
  if (!form.tries || form.tries < 1 || form.tries > 20) return { problem: 'tries' }
  return null
}

export interface CourseState {
  course: CourseRow
  plans: PlanRow[]
  items: ItemRow[]
  collaborators: Array<{ username: string; name: string }>
  banks: BankRow[]
}

export async function loadCourseState(db: Queryable, uuid: string): Promise<CourseState | null> {
  const course = await courseRow(db, uuid)
  if (!course) return null
  return {
    course,
    plans: await livePlans(db, uuid),
    items: await liveItems(db, uuid),
    collaborators: await collaborators(db, uuid),
    banks: await banksOf(db, uuid),
  }
}

const item = (key: ValidationItem['key'], ok: boolean, passed: string, failed: string, problems?: CheckProblem[]): ValidationItem => ({
  key,
  ok,
  message: ok ? passed : failed,
  ...(problems && problems.length ? { blocks: problems.map((p) => p.block), problems } : {}),
})

/** The checklist, in a fixed order (VALIDATION_KEYS). */
export function checklist({ course, plans, items, banks }: CourseState): ValidationItem[] {
  const bankById = new Map(banks.map((b) => [b.id, b]))
  const sections = items.filter((i) => i.kind === 'section')
  const blocks = items.filter((i) => i.kind !== 'section')
  const sectionOf = new Map(sections.map((s, i) => [s.id, { row: s, index: i }]))
  const where = (b: ItemRow) => {
    const s = sectionOf.get(b.section_id!)
    const siblings = blocks.filter((x) => x.section_id === b.section_id)
    return { blockLabel: label(b, siblings.indexOf(b)), sectionLabel: s ? label(s.row, s.index) : '?' }
  }
  const problemsOf = (list: Array<{ b: ItemRow; why: Problem | null }>): CheckProblem[] => list.map(({ b, why }) => ({ block: b.id, ...where(b), ...why! }))

  const incomplete = blocks
    .filter((b) => b.kind !== 'form')
    .map((b) => ({ b, why: blockProblem(b) }))
    .filter((x) => x.why)
  const forms = blocks.filter((b) => b.kind === 'form')
  const badForms = forms.map((b) => ({ b, why: formProblem(b.values as Partial<FormValues>, bankById) })).filter((x) => x.why)
  const duration = course.duration_hours === null ? 0 : Number(course.duration_hours)
  const withBlock = sections.filter((s) => blocks.some((b) => b.section_id === s.id))
  const weight = weightProblem(blocks)
  const describe = (list: Array<{ b: ItemRow; why: Problem | null }>) =>
    list
      .slice(0, 3)
      .map((x) => `The block ${where(x.b).blockLabel} of section ${where(x.b).sectionLabel} ${englishProblem(x.why!)}`)
      .join('; ') +
    (list.length > 3 ? `; and ${list.length - 3} more` : '') +
    '.'

  return [
    item('name', course.name.trim().length > 0, 'The course has a name.', 'Give the course a name.'),
    item(
      'briefDescription',
      plain(course.details?.ShortDescription).length > 0,
      'The course has a brief description.',
      'Write a brief description of the course.',
    ),
    item('description', plain(course.description).length > 0, 'The course has a description.', 'Write a description of the course.'),
    item('cover', Boolean(course.cover_path), 'The course has a cover.', 'Upload a cover image.'),
    item('duration', duration > 0, 'The course has a duration.', 'Give the course a duration in hours.'),
    item('difficulty', Boolean(course.difficulty_id), 'The course has a difficulty.', 'Choose a difficulty.'),
    item('category', Boolean(course.category_id), 'The course has a category.', 'Choose a category.'),
    item('content', withBlock.length > 0, 'The course has content.', sections.length ? 'Add a block to a section.' : 'Add a section with at least one block.'),
    item('blocks', incomplete.length === 0, 'Every block is complete.', describe(incomplete), problemsOf(incomplete)),
    item('plan', plans.length > 0, 'The course has a subscription plan.', 'Add a subscription plan.'),
    item(
      'certificateTemplate',
      Boolean(course.template_path || course.certificate_id),
      'The course has a certificate template.',
      'Upload a certificate template.',
    ),
    item(
      'forms',
      badForms.length === 0,
      forms.length ? 'Every form has questions with correct answers and a reachable required score.' : 'The course has no forms.',
      describe(badForms),
      problemsOf(badForms),
    ),
    // The gradebook's weighted grade needs something to weigh (docs/teaching.md "Gradebook").
    item(
      'weights',
      weight === null,
      'The graded items have valid weights.',
      weight === 'allZero' ? 'Give at least one graded item (a form or an assignment) a weight above 0.' : 'Give every graded item a weight between 0 and 100.',
    ),
  ]
}

const ref = (id: string | null, name: string | null) => (id && name !== null ? { id, name } : null)

/** The immutable copy learners study: general data, plans, sections and blocks, form answers included. */
export function snapshot({ course, plans, items, collaborators: people, banks }: CourseState, version: number, publishedAt: string): CourseSnapshot {
  const sections = items.filter((i) => i.kind === 'section')
  return {
    format: 1,
    version,
    publishedAt,
    course: {
      uuid: course.uuid,
      name: course.name,
      briefDescription: course.details?.ShortDescription ?? '',
      description: course.description ?? '',
      requirements: course.requirements ?? '',
      certificateDetails: course.certificate_details ?? '',
      durationHours: course.duration_hours === null ? null : Number(course.duration_hours),
      status: ref(course.status_id, course.status_name),
      difficulty: ref(course.difficulty_id, course.difficulty_name),
      category: ref(course.category_id, course.category_name),
      organization: ref(course.organization_id, course.organization_name),
      certificate: ref(course.certificate_id, course.certificate_name),
      keywords: course.keywords ?? [],
      tags: course.tags ?? [],
      faq: course.faq ?? [],
      salesEnabled: Boolean(course.sales_enabled),
      cover: course.cover_path,
      thumbnail: course.thumbnail_path,
      presentation: course.presentation_path,
      template: course.template_path,
      createdBy: course.created_by,
      collaborators: people,
    },
    plans: plans.map((p) => ({
      id: p.id,
      name: p.name,
      durationDays: Number(p.duration_days),
      price: p.price === null ? null : Number(p.price),
      currency: p.currency === null ? null : p.currency.trim(),
    })),
    sections: sections.map((s) => ({
      id: s.id,
      title: String(s.values.title ?? ''),
      position: s.position,
      values: s.values,
      blocks: items
        .filter((b) => b.section_id === s.id)
        .map((b) => ({
          id: b.id,
          kind: b.kind as CourseSnapshot['sections'][number]['blocks'][number]['kind'],
          position: b.position,
          version: b.version,
          values: b.values,
        })),
    })),
    banks: banks.map((b) => ({ id: b.id, name: b.name, questions: b.questions })),
  }
}

/** What publishing did: the new version, or the checklist items that failed (nothing published). */
export type Publication = { failing: ValidationItem[]; published: null } | { failing: null; published: { version: number; publishedAt: string } }

/**
 * Publishes what is saved, in the caller's transaction: the checklist must pass, then the snapshot is
 * frozen as the next version and the learners' catalogue row follows it. Null for a course that is gone.
 */
export async function publishCourse(tx: Queryable, uuid: string, actor: Actor): Promise<Publication | null> {
  // The lock keeps every write of the course out between the check and the copy.
  await lockCourse(tx, uuid)
  const state = await loadCourseState(tx, uuid)
  if (!state) return null
  const failing = checklist(state).filter((i) => !i.ok)
  if (failing.length) return { failing, published: null }
  const published = await insertCourseVersion(tx, uuid, (v, at) => snapshot(state, v, at), actor)
  // The learners' catalogue row follows the new version in the same transaction.
  await refreshPublishedCourse(tx, uuid)
  // Its learners and reviewers hear of it (a first publication has no learners yet).
  await notifyCoursePublished(tx, { uuid, name: state.course.name, version: published.version }, actor.sub)
  return { failing: null, published }
}
