import type { Queryable } from '../db/index.js'
import { cloneContent } from './content/clone.js'
import { cloneCourse } from './model/queries.js'

/**
 * The whole clone of a course, for the creator's `builder/clone` and the admin clone alike: a new
 * draft "<name> (copy)" owned by `owner`, with the general data, media paths, FAQ, tags, live plans
 * and every section and block (new ids, histories starting over). Runs in the caller's transaction;
 * the caller checks who may clone first.
 */
export async function cloneCourseWithContent(
  tx: Queryable,
  fromUuid: string,
  owner: { sub: string; username?: string },
): Promise<{ uuid: string; revision: number }> {
  const copy = await cloneCourse(tx, fromUuid, owner.sub)
  await cloneContent(tx, fromUuid, copy.uuid, { sub: owner.sub, username: owner.username ?? owner.sub })
  return copy
}
