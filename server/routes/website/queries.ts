import type { AdminPost, AdminPostsQuery, PostCategory, PostKind, PostRevision, PostState, Site } from '../../../contracts/website/website.js'
import type { Queryable } from '../../db/index.js'
import { iso, isoOrNull, type When } from '../../http/dates.js'

type Language = Site['defaultLanguage']

interface SiteRow {
  id: string
  slug: string
  name: string
  default_language: Language
  languages: Language[]
  base_url: string | null
  is_default: boolean
  revision: number
  slides_revision: number
}

const siteOf = (r: SiteRow): Site & { slidesRevision: number } => ({
  id: r.id,
  slug: r.slug,
  name: r.name,
  defaultLanguage: r.default_language,
  languages: r.languages,
  baseUrl: r.base_url,
  isDefault: r.is_default,
  revision: r.revision,
  slidesRevision: r.slides_revision,
})

const SITE_COLUMNS = 'id, slug, name, default_language, languages, base_url, is_default, revision, slides_revision'

export async function listSites(db: Queryable) {
  const { rows } = await db.query<SiteRow>(`SELECT ${SITE_COLUMNS} FROM sites ORDER BY is_default DESC, lower(name), slug`)
  return rows.map(siteOf)
}

export async function findSite(db: Queryable, slug: string) {
  const { rows } = await db.query<SiteRow>(`SELECT ${SITE_COLUMNS} FROM sites WHERE slug = $1`, [slug])
  return rows[0] ? siteOf(rows[0]) : null
}

export async function defaultSite(db: Queryable) {
  const { rows } = await db.query<SiteRow>(`SELECT ${SITE_COLUMNS} FROM sites WHERE is_default`)
  return rows[0] ? siteOf(rows[0]) : null
}

export async function siteSlugTaken(db: Queryable, slug: string): Promise<boolean> {
  return (await db.query('SELECT 1 FROM sites WHERE slug = $1', [slug])).rows.length > 0
}

export interface SiteValues {
  name: string
  defaultLanguage: Language
  languages: Language[]
  baseUrl: string | null
}

export async function insertSite(db: Queryable, slug: string, v: SiteValues): Promise<void> {
  await db.query('INSERT INTO sites (slug, name, default_language, languages, base_url) VALUES ($1, $2, $3, $4::text[], $5)', [
    slug,
    v.name,
    v.defaultLanguage,
    v.languages,
    v.baseUrl,
  ])
}

/** Writes a site when its revision is still `revision`; false otherwise. */
export async function updateSite(db: Queryable, id: string, revision: number, v: SiteValues): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE sites SET name = $3, default_language = $4, languages = $5::text[], base_url = $6, revision = revision + 1, updated_at = now()
      WHERE id = $1 AND revision = $2 RETURNING id`,
    [id, revision, v.name, v.defaultLanguage, v.languages, v.baseUrl],
  )
  return rows.length > 0
}

// Slides.

export interface SlideRow {
  id: string
  position: number
  image_path: string | null
  title: string
  body: string
  link: string | null
  starts_at: When | null
  ends_at: When | null
  revision: number
  live: boolean
}

const SLIDE_COLUMNS = `id, position, image_path, title, body, link, starts_at, ends_at, revision,
  ((starts_at IS NULL OR starts_at <= now()) AND (ends_at IS NULL OR ends_at > now())) AS live`

export const slideOf = (r: SlideRow) => ({
  id: r.id,
  position: r.position,
  imagePath: r.image_path,
  title: r.title,
  text: r.body,
  link: r.link,
  startsAt: isoOrNull(r.starts_at),
  endsAt: isoOrNull(r.ends_at),
  revision: r.revision,
  live: r.live,
})

/** A site's slides in their order; `liveOnly` keeps those shown now. */
export async function listSlides(db: Queryable, siteId: string, liveOnly = false): Promise<SlideRow[]> {
  const { rows } = await db.query<SlideRow>(
    `SELECT ${SLIDE_COLUMNS} FROM site_slides WHERE site_id = $1 AND deleted_at IS NULL
       ${liveOnly ? 'AND (starts_at IS NULL OR starts_at <= now()) AND (ends_at IS NULL OR ends_at > now())' : ''}
     ORDER BY position, created_at, id`,
    [siteId],
  )
  return rows
}

export async function findSlide(db: Queryable, siteId: string, id: string): Promise<SlideRow | null> {
  const { rows } = await db.query<SlideRow>(`SELECT ${SLIDE_COLUMNS} FROM site_slides WHERE site_id = $1 AND id = $2 AND deleted_at IS NULL`, [siteId, id])
  return rows[0] ?? null
}

export interface SlideValues {
  title: string
  text: string
  link: string | null
  imagePath: string | null
  startsAt: string | null
  endsAt: string | null
}

/** Adds a slide at the end of the carousel; answers its id. */
export async function insertSlide(db: Queryable, siteId: string, v: SlideValues): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO site_slides (site_id, position, image_path, title, body, link, starts_at, ends_at)
     VALUES ($1, (SELECT coalesce(max(position), 0) + 1 FROM site_slides WHERE site_id = $1 AND deleted_at IS NULL), $2, $3, $4, $5, $6, $7)
     RETURNING id`,
    [siteId, v.imagePath, v.title, v.text, v.link, v.startsAt, v.endsAt],
  )
  return rows[0]!.id
}

