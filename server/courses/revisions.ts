import { COURSE_ERROR_CODES, NOT_AUTHORIZED_MESSAGE, STALE_REVISION_MESSAGE } from '../../contracts/courses/common.js'
import type { Queryable } from '../db/index.js'
import { HttpError } from '../http/http-error.js'
import { liveRevision, nextRevision } from './model/queries.js'

/**
 * Course revisions (docs/decisions/0007-course-roles-and-revisions.md): every write of a course moves
 * its revision on in the transaction that makes the change, from the revision the writer last read.
 */

/** An unknown, deleted or hidden course: callers cannot tell these apart. */
export const notAuthorized = () => new HttpError(404, NOT_AUTHORIZED_MESSAGE, COURSE_ERROR_CODES.notAuthorized)
export const staleRevision = (current: number) => new HttpError(409, STALE_REVISION_MESSAGE, COURSE_ERROR_CODES.staleRevision, undefined, { revision: current })

/**
 * One write: in the caller's transaction, bumps courses.revision iff it equals `revision`;
 * throws 409 { message: 'This course was changed elsewhere', code: 'STALE_REVISION', revision: current } otherwise.
 * Returns the new revision.
 *
 * The conditional UPDATE takes the row lock, so of two writes starting from the same revision the
 * second waits for the first and then finds the revision moved on: exactly one of them succeeds.
 */
export async function bumpRevision(tx: Queryable, uuid: string, revision: number): Promise<number> {
  const next = await nextRevision(tx, uuid, revision)
  if (next !== null) return next
  const current = await liveRevision(tx, uuid)
  if (current === null) throw notAuthorized()
  throw staleRevision(current)
}
