import { CATALOGUE_PAGE_SIZE } from '../../../contracts/admin/common.js'
import type { Queryable } from '../../db/index.js'

/** SQL folding an expression: lower case, accents removed (`fold_search`, migration 0011). */
const fold = (expr: string) => `fold_search(${expr})`
/** The search text, folded on the server by the same function; only LIKE's wildcards are escaped here. */
export function searchPattern(text: string): string {
  return text.trim().replace(/[\\%_]/g, (c) => `\\${c}`)
}

/** Name, keywords (joined) or the exact uuid; deleted courses are left out. */
const MATCHES = `c.deleted_at IS NULL AND ($1 = '' OR ${fold('c.name')} LIKE '%' || fold_search($1) || '%'
  OR ${fold(`array_to_string(c.keywords, ' ')`)} LIKE '%' || fold_search($1) || '%'
  OR c.uuid::text = lower($2))`

export interface CourseListRow {
  uuid: string
  name: string
  created_by: string | null
  status: string | null
  organization: string | null
  published_version: number | null
  active_learners: string | number
  created_at: Date | string
  updated_at: Date | string
}

/** One page, the course changed last first. */
export async function listCourses(db: Queryable, page: number, search: string): Promise<CourseListRow[]> {
  const { rows } = await db.query<CourseListRow>(
    `SELECT c.uuid, c.name, c.created_by, st.name AS status, coalesce(o.name, c.details->>'Organization') AS organization,
            c.published_version, c.created_at, c.updated_at,
            (SELECT count(DISTINCT s.user_sub) FROM subscriptions s
              WHERE s.course_uuid = c.uuid AND s.revoked_at IS NULL AND s.created_at + s.duration_days * interval '1 day' > now()) AS active_learners
       FROM courses c
       LEFT JOIN statuses st ON st.id = c.status_id
       LEFT JOIN organizations o ON o.id = c.organization_id
      WHERE ${MATCHES}
      ORDER BY c.updated_at DESC, c.uuid LIMIT $3 OFFSET $4`,
    [searchPattern(search), search.trim(), CATALOGUE_PAGE_SIZE, (page - 1) * CATALOGUE_PAGE_SIZE],
  )
  return rows
}

export async function countCourses(db: Queryable, search: string): Promise<number> {
  const { rows } = await db.query<{ n: string | number }>(`SELECT count(*) AS n FROM courses c WHERE ${MATCHES}`, [searchPattern(search), search.trim()])
  return Number(rows[0]?.n ?? 0)
}

export interface CourseRow {
  uuid: string
  name: string
  revision: number
  details: Record<string, unknown> | string
  description: string | null
  requirements: string | null
  certificate_details: string | null
  duration_hours: string | number | null
  keywords: string[] | null
  tags: string[] | null
  sales_enabled: boolean | null
  status_id: string | null
  status_name: string | null
  difficulty_id: string | null
  difficulty_name: string | null
  category_id: string | null
  category_name: string | null
  organization_id: string | null
  organization_name: string | null
  created_by: string | null
  published_version: number | null
  published_at: Date | string | null
  created_at: Date | string
  updated_at: Date | string
}

/** A course that is not deleted, with its catalogue names and the time of its published version. */
export async function findCourse(db: Queryable, uuid: string): Promise<CourseRow | null> {
  const { rows } = await db.query<CourseRow>(
    `SELECT c.uuid, c.name, c.revision, c.details, c.description, c.requirements, c.certificate_details, c.duration_hours,
            c.keywords, c.tags, c.sales_enabled, c.created_by, c.published_version, c.created_at, c.updated_at,
            c.status_id, st.name AS status_name, c.difficulty_id, d.name AS difficulty_name,
            c.category_id, ca.name AS category_name, c.organization_id, o.name AS organization_name,
            v.published_at
       FROM courses c
       LEFT JOIN statuses st ON st.id = c.status_id
       LEFT JOIN difficulties d ON d.id = c.difficulty_id
       LEFT JOIN categories ca ON ca.id = c.category_id
       LEFT JOIN organizations o ON o.id = c.organization_id
       LEFT JOIN course_versions v ON v.course_uuid = c.uuid AND v.version = c.published_version
      WHERE c.uuid = $1 AND c.deleted_at IS NULL`,
    [uuid],
  )
  return rows[0] ?? null
}

export interface PlanRow {
  id: string
  name: string
  duration_days: number
  price: string | number | null
  currency: string | null
  archived_at: Date | string | null
}

export async function plansOf(db: Queryable, uuid: string): Promise<PlanRow[]> {
  const { rows } = await db.query<PlanRow>(
    `SELECT id, name, duration_days, price, currency, archived_at FROM subscription_plans
      WHERE course_uuid = $1 ORDER BY archived_at IS NOT NULL, position NULLS LAST, created_at, id`,
    [uuid],
  )
  return rows
}

export interface CollaboratorRow {
  user_sub: string
  username: string
  /** The name when invited. */
  name: string
  added_at: Date | string
}

export async function collaboratorsOf(db: Queryable, uuid: string): Promise<CollaboratorRow[]> {
  const { rows } = await db.query<CollaboratorRow>(
    'SELECT user_sub, username, name, added_at FROM course_collaborators WHERE course_uuid = $1 ORDER BY added_at, user_sub',
    [uuid],
  )
  return rows
}

/** Subscriptions by derived status (the same rule as `subscriptionState`), and distinct learners. */
export async function subscriptionCounts(db: Queryable, uuid: string) {
  const { rows } = await db.query<Record<'learners' | 'total' | 'active' | 'expired' | 'revoked', string | number>>(
    `SELECT count(DISTINCT user_sub) AS learners, count(*) AS total,
            count(*) FILTER (WHERE (revoked_at IS NULL OR revoked_at > now()) AND created_at + duration_days * interval '1 day' > now()) AS active,
            count(*) FILTER (WHERE (revoked_at IS NULL OR revoked_at > now()) AND created_at + duration_days * interval '1 day' <= now()) AS expired,
            count(*) FILTER (WHERE revoked_at IS NOT NULL AND revoked_at <= now()) AS revoked
       FROM subscriptions WHERE course_uuid = $1`,
    [uuid],
  )
  const r = rows[0]
  return { learners: Number(r.learners), total: Number(r.total), active: Number(r.active), expired: Number(r.expired), revoked: Number(r.revoked) }
}
