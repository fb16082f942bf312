import Type, { type Static } from 'typebox'

/**
 * Online checkout of priced plans (decision 0028): the learner asks to buy a plan, the server opens a
 * session with the payment provider at the plan's price and answers the provider's payment page; the
 * provider's signed webhook fulfils it (subscription and sale). Under `/api/v2/...`.
 */

const Uuid = Type.String({ format: 'uuid' })

/**
 * `POST /v2/courses/course/checkout`: which plan of which course. Nothing else is read: the price and
 * currency are the server's plan's, and any other field (a price) is dropped before the handler runs.
 */
export const CheckoutBody = Type.Object({ uuid: Uuid, plan: Uuid }, { additionalProperties: false })
export type CheckoutBody = Static<typeof CheckoutBody>

/** The provider's payment page the web app sends the learner to. */
export const CheckoutStarted = Type.Object({
  /** Our checkout id. */
  id: Uuid,
  url: Type.String({ format: 'uri', pattern: '^https?://' }),
})
export type CheckoutStarted = Static<typeof CheckoutStarted>

/** `POST /v2/payments/{provider}/webhook`: received (processed, or ignored as not ours to act on). */
export const WebhookReceived = Type.Object({ received: Type.Literal(true) })

/** Where the provider sends the learner back: the course overview with `?checkout=` one of these. */
export const CHECKOUT_RETURN = { success: 'success', cancelled: 'cancelled' } as const

export const CHECKOUT_DISABLED_MESSAGE = 'Online payment is not available; contact the centre to buy this plan'
export const PLAN_IS_FREE_MESSAGE = 'This plan is free: subscribe to it instead'
export const NOT_ON_SALE_MESSAGE = 'This course is not on sale'
export const PROVIDER_UNAVAILABLE_MESSAGE = 'The payment service cannot be reached; try again in a moment'
export const WEBHOOK_REFUSED_MESSAGE = 'Invalid webhook signature'
