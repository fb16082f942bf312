import type { CourseSales, CurrencyTotals, PlanSales, Sale, SaleRefund, SalesInterval, SubscriptionAfterRefund } from '../../../contracts/insights/finances.js'
import type { Queryable } from '../../db/index.js'
import { iso, isoOrNull } from '../../http/dates.js'
import { notify } from '../../notifications/queries.js'

/** A resolved report range: UTC instants, `start` included and `end` excluded. */
export interface SalesFilter {
  start: string
  end: string
  currency?: string
  course?: string
}

/** The WHERE clause every report shares; parameters $1.. are start, end, currency, course. */
const WHERE = `s.sold_at >= $1::timestamptz AND s.sold_at < $2::timestamptz
  AND ($3::text IS NULL OR s.currency = $3::text) AND ($4::uuid IS NULL OR s.course_uuid = $4::uuid)`
const params = (f: SalesFilter) => [f.start, f.end, f.currency ?? null, f.course ?? null]

// numeric arrives as text from both drivers: exact, then a number once (two decimals at most).
const money = (v: string | number | null) => Math.round(Number(v ?? 0) * 100) / 100
/** An exact decimal string in cents (two decimals at most), for sums that must not drift. */
export const cents = (v: string | number) => Math.round(Number(v) * 100)
/** Gross, refunds and net of summed numerics, the subtraction done in cents. */
const grossAndNet = (revenue: string | null, refunds: string | null) => ({
  revenue: money(revenue),
  refunds: money(refunds),
  net: (cents(revenue ?? 0) - cents(refunds ?? 0)) / 100,
})

/**
 * Records the sale of a subscription when its plan is priced (price above zero), copying the price
 * and currency the plan has in this transaction; a free plan records nothing. A checkout passes
 * `paid`, the amount the learner was charged (the plan's price when the session was opened), which is
 * recorded instead, with `paymentRef`, the provider's payment (what a refund names). Returns the sale's
 * id, or null when nothing was sold. Call it in the transaction that creates the subscription.
 */
