import { catalogueCount, catalogueFacets, cataloguePage, type CatalogueListRow } from '../courses/catalogue/queries.js'
import type { Queryable } from '../db/index.js'
import type { PublicSite } from './document.js'
import type { SiteLanguage } from './languages.js'

/** The public site's own reads (the SQL of its pages). */

interface SiteRow {
  id: string
  slug: string
  name: string
  default_language: SiteLanguage
  languages: SiteLanguage[]
  base_url: string | null
}

export type SiteRecord = PublicSite & { id: string; baseUrl: string | null }

const siteOf = (r: SiteRow): SiteRecord => ({
  id: r.id,
  slug: r.slug,
  name: r.name,
  defaultLanguage: r.default_language,
  languages: r.languages,
  baseUrl: r.base_url,
})

/** The site of a slug, or the default site without one; null when there is none. */
export async function siteFor(db: Queryable, slug: string | null): Promise<SiteRecord | null> {
  const { rows } = await db.query<SiteRow>(
    `SELECT id, slug, name, default_language, languages, base_url FROM sites WHERE ${slug === null ? 'is_default' : 'slug = $1'}`,
    slug === null ? [] : [slug],
  )
  return rows[0] ? siteOf(rows[0]) : null
}

// Posts as visitors see them: not removed, not a draft, and their publication time passed by the
// database's clock (a scheduled post appears exactly at its time, in every process).

const VISIBLE = `p.deleted_at IS NULL AND p.state <> 'draft' AND p.publish_at <= now()`

export type PostKind = 'news' | 'blog'
export type PostCategory = 'blogs' | 'documents' | 'organization-chart' | 'social-networks'
export const POST_CATEGORIES: readonly PostCategory[] = ['blogs', 'documents', 'organization-chart', 'social-networks']

interface VisiblePostRow {
  id: string
  source_id: string | null
  language: SiteLanguage
  slug: string
  title: string
  summary: string
  body: string
  cover_path: string | null
  category: PostCategory | null
  tags: string[]
  author: string
  publish_at: Date | string
  modified_at: Date | string
}

export interface VisiblePost {
  id: string
  /** The source post of a translation, the post itself otherwise: what its language versions share. */
  familyId: string
  language: SiteLanguage
  slug: string
  title: string
  summary: string
  /** Stored HTML: sanitise before it is written into a page or a feed. */
  body: string
  coverPath: string | null
  category: PostCategory | null
  tags: string[]
  author: string
  publishedAt: Date
  /** The later of its publication and its last save. */
  modifiedAt: Date
}

const visiblePostOf = (r: VisiblePostRow): VisiblePost => ({
  id: r.id,
  familyId: r.source_id ?? r.id,
  language: r.language,
  slug: r.slug,
  title: r.title,
  summary: r.summary,
  body: r.body,
  coverPath: r.cover_path,
  category: r.category,
  tags: r.tags,
  author: r.author,
  publishedAt: new Date(r.publish_at),
  modifiedAt: new Date(r.modified_at),
})

const POST_COLUMNS = `p.id, p.source_id, p.language, p.slug, p.title, p.summary, p.cover_path, p.category, p.tags, p.author, p.publish_at,
  greatest(p.publish_at, p.updated_at) AS modified_at`

/**
 * One page of a site's visible posts of a kind in a language, newest first, optionally of one
 * category; `limit + 1` rows are read so the caller knows whether an older page exists. With
 * `fallback` (the site's default language, when the page is in another one), a source post with no
 * visible translation in `language` is listed in its own language rather than left out.
 */
export async function visiblePosts(
  db: Queryable,
  siteId: string,
  kind: PostKind,
  language: SiteLanguage,
  options: { category?: PostCategory | null; limit: number; offset?: number; withBody?: boolean; fallback?: SiteLanguage },
): Promise<VisiblePost[]> {
  const fallback = options.fallback && options.fallback !== language ? options.fallback : null
  const { rows } = await db.query<VisiblePostRow>(
    `SELECT ${POST_COLUMNS}, ${options.withBody ? 'p.body' : "'' AS body"} FROM site_posts p
      WHERE p.site_id = $1 AND p.kind = $2 AND ${VISIBLE} AND ($4::text IS NULL OR p.category = $4)
        AND (p.language = $3
             OR ($7::text IS NOT NULL AND p.language = $7 AND p.source_id IS NULL
                 AND NOT EXISTS (SELECT 1 FROM site_posts t WHERE t.source_id = p.id AND t.language = $3
                                    AND t.deleted_at IS NULL AND t.state <> 'draft' AND t.publish_at <= now())))
      ORDER BY p.publish_at DESC, p.id LIMIT $5 OFFSET $6`,
    [siteId, kind, language, options.category ?? null, options.limit, options.offset ?? 0, fallback],
  )
  return rows.map(visiblePostOf)
}

