import type { CourseSnapshot } from '../../../contracts/courses/content.js'
import { MAX_PLAYBACK_RATE, MAX_REPORT_GAP_SECONDS, videoEndSlack, type ProgressAnswer } from '../../../contracts/learner/player.js'
import type { Db, Queryable } from '../../db/index.js'
import { doneBlocks, settle, type Studying } from './completion.js'
import { recordOpened, recordPosition, setResume, type ProgressRow } from './queries.js'
import { blockTitle, DONE_WHEN_OPENED, videoLength, type SnapshotBlock } from './rules.js'

/**
 * A learner's steps in a published course (the rules are in rules.ts). Each step is one transaction:
 * the step is recorded, the block becomes the resume point, and the course is settled (`settle`), so
 * the request that finishes a course records its completion and issues its certificate.
 */

/** One step: `record` records it (and answers the block's progress row) in the step's transaction. */
export async function step(
  db: Db,
  who: Studying,
  snap: CourseSnapshot,
  block: SnapshotBlock,
  record: (tx: Queryable) => Promise<ProgressRow>,
): Promise<ProgressAnswer> {
  const course = snap.course.uuid
  return db.transaction(async (tx) => {
    const row = await record(tx)
    await setResume(tx, who.sub, course, block.id)
    const { done } = await doneBlocks(tx, who.sub, course)
    return { block: { id: block.id, completed: done.has(block.id), watchedSeconds: Number(row.watched_seconds) }, progress: await settle(tx, who, snap, done) }
  })
}

/** The learner opened a block: done at once for the kinds done when opened. */
export function openBlock(db: Db, who: Studying, snap: CourseSnapshot, block: SnapshotBlock, at: Date): Promise<ProgressAnswer> {
  return step(db, who, snap, block, async (tx) => {
    const row = await recordOpened(tx, who.sub, snap.course.uuid, block.id, DONE_WHEN_OPENED.has(block.kind), at)
    await who.records?.experienced(tx, who.sub, snap, { id: block.id, kind: block.kind, title: blockTitle(block) })
    return row
  })
}

/**
 * The learner is `seconds` into a video. The length is the one the server read or the creator gave
 * (whatever the client says is ignored); what was watched advances at most at the highest playback
 * rate over the time since the previous report.
 */
export function reachPosition(db: Db, who: Studying, snap: CourseSnapshot, block: SnapshotBlock, seconds: number, at: Date): Promise<ProgressAnswer> {
  const duration = videoLength(block)
  return step(db, who, snap, block, (tx) =>
    recordPosition(tx, {
      sub: who.sub,
      course: snap.course.uuid,
      block: block.id,
      seconds: duration === null ? seconds : Math.min(seconds, duration),
      duration,
      at,
      rate: MAX_PLAYBACK_RATE,
      maxGap: MAX_REPORT_GAP_SECONDS,
      slack: duration === null ? 0 : videoEndSlack(duration),
    }),
  )
}
