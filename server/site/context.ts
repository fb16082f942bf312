import type { SiteLanguage } from './languages.js'
import type { SiteRecord } from './queries.js'
import type { SiteTexts } from './texts.js'

/** What every public page is rendered with: its site, language, words and absolute origin. */
export interface SiteContext {
  site: SiteRecord
  language: SiteLanguage
  t: SiteTexts
  /** The BCP 47 tag of the page's language (dates, numbers). */
  tag: string
  /** The origin canonical links, social cards and feeds are written with (no trailing slash). */
  origin: string
}