export async function recordSale(
  tx: Queryable,
  subscriptionId: string,
  sale: {
    channel: 'admin' | 'checkout'
    buyerEmail?: string
    recordedBy?: string | null
    paid?: { amount: string; currency: string; paymentRef?: string | null }
  },
): Promise<string | null> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO sales (subscription_id, course_uuid, plan_id, course_name, plan_name, buyer_sub, buyer_email, amount, currency, channel, recorded_by, sold_at, payment_ref)
     SELECT s.id, s.course_uuid, p.id, c.name, s.plan_name, s.user_sub, $2, coalesce($5::numeric, p.price), coalesce($6::text, p.currency), $3, $4, s.created_at, $7
       FROM subscriptions s
       JOIN subscription_plans p ON p.id = s.plan_id
       JOIN courses c ON c.uuid = s.course_uuid
      WHERE s.id = $1 AND coalesce($5::numeric, p.price) > 0 AND coalesce($6::text, p.currency) IS NOT NULL
     RETURNING id`,
    [
      subscriptionId,
      sale.buyerEmail ?? '',
      sale.channel,
      sale.recordedBy ?? null,
      sale.paid?.amount ?? null,
      sale.paid?.currency ?? null,
      sale.paid?.paymentRef ?? null,
    ],
  )
  return rows[0]?.id ?? null
}

/** Sales and revenue per bucket and currency (buckets that sold nothing are absent). */
export async function salesSeries(
  db: Queryable,
  f: SalesFilter,
  interval: SalesInterval,
): Promise<Array<{ period: string; currency: string; sales: number; revenue: number; refunds: number; net: number }>> {
  const { rows } = await db.query<{ period: string; currency: string; sales: number; revenue: string; refunds: string }>(
    `SELECT to_char(date_trunc($5, s.sold_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS period, s.currency,
            count(*)::int AS sales, sum(s.amount)::text AS revenue, sum(s.refunded_amount)::text AS refunds
       FROM sales s WHERE ${WHERE}
      GROUP BY 1, 2 ORDER BY 1, 2`,
    [...params(f), interval],
  )
  return rows.map((r) => ({ period: r.period, currency: r.currency.trim(), sales: Number(r.sales), ...grossAndNet(r.revenue, r.refunds) }))
}

/** Per course and currency, largest revenue first; `limit + 1` rows at most (the extra says "more"). */
export async function salesByCourse(db: Queryable, f: SalesFilter, limit: number): Promise<CourseSales[]> {
  const { rows } = await db.query<{ course_uuid: string; course_name: string; currency: string; sales: number; revenue: string }>(
    `SELECT s.course_uuid, c.name AS course_name, s.currency, count(*)::int AS sales, sum(s.amount)::text AS revenue
       FROM sales s JOIN courses c ON c.uuid = s.course_uuid
      WHERE ${WHERE}
      GROUP BY s.course_uuid, c.name, s.currency
      ORDER BY sum(s.amount) DESC, count(*) DESC, c.name, s.course_uuid, s.currency
      LIMIT $5`,
    [...params(f), limit + 1],
  )
  return rows.map((r) => ({
    courseId: r.course_uuid,
    courseName: r.course_name,
    currency: r.currency.trim(),
    sales: Number(r.sales),
    revenue: money(r.revenue),
  }))
}

/** Per plan and currency, largest revenue first; `limit + 1` rows at most. */
export async function salesByPlan(db: Queryable, f: SalesFilter, limit: number): Promise<PlanSales[]> {
  const { rows } = await db.query<{
    plan_id: string | null
    plan_name: string
    course_uuid: string
    course_name: string
    currency: string
    sales: number
    revenue: string
  }>(
    `SELECT s.plan_id, coalesce(p.name, max(s.plan_name)) AS plan_name, s.course_uuid, c.name AS course_name, s.currency,
            count(*)::int AS sales, sum(s.amount)::text AS revenue
       FROM sales s JOIN courses c ON c.uuid = s.course_uuid LEFT JOIN subscription_plans p ON p.id = s.plan_id
      WHERE ${WHERE}
      GROUP BY s.plan_id, p.name, s.course_uuid, c.name, s.currency
      ORDER BY sum(s.amount) DESC, count(*) DESC, c.name, 2, s.currency
      LIMIT $5`,
    [...params(f), limit + 1],
  )
  return rows.map((r) => ({
    planId: r.plan_id,
    planName: r.plan_name,
    courseId: r.course_uuid,
    courseName: r.course_name,
    currency: r.currency.trim(),
    sales: Number(r.sales),
    revenue: money(r.revenue),
  }))
}

/** Totals per currency (sales, revenue, average price, distinct buyers and courses). */
export async function salesTotals(db: Queryable, f: SalesFilter): Promise<CurrencyTotals[]> {
  const { rows } = await db.query<{ currency: string; sales: number; revenue: string; refunds: string; average: string; buyers: number; courses: number }>(
    `SELECT s.currency, count(*)::int AS sales, sum(s.amount)::text AS revenue, sum(s.refunded_amount)::text AS refunds, round(avg(s.amount), 2)::text AS average,
            count(DISTINCT s.buyer_sub)::int AS buyers, count(DISTINCT s.course_uuid)::int AS courses
       FROM sales s WHERE ${WHERE}
      GROUP BY s.currency ORDER BY sum(s.amount) DESC, s.currency`,
    params(f),
  )
  return rows.map((r) => ({
    currency: r.currency.trim(),
    sales: Number(r.sales),
    ...grossAndNet(r.revenue, r.refunds),
    averagePrice: money(r.average),
    buyers: Number(r.buyers),
    courses: Number(r.courses),
  }))
}

interface SaleRow {
  id: string
  sold_at: Date | string
  sold_key: string
  course_uuid: string
  course_name: string
  plan_id: string | null
  plan_name: string
  amount: string
  currency: string
  buyer_sub: string
  buyer_email: string
  channel: 'admin' | 'checkout'
  recorded_by: string | null
  subscription_id: string
  revoked_at: Date | string | null
  receipt_number: string | number
  refunded_amount: string
  refunded_at: Date | string | null
}

const toSale = (r: SaleRow): Sale => ({
  id: r.id,
  soldAt: iso(r.sold_at),
  courseId: r.course_uuid,
  courseName: r.course_name,
  planId: r.plan_id,
  planName: r.plan_name,
  amount: money(r.amount),
  currency: r.currency.trim(),
  buyer: r.buyer_sub,
  buyerEmail: r.buyer_email,
  channel: r.channel,
  recordedBy: r.recorded_by,
  subscriptionId: r.subscription_id,
  revokedAt: isoOrNull(r.revoked_at),
  receiptNumber: receiptNumber(r.receipt_number),
  refundedAmount: money(r.refunded_amount),
  refundedAt: isoOrNull(r.refunded_at),
})

/** The printed number of a receipt: R- and six digits at least. */
export const receiptNumber = (n: string | number) => `R-${String(n).padStart(6, '0')}`

const SALE_COLUMNS = `s.id, s.sold_at, s.sold_at::text AS sold_key, s.course_uuid, s.course_name, s.plan_id, s.plan_name, s.amount::text AS amount,
  s.currency, s.buyer_sub, s.buyer_email, s.channel, s.recorded_by, s.subscription_id, sub.revoked_at,
  s.receipt_number::text AS receipt_number, s.refunded_amount::text AS refunded_amount, s.refunded_at`

/**
 * Sales newest first, keyset-paged on (sold_at, id) after `after` (the last row's key); `limit + 1`
 * rows at most. The key keeps PostgreSQL's microseconds, so no row is skipped or repeated.
 */
export async function listSales(
  db: Queryable,
  f: SalesFilter,
  limit: number,
  after: [string, string] | null,
): Promise<Array<{ sale: Sale; key: [string, string] }>> {
  const { rows } = await db.query<SaleRow>(
    `SELECT ${SALE_COLUMNS}
       FROM sales s JOIN subscriptions sub ON sub.id = s.subscription_id
      WHERE ${WHERE} AND ($5::timestamptz IS NULL OR (s.sold_at, s.id) < ($5::timestamptz, $6::uuid))
      ORDER BY s.sold_at DESC, s.id DESC
      LIMIT $7`,
    [...params(f), after?.[0] ?? null, after?.[1] ?? null, limit],
  )
  return rows.map((r) => ({ sale: toSale(r), key: [r.sold_key, r.id] }))
}

export async function countSales(db: Queryable, f: SalesFilter): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM sales s WHERE ${WHERE}`, params(f))
  return Number(rows[0]?.n ?? 0)
}

