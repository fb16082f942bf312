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

export interface CourseCard {
  uuid: string
  name: string
  briefDescription: string
  coverUrl: string | null
}

/** A date as the page's language writes it. */
export const dateText = (when: Date, tag: string) => new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone: 'UTC' }).format(when)

/** A list of post cards of a kind under a section heading (`h3` titles). */
function PostCards({ c, kind, posts }: { c: SiteContext; kind: 'news' | 'blog'; posts: PostCard[] }) {
  return (
    <ul className="cards">
      {posts.map((p) => (
        <li key={p.slug}>
          <article className="card">
            {p.coverUrl && <img src={p.coverUrl} alt="" width={640} height={360} loading="lazy" decoding="async" />}
            <div className="body">
              <h3>
                <a href={sitePath(c.site.slug, c.language, `/${kind}/${p.slug}`)}>{p.title}</a>
              </h3>
              <p className="meta">
                <time dateTime={p.publishedAt.toISOString()}>{dateText(p.publishedAt, c.tag)}</time>
              </p>
              {p.summary && <p>{p.summary}</p>}
            </div>
          </article>
        </li>
      ))}
    </ul>
  )
}

/** The home page: the live slides, the featured courses, the latest news and the latest blog posts. */
export function renderHome(
  c: SiteContext,
  { slides, news, courses = [], blog = [] }: { slides: HomeSlide[]; news: PostCard[]; courses?: CourseCard[]; blog?: PostCard[] },
): string {
  const { site, language, t } = c
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
        {courses.length > 0 && (
          <section aria-labelledby="featured-courses">
            <h2 id="featured-courses">{t.featuredCourses}</h2>
            <ul className="cards">
              {courses.map((course) => (
                <li key={course.uuid}>
                  <article className="card">
                    {course.coverUrl && <img src={course.coverUrl} alt="" width={640} height={360} loading="lazy" decoding="async" />}
                    <div className="body">
                      <h3>
                        <a href={sitePath(site.slug, language, `/courses/${course.uuid}`)}>{course.name}</a>
                      </h3>
                      {course.briefDescription && <p>{course.briefDescription}</p>}
                    </div>
                  </article>
                </li>
              ))}
            </ul>
            <p className="more">
              <a href={sitePath(site.slug, language, '/courses')}>{t.allCourses}</a>
            </p>
          </section>
        )}
        <section aria-labelledby="latest-news">
          <h2 id="latest-news">{t.latestNews}</h2>
          {news.length === 0 ? <p>{t.noNews}</p> : <PostCards c={c} kind="news" posts={news} />}
          <p className="more">
            <a href={sitePath(site.slug, language, '/news')}>{t.allNews}</a>
          </p>
        </section>
        {blog.length > 0 && (
          <section aria-labelledby="latest-posts">
            <h2 id="latest-posts">{t.latestPosts}</h2>
            <PostCards c={c} kind="blog" posts={blog} />
            <p className="more">
              <a href={sitePath(site.slug, language, '/blog')}>{t.allPosts}</a>
            </p>
          </section>
        )}
      </>
    ),
  })
}
