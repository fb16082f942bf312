import { LRUCache } from 'lru-cache'
import type { CourseSnapshot } from '../../contracts/courses/content.js'
import type { Queryable } from '../db/index.js'
import { publishedRef, publishedRefAndSubscriptions, snapshotText, type PublishedRef, type StudySubscriptionRow } from './queries.js'

/**
 * The published snapshots learners study, forms are graded against and certificates are issued for.
 *
 * A published version never changes, so its parsed content is kept in memory, keyed by the course,
 * the version and its publication time: the same key always names the same content, in every
 * process. Which version is current is not cached: it is read with each call (a primary-key lookup,
 * joined with the caller's subscriptions where the route checks them), so a publication is served by
 * every process at once and nothing depends on one process's memory.
 *
 * Snapshots are frozen: they are shared by every request that reads them.
 */

/** JSON text of cached snapshots at most (the parsed objects take a few times this). */
const MAX_CACHED_TEXT = 16 * 1024 * 1024

/** Parsed snapshots, each counted at the length of its JSON text; the least recently read go first. */
const cache = new LRUCache<string, CourseSnapshot>({ maxSize: MAX_CACHED_TEXT })
/**
 * Loads under way, so a burst of first readers reads and parses a snapshot once. A load is shared
 * only by callers on the same handle: never across transactions, since on PGlite a transaction holds
 * the one connection and waiting there for a load outside it would never end.
 */
const loading = new Map<string, { db: Queryable; snapshot: Promise<CourseSnapshot | null> }>()

const keyOf = (course: string, ref: PublishedRef) => `${course}\n${ref.version}\n${ref.stamp}`

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const v of Object.values(value)) deepFreeze(v)
  }
  return value
}

/** The snapshot a reference names, from memory or read once. */
async function snapshotOf(db: Queryable, course: string, ref: PublishedRef): Promise<CourseSnapshot | null> {
  const key = keyOf(course, ref)
  const cached = cache.get(key)
  if (cached) return cached
  const pending = loading.get(key)
  if (pending && pending.db === db) return pending.snapshot
  const snapshot = snapshotText(db, course, ref.version).then((text) => {
    if (text === null) return null
    const parsed = deepFreeze(JSON.parse(text) as CourseSnapshot)
    cache.set(key, parsed, { size: Math.max(1, text.length) })
    return parsed
  })
  if (!pending) {
    loading.set(key, { db, snapshot })
    void snapshot.then(
      () => loading.delete(key),
      () => loading.delete(key),
    )
  }
  return snapshot
}

/** The newest published snapshot of a live course (what learners study), or null. */
export async function publishedSnapshot(db: Queryable, course: string): Promise<CourseSnapshot | null> {
  const ref = await publishedRef(db, course)
  return ref ? snapshotOf(db, course, ref) : null
}

/**
 * The newest published snapshot of a live course with the caller's subscriptions to it (newest
 * first), in one statement; null when the course is not published (or gone).
 */
export async function studySnapshot(
  db: Queryable,
  course: string,
  sub: string,
): Promise<{ snapshot: CourseSnapshot; subscriptions: StudySubscriptionRow[] } | null> {
  const found = await publishedRefAndSubscriptions(db, course, sub)
  if (!found) return null
  const snapshot = await snapshotOf(db, course, found.ref)
  return snapshot ? { snapshot, subscriptions: found.subscriptions } : null
}

export type { StudySubscriptionRow } from './queries.js'
