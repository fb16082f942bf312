import { formatNumber, localeTag } from '../../ui/charts'
import { formatDateTime } from '../../ui/formatDateTime'

/**
 * An amount of money that stays readable when small: the cost of a few requests is a fraction of a
 * cent, so below one cent three significant digits are shown instead of "0.00".
 */
export function money(amount: number, currency: string, locale: string): string {
  const small = amount !== 0 && Math.abs(amount) < 0.01
  try {
    return new Intl.NumberFormat(localeTag(locale), { style: 'currency', currency, ...(small ? { maximumSignificantDigits: 3 } : {}) }).format(amount)
  } catch {
    return `${formatNumber(amount, locale, small ? { maximumSignificantDigits: 3 } : { maximumFractionDigits: 2 })} ${currency}`
  }
}

/** A share (0–1) as a percentage, or a dash when there is none. */
export const percent = (value: number | null, locale: string) =>
  value === null ? '—' : formatNumber(value, locale, { style: 'percent', maximumFractionDigits: 1 })

/** A country's name in the interface language from its ISO code. */
export function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([localeTag(locale)], { type: 'region' }).of(code) ?? code
  } catch {
    return code
  }
}

/** A date-time in the interface language, as every other screen writes one. */
export const dateTime = (iso: string, locale: string) => formatDateTime(iso, locale)
