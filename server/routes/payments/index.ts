import { errorResponses } from '../../../contracts/errors.js'
import { WEBHOOK_REFUSED_MESSAGE, WebhookReceived } from '../../../contracts/payments.js'
import { WebhookRefused } from '../../payments/index.js'
import { mailReceipt } from '../finances/receipts.js'
import { HttpError } from '../../plugins/errors.js'
import type { App } from '../../types.js'
import { closeCheckout, fulfilCheckout } from './queries.js'

const tags = ['payments']

/**
 * The payment provider's webhook (decision 0028), mounted at `/api/v2/payments`: the only place a
 * checkout is fulfilled. Public (the provider calls it), trusted only through the provider's signature
 * over the exact bytes sent: JSON bodies reach this plugin's handlers as the raw buffer, unparsed.
 */
export default async function paymentRoutes(app: App) {
  // Encapsulated: the raw-buffer parser replaces the JSON parser for this plugin's routes only.
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body))

  app.post(
    '/stripe/webhook',
    {
      schema: {
        tags,
        summary:
          "Stripe's webhook: a paid checkout.session.completed (or async_payment_succeeded) makes the learner's subscription and its sale, once however often it is delivered; expired or failed sessions are closed; other events are answered and ignored. A body without a valid Stripe-Signature is refused (400).",
        security: [],
        response: { 200: WebhookReceived, ...errorResponses(400, 404, 503) },
      },
    },
    async (request) => {
      const provider = app.payments
      if (!provider || provider.name !== 'stripe') throw new HttpError(404, 'Online payment is not configured', 'NOT_FOUND')
      const raw = request.body
      if (!Buffer.isBuffer(raw)) throw new HttpError(400, 'The webhook body must be JSON', 'BAD_BODY')
      let event
      try {
        event = provider.readEvent(raw, request.headers)
      } catch (error) {
        if (!(error instanceof WebhookRefused)) throw error
        request.log.warn({ reason: error.message }, 'payment webhook refused')
        throw new HttpError(400, WEBHOOK_REFUSED_MESSAGE, 'BAD_SIGNATURE')
      }
      if (event.kind === 'paid') {
        const done = await app.db.transaction((tx) => fulfilCheckout(tx, provider.name, event.sessionId, event.reference, event.paymentRef))
        // A session Aula never opened (another application on the same account) is not ours to fulfil.
        if (done.result === 'unknown') request.log.warn({ event: event.eventId, session: event.sessionId }, 'paid session of no known checkout')
        else request.log.info({ event: event.eventId, session: event.sessionId, result: done.result }, 'checkout paid')
        // The receipt is mailed once the sale is committed, without holding the provider's call: a
        // mail that fails is logged and the sale stands (the learner downloads the receipt instead).
        if (done.result === 'fulfilled' && done.saleId) void mailReceipt(app, done.saleId)
      } else if (event.kind === 'closed') {
        await closeCheckout(app.db, provider.name, event.sessionId)
      }
      return { received: true as const }
    },
  )
}
