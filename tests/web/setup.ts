import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'

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