export async function updateSlide(db: Queryable, siteId: string, id: string, revision: number, v: SlideValues): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE site_slides SET image_path = $4, title = $5, body = $6, link = $7, starts_at = $8, ends_at = $9, revision = revision + 1, updated_at = now()
      WHERE site_id = $1 AND id = $2 AND revision = $3 AND deleted_at IS NULL RETURNING id`,
    [siteId, id, revision, v.imagePath, v.title, v.text, v.link, v.startsAt, v.endsAt],
  )
  return rows.length > 0
}

export async function deleteSlide(db: Queryable, siteId: string, id: string, revision: number): Promise<boolean> {
  const { rows } = await db.query(
    'UPDATE site_slides SET deleted_at = now(), updated_at = now() WHERE site_id = $1 AND id = $2 AND revision = $3 AND deleted_at IS NULL RETURNING id',
    [siteId, id, revision],
  )
  return rows.length > 0
}

/**
 * Moves the carousel's order revision on when it is still `orderRevision` (the row lock also
 * serialises two reorders); false otherwise.
 */
export async function claimSlideOrder(db: Queryable, siteId: string, orderRevision: number): Promise<boolean> {
  const { rows } = await db.query('UPDATE sites SET slides_revision = slides_revision + 1 WHERE id = $1 AND slides_revision = $2 RETURNING id', [
    siteId,
    orderRevision,
  ])
  return rows.length > 0
}

export async function setSlidePositions(db: Queryable, siteId: string, ids: string[]): Promise<void> {
  await db.query(
    `UPDATE site_slides s SET position = o.ord, updated_at = now()
       FROM unnest($2::uuid[]) WITH ORDINALITY AS o(id, ord)
      WHERE s.site_id = $1 AND s.id = o.id AND s.deleted_at IS NULL`,
    [siteId, ids],
  )
}

// Posts.

interface PostRow {
  id: string
  kind: PostKind
  language: Language
  source_id: string | null
  source_revision: number | null
  outdated: boolean
  slug: string
  title: string
  summary: string
  body: string
  cover_path: string | null
  category: PostCategory | null
  tags: string[]
  author: string
  state: PostState
  effective_state: PostState
  publish_at: When | null
  revision: number
  updated_at: When
}

/** A post's columns; `outdated` compares a translation with its source's revision now. */
const POST_COLUMNS = `p.id, p.kind, p.language, p.source_id, p.source_revision, p.slug, p.title, p.summary, p.body, p.cover_path,
  p.category, p.tags, p.author, p.state, p.publish_at, p.revision, p.updated_at,
  coalesce(src.revision > p.source_revision, false) AS outdated,
  CASE WHEN p.state <> 'draft' AND p.publish_at <= now() THEN 'published' ELSE p.state END AS effective_state`
const POST_FROM = `site_posts p LEFT JOIN site_posts src ON src.id = p.source_id`

export type PostRecord = Omit<AdminPost, 'coverUrl' | 'translations'>

const postOf = (r: PostRow): PostRecord => ({
  id: r.id,
  kind: r.kind,
  language: r.language,
  sourceId: r.source_id,
  sourceRevision: r.source_revision,
  outdated: r.outdated,
  slug: r.slug,
  title: r.title,
  summary: r.summary,
  body: r.body,
  coverPath: r.cover_path,
  category: r.category,
  tags: r.tags,
  author: r.author,
  state: r.state,
  effectiveState: r.effective_state,
  publishAt: isoOrNull(r.publish_at),
  revision: r.revision,
  updatedAt: iso(r.updated_at),
})

/** A site's posts, newest change first, with the list's filters (state compares as readers see it). */
export async function listPosts(db: Queryable, siteId: string, q: AdminPostsQuery): Promise<PostRecord[]> {
  const { rows } = await db.query<PostRow>(
    `SELECT * FROM (SELECT ${POST_COLUMNS} FROM ${POST_FROM} WHERE p.site_id = $1 AND p.deleted_at IS NULL) x
      WHERE ($2::text IS NULL OR kind = $2) AND ($3::text IS NULL OR effective_state = $3) AND ($4::text IS NULL OR language = $4)
        AND ($5::text IS NULL OR category = $5)
      ORDER BY updated_at DESC, id LIMIT 500`,
    [siteId, q.kind ?? null, q.state ?? null, q.language ?? null, q.category ?? null],
  )
  return rows.map(postOf)
}

export async function findPost(db: Queryable, siteId: string, id: string): Promise<PostRecord | null> {
  const { rows } = await db.query<PostRow>(`SELECT ${POST_COLUMNS} FROM ${POST_FROM} WHERE p.site_id = $1 AND p.id = $2 AND p.deleted_at IS NULL`, [siteId, id])
  return rows[0] ? postOf(rows[0]) : null
}

/** The translations of a source post, each with its outdated mark. */
export async function translationsOf(db: Queryable, sourceId: string): Promise<Array<{ id: string; language: Language; outdated: boolean }>> {
  const { rows } = await db.query<{ id: string; language: Language; outdated: boolean }>(
    `SELECT p.id, p.language, src.revision > p.source_revision AS outdated FROM site_posts p JOIN site_posts src ON src.id = p.source_id
      WHERE p.source_id = $1 AND p.deleted_at IS NULL ORDER BY p.language`,
    [sourceId],
  )
  return rows
}

/** Whether another live post of the site, kind and language has this slug. */
export async function postSlugTaken(db: Queryable, siteId: string, kind: PostKind, language: Language, slug: string, except?: string): Promise<boolean> {
  const { rows } = await db.query(
    'SELECT 1 FROM site_posts WHERE site_id = $1 AND kind = $2 AND language = $3 AND slug = $4 AND deleted_at IS NULL AND id IS DISTINCT FROM $5::uuid',
    [siteId, kind, language, slug, except ?? null],
  )
  return rows.length > 0
}

export async function translationExists(db: Queryable, sourceId: string, language: Language): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM site_posts WHERE source_id = $1 AND language = $2 AND deleted_at IS NULL', [sourceId, language])
  return rows.length > 0
}

export interface PostValues {
  slug: string
  title: string
  summary: string
  body: string
  coverPath: string | null
  category: PostCategory | null
  tags: string[]
  author: string
  state: PostState
  publishAt: string | null
}

/** Every column a save writes; `$1` is the post or the new row's values start at `$2`. */
const postParams = (v: PostValues) => [v.slug, v.title, v.summary, v.body, v.coverPath, v.category, v.tags, v.author, v.state, v.publishAt]

export async function insertPost(
  db: Queryable,
  siteId: string,
  p: { kind: PostKind; language: Language; sourceId: string | null; sourceRevision: number | null },
  v: PostValues,
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO site_posts (site_id, kind, language, source_id, source_revision, slug, title, summary, body, cover_path, category, tags, author, state, publish_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::text[], $13, $14, $15) RETURNING id`,
    [siteId, p.kind, p.language, p.sourceId, p.sourceRevision, ...postParams(v)],
  )
  return rows[0]!.id
}

