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

/**
 * The catalogue for one of the browser's languages (BCP 47), or null when Aula has none: English,
 * German, Russian and Italian by language; Spanish from Spain is `es`, every other Spanish the Mexican
 * default.
 */
export function catalogueFor(tag: string): Locale | null {
  const [language, region] = tag.toLowerCase().split(/[-_]/)
  switch (language) {
    case 'en':
      return 'eng'
    case 'de':
      return 'gr'
    case 'ru':
      return 'rs'
    case 'it':
      return 'it'
    case 'es':
      return region === 'es' ? 'es' : 'mx'
    default:
      return null
  }
}

/** The first of the browser's preferred languages Aula has a catalogue for, else mx. */
export function browserLocale(languages: readonly string[] = typeof navigator !== 'undefined' ? navigator.languages ?? [navigator.language] : []): Locale {
  for (const tag of languages) {
    const found = tag ? catalogueFor(tag) : null
    if (found) return found
  }
  return DEFAULT_LOCALE
}

/**
 * The language of this browser: the one chosen in the app (spec §4: kept in local storage), else on a
 * first visit the browser's own language when Aula has it, else mx.
 */
export function storedLocale(): Locale {
  const stored = typeof localStorage !== 'undefined' ? localStorage.getItem(LANGUAGE_KEY) : null
  return stored && stored in catalogues ? (stored as Locale) : browserLocale()
}

type LocaleListener = (locale: Locale) => void
const listeners = new Set<LocaleListener>()

/** Calls `listener` on every language change (the tab title lives outside react-admin's context). */
export function onLocaleChange(listener: LocaleListener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** `<html lang>` follows the interface language, so that screen readers and hyphenation use it. */
function announce(locale: Locale) {
  if (typeof document !== 'undefined') document.documentElement.lang = htmlLang[locale] ?? htmlLang.mx
  for (const listener of listeners) listener(locale)
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
  const initial = storedLocale()
  const provider = polyglotI18nProvider(
    (locale) => catalogues[locale as Locale] ?? mx,
    initial,
    Object.entries(catalogues).map(([locale, messages]) => ({ locale, name: messages.aula.language })),
    { allowMissing: false, pluralRules },
  )
  announce(initial)
  const changeLocale = provider.changeLocale
  return {
    ...provider,
    async changeLocale(locale: string, options?: unknown) {
      await changeLocale(locale, options)
      announce((locale in catalogues ? locale : DEFAULT_LOCALE) as Locale)
    },
  }
}

export const i18nProvider = createI18nProvider()
