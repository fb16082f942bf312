import type { CourseSnapshot } from '../../../contracts/courses/content.js'
import type { CourseProgress, IssuedCertificate } from '../../../contracts/learner/player.js'
import { certificateOf, certificateView, issueCompleted, type PrintedName } from '../../certificates/index.js'
import type { Db, Queryable } from '../../db/index.js'
import { iso } from '../../http/dates.js'
import type { LearningRecords } from '../../xapi/index.js'
import { progressOf } from './rules.js'
import { completionOf, progressAndPassed, recordCompletion } from './queries.js'

/**
 * The seam between progress and certificates (`server/certificates`). Whoever records a learner's
 * step (an opened block, a watched video, a passed form) settles the course in the same transaction:
 * the completion is recorded the first time every counted block is done and the certificate is issued
 * at once, never later.
 */

/** Who is studying: the account, and the name a certificate prints (asked for only when one is issued). */
export interface Studying {
  sub: string
  name?: PrintedName
  /** Where the learner's steps are queued as xAPI statements (the app's `xapi`); absent or null: nowhere. */
  records?: LearningRecords | null
}

/** The ids of the blocks the learner has done (passed forms included), and the progress rows by block. */
export async function doneBlocks(db: Queryable, sub: string, course: string) {
  const all = await progressAndPassed(db, sub, course)
  const rows = all.filter((r) => !r.form)
  const done = new Set(all.filter((r) => r.form || r.completed_at !== null).map((r) => r.block_id))
  return { done, rows: new Map(rows.map((r) => [r.block_id, r])) }
}

/**
 * The course's progress for the learner. When every counted block is done, the completion is recorded
 * (the first time) and the certificate issued, in the caller's transaction.
 */
export async function settle(tx: Queryable, who: Studying, snap: CourseSnapshot, done?: ReadonlySet<string>): Promise<CourseProgress> {
  const course = snap.course.uuid
  const p = progressOf(snap, done ?? (await doneBlocks(tx, who.sub, course)).done)
  if (p.total > 0 && p.done === p.total) {
    const completion = await recordCompletion(tx, who.sub, course, snap.version)
    if (completion.added) await who.records?.completed(tx, who.sub, snap)
    const certificate = await issueCompleted(tx, who.sub, snap, { learnerName: who.name, records: who.records })
    return { ...p, completed: true, completedAt: iso(completion.at), certificate: certificateView(certificate) }
  }
  const completedAt = await completionOf(tx, who.sub, course)
  return { ...p, completed: completedAt !== null, completedAt: completedAt === null ? null : iso(completedAt), certificate: await issued(tx, who.sub, course) }
}

/**
 * The course's progress as it stands, read without a transaction. Only when the course is complete
 * and its completion or certificate is not yet recorded does it settle the course, in a transaction
 * of its own (`settle`), so reading progress never holds a connection or a lock it does not need.
 */
export async function currentProgress(db: Db, who: Studying, snap: CourseSnapshot, done?: ReadonlySet<string>): Promise<CourseProgress> {
  const course = snap.course.uuid
  const blocks = done ?? (await doneBlocks(db, who.sub, course)).done
  const p = progressOf(snap, blocks)
  const complete = p.total > 0 && p.done === p.total
  const [completedAt, certificate] = await Promise.all([completionOf(db, who.sub, course), issued(db, who.sub, course)])
  if (complete && (completedAt === null || certificate === null)) return db.transaction((tx) => settle(tx, who, snap, blocks))
  return {
    ...p,
    completed: complete || completedAt !== null,
    completedAt: completedAt === null ? null : iso(completedAt),
    certificate,
  }
}

export async function issued(db: Queryable, userSub: string, courseUuid: string): Promise<IssuedCertificate | null> {
  const row = await certificateOf(db, userSub, courseUuid)
  return row ? certificateView(row) : null
}
