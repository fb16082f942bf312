import type { Queryable } from '../../db/index.js'
import type { When } from '../../http/dates.js'

/** SQL of the published catalogue: the row each published course has, and the learners' catalogue reads. */

export interface CatalogueRow {
  uuid: string
  version: number
  name: string
  briefDescription: string
  coverPath: string | null
  thumbnailPath: string | null
  category: { id: string; name: string } | null
  difficulty: { id: string; name: string } | null
  organization: { id: string; name: string } | null
  tags: string[]
  durationHours: number | null
  publishedAt: string
  countedBlocks: Array<{ id: string; kind: string }>
  /** Weighted search text: A the name, B the short texts, C the description. */
  text: { a: string; b: string; c: string }
}

export async function upsertCatalogueRow(tx: Queryable, r: CatalogueRow): Promise<void> {
  await tx.query(
    `INSERT INTO published_courses (uuid, version, name, brief_description, cover_path, thumbnail_path, category_id, category_name,
            difficulty_id, difficulty_name, organization_id, organization_name, tags, tags_folded, duration_hours, published_at,
            counted_blocks, search)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13::text[],
            ARRAY(SELECT fold_search(t) FROM unnest($13::text[]) AS t), $14, $15, $16::jsonb,
            setweight(to_tsvector('simple', fold_search($17)), 'A') || setweight(to_tsvector('simple', fold_search($18)), 'B')
              || setweight(to_tsvector('simple', fold_search($19)), 'C'))
     ON CONFLICT (uuid) DO UPDATE SET version = EXCLUDED.version, name = EXCLUDED.name, brief_description = EXCLUDED.brief_description,
            cover_path = EXCLUDED.cover_path, thumbnail_path = EXCLUDED.thumbnail_path, category_id = EXCLUDED.category_id,
            category_name = EXCLUDED.category_name, difficulty_id = EXCLUDED.difficulty_id, difficulty_name = EXCLUDED.difficulty_name,
            organization_id = EXCLUDED.organization_id, organization_name = EXCLUDED.organization_name, tags = EXCLUDED.tags,
            tags_folded = EXCLUDED.tags_folded, duration_hours = EXCLUDED.duration_hours, published_at = EXCLUDED.published_at,
            counted_blocks = EXCLUDED.counted_blocks, search = EXCLUDED.search`,
    [
      r.uuid,
      r.version,
      r.name,
      r.briefDescription,
      r.coverPath,
      r.thumbnailPath,
      r.category?.id ?? null,
      r.category?.name ?? null,
      r.difficulty?.id ?? null,
      r.difficulty?.name ?? null,
      r.organization?.id ?? null,
      r.organization?.name ?? null,
      r.tags,
      r.durationHours,
      r.publishedAt,
      JSON.stringify(r.countedBlocks),
      r.text.a,
      r.text.b,
      r.text.c,
    ],
  )
}

export async function deleteCatalogueRow(tx: Queryable, uuid: string): Promise<void> {
  await tx.query('DELETE FROM published_courses WHERE uuid = $1', [uuid])
}

/** Live published courses whose catalogue row is missing or older than their published version. */
export async function staleCatalogueCourses(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ uuid: string }>(
    `SELECT c.uuid FROM courses c LEFT JOIN published_courses p ON p.uuid = c.uuid
      WHERE c.published_version IS NOT NULL AND c.deleted_at IS NULL AND (p.uuid IS NULL OR p.version <> c.published_version)`,
  )
  return rows.map((r) => r.uuid)
}

export interface CatalogueFilter {
  /** A `to_tsquery` text of words made of letters and digits only, each `word:*`, joined by `&`; folded in SQL. */
  query: string | null
  category?: string
  difficulty?: string
  organization?: string
  tag?: string
}

export interface CatalogueListRow {
  uuid: string
  name: string
  brief_description: string
  cover_path: string | null
  thumbnail_path: string | null
  category_id: string | null
  category_name: string | null
  difficulty_id: string | null
  difficulty_name: string | null
  organization_id: string | null
  organization_name: string | null
  tags: string[]
  duration_hours: string | number | null
  published_at: When
  total: string | number
}

