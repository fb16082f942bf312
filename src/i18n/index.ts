import polyglotI18nProvider from 'ra-i18n-polyglot'
import { eng } from './eng'
import { mx } from './mx'

export const LANGUAGE_KEY = 'I18N_LANGUAGE'
export const DEFAULT_LOCALE = 'mx'

const catalogues = { mx, eng } as const
export type Locale = keyof typeof catalogues

const stored = typeof localStorage !== 'undefined' ? localStorage.getItem(LANGUAGE_KEY) : null
const initial: Locale = stored && stored in catalogues ? (stored as Locale) : DEFAULT_LOCALE

export const i18nProvider = polyglotI18nProvider(
  (locale) => catalogues[locale as Locale] ?? mx,
  initial,
  Object.entries(catalogues).map(([locale, messages]) => ({ locale, name: messages.aula.language })),
  { allowMissing: false },
)
