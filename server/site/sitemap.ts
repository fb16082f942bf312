import { LANGUAGE_TAG, type SiteLanguage } from './languages.js'
import { sitePath } from './document.js'
import { postPathOf } from './feed.js'
import type { PostKind, PublicCourse, SiteRecord, VisiblePost } from './queries.js'
import { el, xmlDocument, type XmlElement } from './xml.js'

export interface SitemapContent {
  posts: Array<VisiblePost & { kind: PostKind }>
  courses: PublicCourse[]
  careers: Array<{ id: string; updatedAt: Date }>
}

/** The site's pages below a language that exist in every language it offers. */
const EVERY_LANGUAGE = ['', '/news', '/blog', '/courses', '/careers']

/**
 * The sitemap of one site: every public page in every language it offers, each with its
 * `hreflang` alternates (a post only with the languages it really exists in) and `lastmod` when known.
 */
export function renderSitemap(site: SiteRecord, origin: string, content: SitemapContent): string {
  const absolute = (language: SiteLanguage, path: string) => `${origin}${sitePath(site.slug, language, path)}`
  const urls: XmlElement[] = []
  /** One `<url>` per language of `versions` (language → path below it). */
  const add = (versions: Array<[SiteLanguage, string]>, lastmod?: Date) => {
    const alternates = versions.map(([l, p]) => el('xhtml:link', { rel: 'alternate', hreflang: LANGUAGE_TAG[l], href: absolute(l, p) }))
    const fallback = versions.find(([l]) => l === site.defaultLanguage)
    if (fallback) alternates.push(el('xhtml:link', { rel: 'alternate', hreflang: 'x-default', href: absolute(fallback[0], fallback[1]) }))
    for (const [l, p] of versions) {
      urls.push(
        el(
          'url',
          {},
          el('loc', {}, absolute(l, p)),
          ...(lastmod ? [el('lastmod', {}, lastmod.toISOString())] : []),
          ...(versions.length > 1 ? alternates : []),
        ),
      )
    }
  }
  const everywhere = (path: string) => site.languages.map((l): [SiteLanguage, string] => [l, path])
  const newest = (kind: PostKind) => content.posts.find((p) => p.kind === kind)?.modifiedAt
  for (const path of EVERY_LANGUAGE) add(everywhere(path), path === '/news' ? newest('news') : path === '/blog' ? newest('blog') : undefined)

  const families = new Map<string, Array<VisiblePost & { kind: PostKind }>>()
  for (const p of content.posts.filter((p) => site.languages.includes(p.language))) {
    families.set(p.familyId, [...(families.get(p.familyId) ?? []), p])
  }
  for (const family of families.values()) {
    const versions = family.map((p): [SiteLanguage, string] => [p.language, postPathOf(p.kind, p.slug)])
    const lastmod = family.reduce((latest, p) => (p.modifiedAt > latest ? p.modifiedAt : latest), family[0]!.modifiedAt)
    add(versions, lastmod)
  }
  for (const course of content.courses) add(everywhere(`/courses/${course.uuid}`), course.publishedAt)
  for (const career of content.careers) add(everywhere(`/careers/${career.id}`), career.updatedAt)

  return xmlDocument(el('urlset', { xmlns: 'http://www.sitemaps.org/schemas/sitemap/0.9', 'xmlns:xhtml': 'http://www.w3.org/1999/xhtml' }, ...urls))
}

/** The app's private addresses robots are asked to leave alone. */
const PRIVATE = [
  '/api/',
  '/admin',
  '/galaxy',
  '/creator',
  '/settings',
  '/account',
  '/dashboard',
  '/courses',
  '/certificates',
  '/experimental',
  '/complete-register',
  '/register-confirmation',
  '/global-logout',
  '/logout',
]

/** robots.txt: everything public allowed, the app's private routes not, and every site's sitemap. */
export function renderRobots(sitemaps: string[]): string {
  return ['User-agent: *', 'Allow: /', ...PRIVATE.map((p) => `Disallow: ${p}`), '', ...sitemaps.map((s) => `Sitemap: ${s}`), ''].join('\n')
}
