import type { SiteContext } from '../context.js'
import { renderPage, sitePath } from '../document.js'

/** The public course pages: the list of published courses and one course's page (docs/website.md). */

export interface CourseCard {
  uuid: string
  name: string
  briefDescription: string
  coverUrl: string | null
  durationHours: number | null
  difficulty: string | null
  category: string | null
}

export interface CourseList {
  courses: CourseCard[]
  categories: Array<{ id: string; name: string }>
  /** The category the list shows, or null for every course. */
  category: string | null
  page: number
  pages: number
}

/** Where a list page is: its category and page in the query (page 1 has none). */
const listPath = (category: string | null, page: number) => {
  const query = new URLSearchParams()
  if (category) query.set('category', category)
  if (page > 1) query.set('page', String(page))
  const q = query.toString()
  return `/courses${q ? `?${q}` : ''}`
}

/** `/site/{site}/{lang}/courses`: every published course, 24 a page, optionally of one category. */
export function renderCourseList(c: SiteContext, list: CourseList): string {
  const { site, language, t } = c
  const { courses, categories, category, page, pages } = list
  const chosen = categories.find((x) => x.id === category)
  const title = chosen ? `${t.courses}: ${chosen.name}` : t.courses
  const href = (path: string) => sitePath(site.slug, language, path)
  return renderPage(c, {
    path: listPath(category, page),
    title: page > 1 ? `${title} · ${t.pageOf(page, pages)}` : title,
    description: t.coursesDescription,
    section: 'courses',
    children: (
      <>
        <h1>{title}</h1>
        <p>{t.coursesDescription}</p>
        {categories.length > 0 && (
          <nav className="filters" aria-label={t.categories}>
            <ul>
              <li>
                <a href={href('/courses')} aria-current={category === null ? 'page' : undefined}>
                  {t.allCategories}
                </a>
              </li>
              {categories.map((x) => (
                <li key={x.id}>
                  <a href={href(listPath(x.id, 1))} aria-current={x.id === category ? 'page' : undefined}>
                    {x.name}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        )}
        {courses.length === 0 ? (
          <p>{category ? t.noCoursesInCategory : t.noCourses}</p>
        ) : (
          <ul className="cards">
            {courses.map((course, i) => (
              <li key={course.uuid}>
                <CourseCardView c={c} course={course} eager={i < 3} />
              </li>
            ))}
          </ul>
        )}
        {pages > 1 && (
          <nav className="pager" aria-label={t.pages}>
            {page > 1 ? (
              <a className="button" href={href(listPath(category, page - 1))} rel="prev">
                {t.previousPage}
              </a>
            ) : (
              <span />
            )}
            <span>{t.pageOf(page, pages)}</span>
            {page < pages ? (
              <a className="button" href={href(listPath(category, page + 1))} rel="next">
                {t.nextPage}
              </a>
            ) : (
              <span />
            )}
          </nav>
        )}
      </>
    ),
  })
}

/** A course's card: cover, name (the link to its page), brief description, duration and difficulty. */
export function CourseCardView({ c, course, eager = false }: { c: SiteContext; course: CourseCard; eager?: boolean }) {
  const { site, language, t } = c
  return (
    <article className="card">
      {course.coverUrl && <img src={course.coverUrl} alt="" width={640} height={360} loading={eager ? 'eager' : 'lazy'} />}
      <div className="body">
        <h2 className="card-title">
          <a href={sitePath(site.slug, language, `/courses/${course.uuid}`)}>{course.name}</a>
        </h2>
        {course.briefDescription && <p>{course.briefDescription}</p>}
        <p className="meta">
          {[course.durationHours !== null ? t.hours(course.durationHours) : null, course.difficulty, course.category].filter(Boolean).join(' · ')}
        </p>
      </div>
    </article>
  )
}

export interface PublicPlan {
  id: string
  name: string
  durationDays: number
  free: boolean
  /** The server's price, shown when the course is sold; null otherwise. */
  price: number | null
  currency: string | null
}

export interface PublicCourse {
  uuid: string
  name: string
  briefDescription: string
  /** Sanitised HTML. */
  description: string
  requirements: string
  certificateDetails: string
  coverUrl: string | null
  durationHours: number | null
  difficulty: string | null
  category: string | null
  certificate: boolean
  outline: Array<{ id: string; title: string; blocks: Array<{ id: string; title: string }> }>
  plans: PublicPlan[]
}

/** A price as the page's language writes it. */
const priceText = (plan: PublicPlan, tag: string) =>
  plan.price === null ? '' : new Intl.NumberFormat(tag, plan.currency ? { style: 'currency', currency: plan.currency } : {}).format(plan.price)

/** Where a visitor's Subscribe leads: registration, which carries the course and plan to the learner's subscribe screen. */
export const subscribeHref = (course: string, plan: string) => `/register?${new URLSearchParams({ subscribe: course, plan }).toString()}`

/** Absolute, for social cards and structured data. */
const absolute = (origin: string, url: string) => (url.startsWith('/') ? `${origin}${url}` : url)

/** `/site/{site}/{lang}/courses/{uuid}`: what a learner sees of a published course before subscribing, and its plans. */
export function renderCourse(c: SiteContext, course: PublicCourse): string {
  const { site, language, t, tag, origin } = c
  const path = `/courses/${course.uuid}`
  const url = `${origin}${sitePath(site.slug, language, path)}`
  const image = course.coverUrl ? absolute(origin, course.coverUrl) : null
  const facts: Array<[string, string]> = []
  if (course.durationHours !== null) facts.push([t.duration, t.hours(course.durationHours)])
  if (course.difficulty) facts.push([t.difficulty, course.difficulty])
  if (course.category) facts.push([t.category, course.category])
  facts.push([t.certificate, course.certificate ? t.withCertificate : t.withoutCertificate])
  const structured = {
    '@context': 'https://schema.org',
    '@type': 'Course',
    name: course.name,
    description: course.briefDescription || course.name,
    url,
    inLanguage: c.tag,
    provider: { '@type': 'Organization', name: site.name, url: `${origin}${sitePath(site.slug, language)}` },
    ...(image ? { image } : {}),
    ...(course.plans.length
      ? {
          offers: course.plans.map((p) =>
            p.free
              ? { '@type': 'Offer', name: p.name, category: 'Free', price: 0, ...(p.currency ? { priceCurrency: p.currency } : {}) }
              : p.price !== null && p.currency
                ? { '@type': 'Offer', name: p.name, category: 'Paid', price: p.price, priceCurrency: p.currency }
                : { '@type': 'Offer', name: p.name, category: 'Paid' },
          ),
        }
      : {}),
    hasCourseInstance: {
      '@type': 'CourseInstance',
      courseMode: 'online',
      ...(course.durationHours !== null ? { courseWorkload: `PT${course.durationHours}H` } : {}),
    },
  }
  return renderPage(c, {
    path,
    title: course.name,
    description: course.briefDescription || course.name,
    image,
    section: 'courses',
    structuredData: [structured],
    children: (
      <article className="course">
        <div className="course-main">
          {course.coverUrl && <img className="cover" src={course.coverUrl} alt="" width={1280} height={720} fetchPriority="high" />}
          <h1>{course.name}</h1>
          {course.briefDescription && <p className="lead">{course.briefDescription}</p>}
          <dl className="facts">
            {facts.map(([term, value]) => (
              <div key={term}>
                <dt>{term}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          {course.description && (
            <section aria-labelledby="description">
              <h2 id="description">{t.description}</h2>
              <div className="prose" dangerouslySetInnerHTML={{ __html: course.description }} />
            </section>
          )}
          {course.requirements && (
            <section aria-labelledby="requirements">
              <h2 id="requirements">{t.requirements}</h2>
              <div className="prose" dangerouslySetInnerHTML={{ __html: course.requirements }} />
            </section>
          )}
          {course.certificateDetails && (
            <section aria-labelledby="certificate">
              <h2 id="certificate">{t.certificate}</h2>
              <div className="prose" dangerouslySetInnerHTML={{ __html: course.certificateDetails }} />
            </section>
          )}
          {course.outline.length > 0 && (
            <section aria-labelledby="outline">
              <h2 id="outline">{t.outline}</h2>
              <ol className="outline">
                {course.outline.map((s) => (
                  <li key={s.id}>
                    <h3>{s.title}</h3>
                    {s.blocks.length > 0 && (
                      <ul>
                        {s.blocks.map((b) => (
                          <li key={b.id}>{b.title}</li>
                        ))}
                      </ul>
                    )}
                  </li>
                ))}
              </ol>
            </section>
          )}
        </div>
        <section className="plans" aria-labelledby="plans">
          <h2 id="plans">{t.plans}</h2>
          {course.plans.length === 0 ? (
            <p>{t.noPlans}</p>
          ) : (
            <ul>
              {course.plans.map((p) => (
                <li key={p.id} className="plan">
                  <h3>{p.name}</h3>
                  <p className="price">{p.free ? t.free : p.price !== null ? priceText(p, tag) : t.priceOnRequest}</p>
                  <p className="meta">{t.days(p.durationDays)}</p>
                  <a className="button" href={subscribeHref(course.uuid, p.id)} aria-label={t.subscribeTo(p.name)}>
                    {t.subscribe}
                  </a>
                </li>
              ))}
            </ul>
          )}
          <p>
            <a href={sitePath(site.slug, language, '/courses')}>{t.allCourses}</a>
          </p>
        </section>
      </article>
    ),
  })
}
