import { CATALOGUE_PAGE_SIZE } from '../../../contracts/admin/common.js'
import type { AdminDocument, DocumentTranslation } from '../../../contracts/admin/documents.js'
import type { Queryable } from '../../db/index.js'
import { iso, isoOrNull } from '../../http/dates.js'
import type { LANGUAGES } from '../../../contracts/config.js'

type Locale = (typeof LANGUAGES)[number]

interface DocumentRow {
  id: string
  name: string
  content: string
  revision: number
  published_at: Date | string | null
  created_at: Date | string
  updated_at: Date | string
  text_changed_at: Date | string
  checked_at: Date | string
}

/** One language's text dates: when it last changed, when it was last known current. */
interface Freshness {
  locale: Locale
  changed: number
  checked: number
}

/** The languages whose text was last known current before another language's text changed. */
function outdatedOf(languages: Freshness[]): Locale[] {
  return languages.filter((l) => languages.some((other) => other.locale !== l.locale && other.changed > l.checked)).map((l) => l.locale)
}

const SEARCH = `deleted_at IS NULL AND ($1 = '' OR id ILIKE '%' || $1 || '%' OR name ILIKE '%' || $1 || '%')`
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`)

async function withTranslations(db: Queryable, rows: DocumentRow[]): Promise<AdminDocument[]> {
  if (!rows.length) return []
  const { rows: tr } = await db.query<DocumentTranslation & { document_id: string; text_changed_at: Date | string; checked_at: Date | string }>(
    'SELECT document_id, locale, name, content, text_changed_at, checked_at FROM document_translations WHERE document_id = ANY($1::text[]) ORDER BY locale',
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
    outdated: outdatedOf([
      { locale: 'mx', changed: Date.parse(iso(r.text_changed_at)), checked: Date.parse(iso(r.checked_at)) },
      ...tr
        .filter((t) => t.document_id === r.id)
        .map((t) => ({ locale: t.locale, changed: Date.parse(iso(t.text_changed_at)), checked: Date.parse(iso(t.checked_at)) })),
    ]),
  }))
}

export async function listDocuments(db: Queryable, page: number, search: string): Promise<AdminDocument[]> {
  const { rows } = await db.query<DocumentRow>(
    `SELECT id, name, content, revision, published_at, created_at, updated_at, text_changed_at, checked_at FROM documents WHERE ${SEARCH} ORDER BY lower(name), id LIMIT $2 OFFSET $3`,
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
    'SELECT id, name, content, revision, published_at, created_at, updated_at, text_changed_at, checked_at FROM documents WHERE id = $1 AND deleted_at IS NULL',
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
    `UPDATE documents SET name = $3, content = $4, revision = revision + 1, updated_at = now(),
       -- A changed text is current, and makes the other languages outdated (text_changed_at).
       text_changed_at = CASE WHEN (name, content) IS DISTINCT FROM ($3, $4) THEN now() ELSE text_changed_at END,
       checked_at = CASE WHEN (name, content) IS DISTINCT FROM ($3, $4) THEN now() ELSE checked_at END
     WHERE id = $1 AND revision = $2 AND deleted_at IS NULL RETURNING id`,
    [id, revision, d.name, d.content],
  )
  return rows.length > 0
}

export async function replaceTranslations(db: Queryable, id: string, translations: DocumentTranslation[]): Promise<void> {
  await db.query('DELETE FROM document_translations WHERE document_id = $1 AND NOT (locale = ANY($2::text[]))', [id, translations.map((t) => t.locale)])
  for (const t of translations) {
    await db.query(
      `INSERT INTO document_translations (document_id, locale, name, content) VALUES ($1, $2, $3, $4)
       ON CONFLICT (document_id, locale) DO UPDATE SET name = EXCLUDED.name, content = EXCLUDED.content, updated_at = now(),
         text_changed_at = CASE WHEN (document_translations.name, document_translations.content) IS DISTINCT FROM (EXCLUDED.name, EXCLUDED.content)
           THEN now() ELSE document_translations.text_changed_at END,
         checked_at = CASE WHEN (document_translations.name, document_translations.content) IS DISTINCT FROM (EXCLUDED.name, EXCLUDED.content)
           THEN now() ELSE document_translations.checked_at END`,
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

/**
 * Records that one language's text is still current (it stops being outdated), when the revision is
 * still `revision`; false otherwise, or when the document has no text in that language.
 */
export async function markUpToDate(db: Queryable, id: string, revision: number, locale: Locale): Promise<boolean> {
  const { rows } =
    locale === 'mx'
      ? await db.query('UPDATE documents SET checked_at = now() WHERE id = $1 AND revision = $2 AND deleted_at IS NULL RETURNING id', [id, revision])
      : await db.query(
          `UPDATE document_translations t SET checked_at = now() FROM documents d
           WHERE t.document_id = d.id AND d.id = $1 AND d.revision = $2 AND d.deleted_at IS NULL AND t.locale = $3 RETURNING t.locale`,
          [id, revision, locale],
        )
  return rows.length > 0
}
