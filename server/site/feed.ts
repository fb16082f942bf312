import { sanitizeDocumentHtml } from '../html/sanitize.js'
import { LANGUAGE_TAG } from './languages.js'
import type { SiteContext } from './context.js'
import { sitePath } from './document.js'
import type { PostKind, VisiblePost } from './queries.js'
import { el, xmlDocument } from './xml.js'

export const FEED_TYPE = 'application/atom+xml; charset=utf-8'

/** Where a kind's list and feed are below the language. */
export const listPathOf = (kind: PostKind) => (kind === 'news' ? '/news' : '/blog')
export const feedPathOf = (kind: PostKind) => `${listPathOf(kind)}/feed.xml`
export const postPathOf = (kind: PostKind, slug: string) => `${listPathOf(kind)}/${slug}`

/**
 * The Atom 1.0 feed of a kind's newest visible posts in the context's language: absolute links,
 * each entry's id its page's address, the body sanitised again and sent as escaped HTML.
 */
export function renderFeed(c: SiteContext, kind: PostKind, posts: VisiblePost[]): string {
  const { site, language, t } = c
  const absolute = (path: string) => `${c.origin}${sitePath(site.slug, language, path)}`
  const listUrl = absolute(listPathOf(kind))
  const section = kind === 'news' ? t.news : t.blog
  const updated = posts.reduce<Date | null>((latest, p) => (!latest || p.modifiedAt > latest ? p.modifiedAt : latest), null)
  return xmlDocument(
    el(
      'feed',
      { xmlns: 'http://www.w3.org/2005/Atom', 'xml:lang': LANGUAGE_TAG[language] },
      el('title', {}, `${section} · ${site.name}`),
      el('subtitle', {}, (kind === 'news' ? t.newsIntro : t.blogIntro).replace('{site}', site.name)),
      el('link', { rel: 'self', type: 'application/atom+xml', href: absolute(feedPathOf(kind)) }),
      el('link', { rel: 'alternate', type: 'text/html', href: listUrl }),
      el('id', {}, absolute(feedPathOf(kind))),
      el('updated', {}, (updated ?? new Date(0)).toISOString()),
      el('author', {}, el('name', {}, site.name)),
      el('generator', {}, site.name),
      ...posts.map((p) => {
        const url = absolute(postPathOf(kind, p.slug))
        return el(
          'entry',
          {},
          el('title', {}, p.title),
          el('link', { rel: 'alternate', type: 'text/html', href: url }),
          el('id', {}, url),
          el('published', {}, p.publishedAt.toISOString()),
          el('updated', {}, p.modifiedAt.toISOString()),
          el('author', {}, el('name', {}, p.author || site.name)),
          ...(p.category ? [el('category', { term: p.category })] : []),
          ...p.tags.map((tag) => el('category', { term: tag })),
          ...(p.summary ? [el('summary', { type: 'text' }, p.summary)] : []),
          el('content', { type: 'html' }, sanitizeDocumentHtml(p.body)),
        )
      }),
    ),
  )
}
