import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { LANGUAGE_NAME, LANGUAGE_TAG, type SiteLanguage } from './languages.js'
import { SITE_STYLE } from './style.js'
import { SITE_TEXTS, type SiteTexts } from './texts.js'
import type { SiteContext } from './context.js'

/** What a public page knows of its site. */
export interface PublicSite {
  slug: string
  name: string
  defaultLanguage: SiteLanguage
  languages: SiteLanguage[]
}

/** Where the site's pages are: `/site/{site}/{lang}{path}` (path '' for the home page). */
export const sitePath = (site: string, language: SiteLanguage, path = '') => `/site/${site}/${language}${path}`

export type SiteSection = 'home' | 'courses' | 'careers' | 'news' | 'blog'

export interface SitePageProps {
  site: PublicSite
  language: SiteLanguage
  /** The page's path below its language (`/news/a-post`), '' for the home page. */
  path: string
  /** The absolute origin canonical links, Open Graph and feeds are written with (no trailing slash). */
  origin: string
  /** The languages this page exists in (its `hreflang` alternates and language switch); the site's by default. */
  languages?: SiteLanguage[]
  /** The page's path in another language when it differs from `path` (a post's translation has its own slug). */
  alternates?: Partial<Record<SiteLanguage, string>>
  title: string
  description: string
  /** An absolute image URL for social cards. */
  image?: string | null
  type?: 'website' | 'article'
  /** An article's publication and last change (Open Graph `article:` properties). */
  publishedTime?: Date
  modifiedTime?: Date
  /** schema.org objects, each written as JSON-LD. */
  structuredData?: object[]
  /** Extra `<link>` elements of the head (feeds). */
  links?: Array<{ rel: string; type?: string; href: string; title?: string }>
  section?: SiteSection
  /** Keeps the page out of search engines (a 404 page). */
  noIndex?: boolean
  children: ReactNode
}

/** JSON inside a `<script>`: no `<` can close the element early. */
const jsonForScript = (value: object) => JSON.stringify(value).replace(/</g, '\\u003c')

function Header({
  site,
  language,
  section,
  t,
  languages,
  pathIn,
}: {
  site: PublicSite
  language: SiteLanguage
  section?: SiteSection
  t: SiteTexts
  languages: SiteLanguage[]
  pathIn: (language: SiteLanguage) => string
}) {
  const entries: Array<[SiteSection, string, string]> = [
    ['home', t.home, ''],
    ['courses', t.courses, '/courses'],
    ['careers', t.careers, '/careers'],
    ['news', t.news, '/news'],
    ['blog', t.blog, '/blog'],
  ]
  return (
    <header className="top">
      <div className="bar">
        <a className="brand" href={sitePath(site.slug, language)}>
          {site.name}
        </a>
        <nav aria-label={t.mainMenu}>
          <ul>
            {entries.map(([key, label, to]) => (
              <li key={key}>
                <a href={sitePath(site.slug, language, to)} aria-current={section === key ? 'page' : undefined}>
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <a className="signin" href="/login">
          {t.signIn}
        </a>
      </div>
      {languages.length > 1 && (
        <nav className="languages" aria-label={t.language}>
          {/* A disclosure that works without script: the page's language shown, the others a click away. */}
          <details>
            <summary>
              {t.language}: <span lang={LANGUAGE_TAG[language]}>{LANGUAGE_NAME[language]}</span>
            </summary>
            <ul>
              {languages.map((l) => (
                <li key={l}>
                  <a
                    href={sitePath(site.slug, l, pathIn(l))}
                    hrefLang={LANGUAGE_TAG[l]}
                    lang={LANGUAGE_TAG[l]}
                    aria-current={l === language ? 'true' : undefined}
                  >
                    {LANGUAGE_NAME[l]}
                  </a>
                </li>
              ))}
            </ul>
          </details>
        </nav>
      )}
    </header>
  )
}

function SiteDocument(props: SitePageProps) {
  const { site, language, path, origin, title, description, image, type = 'website', structuredData = [], links = [], section, noIndex, children } = props
  const t = SITE_TEXTS[language]
  const languages = props.languages ?? site.languages
  const pathIn = (l: SiteLanguage) => props.alternates?.[l] ?? path
  const url = `${origin}${sitePath(site.slug, language, path)}`
  const fullTitle = path === '' ? title : `${title} · ${site.name}`
  return (
    <html lang={LANGUAGE_TAG[language]}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{fullTitle}</title>
        <meta name="description" content={description} />
        {noIndex && <meta name="robots" content="noindex" />}
        <link rel="canonical" href={url} />
        {languages.map((l) => (
          <link key={l} rel="alternate" hrefLang={LANGUAGE_TAG[l]} href={`${origin}${sitePath(site.slug, l, pathIn(l))}`} />
        ))}
        {languages.includes(site.defaultLanguage) && (
          <link rel="alternate" hrefLang="x-default" href={`${origin}${sitePath(site.slug, site.defaultLanguage, pathIn(site.defaultLanguage))}`} />
        )}
        {links.map((l) => (
          <link key={l.href} rel={l.rel} type={l.type} href={l.href} title={l.title} />
        ))}
        <meta property="og:type" content={type} />
        <meta property="og:site_name" content={site.name} />
        <meta property="og:title" content={title} />
        <meta property="og:description" content={description} />
        <meta property="og:url" content={url} />
        <meta property="og:locale" content={LANGUAGE_TAG[language].replace('-', '_')} />
        {image && <meta property="og:image" content={image} />}
        {props.publishedTime && <meta property="article:published_time" content={props.publishedTime.toISOString()} />}
        {props.modifiedTime && <meta property="article:modified_time" content={props.modifiedTime.toISOString()} />}
        <meta name="twitter:card" content={image ? 'summary_large_image' : 'summary'} />
        <meta name="twitter:title" content={title} />
        <meta name="twitter:description" content={description} />
        {image && <meta name="twitter:image" content={image} />}
        <meta name="theme-color" content="#0f5f58" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <style dangerouslySetInnerHTML={{ __html: SITE_STYLE }} />
        {structuredData.map((data, i) => (
          <script key={i} type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(data) }} />
        ))}
      </head>
      <body>
        <a className="skip" href="#content">
          {t.skipToContent}
        </a>
        <Header site={site} language={language} section={section} t={t} languages={languages} pathIn={pathIn} />
        <main id="content">{children}</main>
        <footer className="bottom">
          <p>
            © {new Date().getFullYear()} {site.name}. {t.footer}
          </p>
        </footer>
      </body>
    </html>
  )
}

/** A whole public page: `<!doctype html>` and the markup, rendered without any script. */
export function renderSitePage(props: SitePageProps): string {
  return `<!doctype html>${renderToStaticMarkup(<SiteDocument {...props} />)}`
}

/** Renders a page of the context's site with the page's own parts. */
export const renderPage = (c: SiteContext, props: Omit<SitePageProps, 'site' | 'language' | 'origin'>) =>
  renderSitePage({ site: c.site, language: c.language, origin: c.origin, ...props })
