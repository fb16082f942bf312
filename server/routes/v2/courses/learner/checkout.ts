import { ErrorBody, errorResponses } from '../../../../../contracts/errors.js'
import { ALREADY_SUBSCRIBED_MESSAGE, PLAN_NOT_FOUND_MESSAGE, REVOKED_BY_ADMIN_MESSAGE } from '../../../../../contracts/learner/catalogue.js'
import { SubscriptionRefused } from '../../../../../contracts/learner/player.js'
import {
  CHECKOUT_DISABLED_MESSAGE,
  CHECKOUT_RETURN,
  CheckoutBody,
  CheckoutStarted,
  NOT_ON_SALE_MESSAGE,
  PLAN_IS_FREE_MESSAGE,
  PROVIDER_UNAVAILABLE_MESSAGE,
} from '../../../../../contracts/payments.js'
import { ProviderUnavailable } from '../../../../payments/index.js'
import { HttpError } from '../../../../plugins/errors.js'
import { requestOrigin } from '../../../../plugins/security.js'
import type { App } from '../../../../types.js'
import { failCheckout, insertCheckout, openCheckoutOf, setCheckoutSession } from './checkout-queries.js'
import { principalOf, snapshotOr404 } from './access.js'
import { BASE, tags } from './base.js'
import { courseSubscriptions, lockLearnerCourse, offeredPlans, selfSubscriptionBlocked } from './queries.js'
import { decidingSubscription } from './views.js'

/** The web app's course overview, where the provider sends the learner back. */
const overviewPath = (uuid: string) => `/galaxy/courses/overview/${uuid}`

/**
 * Buying a priced plan of a published course online (decision 0028): the session is opened at the
 * plan's price as the server has it; the provider's webhook (routes/payments) fulfils it.
 */
export async function checkoutRoutes(app: App) {
  app.post(
    `${BASE}/course/checkout`,
    {
      schema: {
        tags,
        summary:
          "Opens a payment session for a priced plan of a published course at the plan's price and answers the provider's payment page (201; 200 with the same page when the caller opened one for this plan at this price in the last hour and it is still open; 409 CHECKOUT_DISABLED when online payment is not configured, PLAN_IS_FREE, NOT_ON_SALE or ALREADY_SUBSCRIBED; 403 SUBSCRIPTION_REVOKED; 502 when the provider cannot be reached)",
        body: CheckoutBody,
        response: { 200: CheckoutStarted, 201: CheckoutStarted, ...errorResponses(400, 401, 404, 409), 403: SubscriptionRefused, 502: ErrorBody },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request.principal)
      const provider = app.payments
      if (!provider) throw new HttpError(409, CHECKOUT_DISABLED_MESSAGE, 'CHECKOUT_DISABLED')
      const base = app.config.PUBLIC_URL ?? requestOrigin(request)
      if (!base) throw new HttpError(400, 'The request names no host the payment page could send you back to', 'BAD_HOST')
      const { uuid, plan } = request.body
      const pending = await app.db.transaction(async (tx) => {
        await lockLearnerCourse(tx, principal.sub, uuid)
        const snap = await snapshotOr404(tx, uuid)
        const chosen = (await offeredPlans(tx, uuid)).find((p) => p.id === plan)
        if (!chosen) throw new HttpError(404, PLAN_NOT_FOUND_MESSAGE, 'PLAN_NOT_FOUND')
        if (chosen.price === null || !(Number(chosen.price) > 0) || chosen.currency === null) throw new HttpError(409, PLAN_IS_FREE_MESSAGE, 'PLAN_IS_FREE')
        if (!snap.course.salesEnabled) throw new HttpError(409, NOT_ON_SALE_MESSAGE, 'NOT_ON_SALE')
        const current = decidingSubscription(await courseSubscriptions(tx, principal.sub, uuid), new Date())
        if (current?.status === 'active') throw new HttpError(409, ALREADY_SUBSCRIBED_MESSAGE, 'ALREADY_SUBSCRIBED')
        if (await selfSubscriptionBlocked(tx, principal.sub, uuid)) throw new HttpError(403, REVOKED_BY_ADMIN_MESSAGE, 'SUBSCRIPTION_REVOKED')
        const amount = String(chosen.price)
        const currency = chosen.currency.trim()
        const wanted = { provider: provider.name, sub: principal.sub, email: principal.email, course: uuid, plan, amount, currency }
        const open = await openCheckoutOf(tx, wanted)
        if (open) return { open }
        const id = await insertCheckout(tx, wanted)
        return { open: null, id, course: snap.course, plan: chosen, amount, currency }
      })
      // Pressed again (after cancelling, in another tab): the same payment page, not a second session.
      if (pending.open) return reply.status(200).send(pending.open)
      // The provider is called outside the transaction: a slow network holds no lock.
      const back = `${base}${overviewPath(uuid)}?checkout=`
      try {
        const started = await provider.startCheckout({
          reference: pending.id,
          buyer: { sub: principal.sub, email: principal.email },
          course: { uuid, name: pending.course.name },
          plan: { id: pending.plan.id, name: pending.plan.name, durationDays: Number(pending.plan.duration_days) },
          amount: pending.amount,
          currency: pending.currency,
          successUrl: back + CHECKOUT_RETURN.success,
          cancelUrl: back + CHECKOUT_RETURN.cancelled,
        })
        await setCheckoutSession(app.db, pending.id, started.sessionId, started.url)
        return reply.status(201).send({ id: pending.id, url: started.url })
      } catch (error) {
        if (!(error instanceof ProviderUnavailable)) throw error
        request.log.warn({ err: error, checkout: pending.id }, 'the payment provider could not open a checkout session')
        await failCheckout(app.db, pending.id)
        return reply.status(502).send({ message: PROVIDER_UNAVAILABLE_MESSAGE, code: 'PAYMENT_PROVIDER_UNAVAILABLE' })
      }
    },
  )
}
