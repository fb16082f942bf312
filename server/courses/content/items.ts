import type { ItemKind } from '../../../contracts/courses/content.js'
import type { Queryable } from '../../db/index.js'
import { insertAt, reorder } from './positions.js'
import { deleteItem, insertItem, siblingIds, writePositions, type Actor, type ItemRow } from './queries.js'

/**
 * The writes of a course's sections and blocks, in the caller's transaction (which has moved the
 * course's revision on): each leaves the siblings it touches at dense positions 0..n-1.
 */

/** Adds a section (no `section`) or a block of a section, at `position` among its siblings (last by default). */
export async function addItem(
  tx: Queryable,
  item: { id: string; course: string; section: string | null; kind: ItemKind; values: Record<string, unknown> },
  position: number | undefined,
  actor: Actor,
): Promise<void> {
  const siblings = await siblingIds(tx, item.course, item.section)
  await insertItem(tx, { ...item, position: siblings.length }, actor)
  await writePositions(tx, item.course, item.section, insertAt(siblings, item.id, position))
}

/** Deletes an item (a section with its blocks; their history stays); its siblings close up. */
export async function removeItem(tx: Queryable, row: Pick<ItemRow, 'id' | 'course_uuid' | 'section_id'>): Promise<void> {
  await deleteItem(tx, row.course_uuid, row.id)
  await writePositions(tx, row.course_uuid, row.section_id, await siblingIds(tx, row.course_uuid, row.section_id))
}

/**
 * Gives the listed children of `section` (the sections, for null) the places asked for (`reorder`);
 * false, changing nothing, when an id is not one of them or is listed twice.
 */
export async function orderItems(
  tx: Queryable,
  course: string,
  section: string | null,
  updates: ReadonlyArray<{ id: string; position: number }>,
): Promise<boolean> {
  const order = reorder(await siblingIds(tx, course, section), updates)
  if (!order) return false
  await writePositions(tx, course, section, order)
  return true
}

/** Moves a block into `section` (its own or another of the course) at `position`, last by default. */
export async function moveBlock(
  tx: Queryable,
  block: Pick<ItemRow, 'id' | 'course_uuid' | 'section_id'>,
  section: string,
  position: number | undefined,
): Promise<void> {
  const course = block.course_uuid
  const from = block.section_id!
  if (from !== section) {
    await writePositions(
      tx,
      course,
      from,
      (await siblingIds(tx, course, from)).filter((id) => id !== block.id),
    )
  }
  await writePositions(tx, course, section, insertAt(await siblingIds(tx, course, section), block.id, position))
}
