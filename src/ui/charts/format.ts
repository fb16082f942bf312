import { useLocaleState } from 'react-admin'
import { htmlLang, type Locale } from '../../i18n'

/**
 * The BCP 47 tag for a locale given either as one of Aula's catalogue codes (mx, eng, es, it, gr, rs:
 * not all of them ISO codes, so Intl would misread "gr" or "rs") or as a BCP 47 tag already.
 */
export function localeTag(locale: string): string {
  return Object.hasOwn(htmlLang, locale) ? htmlLang[locale as Locale] : locale
}

/** The interface language as a BCP 47 tag, for the formatters and `Intl` (follows the language menu). */
export function useChartLocale(): string {
  const [locale] = useLocaleState()
  return localeTag(locale)
}

/** A number in the locale's digits and separators (`options` as for `Intl.NumberFormat`). */
export function formatNumber(n: number, locale: string, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(localeTag(locale), options).format(n)
}

/**
 * An amount of money in the currency's major units (12.5 with "EUR" is twelve euros fifty), with the
 * locale's symbol placement and separators. A currency code Intl does not know is shown after the
 * number rather than failing the whole screen.
 */
export function formatMoney(amount: number, currency: string, locale: string): string {
  try {
    return new Intl.NumberFormat(localeTag(locale), { style: 'currency', currency }).format(amount)
  } catch {
    return `${formatNumber(amount, locale, { maximumFractionDigits: 2 })} ${currency}`
  }
}

const BYTE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte', 'petabyte'] as const

/**
 * A size in bytes with the largest decimal unit (1 kB = 1000 B, as storage providers bill) that keeps
 * the number at 1 or more, and the unit's name in the locale ("MB", "МБ" …).
 */
export function formatBytes(n: number, locale: string): string {
  let value = Math.abs(n)
  let unit = 0
  while (value >= 1000 && unit < BYTE_UNITS.length - 1) {
    value /= 1000
    unit += 1
  }
  const signed = n < 0 ? -value : value
  return new Intl.NumberFormat(localeTag(locale), {
    style: 'unit',
    unit: BYTE_UNITS[unit],
    unitDisplay: 'short',
    maximumFractionDigits: unit === 0 ? 0 : value < 10 ? 2 : 1,
  }).format(signed)
}
