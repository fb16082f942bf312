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
