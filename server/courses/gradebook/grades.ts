import type { CourseSnapshot } from '../../../contracts/courses/content.js'
import {
  DEFAULT_WEIGHT,
  GRADED_KINDS,
  MAX_WEIGHT,
  type AssignmentState,
  type GradeCell,
  type GradedItem,
  type GradedKind,
} from '../../../contracts/courses/gradebook.js'

/**
 * The gradebook's rules (docs/teaching.md "Gradebook"), without SQL or HTTP. A course's graded items
 * are its form and assignment blocks; each weighs `values.weight` (0–100, 1 when absent). A learner's
 * weighted grade is the weighted mean of the item scores where an item without a score counts 0, so
 * the grade says how much of the course's graded work is done well, not how well the part tried went.
 */

/** A section with its blocks, as a published snapshot or the draft gives them. */
export interface ContentSection {
  id: string
  title: string
  blocks: Array<{ id: string; kind: string; values: Record<string, unknown> }>
}

export const isGraded = (kind: string): kind is GradedKind => (GRADED_KINDS as readonly string[]).includes(kind)

/** The weight a block's values give, as stored (the publish checklist refuses one outside 0–100). */
export function storedWeight(values: Record<string, unknown>): number {
  const w = values.weight
  return typeof w === 'number' && Number.isFinite(w) ? w : DEFAULT_WEIGHT
}

/** The weight the grade counts: the stored one kept within 0–100. */
export const weightOf = (values: Record<string, unknown>) => Math.min(MAX_WEIGHT, Math.max(0, storedWeight(values)))

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '')

/** The graded items of the content in course order. */
export function gradedItems(sections: readonly ContentSection[]): GradedItem[] {
  return sections.flatMap((s) =>
    s.blocks
      .filter((b) => isGraded(b.kind))
      .map((b) => ({
        id: b.id,
        kind: b.kind as GradedKind,
        name: text(b.values.name) || text(b.values.title),
        section: s.id,
        sectionTitle: s.title,
        required: b.values.required === true,
        weight: weightOf(b.values),
      })),
  )
}

/** The sections of a snapshot in study order, its blocks in order. */
export function snapshotSections(snap: CourseSnapshot): ContentSection[] {
  return [...snap.sections]
    .sort((a, b) => a.position - b.position)
    .map((s) => ({ id: s.id, title: s.title, blocks: [...s.blocks].sort((a, b) => a.position - b.position) }))
}

/** A learner's tries at one form: how many, the best score, whether any passed. */
export interface FormStats {
  used: number
  best: number | null
  passed: boolean
}

/** A learner's submission of one assignment. */
export interface SubmissionStats {
  status: Exclude<AssignmentState, 'none'>
  score: number | null
  passed: boolean | null
  late: boolean
}

/** The tries a form allows (the form's own default when its values lack them). */
const triesOf = (values: Record<string, unknown>) => (typeof values.tries === 'number' && values.tries >= 1 ? Math.floor(values.tries) : 1)

/** A form's cell. */
export function formCell(item: string, values: Record<string, unknown>, stats: FormStats | undefined): GradeCell {
  return { item, score: stats?.best ?? null, passed: stats ? stats.passed : null, attemptsUsed: stats?.used ?? 0, tries: triesOf(values) }
}

/** An assignment's cell: its score and pass count once it is graded (a returned one waits for a new grade). */
export function assignmentCell(item: string, sub: SubmissionStats | undefined): GradeCell {
  if (!sub) return { item, score: null, passed: null, status: 'none', late: false }
  const graded = sub.status === 'graded'
  return { item, score: graded ? sub.score : null, passed: graded ? sub.passed : null, status: sub.status, late: sub.late }
}

/**
 * The weighted mean of the cells' scores, a missing score counting 0, to two decimals; null when the
 * weights add up to 0 (nothing to weigh).
 */
export function weightedGrade(items: readonly GradedItem[], cells: readonly GradeCell[]): number | null {
  const byItem = new Map(cells.map((c) => [c.item, c]))
  let total = 0
  let sum = 0
  for (const i of items) {
    total += i.weight
    sum += i.weight * (byItem.get(i.id)?.score ?? 0)
  }
  return total > 0 ? Math.round((sum / total) * 100) / 100 : null
}

/** Why the graded items' weights cannot be published, or null: a weight outside 0–100, or all of them 0. */
export function weightProblem(blocks: ReadonlyArray<{ kind: string; values: Record<string, unknown> }>): 'outOfRange' | 'allZero' | null {
  const graded = blocks.filter((b) => isGraded(b.kind))
  if (graded.length === 0) return null
  const weights = graded.map((b) => storedWeight(b.values))
  if (weights.some((w) => w < 0 || w > MAX_WEIGHT)) return 'outOfRange'
  return weights.every((w) => w === 0) ? 'allZero' : null
}
