import type { CourseProgress, PlayerIndex } from '../../../contracts/learner/player'

/* The index's completion as the player updates it between the server's answers. */

export function isCompleted(index: PlayerIndex, id: string) {
  return index.sections.some((s) => s.blocks.some((b) => b.id === id && b.completed))
}

export function markCompleted(index: PlayerIndex, id: string, completed: boolean, progress: CourseProgress): PlayerIndex {
  return {
    ...index,
    progress,
    sections: index.sections.map((s) => ({ ...s, blocks: s.blocks.map((b) => (b.id === id ? { ...b, completed: completed || b.completed } : b)) })),
  }
}

/** The course's counts by the server's rule: the required blocks, or every block when none is required. */
export function countProgress(index: PlayerIndex) {
  const all = index.sections.flatMap((s) => s.blocks)
  const counted = all.some((b) => b.required) ? all.filter((b) => b.required) : all
  const done = counted.filter((b) => b.completed).length
  return { done, total: counted.length, percent: counted.length ? Math.floor((done * 100) / counted.length) : 0 }
}
