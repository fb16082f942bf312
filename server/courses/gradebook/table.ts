import type { CourseSnapshot } from '../../../contracts/courses/content.js'
import type { CompletionState, GradeCell, GradedItem } from '../../../contracts/courses/gradebook.js'
import type { Queryable } from '../../db/index.js'
import { isoOrNull } from '../../http/dates.js'
import { liveItems, type ItemRow } from '../content/queries.js'
import { doneBlocks } from '../progress/completion.js'
import { allBlocks, blockTitle, countedBlocks, progressOf } from '../progress/rules.js'
import { publishedSnapshot } from '../snapshots.js'
import { assignmentCell, formCell, gradedItems, snapshotSections, weightedGrade, type ContentSection } from './grades.js'
import { completions, formStats, statsKey, submissionStats } from './queries.js'

/**
 * A course's gradebook as the server computes it: the graded items of what learners study (the newest
 * published snapshot) and, for a set of learners, each one's cells, weighted grade and completion.
 */

export interface GradedCourse {
  items: GradedItem[]
  /** Each graded block's values (a form's tries). */
  values: Map<string, Record<string, unknown>>
  /** The published snapshot, or null while the course was never published. */
  snapshot: CourseSnapshot | null
}

/** The draft's sections with their blocks, in order. */
export function draftSections(rows: readonly ItemRow[]): ContentSection[] {
  return rows
    .filter((r) => r.kind === 'section')
    .map((s) => ({ id: s.id, title: typeof s.values.title === 'string' ? s.values.title : '', blocks: rows.filter((b) => b.section_id === s.id) }))
}

function graded(sections: ContentSection[], snapshot: CourseSnapshot | null): GradedCourse {
  const values = new Map(sections.flatMap((s) => s.blocks.map((b) => [b.id, b.values] as const)))
  return { items: gradedItems(sections), values, snapshot }
}

/** The course's graded items as learners study them (the draft's while it was never published). */
export async function gradedCourse(db: Queryable, course: string): Promise<GradedCourse> {
  const snapshot = await publishedSnapshot(db, course)
  return graded(snapshot ? snapshotSections(snapshot) : draftSections(await liveItems(db, course)), snapshot)
}

/** The graded items of one snapshot. */
export const snapshotCourse = (snapshot: CourseSnapshot) => graded(snapshotSections(snapshot), snapshot)

export interface LearnerGrades {
  user: string
  cells: GradeCell[]
  grade: number | null
  completion: CompletionState
  /** The blocks done, as the completion rule counts them. */
  done: ReadonlySet<string>
}

/**
 * The learners' standing: their tries, submissions, completion and certificate, read once for the
 * whole set; which blocks each has done comes from the progress rule's own reading (`doneBlocks`), so
 * the table and the certificate never count differently.
 */
export async function gradesOf(db: Queryable, course: string, gc: GradedCourse, users: string[]): Promise<LearnerGrades[]> {
  if (users.length === 0) return []
  const [forms, submissions, finished, done] = await Promise.all([
    formStats(db, course, users),
    submissionStats(db, course, users),
    completions(db, course, users),
    Promise.all(users.map(async (u) => (await doneBlocks(db, u, course)).done)),
  ])
  return users.map((user, i) => {
    const cells = gc.items.map((it) =>
      it.kind === 'form'
        ? formCell(it.id, gc.values.get(it.id) ?? {}, forms.get(statsKey(user, it.id)))
        : assignmentCell(it.id, submissions.get(statsKey(user, it.id))),
    )
    const p = gc.snapshot ? progressOf(gc.snapshot, done[i]) : { done: 0, total: 0 }
    const f = finished.get(user)
    const completion = {
      completed: Boolean(f?.completedAt),
      completedAt: isoOrNull(f?.completedAt ?? null),
      certificate: f?.certificate ?? null,
      done: p.done,
      required: p.total,
    }
    return { user, cells, grade: weightedGrade(gc.items, cells), completion, done: done[i] }
  })
}

/** The counted blocks the learner has not done yet, in study order. */
export function remainingBlocks(snapshot: CourseSnapshot, done: ReadonlySet<string>) {
  const counted = new Set(countedBlocks(snapshot).map((b) => b.id))
  return allBlocks(snapshot)
    .filter((b) => counted.has(b.id) && !done.has(b.id))
    .map((b) => ({ id: b.id, kind: b.kind, title: blockTitle(b), section: b.section.id, sectionTitle: b.section.title }))
}
