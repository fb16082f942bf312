import { useEffect, useState } from 'react'
import { useLocaleState } from 'react-admin'
import type { PlayerMessages } from '../../i18n/mx/player'

/**
 * The player's texts download with the player (its own chunk per language) rather than with every
 * page: the hook loads the current language's file and translates from it, falling back to the
 * default catalogue (mx) when a language's file cannot be fetched.
 */
const loaders: Record<string, () => Promise<PlayerMessages>> = {
  mx: async () => (await import('../../i18n/mx/player')).player,
  eng: async () => (await import('../../i18n/eng/player')).player,
  es: async () => (await import('../../i18n/es/player')).player,
  it: async () => (await import('../../i18n/it/player')).player,
  gr: async () => (await import('../../i18n/gr/player')).player,
  rs: async () => (await import('../../i18n/rs/player')).player,
}

// The same plural rules as the app's translator (src/i18n): Aula's codes are not ISO codes.
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

interface Translator {
  t: PlayerTranslate
}

/** Polyglot's phrase syntax: `%{name}` placeholders and `a |||| b` plural forms chosen by `smart_count`. */
function translator(locale: string, phrases: PlayerMessages): Translator {
  const rule = pluralRules.pluralTypeToLanguages.russian.includes(locale) ? pluralRules.pluralTypes.russian : pluralRules.pluralTypes.twoForms
  const lookup = (key: string): string => {
    let node: unknown = phrases
    for (const part of key.split('.')) node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined
    return typeof node === 'string' ? node : key
  }
  return {
    t: (key, options = {}) => {
      let phrase = lookup(key)
      const count = options.smart_count
      if (typeof count === 'number' && phrase.includes('||||')) {
        const forms = phrase.split('||||').map((f) => f.trim())
        phrase = forms[Math.min(rule(count), forms.length - 1)]
      }
      return phrase.replace(/%\{(\w+)\}/g, (whole, name: string) => (name in options ? String(options[name]) : whole))
    },
  }
}

const ready = new Map<string, Translator>()

async function load(locale: string): Promise<Translator> {
  const known = locale in loaders ? locale : 'mx'
  const cached = ready.get(known)
  if (cached) return cached
  const phrases = await loaders[known]().catch(() => loaders.mx())
  const made = translator(known, phrases)
  ready.set(known, made)
  return made
}

/** Loads a language's player texts ahead of time (tests, or a hover on a "study" link). */
export const preloadPlayerTexts = (locale: string) => load(locale).then(() => undefined)

export type PlayerTranslate = (key: string, options?: Record<string, unknown>) => string

/** The player's translator in the current language, or null until the first texts are there. */
export function usePlayerTexts(): PlayerTranslate | null {
  const [locale] = useLocaleState()
  const [polyglot, setPolyglot] = useState<Translator | null>(() => ready.get(locale in loaders ? locale : 'mx') ?? null)
  useEffect(() => {
    let live = true
    load(locale).then(
      (p) => live && setPolyglot(p),
      () => undefined,
    )
    return () => {
      live = false
    }
  }, [locale])
  // While another language downloads the previous one stays: the screen (and a half-answered form)
  // is not taken down for a loading state.
  return polyglot ? polyglot.t : null
}
