import type { Queryable } from '../../db/index.js'
import { UUID_RE } from '../../http/paging.js'
import { recordSale } from '../finances/queries.js'
import { insertSubscription } from '../v2/courses/learner/queries.js'

/**
 * SQL of online checkout's end (checkout_sessions, migration 0031): closing a checkout and fulfilling it
 * once. Opening one is the learner's route's (v2/courses/learner/checkout-queries.ts).
 */

/** A session that ended unpaid (expired, payment failed); a paid one stays paid whatever comes after. */
export async function closeCheckout(db: Queryable, provider: string, sessionId: string): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE checkout_sessions SET status = 'closed', completed_at = now() WHERE provider = $1 AND session_id = $2 AND status = 'open' RETURNING id`,
    [provider, sessionId],
  )
  return rows.length > 0
}

interface CheckoutRow {
  id: string
  session_id: string | null
  user_sub: string
  buyer_email: string
  course_uuid: string
  plan_id: string
  plan_name: string
  duration_days: number
  amount: string
  currency: string
  status: 'open' | 'paid' | 'closed' | 'failed'
}

export type Fulfilment = { result: 'fulfilled'; subscriptionId: string; saleId: string | null } | { result: 'already' } | { result: 'unknown' }

/**
 * Fulfils a paid session, in the caller's transaction: the learner's subscription to the plan (its
 * name and days as they are now) and its sale at the amount charged, channel `checkout`. The row is
 * locked first, so two deliveries of the event at once make one subscription: the second finds it
 * paid. A session closed before (events out of order) is still fulfilled: the payment is what counts.
 * `reference` (our checkout id, as the session carries it) finds a row whose session id was not stored yet.
 * `paymentRef` (the provider's payment, e.g. a PaymentIntent) is stored on the row and the sale: a refund names it.
 */
export async function fulfilCheckout(
  tx: Queryable,
  provider: string,
  sessionId: string,
  reference: string | null,
  paymentRef: string | null = null,
): Promise<Fulfilment> {
  const ref = reference && UUID_RE.test(reference) ? reference : null
  const { rows } = await tx.query<CheckoutRow>(
    `SELECT k.id, k.session_id, k.user_sub, k.buyer_email, k.course_uuid, k.plan_id, p.name AS plan_name, p.duration_days,
            k.amount::text AS amount, k.currency, k.status
       FROM checkout_sessions k JOIN subscription_plans p ON p.id = k.plan_id
      WHERE k.provider = $1 AND (k.session_id = $2 OR (k.session_id IS NULL AND k.id = $3::uuid))
      ORDER BY k.session_id NULLS LAST
      LIMIT 1
        FOR UPDATE OF k`,
    [provider, sessionId, ref],
  )
  const row = rows[0]
  if (!row) return { result: 'unknown' }
  if (row.status === 'paid') return { result: 'already' }
  const subscription = await insertSubscription(tx, {
    course: row.course_uuid,
    sub: row.user_sub,
    plan: row.plan_id,
    planName: row.plan_name,
    durationDays: Number(row.duration_days),
  })
  const saleId = await recordSale(tx, subscription.id, {
    channel: 'checkout',
    buyerEmail: row.buyer_email,
    paid: { amount: row.amount, currency: row.currency.trim(), paymentRef },
  })
  await tx.query(
    `UPDATE checkout_sessions SET status = 'paid', subscription_id = $2, session_id = coalesce(session_id, $3), payment_ref = $4, completed_at = now() WHERE id = $1`,
    [row.id, subscription.id, sessionId, paymentRef],
  )
  return { result: 'fulfilled', subscriptionId: subscription.id, saleId }
}