/** A visible post of the site by kind, language and slug, with its body; null otherwise. */
export async function visiblePost(db: Queryable, siteId: string, kind: PostKind, language: SiteLanguage, slug: string): Promise<VisiblePost | null> {
  const { rows } = await db.query<VisiblePostRow>(
    `SELECT ${POST_COLUMNS}, p.body FROM site_posts p WHERE p.site_id = $1 AND p.kind = $2 AND p.language = $3 AND p.slug = $4 AND ${VISIBLE}`,
    [siteId, kind, language, slug],
  )
  return rows[0] ? visiblePostOf(rows[0]) : null
}

/** The visible language versions of a post (its source and its translations), each with its slug. */
export async function postVersions(db: Queryable, siteId: string, familyId: string): Promise<Array<{ language: SiteLanguage; slug: string }>> {
  const { rows } = await db.query<{ language: SiteLanguage; slug: string }>(
    `SELECT p.language, p.slug FROM site_posts p WHERE p.site_id = $1 AND (p.id = $2 OR p.source_id = $2) AND ${VISIBLE} ORDER BY p.language`,
    [siteId, familyId],
  )
  return rows
}

/** Every visible post of a site (the sitemap), without bodies. */
export async function allVisiblePosts(db: Queryable, siteId: string): Promise<Array<VisiblePost & { kind: PostKind }>> {
  const { rows } = await db.query<VisiblePostRow & { kind: PostKind }>(
    `SELECT ${POST_COLUMNS}, '' AS body, p.kind FROM site_posts p WHERE p.site_id = $1 AND ${VISIBLE} ORDER BY p.publish_at DESC, p.id LIMIT 20000`,
    [siteId],
  )
  return rows.map((r) => ({ ...visiblePostOf(r), kind: r.kind }))
}

// The catalogue a site shows: published courses only, from their published snapshot row.

export interface PublicCourse {
  uuid: string
  name: string
  briefDescription: string
  coverPath: string | null
  publishedAt: Date
}

interface PublicCourseRow {
  uuid: string
  name: string
  brief_description: string
  cover_path: string | null
  published_at: Date | string
}

const publicCourseOf = (r: PublicCourseRow): PublicCourse => ({
  uuid: r.uuid,
  name: r.name,
  briefDescription: r.brief_description,
  coverPath: r.cover_path,
  publishedAt: new Date(r.published_at),
})

/** A course still live (not deleted since it was published). */
const LIVE_COURSE = 'NOT EXISTS (SELECT 1 FROM courses c WHERE c.uuid = pc.uuid AND c.deleted_at IS NOT NULL)'

/** The site's featured courses in their order, only those published now. */
export async function featuredCourses(db: Queryable, siteId: string): Promise<PublicCourse[]> {
  const { rows } = await db.query<PublicCourseRow>(
    `SELECT pc.uuid, pc.name, pc.brief_description, coalesce(pc.cover_path, pc.thumbnail_path) AS cover_path, pc.published_at
       FROM site_featured_courses f JOIN published_courses pc ON pc.uuid = f.course_uuid
      WHERE f.site_id = $1 AND ${LIVE_COURSE} ORDER BY f.position, pc.name LIMIT 24`,
    [siteId],
  )
  return rows.map(publicCourseOf)
}

/** Every published course (the sitemap's course pages). */
export async function allPublishedCourses(db: Queryable): Promise<PublicCourse[]> {
  const { rows } = await db.query<PublicCourseRow>(
    `SELECT pc.uuid, pc.name, pc.brief_description, pc.cover_path, pc.published_at FROM published_courses pc WHERE ${LIVE_COURSE}
      ORDER BY pc.published_at DESC, pc.uuid LIMIT 20000`,
  )
  return rows.map(publicCourseOf)
}

/** The careers a site shows, in order (the sitemap's career pages). */
export async function siteCareerIds(db: Queryable, siteId: string): Promise<Array<{ id: string; updatedAt: Date }>> {
  const { rows } = await db.query<{ id: string; updated_at: Date | string }>(
    `SELECT k.id, k.updated_at FROM site_careers s JOIN careers k ON k.id = s.career_id
      WHERE s.site_id = $1 AND k.deleted_at IS NULL ORDER BY s.position`,
    [siteId],
  )
  return rows.map((r) => ({ id: r.id, updatedAt: new Date(r.updated_at) }))
}

/** Every site (robots.txt names each one's sitemap). */
export async function allSites(db: Queryable): Promise<SiteRecord[]> {
  const { rows } = await db.query<SiteRow>('SELECT id, slug, name, default_language, languages, base_url FROM sites ORDER BY is_default DESC, slug')
  return rows.map(siteOf)
}

// Visit counts (decision 0041): one row per site, UTC day, page, language and referring host.

export interface PageViewCount {
  siteId: string
  day: string
  path: string
  language: string
  referrer: string
  views: number
}

/** Adds counts to their rows in one statement; counts of several processes add up. */
export async function addPageViews(db: Queryable, counts: PageViewCount[]): Promise<void> {
  if (counts.length === 0) return
  await db.query(
    `INSERT INTO site_page_views (site_id, day, path, language, referrer, views)
     SELECT * FROM unnest($1::uuid[], $2::date[], $3::text[], $4::text[], $5::text[], $6::int[])
     ON CONFLICT (site_id, day, path, language, referrer) DO UPDATE SET views = site_page_views.views + EXCLUDED.views`,
    [
      counts.map((c) => c.siteId),
      counts.map((c) => c.day),
      counts.map((c) => c.path),
      counts.map((c) => c.language),
      counts.map((c) => c.referrer),
      counts.map((c) => c.views),
    ],
  )
}

