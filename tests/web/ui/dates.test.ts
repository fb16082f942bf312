import { describe, expect, it } from 'vitest'
import { periodLabel } from '../../../src/insights/finances/rows'
import { dateTime } from '../../../src/insights/monitoring/format'
import { dateLocale, formatDateParts, formatDateTime } from '../../../src/ui/formatDateTime'

// Some ICU versions put narrow no-break spaces in dates; compare the visible characters.
const visible = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ')

describe('one way of writing dates per interface language', () => {
  it('maps catalogue codes and the tags of their languages to the same conventions', () => {
    expect(dateLocale('eng')).toBe('en-GB')
    expect(dateLocale('en')).toBe('en-GB')
    expect(dateLocale('gr')).toBe('de')
    expect(dateLocale('de')).toBe('de')
    expect(dateLocale('rs')).toBe('ru')
    expect(dateLocale('mx')).toBe('es-MX')
    expect(dateLocale('es-ES')).toBe('es-ES')
    expect(dateLocale('pt-BR')).toBe('pt-BR')
  })

  it('writes the finance charts’ days and months as the admin screens write dates (day before month in English)', () => {
    // The insights pass the chart locale (`en` for English), the admin screens the catalogue code.
    expect(visible(periodLabel('2026-11-25', 'day', 'en'))).toBe('25 Nov')
    expect(visible(periodLabel('2026-11-25', 'day', 'eng'))).toBe('25 Nov')
    expect(visible(periodLabel('2026-11-01', 'month', 'de'))).toBe('Nov. 2026')
    expect(visible(formatDateParts('2026-11-25T12:00:00Z', { day: 'numeric', month: 'short', timeZone: 'UTC' }, 'rs'))).toBe('25 нояб.')
  })

  it('writes monitoring moments as every other screen does', () => {
    const at = '2026-10-27T15:04:00.000Z'
    for (const locale of ['mx', 'eng', 'es', 'it', 'gr', 'rs']) expect(dateTime(at, locale)).toBe(formatDateTime(at, locale))
    expect(dateTime(at, 'eng')).toMatch(/^27\/10\/2026/)
  })
})
