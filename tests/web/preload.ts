import {
  accountArea,
  builderArea,
  experimentalArea,
  insightsArea,
  learnerArea,
  playerArea,
  publicArea,
  publicContext,
  shellArea,
  termsArea,
} from '../../src/app/areas'
import { DEFAULT_LOCALE, languageNames, loadCatalogue, type Locale } from '../../src/i18n'

/**
 * The app downloads an area's screens when one of them first opens, and a language's catalogue (and
 * each area's texts in it) when it is chosen. Tests load what they open before their first test, so
 * that no test waits on a download: `tests/web/setup.ts` loads each folder's areas, and a file that
 * opens screens of other areas or other languages says so with `preloadForTests`.
 */
export type TestArea = 'public' | 'terms' | 'shell' | 'learner' | 'player' | 'account' | 'builder' | 'insights' | 'experimental' | 'admin'
export const ALL_AREAS: TestArea[] = ['public', 'terms', 'shell', 'learner', 'player', 'account', 'builder', 'insights', 'experimental', 'admin']
export const ALL_LOCALES = Object.keys(languageNames) as Locale[]

/** The catalogue always loaded: the default (a first visit's) and English, the language most tests assert. */
const BASE_LOCALES: Locale[] = [DEFAULT_LOCALE, 'eng']

/** The administration screens, each its own chunk (`src/resources/adminScreen.tsx`). */
const ADMIN_SCREENS = Object.values(import.meta.glob('../../src/resources/**/*.tsx'))

const SCREENS: Record<TestArea, Array<() => Promise<unknown>>> = {
  public: [publicContext, publicArea],
  terms: [publicContext, termsArea],
  shell: [shellArea],
  learner: [publicContext, learnerArea],
  player: [playerArea],
  account: [accountArea],
  builder: [builderArea],
  insights: [insightsArea],
  experimental: [experimentalArea],
  admin: [shellArea, ...ADMIN_SCREENS],
}

/** Each area's texts in a catalogue (`src/i18n/<locale>/<file>.ts`), which the app downloads with its screens. */
const TEXTS: Record<TestArea, string[]> = {
  public: [],
  terms: [],
  shell: ['admin'],
  learner: ['learner'],
  player: [],
  account: [],
  builder: ['builder', 'builderContent'],
  insights: ['charts', 'finances', 'monitoring'],
  experimental: ['avatars'],
  admin: ['admin'],
}
const TEXT_FILES = import.meta.glob('../../src/i18n/*/{admin,builder,builderContent,learner,charts,finances,monitoring,avatars}.ts')

const started = new Map<string, Promise<unknown>>()
const once = (key: string, load: () => Promise<unknown>) => {
  if (!started.has(key)) started.set(key, load())
  return started.get(key)
}

const wantedAreas = new Set<TestArea>()
const wantedLocales = new Set<Locale>(BASE_LOCALES)

/**
 * Loads the screens of `areas` and the catalogues of `locales` besides the default and English ones,
 * each with the texts of every area loaded so far; a test file awaits it at its top for what its
 * folder's areas (see setup.ts) do not cover.
 */
export async function preloadForTests({ areas = [], locales = [] }: { areas?: TestArea[]; locales?: Locale[] }): Promise<void> {
  areas.forEach((area) => wantedAreas.add(area))
  locales.forEach((locale) => wantedLocales.add(locale))
  const textKeys = [...new Set([...wantedAreas].flatMap((area) => TEXTS[area]))]
  await Promise.all([
    ...[...wantedAreas].flatMap((area) => SCREENS[area].map((load, i) => once(`screen:${area}:${i}`, load))),
    ...[...wantedLocales].map((locale) => loadCatalogue(locale)),
    ...[...wantedLocales].flatMap((locale) => textKeys.map((key) => once(`texts:${locale}:${key}`, TEXT_FILES[`../../src/i18n/${locale}/${key}.ts`]))),
  ])
}