/** A sale with what a refund or a receipt needs beyond the list's fields. */
export interface SaleRecord {
  sale: Sale
  amount: string
  refunded: string
  paymentRef: string | null
  userSub: string
  subscriptionId: string
  courseId: string
}

const toRecord = (r: SaleRow & { payment_ref: string | null }): SaleRecord => ({
  sale: toSale(r),
  amount: r.amount,
  refunded: r.refunded_amount,
  paymentRef: r.payment_ref,
  userSub: r.buyer_sub,
  subscriptionId: r.subscription_id,
  courseId: r.course_uuid,
})

/**
 * One sale by id; `lock` takes its row for the transaction (FOR UPDATE), so two refunds of the same
 * sale at once run one after the other and the second sees what the first refunded.
 */
export async function findSale(db: Queryable, id: string, lock = false): Promise<SaleRecord | null> {
  const { rows } = await db.query<SaleRow & { payment_ref: string | null }>(
    `SELECT ${SALE_COLUMNS}, s.payment_ref FROM sales s JOIN subscriptions sub ON sub.id = s.subscription_id WHERE s.id = $1${lock ? ' FOR UPDATE OF s' : ''}`,
    [id],
  )
  return rows[0] ? toRecord(rows[0]) : null
}

/** The sale of one of the learner's subscriptions (null when it is not theirs, or was not bought). */
export async function saleOfSubscription(db: Queryable, subscriptionId: string, userSub: string): Promise<SaleRecord | null> {
  const { rows } = await db.query<SaleRow & { payment_ref: string | null }>(
    `SELECT ${SALE_COLUMNS}, s.payment_ref FROM sales s JOIN subscriptions sub ON sub.id = s.subscription_id
      WHERE s.subscription_id = $1 AND sub.user_sub = $2`,
    [subscriptionId, userSub],
  )
  return rows[0] ? toRecord(rows[0]) : null
}

