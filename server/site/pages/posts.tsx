import { sanitizeDocumentHtml } from '../../html/sanitize.js'
import type { SiteContext } from '../context.js'
import { renderPage, sitePath } from '../document.js'
import { feedPathOf, listPathOf, postPathOf } from '../feed.js'
import { dateText, LANGUAGE_TAG, type SiteLanguage } from '../languages.js'
import { POST_CATEGORIES, type PostCategory, type PostKind, type VisiblePost } from '../queries.js'
import type { SiteTexts } from '../texts.js'

/** Posts on one list page. */
export const POSTS_PER_PAGE = 12

export const categoryLabel = (t: SiteTexts, category: PostCategory) =>
  ({
    blogs: t.categoryBlogs,
    documents: t.categoryDocuments,
    'organization-chart': t.categoryOrganizationChart,
    'social-networks': t.categorySocialNetworks,
  })[category]

/** A list's address below the language: its kind, then its category and page when not the first. */
export function listPath(kind: PostKind, category: PostCategory | null, page = 1): string {
  const query = new URLSearchParams()
  if (category) query.set('category', category)
  if (page > 1) query.set('page', String(page))
  const q = query.toString()
  return q ? `${listPathOf(kind)}?${q}` : listPathOf(kind)
}

/** The head's link to a kind's Atom feed. */
const feedLink = (c: SiteContext, kind: PostKind) => ({
  rel: 'alternate',
  type: 'application/atom+xml',
  href: `${c.origin}${sitePath(c.site.slug, c.language, feedPathOf(kind))}`,
  title: `${kind === 'news' ? c.t.news : c.t.blog} · ${c.site.name}`,
})

export type PostCardData = Pick<VisiblePost, 'language' | 'slug' | 'title' | 'summary' | 'publishedAt'> & { coverUrl: string | null }

/** A post's card (list pages and the home page); `heading` keeps the page's headings in order. */
export function PostCardItem({ c, kind, post, heading: Heading }: { c: SiteContext; kind: PostKind; post: PostCardData; heading: 'h2' | 'h3' }) {
  return (
    <li>
      {/* A post not translated into the page's language is listed in its own (and says so). */}
      <article className="card" lang={post.language === c.language ? undefined : LANGUAGE_TAG[post.language]}>
        {post.coverUrl && <img src={post.coverUrl} alt="" width={640} height={360} loading="lazy" decoding="async" />}
        <div className="body">
          <Heading>
            <a
              href={sitePath(c.site.slug, post.language, postPathOf(kind, post.slug))}
              hrefLang={post.language === c.language ? undefined : LANGUAGE_TAG[post.language]}
            >
              {post.title}
            </a>
          </Heading>
          <p className="meta">
            <time dateTime={post.publishedAt.toISOString()}>{dateText(post.publishedAt, c.tag)}</time>
          </p>
          {post.summary && <p>{post.summary}</p>}
        </div>
      </article>
    </li>
  )
}

