import { LANGUAGES } from '../../contracts/config.js'

/** A language of the product (and of a site): the segment of the public site's URLs. */
export type SiteLanguage = (typeof LANGUAGES)[number]

/** The BCP 47 tag of each language, for `<html lang>`, `hreflang` and Open Graph's locale. */
export const LANGUAGE_TAG: Record<SiteLanguage, string> = { mx: 'es-MX', es: 'es-ES', eng: 'en', it: 'it', gr: 'de', rs: 'ru' }

/** Each language's name in itself (the language switch). */
export const LANGUAGE_NAME: Record<SiteLanguage, string> = {
  mx: 'Español (México)',
  es: 'Español (España)',
  eng: 'English',
  it: 'Italiano',
  gr: 'Deutsch',
  rs: 'Русский',
}

export const isSiteLanguage = (value: string): value is SiteLanguage => (LANGUAGES as readonly string[]).includes(value)

/** The first of `offered` the browser's Accept-Language asks for (by tag or primary subtag), else `fallback`. */
export function preferredLanguage(header: string | undefined, offered: readonly SiteLanguage[], fallback: SiteLanguage): SiteLanguage {
  if (!header) return fallback
  const asked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';')
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
      return { tag: tag.toLowerCase(), q: q ? Number(q.slice(2)) || 0 : 1 }
    })
    .filter((a) => a.tag && a.q > 0)
    .sort((a, b) => b.q - a.q)
  for (const { tag } of asked) {
    const exact = offered.find((l) => LANGUAGE_TAG[l].toLowerCase() === tag)
    if (exact) return exact
    const primary = offered.find((l) => LANGUAGE_TAG[l].toLowerCase().split('-')[0] === tag.split('-')[0])
    if (primary) return primary
  }
  return fallback
}

/** A date as a page in the language of `tag` writes it (UTC: the same day wherever it is read). */
export const dateText = (when: Date, tag: string) => new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone: 'UTC' }).format(when)