// ---------------------------------------------------------------------------------------------------
// Public course and career pages (docs/website.md "Public course and career pages").
// ---------------------------------------------------------------------------------------------------

/** Courses on one page of the public course list. */
export const SITE_COURSES_PAGE_SIZE = 24

/**
 * One page of the published courses, newest first, optionally of one category: the learners'
 * catalogue read (`published_courses`, rows written at publication from the published snapshot, so
 * a draft never shows and a removed course is left out).
 */
export async function publishedCoursesPage(db: Queryable, page: number, category: string | null): Promise<{ rows: CatalogueListRow[]; total: number }> {
  const filter = { query: null, ...(category ? { category } : {}) }
  const rows = await cataloguePage(db, filter, SITE_COURSES_PAGE_SIZE, (page - 1) * SITE_COURSES_PAGE_SIZE)
  const total = rows.length ? Number(rows[0].total) : page === 1 ? 0 : await catalogueCount(db, filter)
  return { rows, total }
}

/** The categories of the live published courses, by name, with their counts (the list's filter links). */
export async function publishedCourseCategories(db: Queryable): Promise<Array<{ id: string; name: string; count: number }>> {
  const rows = await catalogueFacets(db)
  return rows.filter((r) => r.facet === 'category' && r.id !== null).map((r) => ({ id: r.id!, name: r.name, count: Number(r.count) }))
}

export interface SiteCareerRow {
  id: string
  name: string
  description: string
}

/** The careers a site shows, in the site's order (soft-deleted careers left out). */
export async function siteCareerList(db: Queryable, siteId: string): Promise<SiteCareerRow[]> {
  const { rows } = await db.query<SiteCareerRow>(
    `SELECT c.id, c.name, c.description FROM site_careers s JOIN careers c ON c.id = s.career_id
      WHERE s.site_id = $1 AND c.deleted_at IS NULL ORDER BY s.position, c.name`,
    [siteId],
  )
  return rows
}

/** One career the site shows, or null when the site has not chosen it (or it is removed). `id` must be a UUID. */
export async function siteCareer(db: Queryable, siteId: string, id: string): Promise<SiteCareerRow | null> {
  const { rows } = await db.query<SiteCareerRow>(
    `SELECT c.id, c.name, c.description FROM site_careers s JOIN careers c ON c.id = s.career_id
      WHERE s.site_id = $1 AND s.career_id = $2 AND c.deleted_at IS NULL`,
    [siteId, id],
  )
  return rows[0] ?? null
}

export interface CareerCycleRow {
  id: string
  name: string
  starts_on: string | null
  ends_on: string | null
}

/** A career's live school cycles, by start date then name (dates as `YYYY-MM-DD`). */
export async function careerCycles(db: Queryable, careerId: string): Promise<CareerCycleRow[]> {
  const { rows } = await db.query<CareerCycleRow>(
    `SELECT y.id, y.name, to_char(y.starts_on, 'YYYY-MM-DD') AS starts_on, to_char(y.ends_on, 'YYYY-MM-DD') AS ends_on
       FROM career_school_cycles cc JOIN school_cycles y ON y.id = cc.school_cycle_id
      WHERE cc.career_id = $1 AND y.deleted_at IS NULL
      ORDER BY y.starts_on NULLS LAST, y.name`,
    [careerId],
  )
  return rows
}

export interface CareerSubjectRow {
  id: string
  name: string
  code: string | null
  description: string
  /** The subject's live published courses (from the catalogue rows), by name. */
  courses: Array<{ uuid: string; name: string }>
}

/** A career's live school subjects, each with its linked courses that are published and not removed. */
export async function careerSubjects(db: Queryable, careerId: string): Promise<CareerSubjectRow[]> {
  const { rows } = await db.query<Omit<CareerSubjectRow, 'courses'> & { courses: string | CareerSubjectRow['courses'] }>(
    `SELECT s.id, s.name, s.code, s.description,
            COALESCE((SELECT json_agg(json_build_object('uuid', p.uuid, 'name', p.name) ORDER BY p.name, p.uuid)
                        FROM school_subject_courses sc
                        JOIN published_courses p ON p.uuid = sc.course_uuid
                        JOIN courses c ON c.uuid = p.uuid AND c.deleted_at IS NULL AND c.published_version IS NOT NULL
                       WHERE sc.school_subject_id = s.id), '[]'::json) AS courses
       FROM career_school_subjects cs JOIN school_subjects s ON s.id = cs.school_subject_id
      WHERE cs.career_id = $1 AND s.deleted_at IS NULL
      ORDER BY s.name`,
    [careerId],
  )
  return rows.map((r) => ({ ...r, courses: typeof r.courses === 'string' ? (JSON.parse(r.courses) as CareerSubjectRow['courses']) : r.courses }))
}
