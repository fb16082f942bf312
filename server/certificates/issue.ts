import type { CourseSnapshot } from '../../contracts/courses/content.js'
import type { Queryable } from '../db/index.js'
import { notify } from '../notifications/queries.js'
import { newCertificateCode } from './code.js'
import type { PrintedName } from './names.js'
import type { LearningRecords } from '../xapi/index.js'
import { publishedSnapshot } from '../courses/snapshots.js'
import { passedAssignments } from '../courses/assignments/queries.js'
import { certificateOf, insertCertificate, passedForms, poolName, type CertificateRow } from './queries.js'

type SnapshotBlock = CourseSnapshot['sections'][number]['blocks'][number]

/**
 * The blocks that count towards completing a course: those marked required, or every block when the
 * course marks none (a course without marks is completed by studying all of it).
 */
export function countedBlocks(snapshot: CourseSnapshot): SnapshotBlock[] {
  const all = snapshot.sections.flatMap((s) => s.blocks)
  const required = all.filter((b) => b.values.required === true)
  return required.length ? required : all
}

/** The non-form blocks the learner has completed (progress recorded by the player, migration 0013). */
async function completedBlocks(db: Queryable, userSub: string, course: string, ids: string[]): Promise<Set<string>> {
  const { rows } = await db.query<{ block_id: string }>(
    'SELECT block_id FROM learner_progress WHERE user_sub = $1 AND course_uuid = $2 AND block_id = ANY($3::uuid[]) AND completed_at IS NOT NULL',
    [userSub, course, ids],
  )
  return new Set(rows.map((r) => r.block_id))
}

/** Whether every counted block of the snapshot is done: forms and assignments passed, other blocks completed. */
export async function isComplete(db: Queryable, userSub: string, course: string, snapshot: CourseSnapshot): Promise<boolean> {
  const counted = countedBlocks(snapshot)
  if (counted.length === 0) return false
  const forms = counted.filter((b) => b.kind === 'form')
  const assignments = counted.filter((b) => b.kind === 'assignment')
  const others = counted.filter((b) => b.kind !== 'form' && b.kind !== 'assignment')
  if (forms.length) {
    const passed = await passedForms(db, userSub, course)
    if (forms.some((f) => !passed.has(f.id))) return false
  }
  if (assignments.length) {
    const passed = await passedAssignments(db, userSub, course)
    if (assignments.some((a) => !passed.has(a.id))) return false
  }
  if (others.length) {
    const done = await completedBlocks(
      db,
      userSub,
      course,
      others.map((b) => b.id),
    )
    if (others.some((b) => !done.has(b.id))) return false
  }
  return true
}

export interface IssueOptions {
  /**
   * The learner's name as it should be printed, asked for only when a certificate is issued. Without
   * an answer the embedded user pool's name (else e-mail) is used; see `printedNames`.
   */
  learnerName?: PrintedName
  /** Where the issuing is queued as an xAPI statement (the app's `xapi`); absent or null: nowhere. */
  records?: LearningRecords | null
}

/**
 * Issues the learner's certificate for the course at once when every required block is done and every
 * required form passed (see `countedBlocks`), in the caller's transaction. Returns the certificate
 * (new or already issued), or null while the course is not complete. Safe to call concurrently and
 * repeatedly: one learner holds at most one certificate per course.
 */
export async function issueIfComplete(tx: Queryable, userSub: string, courseUuid: string, options: IssueOptions = {}): Promise<CertificateRow | null> {
  const existing = await certificateOf(tx, userSub, courseUuid)
  if (existing) return existing
  const snapshot = await publishedSnapshot(tx, courseUuid)
  if (!snapshot || !(await isComplete(tx, userSub, courseUuid, snapshot))) return null
  return issueCompleted(tx, userSub, snapshot, options)
}

/**
 * The certificate of a course the caller has found complete in `snapshot` (the published version the
 * learner studied), issued now unless the learner already holds it, in the caller's transaction.
 */
export async function issueCompleted(tx: Queryable, userSub: string, snapshot: CourseSnapshot, options: IssueOptions = {}): Promise<CertificateRow> {
  const course = snapshot.course.uuid
  const existing = await certificateOf(tx, userSub, course)
  if (existing) return existing
  const learnerName = (await options.learnerName?.())?.trim() || (await poolName(tx, userSub)) || userSub
  // A clash of two random 60-bit codes is practically impossible; retry a few times all the same.
  for (let i = 0; i < 5; i++) {
    const inserted = await insertCertificate(tx, {
      code: newCertificateCode(),
      course,
      version: snapshot.version,
      userSub,
      learnerName,
      courseName: snapshot.course.name,
      hours: snapshot.course.durationHours,
    })
    if (inserted) {
      // Exam-day hot path: the notification is this one INSERT, in the issuing transaction (decision 0032).
      await notify(tx, userSub, 'certificate-issued', { course: snapshot.course.name }, `/galaxy/courses/overview/${course}`)
      await options.records?.earned(tx, userSub, snapshot, inserted)
      return inserted
    }
    const row = await certificateOf(tx, userSub, course)
    if (row) return row
  }
  throw new Error('could not draw an unused certificate code')
}
