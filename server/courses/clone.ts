import type { Queryable } from '../db/index.js'
import type { Storage } from '../storage/index.js'
import { cloneContent } from './content/clone.js'
import { CloneFiles } from './files.js'
import { cloneCourse, mediaPaths, setMedia } from './model/queries.js'

/**
 * The whole clone of a course, for the creator's `builder/clone` and the admin clone alike: a new
 * draft "<name> (copy)" owned by `owner`, with the general data, media paths, FAQ, tags, live plans
 * and every section and block (new ids, histories starting over). Its files (media and the blocks'
 * files) are copies of its own in `storage`, so the two courses never share one. Runs in the
 * caller's transaction; the caller checks who may clone first.
 */
export async function cloneCourseWithContent(
  tx: Queryable,
  storage: Storage,
  fromUuid: string,
  owner: { sub: string; username?: string },
): Promise<{ uuid: string; revision: number }> {
  const copy = await cloneCourse(tx, fromUuid, owner.sub)
  const files = new CloneFiles(storage, copy.uuid)
  for (const [field, path] of Object.entries(await mediaPaths(tx, copy.uuid)) as Array<[keyof Awaited<ReturnType<typeof mediaPaths>>, string | null]>) {
    if (path) await setMedia(tx, copy.uuid, field, await files.copy(path))
  }
  await cloneContent(tx, fromUuid, copy.uuid, { sub: owner.sub, username: owner.username ?? owner.sub }, files)
  return copy
}
