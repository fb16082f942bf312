import { PDFDocument } from 'pdf-lib'
import { extractText, getDocumentProxy } from 'unpdf'
import { describe, expect, it } from 'vitest'
import { RECEIPT_LABELS, RECEIPT_LOCALES, receiptLocaleOf } from '../../server/receipts/labels.js'
import { renderReceipt, type ReceiptContent } from '../../server/receipts/pdf.js'

/** The receipt PDF (decision 0029): one page, every language, the stored amount as the language writes it. */

const text = async (bytes: Uint8Array) => (await extractText(await getDocumentProxy(bytes.slice()), { mergePages: true })).text

const content: ReceiptContent = {
  number: 'R-000042',
  soldAt: new Date('2026-11-27T10:00:00Z'),
  issuer: 'Centro Estelar',
  buyer: { name: 'Лукия Pérez', email: 'lucia@example.test' },
  course: 'Astronomía, nivel 1',
  plan: 'Full year',
  amount: '1234.50',
  currency: 'EUR',
  channel: 'checkout',
  refund: null,
  locale: 'mx',
}

describe('receipt PDF', () => {
  it('is one page in each of the six languages, with its title, number, buyer and amount', async () => {
    for (const locale of RECEIPT_LOCALES) {
      const bytes = await renderReceipt({ ...content, locale })
      expect((await PDFDocument.load(bytes)).getPageCount()).toBe(1)
      const out = (await text(bytes)).replace(/\s/g, ' ')
      expect(out, locale).toContain(RECEIPT_LABELS[locale].title)
      expect(out).toContain('R-000042')
      expect(out).toContain('Лукия Pérez <lucia@example.test>')
      // The stored amount as the language writes it ("1.234,50 €", "€1,234.50").
      const amount = new Intl.NumberFormat(RECEIPT_LABELS[locale].tag, { style: 'currency', currency: 'EUR' }).format(1234.5)
      expect(out.replace(/[\u00a0\u202f]/g, ' '), locale).toContain(amount.replace(/[\u00a0\u202f]/g, ' '))
    }
  })

  it('says what was refunded and when, and cuts a course name too long for the page', async () => {
    const out = await text(
      await renderReceipt({ ...content, locale: 'eng', course: 'Long '.repeat(60).trim(), refund: { amount: '10.00', at: new Date('2026-12-01T09:00:00Z') } }),
    )
    expect(out).toContain('Refunded: €10.00 on 1 December 2026')
    expect(out).toContain('…')
  })

  it("reads a stored locale attribute as the receipt's language, mx by default", () => {
    expect(['eng', 'en-US', 'de', 'gr', 'ru-RU', 'es-ES', 'it', 'es-MX', '', undefined].map(receiptLocaleOf)).toEqual([
      'eng',
      'eng',
      'gr',
      'gr',
      'rs',
      'es',
      'it',
      'mx',
      'mx',
      'mx',
    ])
  })
})