/**
 * Saves a post when its revision is still `revision`; false otherwise. A translation saved again is
 * brought up to date with its source's current revision.
 */
export async function updatePost(db: Queryable, siteId: string, id: string, revision: number, v: PostValues): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE site_posts p SET slug = $4, title = $5, summary = $6, body = $7, cover_path = $8, category = $9, tags = $10::text[], author = $11,
            state = $12, publish_at = $13, revision = p.revision + 1, updated_at = now(),
            source_revision = CASE WHEN p.source_id IS NULL THEN NULL ELSE (SELECT s.revision FROM site_posts s WHERE s.id = p.source_id) END
      WHERE p.site_id = $1 AND p.id = $2 AND p.revision = $3 AND p.deleted_at IS NULL RETURNING p.id`,
    [siteId, id, revision, ...postParams(v)],
  )
  return rows.length > 0
}

export async function deletePost(db: Queryable, siteId: string, id: string, revision: number): Promise<boolean> {
  const { rows } = await db.query(
    'UPDATE site_posts SET deleted_at = now(), updated_at = now() WHERE site_id = $1 AND id = $2 AND revision = $3 AND deleted_at IS NULL RETURNING id',
    [siteId, id, revision],
  )
  return rows.length > 0
}

/** Records the post's current revision in its history. */
export async function recordPostRevision(db: Queryable, id: string, savedBy: string): Promise<void> {
  await db.query(
    `INSERT INTO site_post_revisions (post_id, revision, title, summary, body, state, publish_at, saved_by)
     SELECT id, revision, title, summary, body, state, publish_at, $2 FROM site_posts WHERE id = $1`,
    [id, savedBy],
  )
}

export async function postRevisions(db: Queryable, id: string): Promise<PostRevision[]> {
  const { rows } = await db.query<{ revision: number; title: string; state: PostState; publish_at: When | null; saved_by: string; saved_at: When }>(
    'SELECT revision, title, state, publish_at, saved_by, saved_at FROM site_post_revisions WHERE post_id = $1 ORDER BY revision DESC LIMIT 200',
    [id],
  )
  return rows.map((r) => ({
    revision: r.revision,
    title: r.title,
    state: r.state,
    publishAt: isoOrNull(r.publish_at),
    savedBy: r.saved_by,
    savedAt: iso(r.saved_at),
  }))
}

// Public reads: only what is visible now (a scheduled post once its time has come).

const VISIBLE = `deleted_at IS NULL AND state <> 'draft' AND publish_at <= now()`

interface PublicPostRow {
  slug: string
  language: Language
  title: string
  summary: string
  body: string
  cover_path: string | null
  category: PostCategory | null
  tags: string[]
  author: string
  publish_at: When
}

export async function publicPosts(db: Queryable, siteId: string, kind: PostKind, language: Language): Promise<PublicPostRow[]> {
  const { rows } = await db.query<PublicPostRow>(
    `SELECT slug, language, title, summary, '' AS body, cover_path, category, tags, author, publish_at FROM site_posts
      WHERE site_id = $1 AND kind = $2 AND language = $3 AND ${VISIBLE} ORDER BY publish_at DESC, id LIMIT 100`,
    [siteId, kind, language],
  )
  return rows
}

export async function publicPost(db: Queryable, siteId: string, kind: PostKind, language: Language, slug: string): Promise<PublicPostRow | null> {
  const { rows } = await db.query<PublicPostRow>(
    `SELECT slug, language, title, summary, body, cover_path, category, tags, author, publish_at FROM site_posts
      WHERE site_id = $1 AND kind = $2 AND language = $3 AND slug = $4 AND ${VISIBLE}`,
    [siteId, kind, language, slug],
  )
  return rows[0] ?? null
}

// The public site's catalogue: featured courses and careers, each list with its own revision.

export interface CatalogueRevisions {
  courses: number
  careers: number
}

/** The lists' revisions; in a transaction, a save of either list waits until it ends (share lock). */
export async function catalogueRevisions(db: Queryable, siteId: string): Promise<CatalogueRevisions> {
  const { rows } = await db.query<{ courses_revision: number; careers_revision: number }>(
    'SELECT courses_revision, careers_revision FROM sites WHERE id = $1 FOR SHARE',
    [siteId],
  )
  return { courses: rows[0]?.courses_revision ?? 1, careers: rows[0]?.careers_revision ?? 1 }
}

export interface PublishedCourseRow {
  uuid: string
  name: string
  brief_description: string
  cover_path: string | null
  thumbnail_path: string | null
}

/** A course the public site may show: published, its catalogue row (the published snapshot) there, not removed. */
const PUBLISHED = `JOIN courses c ON c.uuid = p.uuid AND c.deleted_at IS NULL AND c.published_version IS NOT NULL`

/** The site's featured courses in order; a course unpublished or removed since is left out (the public page leaves it out too). */
export async function listFeaturedCourses(db: Queryable, siteId: string): Promise<PublishedCourseRow[]> {
  const { rows } = await db.query<PublishedCourseRow>(
    `SELECT p.uuid, p.name, p.brief_description, p.cover_path, p.thumbnail_path
       FROM site_featured_courses f JOIN published_courses p ON p.uuid = f.course_uuid ${PUBLISHED}
      WHERE f.site_id = $1 ORDER BY f.position, p.uuid`,
    [siteId],
  )
  return rows
}

/** Which of these uuids are courses the public site may show. */
export async function publishedCourses(db: Queryable, uuids: string[]): Promise<Set<string>> {
  const { rows } = await db.query<{ uuid: string }>(`SELECT p.uuid FROM published_courses p ${PUBLISHED} WHERE p.uuid = ANY($1::uuid[])`, [uuids])
  return new Set(rows.map((r) => r.uuid))
}

/** Published courses whose name holds `q` (any case), by name; all of them (up to `limit`) without `q`. */
export async function searchPublishedCourses(db: Queryable, q: string, limit: number): Promise<PublishedCourseRow[]> {
  const { rows } = await db.query<PublishedCourseRow>(
    `SELECT p.uuid, p.name, p.brief_description, p.cover_path, p.thumbnail_path
       FROM published_courses p ${PUBLISHED}
      WHERE $1 = '' OR strpos(lower(p.name), lower($1)) > 0
      ORDER BY lower(p.name), p.uuid LIMIT $2`,
    [q, limit],
  )
  return rows
}

/** Moves a catalogue list's revision on when it is still `revision` (the row lock serialises two saves); false otherwise. */
export async function claimCatalogueRevision(db: Queryable, siteId: string, list: 'courses' | 'careers', revision: number): Promise<boolean> {
  const column = list === 'courses' ? 'courses_revision' : 'careers_revision'
  const { rows } = await db.query(`UPDATE sites SET ${column} = ${column} + 1 WHERE id = $1 AND ${column} = $2 RETURNING id`, [siteId, revision])
  return rows.length > 0
}

/** The site's featured courses become `uuids`, in that order. */
export async function replaceFeaturedCourses(db: Queryable, siteId: string, uuids: string[]): Promise<void> {
  await db.query('DELETE FROM site_featured_courses WHERE site_id = $1', [siteId])
  await db.query(
    `INSERT INTO site_featured_courses (site_id, course_uuid, position)
     SELECT $1, o.id, o.ord FROM unnest($2::uuid[]) WITH ORDINALITY AS o(id, ord)`,
    [siteId, uuids],
  )
}

export interface SiteCareerRow {
  id: string
  name: string
  description: string
  cycles: string | number
  subjects: string | number
  courses: string | number
}

/** A career with what its public page shows: live cycles and subjects, and the published courses of those subjects. */
const CAREER_COLUMNS = `k.id, k.name, k.description,
  (SELECT count(*) FROM career_school_cycles cc JOIN school_cycles y ON y.id = cc.school_cycle_id AND y.deleted_at IS NULL
    WHERE cc.career_id = k.id) AS cycles,
  (SELECT count(*) FROM career_school_subjects cs JOIN school_subjects s ON s.id = cs.school_subject_id AND s.deleted_at IS NULL
    WHERE cs.career_id = k.id) AS subjects,
  (SELECT count(DISTINCT sc.course_uuid) FROM career_school_subjects cs
     JOIN school_subjects s ON s.id = cs.school_subject_id AND s.deleted_at IS NULL
     JOIN school_subject_courses sc ON sc.school_subject_id = s.id
     JOIN published_courses p ON p.uuid = sc.course_uuid ${PUBLISHED}
    WHERE cs.career_id = k.id) AS courses`

/** The site's careers in order; a career removed since is left out. */
export async function listSiteCareers(db: Queryable, siteId: string): Promise<SiteCareerRow[]> {
  const { rows } = await db.query<SiteCareerRow>(
    `SELECT ${CAREER_COLUMNS} FROM site_careers f JOIN careers k ON k.id = f.career_id AND k.deleted_at IS NULL
      WHERE f.site_id = $1 ORDER BY f.position, k.id`,
    [siteId],
  )
  return rows
}

/** Which of these ids are live careers. */
export async function liveCareers(db: Queryable, ids: string[]): Promise<Set<string>> {
  const { rows } = await db.query<{ id: string }>('SELECT id FROM careers WHERE id = ANY($1::uuid[]) AND deleted_at IS NULL', [ids])
  return new Set(rows.map((r) => r.id))
}

/** Live careers whose name holds `q` (any case), by name. */
export async function searchCareers(db: Queryable, q: string, limit: number): Promise<SiteCareerRow[]> {
  const { rows } = await db.query<SiteCareerRow>(
    `SELECT ${CAREER_COLUMNS} FROM careers k
      WHERE k.deleted_at IS NULL AND ($1 = '' OR strpos(lower(k.name), lower($1)) > 0)
      ORDER BY lower(k.name), k.id LIMIT $2`,
    [q, limit],
  )
  return rows
}

/** The site's careers become `ids`, in that order. */
export async function replaceSiteCareers(db: Queryable, siteId: string, ids: string[]): Promise<void> {
  await db.query('DELETE FROM site_careers WHERE site_id = $1', [siteId])
  await db.query(
    `INSERT INTO site_careers (site_id, career_id, position)
     SELECT $1, o.id, o.ord FROM unnest($2::uuid[]) WITH ORDINALITY AS o(id, ord)`,
    [siteId, ids],
  )
}

// Visit counts (site_page_views): sums over a range of days, both ends included.

type Count = string | number

/** Views per day, every day of the range (zero when none). */
export async function viewsPerDay(db: Queryable, siteId: string, from: string, to: string): Promise<Array<{ day: string; views: number }>> {
  const { rows } = await db.query<{ day: string; views: Count }>(
    `SELECT to_char(d, 'YYYY-MM-DD') AS day, coalesce(sum(v.views), 0) AS views
       FROM generate_series($2::date, $3::date, interval '1 day') AS d
       LEFT JOIN site_page_views v ON v.site_id = $1 AND v.day = d::date
      GROUP BY d ORDER BY d`,
    [siteId, from, to],
  )
  return rows.map((r) => ({ day: r.day, views: Number(r.views) }))
}

/** The `limit` values of one column with most views in the range, most first. */
export async function topViews(
  db: Queryable,
  siteId: string,
  from: string,
  to: string,
  column: 'path' | 'referrer' | 'language',
  limit: number,
): Promise<Array<{ key: string; views: number }>> {
  const { rows } = await db.query<{ key: string; views: Count }>(
    `SELECT ${column} AS key, sum(views) AS views FROM site_page_views
      WHERE site_id = $1 AND day BETWEEN $2::date AND $3::date
      GROUP BY ${column} ORDER BY sum(views) DESC, ${column} LIMIT $4`,
    [siteId, from, to, limit],
  )
  return rows.map((r) => ({ key: r.key, views: Number(r.views) }))
}