interface RefundRow {
  id: string
  amount: string
  reason: string
  subscription_action: SubscriptionAfterRefund
  days: number | null
  provider_ref: string | null
  refunded_by: string
  created_at: Date | string
}

export async function refundsOf(db: Queryable, saleId: string): Promise<SaleRefund[]> {
  const { rows } = await db.query<RefundRow>(
    `SELECT id, amount::text AS amount, reason, subscription_action, days, provider_ref, refunded_by, created_at
       FROM sale_refunds WHERE sale_id = $1 ORDER BY created_at, id`,
    [saleId],
  )
  return rows.map((r) => ({
    id: r.id,
    amount: money(r.amount),
    reason: r.reason,
    subscription: r.subscription_action,
    days: r.days === null ? null : Number(r.days),
    providerRef: r.provider_ref,
    refundedBy: r.refunded_by,
    at: iso(r.created_at),
  }))
}

/** Records one refund of a sale and adds it to the sale's refunded total (the caller holds the sale's lock). */
export async function insertRefund(
  tx: Queryable,
  r: {
    id: string
    saleId: string
    amount: string
    currency: string
    reason: string
    subscription: SubscriptionAfterRefund
    days: number | null
    providerRef: string | null
    refundedBy: string
  },
): Promise<void> {
  await tx.query(
    `INSERT INTO sale_refunds (id, sale_id, amount, currency, reason, subscription_action, days, provider_ref, refunded_by)
     VALUES ($1, $2, $3::numeric, $4, $5, $6, $7, $8, $9)`,
    [r.id, r.saleId, r.amount, r.currency, r.reason, r.subscription, r.days, r.providerRef, r.refundedBy],
  )
  await tx.query('UPDATE sales SET refunded_amount = refunded_amount + $2::numeric, refunded_at = now() WHERE id = $1', [r.saleId, r.amount])
}

/** Revokes the refunded subscription (unless it is already), and tells its learner. */
export async function revokeRefunded(tx: Queryable, subscriptionId: string): Promise<void> {
  const { rows } = await tx.query<{ user_sub: string; course_uuid: string; name: string }>(
    `UPDATE subscriptions s SET revoked_at = now() FROM courses c
      WHERE s.id = $1 AND s.revoked_at IS NULL AND c.uuid = s.course_uuid
      RETURNING s.user_sub, s.course_uuid, c.name`,
    [subscriptionId],
  )
  const row = rows[0]
  if (row) await notify(tx, row.user_sub, 'subscription-revoked', { course: row.name }, `/galaxy/courses/overview/${row.course_uuid}`)
}

/** Takes `days` off a subscription's length (one day at least remains: the subscription then ended). */
export async function shortenSubscription(tx: Queryable, subscriptionId: string, days: number): Promise<void> {
  await tx.query('UPDATE subscriptions SET duration_days = greatest(duration_days - $2, 1) WHERE id = $1', [subscriptionId, days])
}
