import type { Queryable } from '../db/index.js'

/** SQL of the published snapshots: which version learners study, its content, and the caller's subscriptions with it. */

/**
 * Which published version is current. `stamp` is its publication time to the microsecond, as text:
 * with the version it names one snapshot for good (a version number rolled back with its transaction
 * and published again gets another stamp).
 */
export interface PublishedRef {
  version: number
  stamp: string
}

/** The newest published version of a live course, or null (never published, deleted, unknown). */
export async function publishedRef(db: Queryable, course: string): Promise<PublishedRef | null> {
  const { rows } = await db.query<{ version: number; stamp: string }>(
    `SELECT c.published_version AS version, v.published_at::text AS stamp
       FROM courses c JOIN course_versions v ON v.course_uuid = c.uuid AND v.version = c.published_version
      WHERE c.uuid = $1 AND c.deleted_at IS NULL`,
    [course],
  )
  return rows[0] ? { version: Number(rows[0].version), stamp: rows[0].stamp } : null
}

/** The JSON text of one published snapshot, or null. */
export async function snapshotText(db: Queryable, course: string, version: number): Promise<string | null> {
  const { rows } = await db.query<{ content: string }>('SELECT content::text AS content FROM course_versions WHERE course_uuid = $1 AND version = $2', [
    course,
    version,
  ])
  return rows[0]?.content ?? null
}

export interface StudySubscriptionRow {
  id: string
  course_uuid: string
  course_name: string
  plan_name: string
  duration_days: number
  created_at: Date | string
  revoked_at: Date | string | null
}

/**
 * In one statement: the course's current published version and the caller's subscriptions to it,
 * newest first; null when the course is not published (or gone).
 */
export async function publishedRefAndSubscriptions(
  db: Queryable,
  course: string,
  sub: string,
): Promise<{ ref: PublishedRef; subscriptions: StudySubscriptionRow[] } | null> {
  const { rows } = await db.query<{ version: number; stamp: string } & { [K in keyof StudySubscriptionRow]: StudySubscriptionRow[K] | null }>(
    `SELECT c.published_version AS version, v.published_at::text AS stamp,
            s.id, c.uuid AS course_uuid, c.name AS course_name, s.plan_name, s.duration_days, s.created_at, s.revoked_at
       FROM courses c
       JOIN course_versions v ON v.course_uuid = c.uuid AND v.version = c.published_version
       LEFT JOIN subscriptions s ON s.course_uuid = c.uuid AND s.user_sub = $2
      WHERE c.uuid = $1 AND c.deleted_at IS NULL
      ORDER BY s.created_at DESC, s.id DESC`,
    [course, sub],
  )
  if (!rows[0]) return null
  const subscriptions = rows
    .filter((r) => r.id !== null)
    .map((r) => ({
      id: r.id!,
      course_uuid: r.course_uuid!,
      course_name: r.course_name!,
      plan_name: r.plan_name!,
      duration_days: Number(r.duration_days),
      created_at: r.created_at!,
      revoked_at: r.revoked_at,
    }))
  return { ref: { version: Number(rows[0].version), stamp: rows[0].stamp }, subscriptions }
}
