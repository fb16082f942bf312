import type { Config } from '../config.js'
import type { PaymentProvider } from './provider.js'
import { StripeProvider } from './stripe.js'

export type { CheckoutRequest, CheckoutStarted, PaymentEvent, PaymentProvider, RefundMade } from './provider.js'
export { ProviderUnavailable, WebhookRefused } from './provider.js'

/**
 * The configured payment provider, or null when online checkout is off (no STRIPE_SECRET_KEY and
 * STRIPE_WEBHOOK_SECRET): priced plans are then sold by an administrator, as before.
 */
export function createPaymentProvider(config: Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_API_BASE'>): PaymentProvider | null {
  if (!config.STRIPE_SECRET_KEY || !config.STRIPE_WEBHOOK_SECRET) return null
  return new StripeProvider({ secretKey: config.STRIPE_SECRET_KEY, webhookSecret: config.STRIPE_WEBHOOK_SECRET, apiBase: config.STRIPE_API_BASE })
}
