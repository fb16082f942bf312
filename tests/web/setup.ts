import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { dirname, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, expect } from 'vitest'
import { ALL_AREAS, preloadForTests, type TestArea } from './preload'

/**
 * The areas whose screens the files of each folder under tests/web open (the longest matching folder
 * wins); a file that opens more says so itself with `preloadForTests`. A file elsewhere gets them all.
 */
const FOLDER_AREAS: Record<string, TestArea[]> = {
  account: ['public', 'terms', 'shell', 'learner', 'account'],
  builder: ['builder'],
  experimental: ['public', 'shell', 'experimental'],
  insights: ['public', 'shell', 'insights'],
  layout: ['shell'],
  learner: ['public', 'shell', 'learner', 'account'],
  'learner/player': ['player'],
  resources: ['public', 'shell', 'admin'],
  upload: [],
}

function areasOf(testPath: string | undefined): TestArea[] {
  const folder = testPath
    ? relative(dirname(fileURLToPath(import.meta.url)), testPath)
        .split(/[\\/]/)
        .slice(0, -1)
    : []
  for (let depth = folder.length; depth > 0; depth--) {
    const areas = FOLDER_AREAS[folder.slice(0, depth).join('/')]
    if (areas) return areas
  }
  return ALL_AREAS
}

// The app downloads an area's screens when one of them opens and a catalogue when its language is
// chosen; each test file has what it opens loaded before its first test, so that no test waits on it.
await preloadForTests({ areas: areasOf(expect.getState().testPath) })

// A screen appears after its area's Suspense boundaries resolve, a few renders after the first; in CI
// the web lane shares two cores with five others at a lower priority, where a first render has taken
// over 5 s. A longer wait only makes a failing test slower to fail, never a wrong screen pass.
configure({ asyncUtilTimeout: 20_000 })

/**
 * A browser that states no language of its own, so a first visit starts in the default (mx); tests of
 * the browser-language choice set `navigator.languages` themselves.
 */
export function setBrowserLanguages(languages: string[]) {
  Object.defineProperty(window.navigator, 'languages', { value: languages, configurable: true })
}
setBrowserLanguages([])

afterEach(() => {
  setBrowserLanguages([])
  cleanup()
  localStorage.clear()
})
