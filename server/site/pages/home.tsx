import type { SiteContext } from '../context.js'
import { renderPage, sitePath } from '../document.js'
import { PostCardItem, type PostCardData } from './posts.js'

export interface HomeSlide {
  id: string
  title: string
  text: string
  link: string | null
  imageUrl: string | null
}

export interface CourseCard {
  uuid: string
  name: string
  briefDescription: string
  coverUrl: string | null
}

/** The home page: the live slides, the featured courses, the latest news and the latest blog posts. */
export function renderHome(
  c: SiteContext,
  { slides, news, courses = [], blog = [] }: { slides: HomeSlide[]; news: PostCardData[]; courses?: CourseCard[]; blog?: PostCardData[] },
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

/** A list of post cards of a kind under a section heading (`h3` titles). */
function PostCards({ c, kind, posts }: { c: SiteContext; kind: 'news' | 'blog'; posts: PostCardData[] }) {
  return (
    <ul className="cards">
      {posts.map((p) => (
        <PostCardItem key={`${p.language}/${p.slug}`} c={c} kind={kind} post={p} heading="h3" />
      ))}
    </ul>
  )
}
