import { useLocaleState } from 'react-admin'
import { htmlLang, i18nProvider, type Locale } from '../i18n'

/**
 * The conventions dates follow for each catalogue: the language's own (day before month, 24-hour clock
 * where it uses one). English is written the British way, as the English catalogue is.
 */
export function dateLocale(locale: string): string {
  if (locale === 'eng') return 'en-GB'
  return htmlLang[locale as Locale] ?? htmlLang.mx
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

/** `formatDateTime` and `formatDate` in the current interface language. */
export function useDateFormat() {
  const [locale] = useLocaleState()
  return {
    dateTime: (value: string | Date) => formatDateTime(value, locale),
    date: (value: string | Date) => formatDate(value, locale),
  }
}