/** A page of a kind's visible posts, newest first, optionally of one category. */
export function renderPostList(
  c: SiteContext,
  { kind, category, page, posts, hasOlder }: { kind: PostKind; category: PostCategory | null; page: number; posts: PostCardData[]; hasOlder: boolean },
): string {
  const { site, language, t } = c
  const section = kind === 'news' ? t.news : t.blog
  const heading = category ? `${section}: ${categoryLabel(t, category)}` : section
  const title = page > 1 ? `${heading} · ${t.pageNumber.replace('{n}', String(page))}` : heading
  const path = listPath(kind, category, page)
  const href = (p: number, cat = category) => sitePath(site.slug, language, listPath(kind, cat, p))
  // Another language's version of page 2+ is that language's first page of the same list.
  const alternates = Object.fromEntries(site.languages.map((l) => [l, listPath(kind, category)])) as Partial<Record<SiteLanguage, string>>
  return renderPage(c, {
    path,
    alternates,
    title,
    description: (kind === 'news' ? t.newsIntro : t.blogIntro).replace('{site}', site.name),
    section: kind,
    links: [feedLink(c, kind)],
    structuredData: [
      {
        '@context': 'https://schema.org',
        '@type': 'CollectionPage',
        name: title,
        url: `${c.origin}${sitePath(site.slug, language, path)}`,
        inLanguage: c.tag,
        isPartOf: { '@type': 'WebSite', name: site.name, url: `${c.origin}${sitePath(site.slug, language)}` },
      },
    ],
    children: (
      <>
        <h1>{title}</h1>
        <nav className="categories" aria-label={t.categories}>
          <ul>
            <li>
              <a href={href(1, null)} aria-current={category === null ? 'page' : undefined}>
                {t.allCategories}
              </a>
            </li>
            {POST_CATEGORIES.map((cat) => (
              <li key={cat}>
                <a href={href(1, cat)} aria-current={category === cat ? 'page' : undefined}>
                  {categoryLabel(t, cat)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        {posts.length === 0 ? (
          <p>{t.noPosts}</p>
        ) : (
          <ul className="cards">
            {posts.map((p) => (
              <PostCardItem key={p.slug} c={c} kind={kind} post={p} heading="h2" />
            ))}
          </ul>
        )}
        {(page > 1 || hasOlder) && (
          <nav className="pager" aria-label={t.pagination}>
            {page > 1 && (
              <a className="button" href={href(page - 1)} rel="prev">
                {t.newer}
              </a>
            )}
            {hasOlder && (
              <a className="button" href={href(page + 1)} rel="next">
                {t.older}
              </a>
            )}
          </nav>
        )}
        <p>
          <a className="feed" href={sitePath(site.slug, language, feedPathOf(kind))} type="application/atom+xml">
            {t.feed}
          </a>
        </p>
      </>
    ),
  })
}

/** A post's page in one of its languages; `versions` are the languages it exists in (their slugs). */
export function renderPost(
  c: SiteContext,
  { kind, post, coverUrl, versions }: { kind: PostKind; post: VisiblePost; coverUrl: string | null; versions: Array<{ language: SiteLanguage; slug: string }> },
): string {
  const { site, language, t } = c
  const path = postPathOf(kind, post.slug)
  const url = `${c.origin}${sitePath(site.slug, language, path)}`
  // Only languages the site still offers: a translation in a language it dropped has no page.
  const offered = versions.filter((v) => site.languages.includes(v.language))
  const languages = site.languages.filter((l) => l === language || offered.some((v) => v.language === l))
  const alternates = Object.fromEntries(offered.map((v) => [v.language, postPathOf(kind, v.slug)])) as Partial<Record<SiteLanguage, string>>
  const image = coverUrl ? new URL(coverUrl, c.origin).href : null
  const description = post.summary || post.title
  return renderPage(c, {
    path,
    languages,
    alternates,
    title: post.title,
    description,
    image,
    type: 'article',
    publishedTime: post.publishedAt,
    modifiedTime: post.modifiedAt,
    section: kind,
    links: [feedLink(c, kind)],
    structuredData: [
      {
        '@context': 'https://schema.org',
        '@type': kind === 'news' ? 'NewsArticle' : 'BlogPosting',
        headline: post.title,
        description,
        datePublished: post.publishedAt.toISOString(),
        dateModified: post.modifiedAt.toISOString(),
        author: post.author ? { '@type': 'Person', name: post.author } : { '@type': 'Organization', name: site.name },
        ...(image ? { image: [image] } : {}),
        publisher: { '@type': 'Organization', name: site.name },
        mainEntityOfPage: { '@type': 'WebPage', '@id': url },
        inLanguage: c.tag,
        ...(post.tags.length > 0 ? { keywords: post.tags.join(', ') } : {}),
      },
    ],
    children: (
      <article className="post">
        <h1>{post.title}</h1>
        <p className="meta">
          <time dateTime={post.publishedAt.toISOString()}>{dateText(post.publishedAt, c.tag)}</time>
          {post.author && <> · {t.byAuthor.replace('{author}', post.author)}</>}
          {post.category && (
            <>
              {' · '}
              {t.category}: <a href={sitePath(site.slug, language, listPath(kind, post.category))}>{categoryLabel(t, post.category)}</a>
            </>
          )}
        </p>
        {coverUrl && <img className="cover" src={coverUrl} alt="" width={1200} height={675} fetchPriority="high" />}
        {post.summary && <p className="lead">{post.summary}</p>}
        <div className="prose" dangerouslySetInnerHTML={{ __html: sanitizeDocumentHtml(post.body) }} />
        {post.tags.length > 0 && (
          <>
            <h2 className="tags-title">{t.tags}</h2>
            <ul className="tags">
              {post.tags.map((tag) => (
                <li key={tag}>{tag}</li>
              ))}
            </ul>
          </>
        )}
        <p>
          <a href={sitePath(site.slug, language, listPathOf(kind))}>{t.backToList}</a>
        </p>
      </article>
    ),
  })
}
