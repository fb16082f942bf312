import type { Queryable } from '../../../../db/index.js'

/** SQL of opening an online checkout (checkout_sessions, migration 0031); the webhook's end is routes/payments. */

export interface NewCheckout {
  provider: string
  sub: string
  email: string
  course: string
  plan: string
  amount: string
  currency: string
}

/** Stores a pending checkout at the plan's price; returns its id (the reference the provider sends back). */
export async function insertCheckout(db: Queryable, c: NewCheckout): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO checkout_sessions (provider, user_sub, buyer_email, course_uuid, plan_id, amount, currency)
     VALUES ($1, $2, $3, $4, $5, $6::numeric, $7) RETURNING id`,
    [c.provider, c.sub, c.email, c.course, c.plan, c.amount, c.currency],
  )
  return rows[0].id
}

/** Names the provider's session of a checkout and its payment page (a webhook that came first may have named the session already). */
export async function setCheckoutSession(db: Queryable, id: string, sessionId: string, url: string): Promise<void> {
  await db.query('UPDATE checkout_sessions SET session_id = coalesce(session_id, $2), url = $3 WHERE id = $1', [id, sessionId, url])
}

/** How long a learner's open payment page is offered again instead of opening another (the provider keeps it 24 hours). */
const REUSE_FOR = '1 hour'

/**
 * The learner's open checkout of this plan at this price, made in the last hour: pressing Buy again
 * (after cancelling, in a second tab) goes back to the same payment page rather than opening another.
 */
export async function openCheckoutOf(db: Queryable, c: NewCheckout): Promise<{ id: string; url: string } | null> {
  const { rows } = await db.query<{ id: string; url: string }>(
    `SELECT id, url FROM checkout_sessions
      WHERE provider = $1 AND user_sub = $2 AND course_uuid = $3 AND plan_id = $4 AND amount = $5::numeric AND currency = $6
        AND status = 'open' AND url IS NOT NULL AND created_at > now() - $7::interval
      ORDER BY created_at DESC LIMIT 1`,
    [c.provider, c.sub, c.course, c.plan, c.amount, c.currency, REUSE_FOR],
  )
  return rows[0] ?? null
}

/** The provider could not open the session: the checkout is over before it started. */
export async function failCheckout(db: Queryable, id: string): Promise<void> {
  await db.query(`UPDATE checkout_sessions SET status = 'failed', completed_at = now() WHERE id = $1 AND status = 'open'`, [id])
}
