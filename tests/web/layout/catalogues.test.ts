import englishMessages from 'ra-language-english'
import { describe, expect, it } from 'vitest'
import { catalogues } from '../../../src/i18n/catalogues'

/** Every key path of a catalogue, e.g. `aula.menu.dashboard`. */
function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix]
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))
}

describe('catalogues', () => {
  const reference = keys(catalogues.mx).sort()

  it.each(Object.keys(catalogues))('%s has exactly the keys of the default catalogue', (locale) => {
    expect(keys(catalogues[locale as keyof typeof catalogues]).sort()).toEqual(reference)
  })

  it("covers every text of react-admin's English catalogue", () => {
    const raKeys = keys(englishMessages)
    expect(raKeys.filter((k) => !reference.includes(k))).toEqual([])
  })

  it.each(Object.keys(catalogues).filter((l) => l !== 'eng'))('%s translates react-admin’s texts', (locale) => {
    const ra = catalogues[locale as keyof typeof catalogues].ra as Record<string, Record<string, unknown>>
    expect(ra.action.save).not.toBe(englishMessages.ra.action.save)
    expect(ra.navigation.next).not.toBe(englishMessages.ra.navigation.next)
  })

  it('has no empty text', () => {
    for (const [locale, messages] of Object.entries(catalogues)) {
      const empty = keys(messages).filter((k) => {
        const text = k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], messages)
        return typeof text === 'string' && text.trim() === '' && k !== 'ra.boolean.null'
      })
      expect(empty, locale).toEqual([])
    }
  })
})
