import { CERTIFICATE_LOCALES, type CertificateLocale } from '../../contracts/learner/certificates.js'

/** The product's six languages (the web app's codes: mx is the default, gr is German, rs is Russian). */
export type ReceiptLocale = CertificateLocale
export const RECEIPT_LOCALES = CERTIFICATE_LOCALES

/** The words printed on a receipt. */
export interface ReceiptLabels {
  /** BCP 47 tag for dates and amounts. */
  tag: string
  title: string
  number: string
  date: string
  issuer: string
  buyer: string
  course: string
  plan: string
  amount: string
  channel: string
  channels: { admin: string; checkout: string }
  refunded: (amount: string, date: string) => string
  footer: string
}

const mx: ReceiptLabels = {
  tag: 'es-MX',
  title: 'Recibo de pago',
  number: 'Número',
  date: 'Fecha',
  issuer: 'Emitido por',
  buyer: 'Comprador',
  course: 'Curso',
  plan: 'Plan',
  amount: 'Importe',
  channel: 'Forma de pago',
  channels: { admin: 'Registrado por la administración', checkout: 'Pago en línea' },
  refunded: (a, d) => `Reembolsado: ${a} el ${d}`,
  footer: 'Este recibo da constancia del pago registrado en Aula.',
}

export const RECEIPT_LABELS: Record<ReceiptLocale, ReceiptLabels> = {
  mx,
  // Spain's Spanish: only what differs from the default.
  es: { ...mx, tag: 'es-ES', title: 'Justificante de pago', channels: { ...mx.channels, admin: 'Registrado por administración' } },
  eng: {
    tag: 'en-GB',
    title: 'Payment receipt',
    number: 'Number',
    date: 'Date',
    issuer: 'Issued by',
    buyer: 'Buyer',
    course: 'Course',
    plan: 'Plan',
    amount: 'Amount',
    channel: 'Payment channel',
    channels: { admin: 'Recorded by an administrator', checkout: 'Online payment' },
    refunded: (a, d) => `Refunded: ${a} on ${d}`,
    footer: 'This receipt records the payment registered in Aula.',
  },
  it: {
    tag: 'it-IT',
    title: 'Ricevuta di pagamento',
    number: 'Numero',
    date: 'Data',
    issuer: 'Emessa da',
    buyer: 'Acquirente',
    course: 'Corso',
    plan: 'Piano',
    amount: 'Importo',
    channel: 'Modalità di pagamento',
    channels: { admin: "Registrato dall'amministrazione", checkout: 'Pagamento online' },
    refunded: (a, d) => `Rimborsato: ${a} il ${d}`,
    footer: 'Questa ricevuta attesta il pagamento registrato su Aula.',
  },
  gr: {
    tag: 'de-DE',
    title: 'Zahlungsbeleg',
    number: 'Nummer',
    date: 'Datum',
    issuer: 'Ausgestellt von',
    buyer: 'Käufer',
    course: 'Kurs',
    plan: 'Tarif',
    amount: 'Betrag',
    channel: 'Zahlungsweg',
    channels: { admin: 'Von der Verwaltung erfasst', checkout: 'Online-Zahlung' },
    refunded: (a, d) => `Erstattet: ${a} am ${d}`,
    footer: 'Dieser Beleg bestätigt die in Aula erfasste Zahlung.',
  },
  rs: {
    tag: 'ru-RU',
    title: 'Квитанция об оплате',
    number: 'Номер',
    date: 'Дата',
    issuer: 'Выдана',
    buyer: 'Покупатель',
    course: 'Курс',
    plan: 'Тариф',
    amount: 'Сумма',
    channel: 'Способ оплаты',
    channels: { admin: 'Оформлено администратором', checkout: 'Онлайн-оплата' },
    refunded: (a, d) => `Возвращено: ${a}, ${d}`,
    footer: 'Эта квитанция подтверждает платёж, зарегистрированный в Aula.',
  },
}

export const isReceiptLocale = (value: unknown): value is ReceiptLocale => typeof value === 'string' && (RECEIPT_LOCALES as readonly string[]).includes(value)

/** The receipt's language for a stored `locale` attribute (app codes or BCP 47 tags); mx by default. */
export function receiptLocaleOf(locale: string | undefined | null): ReceiptLocale {
  const l = (locale ?? '').toLowerCase()
  if (isReceiptLocale(l)) return l
  if (l === 'en' || l.startsWith('en-')) return 'eng'
  if (l === 'es-es') return 'es'
  if (l === 'it' || l.startsWith('it-')) return 'it'
  if (l === 'de' || l.startsWith('de-')) return 'gr'
  if (l === 'ru' || l.startsWith('ru-')) return 'rs'
  return 'mx'
}
