import type { Queryable } from '../../db/index.js'
import type { Storage } from '../../storage/index.js'
import type { Principal } from '../../types.js'
import { cloneCourseWithContent } from '../v2/courses/creator/clone.js'

/**
 * The admin's copy of a course, in the caller's transaction: the same clone as the creator's
 * (general data, media, FAQ, tags, live plans, every section and block, its files copied), owned by
 * the admin.
 */
export async function cloneCourse(tx: Queryable, storage: Storage, from: string, actor: Principal): Promise<{ uuid: string; revision: number }> {
  return cloneCourseWithContent(tx, storage, from, { sub: actor.sub, username: actor.username })
}
