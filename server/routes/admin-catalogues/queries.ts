import { CATALOGUE_PAGE_SIZE } from '../../../contracts/admin/common.js'
import type { Catalogue, LinkedItem } from '../../../contracts/admin/catalogues.js'
import type { Queryable } from '../../db/index.js'

/** How a catalogue is stored: its table and its own columns by API field. */
export interface CatalogueTable {
  table: string
  /** API field → column, beyond name and description. */
  columns: Record<string, string>
  /** Columns read as text (dates), so no time zone shifts them. */
  textColumns?: string[]
}

export const TABLES: Record<Catalogue, CatalogueTable> = {
  categories: { table: 'categories', columns: {} },
  collaborators: { table: 'collaborators', columns: { email: 'email', role: 'role' } },
  tags: { table: 'tags', columns: {} },
  difficulties: { table: 'difficulties', columns: { level: 'level' } },
  certificates: { table: 'certificates', columns: { templatePath: 'template_path' } },
  organizations: { table: 'organizations', columns: { domain: 'domain', logoPath: 'logo_path' } },
  statuses: { table: 'statuses', columns: { code: 'code' } },
  'school-cycles': { table: 'school_cycles', columns: { startsOn: 'starts_on', endsOn: 'ends_on' }, textColumns: ['starts_on', 'ends_on'] },
  careers: { table: 'careers', columns: {} },
  'school-subjects': { table: 'school_subjects', columns: { code: 'code' } },
}

export type Row = Record<string, unknown> & {
  id: string
  name: string
  description: string
  revision: number
  created_at: Date | string
  updated_at: Date | string
}

function selectList(t: CatalogueTable): string {
  const own = Object.values(t.columns).map((c) => (t.textColumns?.includes(c) ? `${c}::text AS ${c}` : c))
  return ['id', 'name', 'description', 'revision', 'created_at', 'updated_at', ...own].join(', ')
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`)

/** One page by name (catalogues are small: page numbers, as the requirements' routes have them). */
export async function listPage(db: Queryable, t: CatalogueTable, page: number, search: string): Promise<Row[]> {
  const { rows } = await db.query<Row>(
    `SELECT ${selectList(t)} FROM ${t.table}
      WHERE deleted_at IS NULL AND ($1 = '' OR name ILIKE '%' || $1 || '%' OR description ILIKE '%' || $1 || '%')
      ORDER BY lower(name), id LIMIT $2 OFFSET $3`,
    [likeEscape(search), CATALOGUE_PAGE_SIZE, (page - 1) * CATALOGUE_PAGE_SIZE],
  )
  return rows
}

export async function countMatching(db: Queryable, t: CatalogueTable, search: string): Promise<number> {
  const { rows } = await db.query<{ n: string | number }>(
    `SELECT count(*) AS n FROM ${t.table} WHERE deleted_at IS NULL AND ($1 = '' OR name ILIKE '%' || $1 || '%' OR description ILIKE '%' || $1 || '%')`,
    [likeEscape(search)],
  )
  return Number(rows[0]?.n ?? 0)
}

export async function findRow(db: Queryable, t: CatalogueTable, id: string): Promise<Row | null> {
  const { rows } = await db.query<Row>(`SELECT ${selectList(t)} FROM ${t.table} WHERE id = $1 AND deleted_at IS NULL`, [id])
  return rows[0] ?? null
}

/** Inserts a row from API fields; returns its id. */
export async function insertRow(db: Queryable, t: CatalogueTable, values: Record<string, unknown>): Promise<string> {
  const cols = ['name', 'description', ...Object.values(t.columns)]
  const fields = ['name', 'description', ...Object.keys(t.columns)]
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO ${t.table} (${cols.join(', ')}) VALUES (${cols.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
    fields.map((f) => values[f] ?? null),
  )
  return rows[0].id
}

/** Writes the fields when the revision is still `revision`; false when it is not (or the row is gone). */
export async function updateRow(db: Queryable, t: CatalogueTable, id: string, revision: number, values: Record<string, unknown>): Promise<boolean> {
  const cols = ['name', 'description', ...Object.values(t.columns)]
  const fields = ['name', 'description', ...Object.keys(t.columns)]
  const { rows } = await db.query(
    `UPDATE ${t.table} SET ${cols.map((c, i) => `${c} = $${i + 3}`).join(', ')}, revision = revision + 1, updated_at = now()
      WHERE id = $1 AND revision = $2 AND deleted_at IS NULL RETURNING id`,
    [id, revision, ...fields.map((f) => values[f] ?? null)],
  )
  return rows.length > 0
}

// Links between catalogues.

export interface LinkTable {
  table: string
  owner: string
  other: string
  /** Where the other side's names are read. */
  otherTable: string
  otherKey: string
}

export const LINKS = {
  careerCycles: { table: 'career_school_cycles', owner: 'career_id', other: 'school_cycle_id', otherTable: 'school_cycles', otherKey: 'id' },
  careerSubjects: { table: 'career_school_subjects', owner: 'career_id', other: 'school_subject_id', otherTable: 'school_subjects', otherKey: 'id' },
  subjectCourses: { table: 'school_subject_courses', owner: 'school_subject_id', other: 'course_uuid', otherTable: 'courses', otherKey: 'uuid' },
} as const satisfies Record<string, LinkTable>

/** The linked rows of several owners at once, by owner id, ordered by name. */
export async function linkedOf(db: Queryable, l: LinkTable, owners: string[]): Promise<Map<string, LinkedItem[]>> {
  const out = new Map<string, LinkedItem[]>(owners.map((o) => [o, []]))
  if (!owners.length) return out
  const live = l.otherTable === 'courses' ? '' : 'AND o.deleted_at IS NULL'
  const { rows } = await db.query<{ owner: string; id: string; name: string }>(
    `SELECT k.${l.owner} AS owner, o.${l.otherKey} AS id, o.name FROM ${l.table} k JOIN ${l.otherTable} o ON o.${l.otherKey} = k.${l.other}
      WHERE k.${l.owner} = ANY($1::uuid[]) ${live} ORDER BY lower(o.name), o.${l.otherKey}`,
    [owners],
  )
  for (const r of rows) out.get(r.owner)?.push({ id: r.id, name: r.name })
  return out
}

export async function otherExists(db: Queryable, l: LinkTable, id: string): Promise<boolean> {
  const live = l.otherTable === 'courses' ? '' : 'AND deleted_at IS NULL'
  const { rows } = await db.query(`SELECT 1 FROM ${l.otherTable} WHERE ${l.otherKey} = $1 ${live}`, [id])
  return rows.length > 0
}

/** Adds the link; false when it existed already. */
export async function link(db: Queryable, l: LinkTable, owner: string, other: string): Promise<boolean> {
  const { rows } = await db.query(`INSERT INTO ${l.table} (${l.owner}, ${l.other}) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING 1`, [owner, other])
  return rows.length > 0
}

/** Removes the link; false when there was none. */
export async function unlink(db: Queryable, l: LinkTable, owner: string, other: string): Promise<boolean> {
  const { rows } = await db.query(`DELETE FROM ${l.table} WHERE ${l.owner} = $1 AND ${l.other} = $2 RETURNING 1`, [owner, other])
  return rows.length > 0
}
