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

/** The BCP 47 tag of each catalogue code, for `<html lang>` and per-item `lang` attributes. */
export const htmlLang: Record<Locale, string> = { mx: 'es-MX', eng: 'en', es: 'es-ES', it: 'it', gr: 'de', rs: 'ru' }

/** The language chosen in this browser (spec §4: kept in local storage, default mx). */
export function storedLocale(): Locale {
  const stored = typeof localStorage !== 'undefined' ? localStorage.getItem(LANGUAGE_KEY) : null
  return stored && stored in catalogues ? (stored as Locale) : DEFAULT_LOCALE
}

/**
 * Plural forms per catalogue code. Polyglot picks rules by ISO code, and Aula's codes (mx, gr, rs)
 * are not ISO codes, so the rules are named here: Russian has three forms (1, 2–4, 5+), the others two.
 */
const pluralRules = {
  pluralTypes: {
    twoForms: (n: number) => (n === 1 ? 0 : 1),
    russian: (n: number) => {
      const tens = n % 100
      const units = n % 10
      if (units === 1 && tens !== 11) return 0
      return units >= 2 && units <= 4 && (tens < 12 || tens > 14) ? 1 : 2
    },
  },
  pluralTypeToLanguages: { twoForms: ['mx', 'eng', 'es', 'it', 'gr'], russian: ['rs'] },
}

/** A translation provider starting in the stored language (tests build a fresh one each). */
export function createI18nProvider() {
  return polyglotI18nProvider(
    (locale) => catalogues[locale as Locale] ?? mx,
    storedLocale(),
    Object.entries(catalogues).map(([locale, messages]) => ({ locale, name: messages.aula.language })),
    { allowMissing: false, pluralRules },
  )
}

export const i18nProvider = createI18nProvider()
