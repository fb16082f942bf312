import type { SiteContext } from '../context.js'
import { renderPage, sitePath } from '../document.js'

/** The page of an address the site does not have (sent with status 404, not indexed). */
export function renderNotFound(c: SiteContext): string {
  const { site, language, t } = c
  return renderPage(c, {
    path: '',
    languages: [language],
    title: t.notFoundTitle,
    description: t.notFoundText,
    noIndex: true,
    children: (
      <>
        <h1>{t.notFoundTitle}</h1>
        <p>{t.notFoundText}</p>
        <p>
          <a className="button" href={sitePath(site.slug, language)}>
            {t.backHome}
          </a>
        </p>
      </>
    ),
  })
}
