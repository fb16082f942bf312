import type { Queryable } from '../../../../db/index.js'
import type { Principal } from '../../../../types.js'
import { cloneContent } from '../../../v2/courses/creator/content/index.js'
import { cloneCourse as copyCourse } from '../../../v2/courses/creator/queries.js'

/**
 * The admin's copy of a course, in the caller's transaction: the course itself (general data, media
 * paths, FAQ, tags and live plans) by the creator area's copy, then every section and block by the
 * content area's. The admin owns the draft.
 */
export async function cloneCourse(tx: Queryable, from: string, actor: Principal): Promise<{ uuid: string; revision: number }> {
  const copy = await copyCourse(tx, from, actor.sub)
  await cloneContent(tx, from, copy.uuid, { sub: actor.sub, username: actor.username })
  return copy
}
