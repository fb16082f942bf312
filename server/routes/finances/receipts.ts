import { receiptLocaleOf, RECEIPT_LABELS, type ReceiptLocale } from '../../receipts/labels.js'
import { formatMoney, renderReceipt } from '../../receipts/pdf.js'
import type { App } from '../../types.js'
import { findSale, type SaleRecord } from './queries.js'

/** The learner's name and language as the user pool knows them (null when the pool cannot say). */
async function buyerOf(app: App, sub: string): Promise<{ name: string | null; locale: string | undefined }> {
  try {
    const user = await app.identityUsers.getUser(sub)
    return { name: user?.name || null, locale: user?.attributes.locale }
  } catch {
    return { name: null, locale: undefined }
  }
}

/**
 * A sale's receipt as a PDF, in `lang` or else the buyer's language: what the sale stored (amount,
 * currency, names at the moment of sale), the centre (BADGE_ISSUER_NAME) as the issuer, and the
 * refunded total once there is one.
 */
export async function receiptOf(app: App, record: SaleRecord, lang?: ReceiptLocale): Promise<{ pdf: Uint8Array; fileName: string; locale: ReceiptLocale }> {
  const buyer = await buyerOf(app, record.userSub)
  const locale = lang ?? receiptLocaleOf(buyer.locale)
  const s = record.sale
  const pdf = await renderReceipt({
    number: s.receiptNumber,
    soldAt: new Date(s.soldAt),
    issuer: app.config.BADGE_ISSUER_NAME,
    buyer: { name: buyer.name, email: s.buyerEmail || s.buyer },
    course: s.courseName,
    plan: s.planName,
    amount: record.amount,
    currency: s.currency,
    channel: s.channel,
    refund: s.refundedAt && Number(record.refunded) > 0 ? { amount: record.refunded, at: new Date(s.refundedAt) } : null,
    locale,
  })
  return { pdf, fileName: `receipt-${s.receiptNumber}.pdf`, locale }
}

/**
 * Mails a sale's receipt to its buyer, after the sale's transaction committed. Never throws: a
 * receipt that cannot be drawn or sent is logged, and the sale stands (the learner can download it).
 */
export async function mailReceipt(app: App, saleId: string): Promise<void> {
  try {
    const record = await findSale(app.db, saleId)
    if (!record || !record.sale.buyerEmail) return
    const { pdf, fileName, locale } = await receiptOf(app, record)
    const s = record.sale
    const amount = formatMoney(record.amount, s.currency, RECEIPT_LABELS[locale].tag)
    await app.mailer.send(s.buyerEmail, { kind: 'receipt', number: s.receiptNumber, course: s.courseName, plan: s.planName, amount }, locale, {
      attachments: [{ filename: fileName, content: pdf, contentType: 'application/pdf' }],
    })
  } catch (error) {
    app.log.error({ err: error, sale: saleId }, 'the receipt could not be mailed')
  }
}
