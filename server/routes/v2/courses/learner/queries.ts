import type { Queryable } from '../../../../db/index.js'

/** SQL of the learner's course routes: catalogue rows, snapshots, subscriptions, progress and resume. */

export type When = Date | string

// ---------------------------------------------------------------------------------------------------
// Published snapshots and the catalogue.
// ---------------------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------------------
// Plans and subscriptions.
// ---------------------------------------------------------------------------------------------------

/** The plans on offer for a course: the builder's own query (an archived plan is kept only for those who hold it). */
export { livePlans as offeredPlans, type PlanRow } from '../creator/content/queries.js'

export interface SubscriptionRow {
  id: string
  course_uuid: string
  course_name: string
  plan_name: string
  duration_days: number
  created_at: When
  revoked_at: When | null
}

/** The caller's subscriptions to one course, newest first. */
export async function courseSubscriptions(db: Queryable, sub: string, course: string): Promise<SubscriptionRow[]> {
  const { rows } = await db.query<SubscriptionRow>(
    `SELECT s.id, s.course_uuid, c.name AS course_name, s.plan_name, s.duration_days, s.created_at, s.revoked_at
       FROM subscriptions s JOIN courses c ON c.uuid = s.course_uuid
      WHERE s.user_sub = $1 AND s.course_uuid = $2
      ORDER BY s.created_at DESC, s.id DESC`,
    [sub, course],
  )
  return rows
}

/** Whether an administrator's revocation still blocks the learner from subscribing to the course by themselves. */
export async function selfSubscriptionBlocked(db: Queryable, sub: string, course: string): Promise<boolean> {
  const { rows } = await db.query(
    'SELECT 1 FROM subscriptions WHERE user_sub = $1 AND course_uuid = $2 AND revoked_at IS NOT NULL AND block_lifted_at IS NULL LIMIT 1',
    [sub, course],
  )
  return rows.length > 0
}

/** Serialises one learner's subscribing to one course (two tabs clicking at once get one subscription). */
export async function lockLearnerCourse(tx: Queryable, sub: string, course: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`subscribe:${sub}:${course}`])
}

export async function insertSubscription(
  tx: Queryable,
  s: { course: string; sub: string; plan: string; planName: string; durationDays: number },
): Promise<SubscriptionRow> {
  const { rows } = await tx.query<SubscriptionRow>(
    `INSERT INTO subscriptions (course_uuid, user_sub, plan_id, plan_name, duration_days, created_by)
     VALUES ($1, $2, $3, $4, $5, $2)
     RETURNING id, course_uuid, (SELECT name FROM courses WHERE uuid = $1) AS course_name, plan_name, duration_days, created_at, revoked_at`,
    [s.course, s.sub, s.plan, s.planName, s.durationDays],
  )
  return rows[0]
}

// ---------------------------------------------------------------------------------------------------
// Progress, resume and completion.
// ---------------------------------------------------------------------------------------------------

export interface ProgressRow {
  block_id: string
  watched_seconds: string | number
  position_seconds: string | number
  duration_seconds: string | number | null
  completed_at: When | null
}

export async function progressRows(db: Queryable, sub: string, course: string): Promise<ProgressRow[]> {
  const { rows } = await db.query<ProgressRow>(
    'SELECT block_id, watched_seconds, position_seconds, duration_seconds, completed_at FROM learner_progress WHERE user_sub = $1 AND course_uuid = $2',
    [sub, course],
  )
  return rows
}

/** The forms of the course the learner passed (in any published version). */
export async function passedForms(db: Queryable, sub: string, course: string): Promise<Set<string>> {
  const { rows } = await db.query<{ form_id: string }>(
    'SELECT DISTINCT form_id FROM form_attempts WHERE course_uuid = $1 AND user_sub = $2 AND passed',
    [course, sub],
  )
  return new Set(rows.map((r) => r.form_id))
}

/**
 * Records that a block was opened at `at` (the server's clock); `complete` marks it done (the first
 * time only). Opening also restarts a video's measure of time: what is watched from here on is
 * counted from this moment.
 */
export async function recordOpened(tx: Queryable, sub: string, course: string, block: string, complete: boolean, at: Date): Promise<ProgressRow> {
  const { rows } = await tx.query<ProgressRow>(
    `INSERT INTO learner_progress (user_sub, course_uuid, block_id, completed_at, reported_at) VALUES ($1, $2, $3, CASE WHEN $4::boolean THEN $5::timestamptz END, $5)
     ON CONFLICT (user_sub, course_uuid, block_id) DO UPDATE
        SET completed_at = COALESCE(learner_progress.completed_at, EXCLUDED.completed_at), reported_at = EXCLUDED.reported_at, updated_at = now()
     RETURNING block_id, watched_seconds, position_seconds, duration_seconds, completed_at`,
    [sub, course, block, complete, at.toISOString()],
  )
  return rows[0]
}

