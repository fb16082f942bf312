import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib'
import { embedDejaVu } from '../pdf/fonts.js'
import { RECEIPT_LABELS, type ReceiptLocale } from './labels.js'

/** What a receipt states: the sale as stored (amounts are the stored decimal strings, never recomputed). */
export interface ReceiptContent {
  number: string
  soldAt: Date
  issuer: string
  buyer: { name: string | null; email: string }
  course: string
  plan: string
  amount: string
  currency: string
  channel: 'admin' | 'checkout'
  refund: { amount: string; at: Date } | null
  locale: ReceiptLocale
}

/** A4 portrait, in PDF points. */
const A4 = { width: 595.28, height: 841.89 }
const INK = rgb(0.13, 0.15, 0.2)
const MUTED = rgb(0.35, 0.38, 0.45)
const ACCENT = rgb(0.11, 0.3, 0.6)
const ALERT = rgb(0.7, 0.12, 0.1)
const MARGIN = 56

/** An amount in its currency as the language writes it ("49,90 €"); the stored decimal string is what is shown. */
export function formatMoney(amount: string, currency: string, tag: string): string {
  try {
    return new Intl.NumberFormat(tag, { style: 'currency', currency }).format(Number(amount))
  } catch {
    return `${amount} ${currency}`
  }
}

/** Cuts `text` with an ellipsis until it fits `maxWidth` at `size`. */
function fit(font: PDFFont, text: string, size: number, maxWidth: number): string {
  if (font.widthOfTextAtSize(text, size) <= maxWidth) return text
  let t = text
  while (t.length > 1 && font.widthOfTextAtSize(`${t}…`, size) > maxWidth) t = t.slice(0, -1)
  return `${t}…`
}

/**
 * The receipt of one sale: a one-page A4 PDF, drawn in-process (a page of text takes a few
 * milliseconds once the fonts are parsed; the certificate pool is kept for certificates).
 */
export async function renderReceipt(c: ReceiptContent): Promise<Uint8Array> {
  const labels = RECEIPT_LABELS[c.locale]
  const doc = await PDFDocument.create()
  doc.setTitle(`${labels.title} ${c.number}`)
  doc.setCreator('Aula')
  doc.setProducer('Aula')
  const page: PDFPage = doc.addPage([A4.width, A4.height])
  const { regular, bold } = await embedDejaVu(doc)
  const dates = new Intl.DateTimeFormat(labels.tag, { dateStyle: 'long', timeZone: 'UTC' })
  const width = A4.width - 2 * MARGIN

  let y = A4.height - MARGIN - 10
  page.drawText(fit(bold, c.issuer, 14, width), { x: MARGIN, y, size: 14, font: bold, color: INK })
  y -= 40
  page.drawText(labels.title, { x: MARGIN, y, size: 24, font: bold, color: ACCENT })
  y -= 16
  page.drawLine({ start: { x: MARGIN, y }, end: { x: A4.width - MARGIN, y }, thickness: 1, color: ACCENT })
  y -= 32

  const labelWidth = 150
  const row = (label: string, value: string, strong = false) => {
    page.drawText(label, { x: MARGIN, y, size: 10.5, font: regular, color: MUTED })
    page.drawText(fit(strong ? bold : regular, value, strong ? 13 : 11.5, width - labelWidth), {
      x: MARGIN + labelWidth,
      y,
      size: strong ? 13 : 11.5,
      font: strong ? bold : regular,
      color: INK,
    })
    y -= strong ? 30 : 24
  }
  row(labels.number, c.number)
  row(labels.date, dates.format(c.soldAt))
  row(labels.issuer, c.issuer)
  row(labels.buyer, c.buyer.name ? `${c.buyer.name} <${c.buyer.email}>` : c.buyer.email)
  row(labels.course, c.course)
  row(labels.plan, c.plan)
  row(labels.channel, labels.channels[c.channel])
  y -= 6
  row(labels.amount, formatMoney(c.amount, c.currency, labels.tag), true)
  if (c.refund) {
    const text = labels.refunded(formatMoney(c.refund.amount, c.currency, labels.tag), dates.format(c.refund.at))
    page.drawText(fit(bold, text, 12, width), { x: MARGIN, y, size: 12, font: bold, color: ALERT })
    y -= 24
  }
  page.drawText(fit(regular, labels.footer, 9, width), { x: MARGIN, y: MARGIN, size: 9, font: regular, color: MUTED })
  return doc.save()
}
