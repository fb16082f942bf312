import type { SiteContext } from '../context.js'
import { renderPage, sitePath } from '../document.js'

export interface HomeSlide {
  id: string
  title: string
  text: string
  link: string | null
  imageUrl: string | null
}

export interface PostCard {
  slug: string
  title: string
  summary: string
  coverUrl: string | null
  publishedAt: Date
}

/** A date as the page's language writes it. */
export const dateText = (when: Date, tag: string) => new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone: 'UTC' }).format(when)

/** The home page: the live slides and the latest news. */
export function renderHome(c: SiteContext, { slides, news }: { slides: HomeSlide[]; news: PostCard[] }): string {
  const { site, language, t, tag } = c
  return renderPage(c, {
    path: '',
    title: site.name,
    description: slides[0]?.text || site.name,
    section: 'home',
    structuredData: [{ '@context': 'https://schema.org', '@type': 'WebSite', name: site.name, url: `${c.origin}${sitePath(site.slug, language)}` }],
    children: (
      <>
        <h1>{site.name}</h1>
        {slides.length > 0 && (
          <ul className="slides">
            {slides.map((s, i) => (
              <li key={s.id} className="slide">
                {s.imageUrl && (
                  <img src={s.imageUrl} alt="" width={1260} height={540} loading={i === 0 ? 'eager' : 'lazy'} fetchPriority={i === 0 ? 'high' : undefined} />
                )}
                <div className="text">
                  <h2>{s.link ? <a href={s.link}>{s.title}</a> : s.title}</h2>
                  {s.text && <p>{s.text}</p>}
                </div>
              </li>
            ))}
          </ul>
        )}
        <section aria-labelledby="latest-news">
          <h2 id="latest-news">{t.latestNews}</h2>
          {news.length === 0 ? (
            <p>{t.noNews}</p>
          ) : (
            <ul className="cards">
              {news.map((p) => (
                <li key={p.slug}>
                  <article className="card">
                    {p.coverUrl && <img src={p.coverUrl} alt="" width={640} height={360} loading="lazy" />}
                    <div className="body">
                      <h3>
                        <a href={sitePath(site.slug, language, `/news/${p.slug}`)}>{p.title}</a>
                      </h3>
                      <p className="meta">
                        <time dateTime={p.publishedAt.toISOString()}>{dateText(p.publishedAt, tag)}</time>
                      </p>
                      {p.summary && <p>{p.summary}</p>}
                    </div>
                  </article>
                </li>
              ))}
            </ul>
          )}
        </section>
      </>
    ),
  })
}