/**
 * Records a video's position `seconds` reported at `at` (the server's clock). The watched point only
 * grows, towards the position, by at most `rate` × the seconds since the previous report (or the
 * opening), of which at most `maxGap` count; the first report of a block never opened earns nothing.
 * The video is done once the watched point is within `slack` of `duration` (and stays done); a video
 * of unknown length (null) keeps its position but is never done.
 */
export async function recordPosition(
  tx: Queryable,
  p: { sub: string; course: string; block: string; seconds: number; duration: number | null; at: Date; rate: number; maxGap: number; slack: number },
): Promise<ProgressRow> {
  const elapsed = 'LEAST($8::numeric, GREATEST(0, COALESCE(extract(epoch FROM $6::timestamptz - lp.reported_at)::numeric, 0)))'
  const reached = `GREATEST(lp.watched_seconds, LEAST(EXCLUDED.position_seconds, lp.watched_seconds + $7::numeric * ${elapsed}))`
  const { rows } = await tx.query<ProgressRow>(
    `INSERT INTO learner_progress AS lp (user_sub, course_uuid, block_id, watched_seconds, position_seconds, duration_seconds, reported_at)
     VALUES ($1, $2, $3, 0, $4::numeric, $5::numeric, $6::timestamptz)
     ON CONFLICT (user_sub, course_uuid, block_id) DO UPDATE
        SET watched_seconds = ${reached},
            position_seconds = EXCLUDED.position_seconds,
            duration_seconds = EXCLUDED.duration_seconds,
            completed_at = COALESCE(lp.completed_at, CASE WHEN ${reached} >= EXCLUDED.duration_seconds - $9::numeric THEN $6::timestamptz END),
            reported_at = EXCLUDED.reported_at,
            updated_at = now()
     RETURNING block_id, watched_seconds, position_seconds, duration_seconds, completed_at`,
    [p.sub, p.course, p.block, p.seconds, p.duration, p.at.toISOString(), p.rate, p.maxGap, p.slack],
  )
  return rows[0]
}

export async function setResume(tx: Queryable, sub: string, course: string, block: string): Promise<void> {
  await tx.query(
    `INSERT INTO learner_resume (user_sub, course_uuid, block_id) VALUES ($1, $2, $3)
     ON CONFLICT (user_sub, course_uuid) DO UPDATE SET block_id = EXCLUDED.block_id, updated_at = now()`,
    [sub, course, block],
  )
}

export async function resumeBlock(db: Queryable, sub: string, course: string): Promise<string | null> {
  const { rows } = await db.query<{ block_id: string }>('SELECT block_id FROM learner_resume WHERE user_sub = $1 AND course_uuid = $2', [sub, course])
  return rows[0]?.block_id ?? null
}

/** Records the first completion of the course; answers when it was completed. */
export async function recordCompletion(tx: Queryable, sub: string, course: string, version: number): Promise<When> {
  await tx.query(
    `INSERT INTO course_completions (user_sub, course_uuid, course_version) VALUES ($1, $2, $3) ON CONFLICT (user_sub, course_uuid) DO NOTHING`,
    [sub, course, version],
  )
  return (await completionOf(tx, sub, course))!
}

export async function completionOf(db: Queryable, sub: string, course: string): Promise<When | null> {
  const { rows } = await db.query<{ completed_at: When }>('SELECT completed_at FROM course_completions WHERE user_sub = $1 AND course_uuid = $2', [sub, course])
  return rows[0]?.completed_at ?? null
}

/** Done and total counted blocks of several courses for one learner (the dashboard's progress). */
export async function progressOfCourses(db: Queryable, sub: string, courses: string[]): Promise<Map<string, { done: number; total: number }>> {
  if (courses.length === 0) return new Map()
  const { rows } = await db.query<{ uuid: string; done: string | number; total: string | number }>(
    `SELECT p.uuid, jsonb_array_length(p.counted_blocks) AS total,
            (SELECT count(*) FROM jsonb_array_elements(p.counted_blocks) AS b
              WHERE EXISTS (SELECT 1 FROM learner_progress lp
                             WHERE lp.user_sub = $1 AND lp.course_uuid = p.uuid AND lp.block_id = (b->>'id')::uuid AND lp.completed_at IS NOT NULL)
                 OR (b->>'kind' = 'form' AND EXISTS (SELECT 1 FROM form_attempts fa
                             WHERE fa.course_uuid = p.uuid AND fa.user_sub = $1 AND fa.form_id = (b->>'id')::uuid AND fa.passed))) AS done
       FROM published_courses p
      WHERE p.uuid = ANY($2::uuid[])`,
    [sub, courses],
  )
  return new Map(rows.map((r) => [r.uuid, { done: Number(r.done), total: Number(r.total) }]))
}
