import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'
import { preloadAreas } from '../../src/app/areas'
import { loadCatalogue, type Locale } from '../../src/i18n'
import { catalogues } from '../../src/i18n/catalogues'

// The app downloads a catalogue when its language is chosen and an area's screens when one of them
// opens; tests switch languages and open screens at will, so all are loaded up front.
await Promise.all([...Object.keys(catalogues).map((locale) => loadCatalogue(locale as Locale)), preloadAreas()])

// A screen now appears after its area's Suspense boundaries resolve, a few renders later than before;
// on a busy machine that can pass Testing Library's default 1 s wait for `findBy…`.
configure({ asyncUtilTimeout: 5000 })

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
