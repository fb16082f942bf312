import polyglotI18nProvider from 'ra-i18n-polyglot'
import type { Messages } from './mx'
import type { AdminMessages } from './mx/admin'
import type { BuilderMessages } from './mx/builder'
import type { builderContent } from './mx/builderContent'

export const LANGUAGE_KEY = 'I18N_LANGUAGE'
export const DEFAULT_LOCALE = 'mx'

/**
 * Every catalogue, each one with every key of the default (mx), so all are offered in the menu. Each
 * downloads when chosen: the stored (or browser's) language before the first render (see
 * `loadStoredCatalogue`), so a visitor never downloads a catalogue they do not read.
 */
const loaders = {
  mx: async () => (await import('./mx')).mx,
  eng: async () => (await import('./eng')).eng,
  es: async () => (await import('./es')).es,
  it: async () => (await import('./it')).it,
  gr: async () => (await import('./gr')).gr,
  rs: async () => (await import('./rs')).rs,
} satisfies Record<string, () => Promise<Messages>>
export type Locale = keyof typeof loaders
const loaded: Partial<Record<Locale, Messages>> = {}

/**
 * The administration screens' texts (all but their menu entries), per catalogue: they download with
 * the admin area, not with every page (`loadAdminTexts`).
 */
const adminLoaders: Record<Locale, () => Promise<AdminMessages>> = {
  mx: async () => (await import('./mx/admin')).admin,
  eng: async () => (await import('./eng/admin')).admin,
  es: async () => (await import('./es/admin')).admin,
  it: async () => (await import('./it/admin')).admin,
  gr: async () => (await import('./gr/admin')).admin,
  rs: async () => (await import('./rs/admin')).admin,
}
let adminWanted = false
const hasAdminTexts = (catalogue: Messages) => 'common' in catalogue.aula.admin

/**
 * The course builder's texts, per catalogue: the builder screens' (`builder.ts`) and the content
 * editor's (`builderContent.ts`) side by side in `aula.builder`, downloaded with the builder area
 * (`loadBuilderTexts`). Their top-level keys must not clash (checked below).
 */
/** The content editor's texts (their file's own shape, defined by mx). */
type BuilderContentMessages = typeof builderContent
export type BuilderTexts = BuilderMessages & BuilderContentMessages
type Clash = keyof BuilderMessages & keyof BuilderContentMessages
// A key both files define would hide one of the two texts: this line stops the build then.
const noClash: [Clash] extends [never] ? true : Clash = true
void noClash
const builderLoaders: Record<Locale, () => Promise<BuilderTexts>> = {
  mx: async () => merge(await import('./mx/builder'), await import('./mx/builderContent')),
  eng: async () => merge(await import('./eng/builder'), await import('./eng/builderContent')),
  es: async () => merge(await import('./es/builder'), await import('./es/builderContent')),
  it: async () => merge(await import('./it/builder'), await import('./it/builderContent')),
  gr: async () => merge(await import('./gr/builder'), await import('./gr/builderContent')),
  rs: async () => merge(await import('./rs/builder'), await import('./rs/builderContent')),
}
function merge(screens: { builder: BuilderMessages }, content: { builderContent: BuilderContentMessages }): BuilderTexts {
  return { ...screens.builder, ...content.builderContent }
}
let builderWanted = false
/** The catalogue's `aula.builder`, which only exists once the builder texts are loaded. */
const builderOf = (catalogue: Messages) => (catalogue.aula as { builder?: BuilderTexts }).builder
const hasBuilderTexts = (catalogue: Messages) => builderOf(catalogue) !== undefined

/**
 * The texts of the areas that keep theirs under one key of `aula` — the learner area (`learner`), the
 * insights chart kit, finances and monitoring (`charts`, `finances`, `monitoring`), the AI avatars
 * (`avatars`), the organisation managers (`organizations`) — per catalogue in `./<locale>/<key>.ts`, which exports `<key>`. Each downloads with its
 * area's screens (`loadAreaTexts`), never with the public pages.
 */
const AREA_FILES = import.meta.glob<Record<string, object>>([
  './*/learner.ts',
  './*/charts.ts',
  './*/finances.ts',
  './*/monitoring.ts',
  './*/avatars.ts',
  './*/organizations.ts',
  './*/website.ts',
])
export type AreaTextsKey = 'learner' | 'charts' | 'finances' | 'monitoring' | 'avatars' | 'organizations' | 'website'
const areasWanted = new Set<AreaTextsKey>()
const areaTextsOf = (catalogue: Messages, key: AreaTextsKey) => (catalogue.aula as Record<string, unknown>)[key]
const areaTexts = async (locale: Locale, key: AreaTextsKey) => (await AREA_FILES[`./${locale}/${key}.ts`]())[key]

const hasAreaTexts = (catalogue: Messages) =>
  (!adminWanted || hasAdminTexts(catalogue)) &&
  (!builderWanted || hasBuilderTexts(catalogue)) &&
  [...areasWanted].every((key) => areaTextsOf(catalogue, key) !== undefined)

/** A catalogue with the texts of the areas opened so far. */
async function loadWithAreas(locale: Locale): Promise<Messages> {
  const catalogue = await loadCatalogue(locale)
  if (adminWanted && !hasAdminTexts(catalogue)) Object.assign(catalogue.aula.admin, await adminLoaders[locale]())
  if (builderWanted && !hasBuilderTexts(catalogue)) (catalogue.aula as { builder?: BuilderTexts }).builder = await builderLoaders[locale]()
  for (const key of areasWanted) {
    if (areaTextsOf(catalogue, key) === undefined) (catalogue.aula as Record<string, unknown>)[key] = await areaTexts(locale, key)
  }
  return catalogue
}

