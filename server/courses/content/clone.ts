import { randomUUID } from 'node:crypto'
import type { Queryable } from '../../db/index.js'
import type { CloneFiles } from '../files.js'
import { copyBanks } from '../banks/queries.js'
import { insertItem, liveItems } from './queries.js'

/**
 * Copies every live section and block of course `fromUuid` into course `toUuid` (which must exist and
 * have no content yet), in the same order, with new ids. Each copy starts its own history at version 1;
 * the blocks' files are copied to the new course's own keys (`files`), never shared with the original.
 * The question banks come along with their ids (ids are per course), so the copied forms' draws name
 * the copy's banks. Runs in the caller's transaction (course clone by a creator or an administrator).
 * Returns how many items were copied.
 */
export async function cloneContent(
  tx: Queryable,
  fromUuid: string,
  toUuid: string,
  actor: string | { sub: string; username?: string },
  files: CloneFiles,
): Promise<number> {
  const who = typeof actor === 'string' ? { sub: actor, username: actor } : { sub: actor.sub, username: actor.username ?? actor.sub }
  const items = await liveItems(tx, fromUuid)
  const ids = new Map(items.map((i) => [i.id, randomUUID()]))
  // Sections come first (liveItems orders them before blocks), so a block's section exists when it is copied.
  for (const i of items) {
    await insertItem(
      tx,
      {
        id: ids.get(i.id)!,
        course: toUuid,
        section: i.section_id === null ? null : (ids.get(i.section_id) ?? null),
        kind: i.kind,
        position: i.position,
        values: await files.values(i.values),
      },
      who,
    )
  }
  await copyBanks(tx, fromUuid, toUuid, who)
  return items.length
}
