import type { Queryable } from '../../../../../db/index.js'
import { HttpError } from '../../../../../plugins/errors.js'
import { liveItem, type ItemRow } from '../../../../../courses/content/queries.js'
import type { CourseRole } from '../access.js'

/** What the content routes refuse, and who sees what. */

export const itemNotFound = () => new HttpError(404, 'Item not found', 'NOT_FOUND')
export const invalid = (field: string, message: string) => new HttpError(400, 'Invalid request', 'VALIDATION', { [field]: message })
/** Those who may edit a course see form answers; a reviewer reads the course without them. */
export const seesAnswers = (role: CourseRole) => role !== 'reviewer'

/** A live section of the course, or 404. */
export async function liveSection(db: Queryable, course: string, id: string): Promise<ItemRow> {
  const row = await liveItem(db, course, id)
  if (!row || row.kind !== 'section') throw new HttpError(404, 'Section not found', 'NOT_FOUND')
  return row
}

/** A live block (not a section) of the course, or 404. */
export async function liveBlock(db: Queryable, course: string, id: string): Promise<ItemRow> {
  const row = await liveItem(db, course, id)
  if (!row || row.kind === 'section') throw itemNotFound()
  return row
}
