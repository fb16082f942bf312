import type { SiteContext } from '../context.js'
import { renderPage, sitePath } from '../document.js'

/** The public career pages: the careers a site shows and one career's cycles, subjects and courses. */

export interface CareerSummary {
  id: string
  name: string
  description: string
}

export interface CareerPage extends CareerSummary {
  cycles: Array<{ id: string; name: string; startsOn: string | null; endsOn: string | null }>
  subjects: Array<{ id: string; name: string; code: string | null; description: string; courses: Array<{ uuid: string; name: string }> }>
}

/** A `YYYY-MM-DD` date as the page's language writes it. */
const day = (iso: string, tag: string) => new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`))

/** `/site/{site}/{lang}/careers`: the careers the site shows, in its order; a polite word when it shows none. */
export function renderCareerList(c: SiteContext, careers: CareerSummary[]): string {
  const { site, language, t } = c
  return renderPage(c, {
    path: '/careers',
    title: t.careers,
    description: t.careersDescription,
    section: 'careers',
    children: (
      <>
        <h1>{t.careers}</h1>
        {careers.length === 0 ? (
          <>
            <p>{t.noCareers}</p>
            <p>
              <a className="button" href={sitePath(site.slug, language, '/courses')}>
                {t.allCourses}
              </a>
            </p>
          </>
        ) : (
          <>
            <p>{t.careersDescription}</p>
            <ul className="cards">
              {careers.map((career) => (
                <li key={career.id}>
                  <article className="card">
                    <div className="body">
                      <h2 className="card-title">
                        <a href={sitePath(site.slug, language, `/careers/${career.id}`)}>{career.name}</a>
                      </h2>
                      {career.description && <p>{career.description}</p>}
                    </div>
                  </article>
                </li>
              ))}
            </ul>
          </>
        )}
      </>
    ),
  })
}

/** `/site/{site}/{lang}/careers/{id}`: a career's description, school cycles with dates, subjects and their published courses. */
export function renderCareer(c: SiteContext, career: CareerPage): string {
  const { site, language, t, tag, origin } = c
  const path = `/careers/${career.id}`
  const courseUrl = (uuid: string) => sitePath(site.slug, language, `/courses/${uuid}`)
  const courses = career.subjects.flatMap((s) => s.courses).filter((x, i, all) => all.findIndex((y) => y.uuid === x.uuid) === i)
  const structured = {
    '@context': 'https://schema.org',
    '@type': 'EducationalOccupationalProgram',
    name: career.name,
    ...(career.description ? { description: career.description } : {}),
    url: `${origin}${sitePath(site.slug, language, path)}`,
    inLanguage: tag,
    provider: { '@type': 'Organization', name: site.name, url: `${origin}${sitePath(site.slug, language)}` },
    ...(courses.length ? { hasCourse: courses.map((x) => ({ '@type': 'Course', name: x.name, url: `${origin}${courseUrl(x.uuid)}` })) } : {}),
  }
  return renderPage(c, {
    path,
    title: career.name,
    description: career.description || t.careersDescription,
    section: 'careers',
    structuredData: [structured],
    children: (
      <article className="career">
        <h1>{career.name}</h1>
        {career.description && <p className="lead">{career.description}</p>}
        <section aria-labelledby="cycles">
          <h2 id="cycles">{t.cycles}</h2>
          {career.cycles.length === 0 ? (
            <p>{t.noCycles}</p>
          ) : (
            <ul className="cycles">
              {career.cycles.map((y) => (
                <li key={y.id}>
                  <strong>{y.name}</strong>
                  {y.startsOn && (
                    <span className="meta">{y.endsOn ? t.cycleDates(day(y.startsOn, tag), day(y.endsOn, tag)) : t.cycleFrom(day(y.startsOn, tag))}</span>
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="subjects">
          <h2 id="subjects">{t.subjects}</h2>
          {career.subjects.length === 0 ? (
            <p>{t.noSubjects}</p>
          ) : (
            <ul className="subjects">
              {career.subjects.map((s) => (
                <li key={s.id}>
                  <h3>{s.code ? `${s.name} (${s.code})` : s.name}</h3>
                  {s.description && <p>{s.description}</p>}
                  {s.courses.length === 0 ? (
                    <p className="meta">{t.noSubjectCourses}</p>
                  ) : (
                    <ul>
                      {s.courses.map((x) => (
                        <li key={x.uuid}>
                          <a href={courseUrl(x.uuid)}>{x.name}</a>
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>
        <p>
          <a href={sitePath(site.slug, language, '/careers')}>{t.allCareers}</a>
        </p>
      </article>
    ),
  })
}
