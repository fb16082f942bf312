import type { ItemKind } from '../../../contracts/courses/content.js'
import type { Queryable } from '../../db/index.js'

/** A row of course_items as the routes use it. */
export interface ItemRow {
  id: string
  course_uuid: string
  section_id: string | null
  kind: ItemKind
  position: number
  values: Record<string, unknown>
  version: number
  updated_by_name: string | null
  updated_at: Date | string
  deleted_at: Date | string | null
}

/** Who saved: the subject (stable) and the username (what screens show). */
export interface Actor {
  sub: string
  username: string
}

const COLUMNS = 'id, course_uuid, section_id, kind, position, "values", version, updated_by_name, updated_at, deleted_at'

/** The live sections and blocks of a course: sections first, each level by position. */
export async function liveItems(db: Queryable, course: string): Promise<ItemRow[]> {
  const { rows } = await db.query<ItemRow>(
    `SELECT ${COLUMNS} FROM course_items WHERE course_uuid = $1 AND deleted_at IS NULL
      ORDER BY section_id NULLS FIRST, position, id`,
    [course],
  )
  return rows
}

/** One item of the course by id, deleted or not. */
export async function itemById(db: Queryable, course: string, id: string): Promise<ItemRow | null> {
  const { rows } = await db.query<ItemRow>(`SELECT ${COLUMNS} FROM course_items WHERE course_uuid = $1 AND id = $2`, [course, id])
  return rows[0] ?? null
}

/** A live item of this course, or null. */
export async function liveItem(db: Queryable, course: string, id: string): Promise<ItemRow | null> {
  const row = await itemById(db, course, id)
  return row && row.deleted_at === null ? row : null
}

/** Ids of the live children of a section (or the sections, for null), in order. */
export async function siblingIds(db: Queryable, course: string, section: string | null): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM course_items WHERE course_uuid = $1 AND deleted_at IS NULL AND section_id IS NOT DISTINCT FROM $2::uuid
      ORDER BY position, id`,
    [course, section],
  )
  return rows.map((r) => r.id)
}

/** Gives `ids` (all under `section`) the positions 0..n-1 in the order given. */
export async function writePositions(tx: Queryable, course: string, section: string | null, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return
  await tx.query(
    `UPDATE course_items AS i SET position = t.pos - 1, section_id = $2::uuid
       FROM unnest($1::uuid[]) WITH ORDINALITY AS t(id, pos)
      WHERE i.course_uuid = $3 AND i.id = t.id AND (i.position <> t.pos - 1 OR i.section_id IS DISTINCT FROM $2::uuid)`,
    [ids, section, course],
  )
}

async function recordVersion(tx: Queryable, course: string, id: string, version: number, kind: ItemKind, values: unknown, actor: Actor): Promise<void> {
  await tx.query(
    `INSERT INTO course_item_versions (course_uuid, item_id, version, kind, "values", saved_by, saved_by_name) VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7)`,
    [course, id, version, kind, JSON.stringify(values), actor.sub, actor.username],
  )
}

/** A new item at `position` (the caller renumbers its siblings), with its first version in the history. */
export async function insertItem(
  tx: Queryable,
  item: { id: string; course: string; section: string | null; kind: ItemKind; position: number; values: Record<string, unknown> },
  actor: Actor,
): Promise<void> {
  await tx.query(
    `INSERT INTO course_items (id, course_uuid, section_id, kind, position, "values", version, created_by, updated_by, updated_by_name)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, 1, $7, $7, $8)`,
    [item.id, item.course, item.section, item.kind, item.position, JSON.stringify(item.values), actor.sub, actor.username],
  )
  await recordVersion(tx, item.course, item.id, 1, item.kind, item.values, actor)
}

/** Saves new values as the item's next version (kept in the history). */
export async function saveValues(
  tx: Queryable,
  row: Pick<ItemRow, 'id' | 'course_uuid' | 'kind'>,
  values: Record<string, unknown>,
  actor: Actor,
): Promise<void> {
  const { rows } = await tx.query<{ version: number }>(
    `UPDATE course_items SET "values" = $2::jsonb, version = version + 1, updated_by = $3, updated_by_name = $4, updated_at = now()
      WHERE course_uuid = $5 AND id = $1 RETURNING version`,
    [row.id, JSON.stringify(values), actor.sub, actor.username, row.course_uuid],
  )
  await recordVersion(tx, row.course_uuid, row.id, rows[0].version, row.kind, values, actor)
}

/** Soft-deletes an item and, for a section, its blocks; their history stays. */
export async function deleteItem(tx: Queryable, course: string, id: string): Promise<string[]> {
  const { rows } = await tx.query<{ id: string }>(
    `UPDATE course_items SET deleted_at = now() WHERE course_uuid = $2 AND (id = $1 OR section_id = $1) AND deleted_at IS NULL RETURNING id`,
    [id, course],
  )
  return rows.map((r) => r.id)
}

export interface VersionRow {
  version: number
  kind: ItemKind
  values: Record<string, unknown>
  /** The account (sub) that saved the version, and its username then. */
  saved_by: string | null
  saved_by_name: string | null
  saved_at: Date | string
}

/** Every saved version of an item, newest first. */
export async function versions(db: Queryable, course: string, id: string): Promise<VersionRow[]> {
  const { rows } = await db.query<VersionRow>(
    `SELECT version, kind, "values", saved_by, saved_by_name, saved_at FROM course_item_versions WHERE course_uuid = $1 AND item_id = $2 ORDER BY version DESC`,
    [course, id],
  )
  return rows
}

export async function version(db: Queryable, course: string, id: string, v: number): Promise<VersionRow | null> {
  const { rows } = await db.query<VersionRow>(
    `SELECT version, kind, "values", saved_by, saved_by_name, saved_at FROM course_item_versions WHERE course_uuid = $1 AND item_id = $2 AND version = $3`,
    [course, id, v],
  )
  return rows[0] ?? null
}

/** The course's draft fields the checklist and the snapshot read (0003 and 0011 columns). */
export interface CourseRow {
  uuid: string
  name: string
  created_by: string | null
  details: { Cover?: string; ShortDescription?: string; Organization?: string } | null
  revision: number
  duration_hours: string | number | null
  description: string | null
  requirements: string | null
  certificate_details: string | null
  keywords: string[] | null
  tags: string[] | null
  faq: Array<{ id: string; question: string; answer: string }> | null
  sales_enabled: boolean | null
  cover_path: string | null
  thumbnail_path: string | null
  presentation_path: string | null
  template_path: string | null
  published_version: number | null
  status_id: string | null
  status_name: string | null
  difficulty_id: string | null
  difficulty_name: string | null
  category_id: string | null
  category_name: string | null
  organization_id: string | null
  organization_name: string | null
  certificate_id: string | null
  certificate_name: string | null
}

/** The course with the names of its live catalogue choices (a deleted choice reads as none). */
export async function courseRow(db: Queryable, uuid: string): Promise<CourseRow | null> {
  const { rows } = await db.query<CourseRow>(
    `SELECT c.uuid, c.name, c.created_by, c.details, c.revision, c.duration_hours, c.description, c.requirements, c.certificate_details,
            c.keywords, c.tags, c.faq, c.sales_enabled, c.cover_path, c.thumbnail_path, c.presentation_path, c.template_path,
            c.published_version,
            s.id AS status_id, s.name AS status_name, d.id AS difficulty_id, d.name AS difficulty_name,
            k.id AS category_id, k.name AS category_name, o.id AS organization_id, o.name AS organization_name,
            t.id AS certificate_id, t.name AS certificate_name
       FROM courses c
       LEFT JOIN statuses s ON s.id = c.status_id AND s.deleted_at IS NULL
       LEFT JOIN difficulties d ON d.id = c.difficulty_id AND d.deleted_at IS NULL
       LEFT JOIN categories k ON k.id = c.category_id AND k.deleted_at IS NULL
       LEFT JOIN organizations o ON o.id = c.organization_id AND o.deleted_at IS NULL
       LEFT JOIN certificates t ON t.id = c.certificate_id AND t.deleted_at IS NULL
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
}

