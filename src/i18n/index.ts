import polyglotI18nProvider from 'ra-i18n-polyglot'
import { eng } from './eng'
import { es } from './es'
import { gr } from './gr'
import { it } from './it'
import { mx } from './mx'
import { rs } from './rs'

export const LANGUAGE_KEY = 'I18N_LANGUAGE'
export const DEFAULT_LOCALE = 'mx'

/** Every catalogue; each one has every key of the default (mx), so all are offered in the menu. */
export const catalogues = { mx, eng, es, it, gr, rs } as const
export type Locale = keyof typeof catalogues

const stored = typeof localStorage !== 'undefined' ? localStorage.getItem(LANGUAGE_KEY) : null
const initial: Locale = stored && stored in catalogues ? (stored as Locale) : DEFAULT_LOCALE

export const i18nProvider = polyglotI18nProvider(
  (locale) => catalogues[locale as Locale] ?? mx,
  initial,
  Object.entries(catalogues).map(([locale, messages]) => ({ locale, name: messages.aula.language })),
  { allowMissing: false },
)
