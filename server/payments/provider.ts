/**
 * The contract a payment provider implements (decision 0028). The server decides what is sold and at
 * what price; a provider only takes the payment on its own page and later tells, through a signed
 * webhook, what happened. Nothing is fulfilled on the learner's return from the provider's page.
 */

/** What the server asks the provider to sell: one plan of one course to one learner, at the plan's price. */
export interface CheckoutRequest {
  /** Our checkout id (a uuid), sent back by the provider with every event of the session. */
  reference: string
  buyer: { sub: string; email: string }
  course: { uuid: string; name: string }
  plan: { id: string; name: string; durationDays: number }
  /** The plan's price as stored (a decimal string, two decimals at most) and its ISO 4217 currency. */
  amount: string
  currency: string
  /** Where the provider sends the learner back after paying, or after giving up. */
  successUrl: string
  cancelUrl: string
}

/** A session the provider opened: its id, and the page where the learner pays. */
export interface CheckoutStarted {
  sessionId: string
  url: string
}

/** A webhook event, as much as Aula needs to know of it. */
export type PaymentEvent =
  /** The session is paid: fulfil it (once). `reference` is our checkout id as the session carries it. */
  | { kind: 'paid'; eventId: string; sessionId: string; reference: string | null; paymentRef: string | null }
  /** The session ended without a payment (expired, or its delayed payment failed). */
  | { kind: 'closed'; eventId: string; sessionId: string }
  /** Anything else: answered 200 and ignored (a completed session whose payment is still on its way, other types). */
  | { kind: 'ignored'; eventId: string; type: string }

/** The webhook's signature (or body) is not the provider's: answered 400, nothing changes. */
export class WebhookRefused extends Error {}

/** A refund the provider made: its id in the provider's records. */
export interface RefundMade {
  refundId: string
}

/** The provider could not open a session or make a refund (network, credentials, refusal): answered 502. */
export class ProviderUnavailable extends Error {}

export interface PaymentProvider {
  /** The provider's name in stored rows and in the webhook's path (`/api/v2/payments/<name>/webhook`). */
  readonly name: string
  /** Opens a checkout session for the request; throws ProviderUnavailable when the provider cannot. */
  startCheckout(request: CheckoutRequest): Promise<CheckoutStarted>
  /** Verifies a webhook delivery (raw body and headers) and reads its event; throws WebhookRefused when it is not genuine. */
  readEvent(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): PaymentEvent
  /**
   * Gives back `amount` (a decimal string in `currency`) of the payment `paymentRef` (the reference a
   * paid event carried); `key` makes a retried call refund once. Throws ProviderUnavailable when the
   * provider cannot or refuses.
   */
  refund(paymentRef: string, amount: string, currency: string, key: string): Promise<RefundMade>
}
