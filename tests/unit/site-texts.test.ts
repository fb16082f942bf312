import { describe, expect, it } from 'vitest'
import { SITE_TEXTS } from '../../server/site/texts.js'

/** The public site's own words: every language complete, placeholders kept, German formal. */
describe('the public site texts', () => {
  const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()

  it('has every text in every language, with the same placeholders', () => {
    for (const [language, texts] of Object.entries(SITE_TEXTS)) {
      for (const [key, text] of Object.entries(SITE_TEXTS.mx)) {
        const own = (texts as Record<string, string>)[key]
        expect(own?.trim(), `${language}.${key}`).toBeTruthy()
        expect(placeholders(own!), `${language}.${key}`).toEqual(placeholders(text))
      }
    }
  })

  it('addresses German readers formally', () => {
    for (const text of Object.values(SITE_TEXTS.gr)) expect(text).not.toMatch(/\b(du|dich|dir|dein\w*)\b/i)
  })
})