/** Makes the administration texts part of the current language (and of every language chosen later). */
export async function loadAdminTexts(): Promise<void> {
  const locale = i18nProvider.getLocale()
  const current = isLocale(locale) ? locale : DEFAULT_LOCALE
  if (adminWanted && loaded[current] && hasAdminTexts(loaded[current])) return
  adminWanted = true
  await loadWithAreas(current)
  // The translator copies its phrases when built: building it again takes the new texts in.
  await i18nProvider.changeLocale(current)
}

/** Makes the course builder's texts part of the current language (and of every language chosen later). */
export async function loadBuilderTexts(): Promise<void> {
  const locale = i18nProvider.getLocale()
  const current = isLocale(locale) ? locale : DEFAULT_LOCALE
  if (builderWanted && loaded[current] && hasBuilderTexts(loaded[current])) return
  builderWanted = true
  await loadWithAreas(current)
  // The translator copies its phrases when built: building it again takes the new texts in.
  await i18nProvider.changeLocale(current)
}

/** Makes an area's texts part of the current language (and of every language chosen later). */
export async function loadAreaTexts(key: AreaTextsKey): Promise<void> {
  const locale = i18nProvider.getLocale()
  const current = isLocale(locale) ? locale : DEFAULT_LOCALE
  if (areasWanted.has(key) && loaded[current] && areaTextsOf(loaded[current], key) !== undefined) return
  areasWanted.add(key)
  await loadWithAreas(current)
  // The translator copies its phrases when built: building it again takes the new texts in.
  await i18nProvider.changeLocale(current)
}
export const loadLearnerTexts = () => loadAreaTexts('learner')
export const loadChartTexts = () => loadAreaTexts('charts')
export const loadFinanceTexts = () => loadAreaTexts('finances')
export const loadMonitoringTexts = () => loadAreaTexts('monitoring')
export const loadAvatarsTexts = () => loadAreaTexts('avatars')
export const loadWebsiteTexts = () => loadAreaTexts('website')
export const loadOrganizationTexts = () => loadAreaTexts('organizations')

/** Each language's own name in the language menu (each catalogue's `aula.language`). */
export const languageNames: Record<Locale, string> = {
  mx: 'Español (México)',
  eng: 'English',
  es: 'Español (España)',
  it: 'Italiano',
  gr: 'Deutsch',
  rs: 'Русский',
}

const isLocale = (locale: string): locale is Locale => Object.hasOwn(loaders, locale)

/** A catalogue, downloaded once. */
export async function loadCatalogue(locale: Locale): Promise<Messages> {
  return (loaded[locale] ??= await loaders[locale]())
}

/** Makes the stored language's catalogue ready, so the first screen is drawn in it. */
export function loadStoredCatalogue(): Promise<Messages> {
  // The default catalogue stands in for a language whose catalogue cannot be fetched.
  return loadCatalogue(storedLocale()).catch(() => loadCatalogue(DEFAULT_LOCALE))
}

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
export function browserLocale(languages: readonly string[] = typeof navigator !== 'undefined' ? (navigator.languages ?? [navigator.language]) : []): Locale {
  for (const tag of languages) {
    const found = tag ? catalogueFor(tag) : null
    if (found) return found
  }
  return DEFAULT_LOCALE
}

/**
 * The language of this browser: the one chosen in the app (requirements §4: kept in local storage), else on a
 * first visit the browser's own language when Aula has it, else mx.
 */
export function storedLocale(): Locale {
  const stored = typeof localStorage !== 'undefined' ? localStorage.getItem(LANGUAGE_KEY) : null
  return stored && isLocale(stored) ? stored : browserLocale()
}

/** A loaded catalogue, or the default one while that language's is still downloading. */
export function loadedCatalogue(locale: Locale): Messages {
  const fallback = loaded[DEFAULT_LOCALE] ?? Object.values(loaded)[0]
  if (!fallback) throw new Error('No catalogue loaded yet: loadStoredCatalogue() comes first')
  return loaded[locale] ?? fallback
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

/**
 * A translation provider starting in the stored language (tests build a fresh one each), once its
 * catalogue (or the default one) is loaded; changing language loads the catalogue.
 */
export function createI18nProvider() {
  const stored = storedLocale()
  const initial = loaded[stored] ? stored : DEFAULT_LOCALE
  const provider = polyglotI18nProvider(
    (locale) => {
      if (!isLocale(locale)) return loaded[DEFAULT_LOCALE] ?? loadCatalogue(DEFAULT_LOCALE)
      const ready = loaded[locale]
      return ready && hasAreaTexts(ready) ? ready : loadWithAreas(locale)
    },
    initial,
    Object.entries(languageNames).map(([locale, name]) => ({ locale, name })),
    { allowMissing: false, pluralRules },
  )
  announce(initial)
  const changeLocale = provider.changeLocale
  return {
    ...provider,
    async changeLocale(locale: string, options?: unknown) {
      await changeLocale(locale, options)
      announce(isLocale(locale) ? locale : DEFAULT_LOCALE)
    },
  }
}

let shared: ReturnType<typeof createI18nProvider> | undefined
const provider = () => (shared ??= createI18nProvider())

/** The app's translation provider, created on first use (after `loadStoredCatalogue` in main.tsx). */
export const i18nProvider: ReturnType<typeof createI18nProvider> = {
  translate: (key, options) => provider().translate(key, options),
  changeLocale: (locale, options) => provider().changeLocale(locale, options),
  getLocale: () => provider().getLocale(),
  getLocales: () => provider().getLocales?.() ?? [],
}
