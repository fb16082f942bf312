import { useLocaleState } from 'react-admin'
import { catalogueFor, htmlLang, i18nProvider, type Locale } from '../i18n'

/**
 * The one place that decides how dates are written: every screen that shows a date formats it with
 * the helpers below, in the interface language, so no two dates on a page follow different conventions.
 */

/**
 * The conventions dates follow for each catalogue: the language's own (day before month, 24-hour clock
 * where it uses one). English is written the British way, as the English catalogue is. Takes a catalogue
 * code (mx, es, eng, it, gr, rs) or a BCP 47 tag; a tag of a catalogue's language (`en`, `de`) is written
 * as that catalogue writes dates, any other tag as it says.
 */
export function dateLocale(locale: string): string {
  const catalogue: string | null = Object.hasOwn(htmlLang, locale) ? locale : catalogueFor(locale)
  if (catalogue === null) return locale || htmlLang.mx
  if (catalogue === 'eng') return 'en-GB'
  return htmlLang[catalogue as Locale]
}

/**
 * A moment as the reader's language writes it: numeric date and time, in the browser's time zone.
 * Without `locale`, in the current interface language.
 */
export function formatDateTime(value: string | Date, locale: string = i18nProvider.getLocale()): string {
  return new Intl.DateTimeFormat(dateLocale(locale), { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(
    new Date(value),
  )
}

/** A day as the reader's language writes it in a sentence ("5 March 2026", "5. März 2026"). */
export function formatDate(value: string | Date, locale: string): string {
  return new Intl.DateTimeFormat(dateLocale(locale), { dateStyle: 'long' }).format(new Date(value))
}

/**
 * A date with the parts `options` asks for (as for `Intl.DateTimeFormat`: a chart's "25 Nov", a month
 * "Nov 2026" …), in the conventions of `locale` (default: the current interface language).
 */
export function formatDateParts(value: string | Date, options: Intl.DateTimeFormatOptions, locale: string = i18nProvider.getLocale()): string {
  return new Intl.DateTimeFormat(dateLocale(locale), options).format(new Date(value))
}

/** `formatDateTime` and `formatDate` in the current interface language. */
export function useDateFormat() {
  const [locale] = useLocaleState()
  return {
    dateTime: (value: string | Date) => formatDateTime(value, locale),
    date: (value: string | Date) => formatDate(value, locale),
  }
}