/** The plans learners can buy (archived ones are kept only for those who hold them). */
export async function livePlans(db: Queryable, uuid: string): Promise<PlanRow[]> {
  const { rows } = await db.query<PlanRow>(
    `SELECT id, name, duration_days, price, currency FROM subscription_plans
      WHERE course_uuid = $1 AND archived_at IS NULL ORDER BY position, created_at, id`,
    [uuid],
  )
  return rows
}

/** Stores a snapshot as the course's next published version and points the course at it. */
export async function insertCourseVersion(tx: Queryable, uuid: string, build: (version: number, publishedAt: string) => unknown, actor: Actor) {
  // The course row lock serialises two publications of one course.
  await tx.query('SELECT 1 FROM courses WHERE uuid = $1 FOR UPDATE', [uuid])
  const { rows } = await tx.query<{ next: number; now: Date | string }>(
    'SELECT COALESCE(MAX(version), 0) + 1 AS next, now() AS now FROM course_versions WHERE course_uuid = $1',
    [uuid],
  )
  const next = Number(rows[0].next)
  const publishedAt = new Date(rows[0].now).toISOString()
  await tx.query('INSERT INTO course_versions (course_uuid, version, content, published_by, published_at) VALUES ($1, $2, $3::jsonb, $4, $5)', [
    uuid,
    next,
    JSON.stringify(build(next, publishedAt)),
    actor.sub,
    publishedAt,
  ])
  await tx.query('UPDATE courses SET published_version = $2 WHERE uuid = $1', [uuid, next])
  return { version: next, publishedAt }
}

/** The course's current revision (a replayed add answers with it). */
export async function courseRevision(db: Queryable, uuid: string): Promise<number> {
  const { rows } = await db.query<{ revision: number }>('SELECT revision FROM courses WHERE uuid = $1', [uuid])
  return Number(rows[0]?.revision ?? 1)
}

/** Takes the course row lock: what follows in the transaction sees no concurrent write of the course. */
export async function lockCourse(tx: Queryable, uuid: string): Promise<void> {
  await tx.query('SELECT 1 FROM courses WHERE uuid = $1 FOR UPDATE', [uuid])
}

/** The people a course is shared with, as the course page credits them. */
export async function collaborators(db: Queryable, uuid: string): Promise<Array<{ username: string; name: string }>> {
  const { rows } = await db.query<{ username: string; name: string }>(
    'SELECT username, name FROM course_collaborators WHERE course_uuid = $1 ORDER BY added_at, username',
    [uuid],
  )
  return rows
}
