import { randomUUID } from 'node:crypto'
import { ErrorBody, errorResponses } from '../../../contracts/errors.js'
import { PROVIDER_UNAVAILABLE_MESSAGE } from '../../../contracts/payments.js'
import { ReceiptPdf, ReceiptQuery, RefundBody, SaleDetail, SaleParams } from '../../../contracts/insights/finances.js'
import { actorOf } from '../../http/actor.js'
import { notFound } from '../../http/errors.js'
import { HttpError } from '../../http/http-error.js'
import { ProviderUnavailable } from '../../payments/index.js'
import { receiptOf } from './receipts.js'
import type { App } from '../../types.js'
import { recordAudit } from '../admin-audit/queries.js'
import { cents, findSale, insertRefund, refundsOf, revokeRefunded, shortenSubscription, type SaleRecord } from './queries.js'

const tags = ['finances']
const BASE = '/sales'

const invalid = (field: string, message: string) => new HttpError(400, 'Invalid request', 'VALIDATION', { [field]: message })

/** A refund goes through the provider when the sale was paid online and its payment is known. */
const throughProvider = (r: SaleRecord) => r.sale.channel === 'checkout' && r.paymentRef !== null

/**
 * One sale, its receipt and its refunds (decision 0031), under `/api/v2/finances`. Reading is for
 * administrators and finance staff; refunding for administrators (contracts/insights/finances-policy.ts).
 */
export default async function saleRoutes(app: App) {
  app.get(
    `${BASE}/:id`,
    {
      schema: {
        tags,
        summary: 'One sale with its refunds and what remains to refund',
        params: SaleParams,
        response: { 200: SaleDetail, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const record = await findSale(app.db, request.params.id)
      if (!record) throw notFound()
      return {
        Item: {
          sale: record.sale,
          refunds: await refundsOf(app.db, record.sale.id),
          refundable: (cents(record.amount) - cents(record.refunded)) / 100,
          throughProvider: throughProvider(record),
        },
      }
    },
  )

  app.get(
    `${BASE}/:id/receipt`,
    {
      schema: {
        tags,
        summary: "A sale's receipt (PDF), in the language asked for or the buyer's",
        params: SaleParams,
        querystring: ReceiptQuery,
        response: { 200: ReceiptPdf, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const record = await findSale(app.db, request.params.id)
      if (!record) throw notFound()
      const { pdf, fileName } = await receiptOf(app, record, request.query.lang)
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength))
    },
  )

  app.post(
    `${BASE}/:id/refund`,
    {
      schema: {
        tags,
        summary:
          'Refunds a sale, wholly or in part (no more than remains: 409), through the payment provider when it was paid online, and revokes, shortens or keeps its subscription',
        params: SaleParams,
        body: RefundBody,
        response: { 200: SaleDetail, ...errorResponses(400, 401, 403, 404, 409), 502: ErrorBody },
      },
    },
    async (request, reply) => {
      const body = request.body
      const reason = body.reason.trim()
      if (!reason) throw invalid('reason', 'Say why the sale is refunded')
      if (body.subscription === 'shorten' && body.days === undefined) throw invalid('days', 'Say by how many days the subscription is shortened')
      if (body.subscription !== 'shorten' && body.days !== undefined) throw invalid('days', 'Days are for a shortened subscription only')
      if (body.amount !== undefined && Math.abs(body.amount * 100 - Math.round(body.amount * 100)) > 1e-6)
        throw invalid('amount', 'The amount has two decimals at most')
      const actor = actorOf(request)
      const id = request.params.id
      try {
        await app.db.transaction(async (tx) => {
          // The sale's row lock makes refunds of one sale take turns: each sees what the others refunded.
          const record = await findSale(tx, id, true)
          if (!record) throw notFound()
          const remaining = cents(record.amount) - cents(record.refunded)
          if (remaining <= 0) throw new HttpError(409, 'This sale is refunded already', 'ALREADY_REFUNDED')
          const wanted = body.amount === undefined ? remaining : Math.round(body.amount * 100)
          if (wanted > remaining) throw new HttpError(409, `No more than ${(remaining / 100).toFixed(2)} remains to refund`, 'REFUND_EXCEEDS_SALE')
          const amount = (wanted / 100).toFixed(2)
          const refundId = randomUUID()
          // The provider is called holding the lock: a concurrent refund waits rather than refunding twice.
          // The refund's id is the provider's idempotency key, so the library's retry refunds once.
          let providerRef: string | null = null
          if (throughProvider(record)) {
            if (!app.payments)
              throw new HttpError(409, 'This sale was paid online and online payment is not configured: it cannot be refunded now', 'PAYMENTS_OFF')
            providerRef = (await app.payments.refund(record.paymentRef!, amount, record.sale.currency, refundId)).refundId
          }
          await insertRefund(tx, {
            id: refundId,
            saleId: id,
            amount,
            currency: record.sale.currency,
            reason,
            subscription: body.subscription,
            days: body.subscription === 'shorten' ? body.days! : null,
            providerRef,
            refundedBy: actor.email || actor.username,
          })
          if (body.subscription === 'revoke') await revokeRefunded(tx, record.subscriptionId)
          else if (body.subscription === 'shorten') await shortenSubscription(tx, record.subscriptionId, body.days!)
          const after = (await findSale(tx, id))!
          await recordAudit(tx, actor, {
            action: 'sales.refund',
            targetType: 'sale',
            targetId: id,
            before: { ...record.sale },
            after: { ...after.sale, refund: { id: refundId, amount, reason, subscription: body.subscription, days: body.days ?? null, providerRef } },
          })
        })
      } catch (error) {
        if (!(error instanceof ProviderUnavailable)) throw error
        request.log.warn({ err: error, sale: id }, 'the payment provider could not refund')
        return reply.status(502).send({ message: PROVIDER_UNAVAILABLE_MESSAGE, code: 'PAYMENT_PROVIDER_UNAVAILABLE' })
      }
      const record = (await findSale(app.db, id))!
      return {
        Item: {
          sale: record.sale,
          refunds: await refundsOf(app.db, id),
          refundable: (cents(record.amount) - cents(record.refunded)) / 100,
          throughProvider: throughProvider(record),
        },
      }
    },
  )
}
