import { describe, expect, it } from 'vitest'
import { mailLanguage, renderMessage } from '../../server/mail/messages.js'

describe('mail language', () => {
  it.each([
    [undefined, 'es'],
    ['mx', 'es'],
    ['es', 'es'],
    ['eng', 'en'],
    ['en-GB', 'en'],
    ['it', 'it'],
    ['gr', 'de'],
    ['rs', 'ru'],
  ])('%s → %s', (locale, lang) => expect(mailLanguage(locale)).toBe(lang))

  it('writes the code into every language', () => {
    for (const locale of ['mx', 'eng', 'it', 'gr', 'rs']) {
      const { subject, text } = renderMessage({ kind: 'signup-code', code: '493021' }, locale)
      expect(subject).toMatch(/^Aula: /)
      expect(text).toContain('493021')
    }
  })
})
