import type { BlockKind, CourseSnapshot } from '../../../contracts/courses/content.js'
import type { CourseProgress } from '../../../contracts/learner/player.js'
import { countedBlocks as certificateRule } from '../../certificates/index.js'

/**
 * The progress rules (requirements §7 "Progress"): a text, image, attachment, link or simulation block is
 * done once opened; a video once its watched point, earned at no more than 2× real time, reached its
 * end (contracts/learner/player.ts, `recordPosition`); a form once passed; an assignment once a
 * grader graded it as passed.
 * The course is complete when every block that counts is done: the blocks marked required, or every
 * block when the course marks none (a course without requirements is still studied to its end).
 */

export type SnapshotBlock = CourseSnapshot['sections'][number]['blocks'][number]

/** Blocks whose opening completes them; videos and forms have their own rule. */
export const DONE_WHEN_OPENED: ReadonlySet<BlockKind> = new Set(['text', 'image', 'attachment', 'link', 'simulation'])

/** Every block of the snapshot in study order. */
export function allBlocks(snap: CourseSnapshot): Array<SnapshotBlock & { section: { id: string; title: string } }> {
  return [...snap.sections]
    .sort((a, b) => a.position - b.position)
    .flatMap((s) => [...s.blocks].sort((a, b) => a.position - b.position).map((b) => ({ ...b, section: { id: s.id, title: s.title } })))
}

/**
 * The blocks that count towards completion: the certificates' own rule (server/certificates), so the
 * progress shown and the certificate issued can never disagree.
 */
export function countedBlocks(snap: CourseSnapshot): SnapshotBlock[] {
  return certificateRule(snap)
}

/** Done/total/percent of the counted blocks, given the ids of the blocks done. */
export function progressOf(snap: CourseSnapshot, done: ReadonlySet<string>): Pick<CourseProgress, 'done' | 'total' | 'percent'> {
  const counted = countedBlocks(snap)
  const n = counted.filter((b) => done.has(b.id)).length
  return { done: n, total: counted.length, percent: percentOf(n, counted.length) }
}

/** Whole percent, rounded down so that 100 means everything is done. */
export const percentOf = (done: number, total: number) => (total === 0 ? 0 : Math.floor((done * 100) / total))

/** A block's title as the index shows it (a form's name when it has no title). */
export function blockTitle(b: SnapshotBlock): string {
  const v = b.values
  if (typeof v.title === 'string' && v.title.trim()) return v.title.trim()
  if (typeof v.name === 'string' && v.name.trim()) return v.name.trim()
  return ''
}

/**
 * A video's length in seconds as the server knows it (read at upload, or given by the creator for an
 * address), or null for a video published without one: such a video keeps its position but is never done.
 */
export function videoLength(b: SnapshotBlock): number | null {
  const d = b.values.duration
  return typeof d === 'number' && Number.isFinite(d) && d > 0 ? d : null
}