/**
 * The SQL of one catalogue page. The conditions are only those asked for, so the planner can use the
 * GIN index of `search` (and of `tags_folded`) rather than a condition that is sometimes true.
 */
export function catalogueSql(f: CatalogueFilter, limit: number, offset: number): { sql: string; params: unknown[] } {
  const params: unknown[] = []
  // A course deleted since it was published leaves the catalogue (an anti-join keeps the search on its index).
  const where: string[] = ['NOT EXISTS (SELECT 1 FROM courses c WHERE c.uuid = p.uuid AND c.deleted_at IS NOT NULL)']
  const param = (v: unknown) => {
    params.push(v)
    return `$${params.length}`
  }
  let rank = ''
  if (f.query) {
    const q = `to_tsquery('simple', fold_search(${param(f.query)}))`
    where.push(`p.search @@ ${q}`)
    rank = `ts_rank(p.search, ${q}) DESC, `
  }
  if (f.category) where.push(`p.category_id = ${param(f.category)}::uuid`)
  if (f.difficulty) where.push(`p.difficulty_id = ${param(f.difficulty)}::uuid`)
  if (f.organization) where.push(`p.organization_id = ${param(f.organization)}::uuid`)
  if (f.tag) where.push(`p.tags_folded @> ARRAY[fold_search(${param(f.tag)})]`)
  const sql = `SELECT p.uuid, p.name, p.brief_description, p.cover_path, p.thumbnail_path, p.category_id, p.category_name, p.difficulty_id,
            p.difficulty_name, p.organization_id, p.organization_name, p.tags, p.duration_hours, p.published_at, count(*) OVER () AS total
       FROM published_courses p
      WHERE ${where.join(' AND ')}
      ORDER BY ${rank}p.published_at DESC, p.uuid
      LIMIT ${param(limit)} OFFSET ${param(offset)}`
  return { sql, params }
}

/** One page of the catalogue (see catalogueSql). */
export async function cataloguePage(db: Queryable, f: CatalogueFilter, limit: number, offset: number): Promise<CatalogueListRow[]> {
  const { sql, params } = catalogueSql(f, limit, offset)
  const { rows } = await db.query<CatalogueListRow>(sql, params)
  return rows
}

/** The count alone, for a page past the end (no row carries the window count). */
export async function catalogueCount(db: Queryable, f: CatalogueFilter): Promise<number> {
  const rows = await cataloguePage(db, f, 1, 0)
  return rows.length ? Number(rows[0].total) : 0
}

export interface FacetRow {
  facet: 'category' | 'difficulty' | 'organization' | 'tag'
  id: string | null
  name: string
  count: string | number
}

/** Every filter value in use among the live published courses, with how many courses have it. */
export async function catalogueFacets(db: Queryable): Promise<FacetRow[]> {
  const { rows } = await db.query<FacetRow>(
    `WITH live AS (SELECT p.* FROM published_courses p JOIN courses c ON c.uuid = p.uuid WHERE c.deleted_at IS NULL)
     SELECT 'category' AS facet, category_id::text AS id, max(category_name) AS name, count(*) AS count FROM live WHERE category_id IS NOT NULL GROUP BY category_id
     UNION ALL
     SELECT 'difficulty', difficulty_id::text, max(difficulty_name), count(*) FROM live WHERE difficulty_id IS NOT NULL GROUP BY difficulty_id
     UNION ALL
     SELECT 'organization', organization_id::text, max(organization_name), count(*) FROM live WHERE organization_id IS NOT NULL GROUP BY organization_id
     UNION ALL
     SELECT 'tag', NULL, min(t), count(DISTINCT live.uuid) FROM live, unnest(tags) AS t GROUP BY fold_search(t)
     ORDER BY 1, 3`,
  )
  return rows
}
