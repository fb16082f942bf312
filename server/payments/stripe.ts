import Stripe from 'stripe'
import {
  ProviderUnavailable,
  WebhookRefused,
  type CheckoutRequest,
  type CheckoutStarted,
  type PaymentEvent,
  type PaymentProvider,
  type RefundMade,
} from './provider.js'

export interface StripeOptions {
  secretKey: string
  webhookSecret: string
  /** Another origin for the Stripe API (tests, self-hosted mocks); unset: api.stripe.com. */
  apiBase?: string
}

// Stripe counts amounts in the currency's smallest unit; these currencies have none, or three decimals
// (https://docs.stripe.com/currencies#zero-decimal, #three-decimal).
const ZERO_DECIMAL = new Set(['BIF', 'CLP', 'DJF', 'GNF', 'JPY', 'KMF', 'KRW', 'MGA', 'PYG', 'RWF', 'UGX', 'VND', 'VUV', 'XAF', 'XOF', 'XPF'])
const THREE_DECIMAL = new Set(['BHD', 'JOD', 'KWD', 'OMR', 'TND'])

/** A stored price (`"49.90"`) in the currency's smallest unit, without floating-point rounding. */
export function minorUnits(amount: string, currency: string): number {
  const [whole, fraction = ''] = amount.split('.')
  const decimals = ZERO_DECIMAL.has(currency) ? 0 : THREE_DECIMAL.has(currency) ? 3 : 2
  const cents = BigInt(whole + fraction.padEnd(2, '0').slice(0, 2))
  if (decimals === 2) return Number(cents)
  if (decimals === 3) return Number(cents * 10n)
  return Math.round(Number(cents) / 100)
}

/** Payments through Stripe Checkout (hosted payment page) with the official library. */
export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe'
  private readonly stripe: Stripe
  private readonly webhookSecret: string

  constructor(options: StripeOptions) {
    const base = options.apiBase ? new URL(options.apiBase) : null
    this.stripe = new Stripe(options.secretKey, {
      maxNetworkRetries: 1,
      timeout: 20000,
      telemetry: false,
      ...(base
        ? {
            host: base.hostname,
            port: Number(base.port || (base.protocol === 'http:' ? 80 : 443)),
            protocol: base.protocol === 'http:' ? 'http' : 'https',
          }
        : {}),
    })
    this.webhookSecret = options.webhookSecret
  }

  async startCheckout(r: CheckoutRequest): Promise<CheckoutStarted> {
    let session: Stripe.Checkout.Session
    try {
      session = await this.stripe.checkout.sessions.create(
        {
          mode: 'payment',
          client_reference_id: r.reference,
          customer_email: r.buyer.email || undefined,
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: r.currency.toLowerCase(),
                unit_amount: minorUnits(r.amount, r.currency),
                product_data: { name: `${r.course.name} — ${r.plan.name}`.slice(0, 250) },
              },
            },
          ],
          metadata: { checkout: r.reference, user: r.buyer.sub, course: r.course.uuid, plan: r.plan.id },
          success_url: r.successUrl,
          cancel_url: r.cancelUrl,
        },
        // A retried request (the library's own retry) opens no second session.
        { idempotencyKey: `aula-checkout-${r.reference}` },
      )
    } catch (error) {
      throw new ProviderUnavailable(error instanceof Error ? error.message : String(error))
    }
    if (!session.url) throw new ProviderUnavailable('Stripe answered a session without a payment page')
    return { sessionId: session.id, url: session.url }
  }

  async refund(paymentRef: string, amount: string, currency: string, key: string): Promise<RefundMade> {
    try {
      const refund = await this.stripe.refunds.create(
        { payment_intent: paymentRef, amount: minorUnits(amount, currency), reason: 'requested_by_customer' },
        { idempotencyKey: `aula-refund-${key}` },
      )
      if (refund.status === 'failed' || refund.status === 'canceled') throw new Error(`Stripe answered a ${refund.status} refund`)
      return { refundId: refund.id }
    } catch (error) {
      throw new ProviderUnavailable(error instanceof Error ? error.message : String(error))
    }
  }

  readEvent(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): PaymentEvent {
    const signature = headers['stripe-signature']
    if (typeof signature !== 'string' || !signature) throw new WebhookRefused('No Stripe-Signature header')
    let event: Stripe.Event
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature, this.webhookSecret)
    } catch (error) {
      throw new WebhookRefused(error instanceof Error ? error.message : 'Invalid signature')
    }
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded': {
        const s = event.data.object
        // A completed session may still wait for a delayed payment method: only "paid" fulfils.
        if (s.payment_status !== 'paid' && s.payment_status !== 'no_payment_required') return { kind: 'ignored', eventId: event.id, type: event.type }
        const intent = typeof s.payment_intent === 'string' ? s.payment_intent : (s.payment_intent?.id ?? null)
        return { kind: 'paid', eventId: event.id, sessionId: s.id, reference: s.client_reference_id ?? s.metadata?.checkout ?? null, paymentRef: intent }
      }
      case 'checkout.session.expired':
      case 'checkout.session.async_payment_failed':
        return { kind: 'closed', eventId: event.id, sessionId: event.data.object.id }
      default:
        return { kind: 'ignored', eventId: event.id, type: event.type }
    }
  }
}
