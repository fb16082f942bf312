import { CATALOGUE_PAGE_SIZE } from '../../../contracts/admin/common.js'
import type { AdminDocument, DocumentTranslation } from '../../../contracts/admin/documents.js'
import type { Queryable } from '../../db/index.js'
import { iso, isoOrNull } from '../../http/dates.js'

interface DocumentRow {
  id: string
  name: string
  content: string
  revision: number
  published_at: Date | string | null
  created_at: Date | string
  updated_at: Date | string
}

const SEARCH = `deleted_at IS NULL AND ($1 = '' OR id ILIKE '%' || $1 || '%' OR name ILIKE '%' || $1 || '%')`
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`)

async function withTranslations(db: Queryable, rows: DocumentRow[]): Promise<AdminDocument[]> {
  if (!rows.length) return []
  const { rows: tr } = await db.query<DocumentTranslation & { document_id: string }>(
    'SELECT document_id, locale, name, content FROM document_translations WHERE document_id = ANY($1::text[]) ORDER BY locale',
    [rows.map((r) => r.id)],
  )
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    content: r.content,
    revision: r.revision,
    publishedAt: isoOrNull(r.published_at),
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
    translations: tr.filter((t) => t.document_id === r.id).map(({ locale, name, content }) => ({ locale, name, content })),
  }))
}

export async function listDocuments(db: Queryable, page: number, search: string): Promise<AdminDocument[]> {
  const { rows } = await db.query<DocumentRow>(
    `SELECT id, name, content, revision, published_at, created_at, updated_at FROM documents WHERE ${SEARCH} ORDER BY lower(name), id LIMIT $2 OFFSET $3`,
    [likeEscape(search), CATALOGUE_PAGE_SIZE, (page - 1) * CATALOGUE_PAGE_SIZE],
  )
  return withTranslations(db, rows)
}

export async function countDocuments(db: Queryable, search: string): Promise<number> {
  const { rows } = await db.query<{ n: string | number }>(`SELECT count(*) AS n FROM documents WHERE ${SEARCH}`, [likeEscape(search)])
  return Number(rows[0]?.n ?? 0)
}

export async function findDocument(db: Queryable, id: string): Promise<AdminDocument | null> {
  const { rows } = await db.query<DocumentRow>(
    'SELECT id, name, content, revision, published_at, created_at, updated_at FROM documents WHERE id = $1 AND deleted_at IS NULL',
    [id],
  )
  return (await withTranslations(db, rows))[0] ?? null
}

/** True when the key is taken, by a live or a removed document (keys are never reused). */
export async function keyTaken(db: Queryable, id: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM documents WHERE id = $1', [id])
  return rows.length > 0
}

export async function insertDocument(db: Queryable, d: { id: string; name: string; content: string }): Promise<void> {
  await db.query('INSERT INTO documents (id, name, content) VALUES ($1, $2, $3)', [d.id, d.name, d.content])
}

/** Writes name and content when the revision is still `revision`; false otherwise. */
export async function updateDocument(db: Queryable, id: string, revision: number, d: { name: string; content: string }): Promise<boolean> {
  const { rows } = await db.query(
    'UPDATE documents SET name = $3, content = $4, revision = revision + 1, updated_at = now() WHERE id = $1 AND revision = $2 AND deleted_at IS NULL RETURNING id',
    [id, revision, d.name, d.content],
  )
  return rows.length > 0
}

export async function replaceTranslations(db: Queryable, id: string, translations: DocumentTranslation[]): Promise<void> {
  await db.query('DELETE FROM document_translations WHERE document_id = $1 AND NOT (locale = ANY($2::text[]))', [id, translations.map((t) => t.locale)])
  for (const t of translations) {
    await db.query(
      `INSERT INTO document_translations (document_id, locale, name, content) VALUES ($1, $2, $3, $4)
       ON CONFLICT (document_id, locale) DO UPDATE SET name = EXCLUDED.name, content = EXCLUDED.content, updated_at = now()`,
      [id, t.locale, t.name, t.content],
    )
  }
}

/** Publishes the revision shown; false when the revision moved on. */
export async function publishDocument(db: Queryable, id: string, revision: number): Promise<boolean> {
  const { rows } = await db.query(
    'UPDATE documents SET published_at = now(), updated_at = now() WHERE id = $1 AND revision = $2 AND deleted_at IS NULL RETURNING id',
    [id, revision],
  )
  return rows.length > 0
}
