import { randomUUID } from 'node:crypto'
import { COURSE_PAGE_SIZE, type ChoiceCatalogue, type CollaboratorRole, type CourseFilter, type FaqItem } from '../../../contracts/courses/creator.js'
import { DEFAULT_REMINDER_DAYS } from '../../../contracts/mail.js'
import type { Queryable } from '../../db/index.js'

/** SQL of the course model: the course row and its general data, media, FAQ, tags, plans, collaborators, clone and revision. Rows come back in database shape; the routes map them. */

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`)
const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v))

export interface ListScope {
  sub: string
  /** Reviewers and admins see every course under the `all` filter. */
  seesAll: boolean
  filter: CourseFilter
  search: string
}

export interface SummaryRow {
  uuid: string
  name: string
  details: { Cover?: string; ShortDescription?: string; Organization?: string } | null
  cover_path: string | null
  updated_at: Date | string
  revision: number
  published_version: number | null
  status_id: string | null
  status_code: string | null
  status_name: string | null
  is_owner: boolean
  is_collaborator: boolean
  /** The caller's collaborator role in the course, when they are one. */
  collaborator_role: 'collaborator' | 'grader' | null
}

/** WHERE clause of a list scope; `params` starts with the caller's sub as $1 (PostgreSQL wants every parameter used, so callers use $1 too). */
function scopeWhere(s: ListScope): { sql: string; params: unknown[] } {
  const params: unknown[] = [s.sub]
  const collab = 'EXISTS (SELECT 1 FROM course_collaborators k WHERE k.course_uuid = c.uuid AND k.user_sub = $1)'
  const clauses = ['c.deleted_at IS NULL']
  if (s.filter === 'mine') clauses.push('c.created_by = $1')
  else if (s.filter === 'shared') clauses.push(`c.created_by IS DISTINCT FROM $1 AND ${collab}`)
  else if (!s.seesAll) clauses.push(`(c.created_by = $1 OR ${collab})`)
  const search = s.search.trim()
  if (search) {
    params.push(likeEscape(search))
    // The same folding on both sides: accents and case never decide a match.
    clauses.push(`fold_search(c.name || ' ' || array_to_string(c.keywords, ' ')) LIKE '%' || fold_search($${params.length}) || '%'`)
  }
  return { sql: clauses.join(' AND '), params }
}

/** One page of the caller's courses, most recently changed first. */
export async function listCourses(db: Queryable, scope: ListScope, page: number): Promise<SummaryRow[]> {
  const { sql, params } = scopeWhere(scope)
  const { rows } = await db.query<SummaryRow>(
    `SELECT c.uuid, c.name, c.details, c.cover_path, c.updated_at, c.revision, c.published_version,
            s.id AS status_id, s.code AS status_code, s.name AS status_name,
            COALESCE(c.created_by = $1, false) AS is_owner,
            EXISTS (SELECT 1 FROM course_collaborators k WHERE k.course_uuid = c.uuid AND k.user_sub = $1) AS is_collaborator,
            (SELECT k.role FROM course_collaborators k WHERE k.course_uuid = c.uuid AND k.user_sub = $1) AS collaborator_role
       FROM courses c LEFT JOIN statuses s ON s.id = c.status_id
      WHERE ${sql}
      ORDER BY c.updated_at DESC, c.uuid
      LIMIT ${COURSE_PAGE_SIZE} OFFSET ${(page - 1) * COURSE_PAGE_SIZE}`,
    params,
  )
  return rows.map((r) => ({ ...r, revision: Number(r.revision), published_version: num(r.published_version) }))
}

export async function countCourses(db: Queryable, scope: ListScope): Promise<number> {
  const { sql, params } = scopeWhere(scope)
  // `$1::text IS NOT NULL` keeps $1 typed when the scope does not otherwise use it (reviewers' and admins' `all`).
  const { rows } = await db.query<{ n: string | number }>(`SELECT count(*) AS n FROM courses c WHERE ${sql} AND $1::text IS NOT NULL`, params)
  return Number(rows[0]?.n ?? 0)
}

/** Creates a draft in the Draft status, owned by `owner`. */
export async function insertCourse(tx: Queryable, name: string, owner: string, uuid?: string): Promise<{ uuid: string; revision: number }> {
  // `uuid` when the caller has already stored files under the course's keys (a cartridge import).
  const { rows } = await tx.query<{ uuid: string; revision: number }>(
    `INSERT INTO courses (uuid, name, created_by, status_id)
     VALUES (COALESCE($3::uuid, gen_random_uuid()), $1, $2, (SELECT id FROM statuses WHERE code = 'DRAFT' AND deleted_at IS NULL LIMIT 1))
     RETURNING uuid, revision`,
    [name, owner, uuid ?? null],
  )
  return { uuid: rows[0].uuid, revision: Number(rows[0].revision) }
}

export interface CourseRow {
  uuid: string
  name: string
  details: Record<string, unknown> | null
  created_by: string | null
  created_at: Date | string
  updated_at: Date | string
  revision: number
  duration_hours: number | null
  description: string
  requirements: string
  certificate_details: string
  status_id: string | null
  difficulty_id: string | null
  category_id: string | null
  organization_id: string | null
  certificate_id: string | null
  keywords: string[]
  sales_enabled: boolean
  cover_path: string | null
  thumbnail_path: string | null
  presentation_path: string | null
  template_path: string | null
  faq: FaqItem[] | string
  tags: string[]
  published_version: number | null
  published_at: Date | string | null
}

export async function findCourse(db: Queryable, uuid: string): Promise<CourseRow | null> {
  const { rows } = await db.query<CourseRow>(
    `SELECT c.uuid, c.name, c.details, c.created_by, c.created_at, c.updated_at, c.revision, c.duration_hours,
            c.description, c.requirements, c.certificate_details, c.status_id, c.difficulty_id, c.category_id,
            c.organization_id, c.certificate_id, c.keywords, c.sales_enabled, c.cover_path, c.thumbnail_path,
            c.presentation_path, c.template_path, c.faq, c.tags, c.published_version,
            (SELECT v.published_at FROM course_versions v WHERE v.course_uuid = c.uuid AND v.version = c.published_version) AS published_at
       FROM courses c WHERE c.uuid = $1 AND c.deleted_at IS NULL`,
    [uuid],
  )
  const r = rows[0]
  if (!r) return null
  return {
    ...r,
    revision: Number(r.revision),
    duration_hours: num(r.duration_hours),
    published_version: num(r.published_version),
    faq: typeof r.faq === 'string' ? (JSON.parse(r.faq) as FaqItem[]) : r.faq,
    keywords: r.keywords ?? [],
    tags: r.tags ?? [],
  }
}

/** What the review page heads the course with (the caller has checked the course is live). */
export async function reviewHeading(db: Queryable, uuid: string): Promise<{ name: string; revision: number; published_version: number | null }> {
  const { rows } = await db.query<{ name: string; revision: number; published_version: number | null }>(
    'SELECT name, revision, published_version FROM courses WHERE uuid = $1',
    [uuid],
  )
  return rows[0]
}

// ---------------------------------------------------------------------------------------------------
// General data.
// ---------------------------------------------------------------------------------------------------

/** API field → column of the plain general fields. */
export const GENERAL_COLUMNS = {
  name: 'name',
  durationHours: 'duration_hours',
  description: 'description',
  requirements: 'requirements',
  certificateDetails: 'certificate_details',
  statusId: 'status_id',
  difficultyId: 'difficulty_id',
  categoryId: 'category_id',
  organizationId: 'organization_id',
  certificateId: 'certificate_id',
  keywords: 'keywords',
  salesEnabled: 'sales_enabled',
} as const

/**
 * Writes the given general fields. The course card's details follow: `ShortDescription` is the brief
 * description and `Organization` the organization's name (the dashboard reads them).
 */
export async function updateGeneral(
  tx: Queryable,
  uuid: string,
  fields: Partial<Record<keyof typeof GENERAL_COLUMNS, unknown>> & { briefDescription?: string },
): Promise<void> {
  const sets: string[] = []
  const params: unknown[] = [uuid]
  for (const [field, column] of Object.entries(GENERAL_COLUMNS)) {
    if (!(field in fields)) continue
    params.push((fields as Record<string, unknown>)[field])
    sets.push(`${column} = $${params.length}${column === 'keywords' ? '::text[]' : ''}`)
  }
  if (sets.length) await tx.query(`UPDATE courses SET ${sets.join(', ')} WHERE uuid = $1`, params)
  if (fields.briefDescription === undefined && !('organizationId' in fields)) return
  // Run after the columns are set, so the organization's name is the newly chosen one's.
  const brief =
    fields.briefDescription !== undefined
      ? `jsonb_set(COALESCE(c.details, '{}'::jsonb), '{ShortDescription}', to_jsonb($2::text))`
      : `COALESCE(c.details, '{}'::jsonb)`
  await tx.query(
    `UPDATE courses c
        SET details = ${'organizationId' in fields ? `CASE WHEN o.name IS NULL THEN ${brief} - 'Organization' ELSE jsonb_set(${brief}, '{Organization}', to_jsonb(o.name)) END` : brief}
       FROM (SELECT (SELECT name FROM organizations WHERE id = c2.organization_id) AS name FROM courses c2 WHERE c2.uuid = $1) o
      WHERE c.uuid = $1`,
    fields.briefDescription !== undefined ? [uuid, fields.briefDescription] : [uuid],
  )
}

/** The catalogue table of each general-data choice. */
export const CHOICE_TABLES: Record<ChoiceCatalogue, { table: string; extra: string; order: string }> = {
  difficulties: { table: 'difficulties', extra: ', level', order: 'level, lower(name)' },
  categories: { table: 'categories', extra: '', order: 'lower(name)' },
  organizations: { table: 'organizations', extra: ', domain, logo_path', order: 'lower(name)' },
  certificates: { table: 'certificates', extra: ', template_path', order: 'lower(name)' },
  statuses: { table: 'statuses', extra: ', code', order: 'created_at, lower(name)' },
}

export async function listChoices(db: Queryable, c: ChoiceCatalogue): Promise<Array<Record<string, unknown>>> {
  const t = CHOICE_TABLES[c]
  const { rows } = await db.query(`SELECT id, name, description${t.extra} FROM ${t.table} WHERE deleted_at IS NULL ORDER BY ${t.order}`)
  return rows
}

/** Whether a live catalogue row has this id. */
export async function choiceExists(db: Queryable, c: ChoiceCatalogue, id: string): Promise<boolean> {
  const { rows } = await db.query(`SELECT 1 FROM ${CHOICE_TABLES[c].table} WHERE id = $1 AND deleted_at IS NULL`, [id])
  return rows.length > 0
}

// ---------------------------------------------------------------------------------------------------
// Media and lists.
// ---------------------------------------------------------------------------------------------------

export const MEDIA_COLUMNS = { cover: 'cover_path', thumbnail: 'thumbnail_path', presentation: 'presentation_path', template: 'template_path' } as const

/** Sets one media path; the cover also becomes the course card's `details.Cover`. */
export async function setMedia(tx: Queryable, uuid: string, field: keyof typeof MEDIA_COLUMNS, path: string | null): Promise<void> {
  const details =
    field === 'cover'
      ? `, details = CASE WHEN $2::text IS NULL THEN COALESCE(details, '{}'::jsonb) - 'Cover' ELSE jsonb_set(COALESCE(details, '{}'::jsonb), '{Cover}', to_jsonb($2::text)) END`
      : ''
  await tx.query(`UPDATE courses SET ${MEDIA_COLUMNS[field]} = $2${details} WHERE uuid = $1`, [uuid, path])
}

/** The course's media paths by field (cover, thumbnail, presentation, template). */
export async function mediaPaths(db: Queryable, uuid: string): Promise<Record<keyof typeof MEDIA_COLUMNS, string | null>> {
  const { rows } = await db.query<Record<keyof typeof MEDIA_COLUMNS, string | null>>(
    'SELECT cover_path AS cover, thumbnail_path AS thumbnail, presentation_path AS presentation, template_path AS template FROM courses WHERE uuid = $1',
    [uuid],
  )
  return rows[0] ?? { cover: null, thumbnail: null, presentation: null, template: null }
}

export async function setFaq(tx: Queryable, uuid: string, items: FaqItem[]): Promise<void> {
  await tx.query('UPDATE courses SET faq = $2::jsonb WHERE uuid = $1', [uuid, JSON.stringify(items)])
}

export async function setTags(tx: Queryable, uuid: string, tags: string[]): Promise<void> {
  await tx.query('UPDATE courses SET tags = $2::text[] WHERE uuid = $1', [uuid, tags])
}

// ---------------------------------------------------------------------------------------------------
// Plans.
// ---------------------------------------------------------------------------------------------------

export interface PlanRow {
  id: string
  name: string
  duration_days: number
  price: number | null
  currency: string | null
  position: number
  subscribed: boolean
  reminder_days: number[]
}

/** The live (not archived) plans in order, and whether learners hold each. */
export async function listPlans(db: Queryable, uuid: string): Promise<PlanRow[]> {
  const { rows } = await db.query<PlanRow>(
    `SELECT p.id, p.name, p.duration_days, p.price, p.currency, p.position, p.reminder_days,
            EXISTS (SELECT 1 FROM subscriptions s WHERE s.plan_id = p.id) AS subscribed
       FROM subscription_plans p
      WHERE p.course_uuid = $1 AND p.archived_at IS NULL
      ORDER BY p.position, p.created_at, p.id`,
    [uuid],
  )
  return rows.map((r) => ({
    ...r,
    duration_days: Number(r.duration_days),
    price: num(r.price),
    currency: r.currency?.trim() ?? null,
    position: Number(r.position),
    reminder_days: (r.reminder_days ?? []).map(Number),
  }))
}

export interface PlanValues {
  name: string
  durationDays: number
  price: number | null
  currency: string | null
  /** Left out or null: kept as they are (the default thresholds for a new plan). */
  reminderDays?: number[] | null
}

export async function insertPlan(tx: Queryable, uuid: string, p: PlanValues, position: number, id?: string): Promise<void> {
  await tx.query(
    `INSERT INTO subscription_plans (id, course_uuid, name, duration_days, price, currency, position, reminder_days)
     VALUES ($1, $2, $3, $4, $5, $6, $7, COALESCE($8::int[], $9::int[]))`,
    [id ?? randomUUID(), uuid, p.name, p.durationDays, p.price, p.currency, position, p.reminderDays ?? null, DEFAULT_REMINDER_DAYS],
  )
}

export async function updatePlan(tx: Queryable, id: string, p: PlanValues, position: number): Promise<void> {
  await tx.query(
    'UPDATE subscription_plans SET name = $2, duration_days = $3, price = $4, currency = $5, position = $6, reminder_days = COALESCE($7::int[], reminder_days) WHERE id = $1',
    [id, p.name, p.durationDays, p.price, p.currency, position, p.reminderDays ?? null],
  )
}

/** Removes a plan: archived when learners hold it (their subscriptions keep pointing at it), else deleted. */
export async function removePlan(tx: Queryable, plan: PlanRow): Promise<void> {
  if (plan.subscribed) await tx.query('UPDATE subscription_plans SET archived_at = now() WHERE id = $1', [plan.id])
  else await tx.query('DELETE FROM subscription_plans WHERE id = $1', [plan.id])
}

// ---------------------------------------------------------------------------------------------------
// Collaborators.
// ---------------------------------------------------------------------------------------------------

export interface CollaboratorRow {
  user_sub: string
  username: string
  name: string
  role: CollaboratorRole
  added_at: Date | string
}

export async function listCollaborators(db: Queryable, uuid: string): Promise<CollaboratorRow[]> {
  const { rows } = await db.query<CollaboratorRow>(
    'SELECT user_sub, username, name, role, added_at FROM course_collaborators WHERE course_uuid = $1 ORDER BY added_at, username',
    [uuid],
  )
  return rows
}

/** Shares the course with someone as `role` (default collaborator); sharing again updates the name and the role. */
export async function addCollaborator(
  tx: Queryable,
  uuid: string,
  c: { sub: string; username: string; name: string; role?: CollaboratorRole },
  addedBy: string,
): Promise<void> {
  await tx.query(
    `INSERT INTO course_collaborators (course_uuid, user_sub, username, name, added_by, role) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (course_uuid, user_sub) DO UPDATE SET username = EXCLUDED.username, name = EXCLUDED.name, role = EXCLUDED.role`,
    [uuid, c.sub, c.username, c.name, addedBy, c.role ?? 'collaborator'],
  )
}

export async function removeCollaborator(tx: Queryable, uuid: string, sub: string): Promise<boolean> {
  const { rows } = await tx.query('DELETE FROM course_collaborators WHERE course_uuid = $1 AND user_sub = $2 RETURNING user_sub', [uuid, sub])
  return rows.length > 0
}

// ---------------------------------------------------------------------------------------------------
// Clone.
// ---------------------------------------------------------------------------------------------------

/**
 * Copies a course's general data, media paths, FAQ, tags and live plans into a new draft owned by
 * `owner`, named "<name> (copy)" (cut to the name's 300 characters). Collaborators are not copied:
 * sharing is a decision about one course. Returns the new uuid and revision.
 */
export async function cloneCourse(tx: Queryable, from: string, owner: string): Promise<{ uuid: string; revision: number }> {
  const { rows } = await tx.query<{ uuid: string; revision: number }>(
    `INSERT INTO courses (name, details, created_by, duration_hours, description, requirements, certificate_details, status_id,
                          difficulty_id, category_id, organization_id, certificate_id, keywords, sales_enabled, cover_path,
                          thumbnail_path, presentation_path, template_path, faq, tags)
     SELECT left(c.name, 293) || ' (copy)', c.details, $2, c.duration_hours, c.description, c.requirements, c.certificate_details,
            COALESCE((SELECT id FROM statuses WHERE code = 'DRAFT' AND deleted_at IS NULL LIMIT 1), c.status_id),
            c.difficulty_id, c.category_id, c.organization_id, c.certificate_id, c.keywords, c.sales_enabled, c.cover_path,
            c.thumbnail_path, c.presentation_path, c.template_path, c.faq, c.tags
       FROM courses c WHERE c.uuid = $1
     RETURNING uuid, revision`,
    [from, owner],
  )
  const to = rows[0]
  await tx.query(
    `INSERT INTO subscription_plans (course_uuid, name, duration_days, price, currency, position, reminder_days)
     SELECT $2, name, duration_days, price, currency, position, reminder_days FROM subscription_plans WHERE course_uuid = $1 AND archived_at IS NULL`,
    [from, to.uuid],
  )
  return { uuid: to.uuid, revision: Number(to.revision) }
}

// ---------------------------------------------------------------------------------------------------
// Revisions.
// ---------------------------------------------------------------------------------------------------

/** Moves the revision of a live course on iff it is `revision` (taking the row lock); the new revision, or null. */
export async function nextRevision(tx: Queryable, uuid: string, revision: number): Promise<number | null> {
  const { rows } = await tx.query<{ revision: number }>(
    `UPDATE courses SET revision = revision + 1, updated_at = now()
      WHERE uuid = $1 AND revision = $2 AND deleted_at IS NULL
      RETURNING revision`,
    [uuid, revision],
  )
  return rows[0] ? Number(rows[0].revision) : null
}

/** The revision of a live course, or null. */
export async function liveRevision(db: Queryable, uuid: string): Promise<number | null> {
  const { rows } = await db.query<{ revision: number }>('SELECT revision FROM courses WHERE uuid = $1 AND deleted_at IS NULL', [uuid])
  return rows[0] ? Number(rows[0].revision) : null
}
