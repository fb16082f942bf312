import { describe, expect, it } from 'vitest'
import { SITE_TEXTS } from '../../server/site/texts.js'

/** The public site's own words: every language complete, placeholders kept, German formal. */
describe('the public site texts', () => {
  const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()
  /** A text as written: a string, or what a text made of figures says for some sample figures. */
  const written = (text: string | ((...args: never[]) => string)): string[] =>
    typeof text === 'string' ? [text] : [1, 2, 5, 21].map((n) => (text as (...args: unknown[]) => string)(n, n + 1, String(n)))

  it('has every text in every language, with the same placeholders', () => {
    for (const [language, texts] of Object.entries(SITE_TEXTS)) {
      for (const [key, text] of Object.entries(SITE_TEXTS.mx)) {
        const own = (texts as Record<string, string | ((...args: never[]) => string)>)[key]
        expect(typeof own, `${language}.${key}`).toBe(typeof text)
        for (const [i, sample] of written(own).entries()) {
          expect(sample.trim(), `${language}.${key}`).toBeTruthy()
          expect(placeholders(sample), `${language}.${key}`).toEqual(placeholders(written(text)[i]))
        }
      }
    }
  })

  it('addresses German readers formally', () => {
    for (const text of Object.values(SITE_TEXTS.gr)) for (const sample of written(text)) expect(sample).not.toMatch(/\b(du|dich|dir|dein\w*)\b/i)
  })
})
