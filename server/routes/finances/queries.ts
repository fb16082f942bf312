import type { CourseSales, CurrencyTotals, PlanSales, Sale, SalesInterval } from '../../../contracts/insights/finances.js'
import type { Queryable } from '../../db/index.js'
import { iso, isoOrNull } from '../../http/dates.js'

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

/**
 * Records the sale of a subscription when its plan is priced (price above zero), copying the price
 * and currency the plan has in this transaction; a free plan records nothing. A checkout passes
 * `paid`, the amount the learner was charged (the plan's price when the session was opened), which is
 * recorded instead. Returns whether a sale was recorded. Call it in the transaction that creates the
 * subscription.
 */
export async function recordSale(
  tx: Queryable,
  subscriptionId: string,
  sale: { channel: 'admin' | 'checkout'; buyerEmail?: string; recordedBy?: string | null; paid?: { amount: string; currency: string } },
): Promise<boolean> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO sales (subscription_id, course_uuid, plan_id, course_name, plan_name, buyer_sub, buyer_email, amount, currency, channel, recorded_by, sold_at)
     SELECT s.id, s.course_uuid, p.id, c.name, s.plan_name, s.user_sub, $2, coalesce($5::numeric, p.price), coalesce($6::text, p.currency), $3, $4, s.created_at
       FROM subscriptions s
       JOIN subscription_plans p ON p.id = s.plan_id
       JOIN courses c ON c.uuid = s.course_uuid
      WHERE s.id = $1 AND coalesce($5::numeric, p.price) > 0 AND coalesce($6::text, p.currency) IS NOT NULL
     RETURNING id`,
    [subscriptionId, sale.buyerEmail ?? '', sale.channel, sale.recordedBy ?? null, sale.paid?.amount ?? null, sale.paid?.currency ?? null],
  )
  return rows.length > 0
}

/** Sales and revenue per bucket and currency (buckets that sold nothing are absent). */
export async function salesSeries(
  db: Queryable,
  f: SalesFilter,
  interval: SalesInterval,
): Promise<Array<{ period: string; currency: string; sales: number; revenue: number }>> {
  const { rows } = await db.query<{ period: string; currency: string; sales: number; revenue: string }>(
    `SELECT to_char(date_trunc($5, s.sold_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS period, s.currency,
            count(*)::int AS sales, sum(s.amount)::text AS revenue
       FROM sales s WHERE ${WHERE}
      GROUP BY 1, 2 ORDER BY 1, 2`,
    [...params(f), interval],
  )
  return rows.map((r) => ({ period: r.period, currency: r.currency.trim(), sales: Number(r.sales), revenue: money(r.revenue) }))
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
  const { rows } = await db.query<{ currency: string; sales: number; revenue: string; average: string; buyers: number; courses: number }>(
    `SELECT s.currency, count(*)::int AS sales, sum(s.amount)::text AS revenue, round(avg(s.amount), 2)::text AS average,
            count(DISTINCT s.buyer_sub)::int AS buyers, count(DISTINCT s.course_uuid)::int AS courses
       FROM sales s WHERE ${WHERE}
      GROUP BY s.currency ORDER BY sum(s.amount) DESC, s.currency`,
    params(f),
  )
  return rows.map((r) => ({
    currency: r.currency.trim(),
    sales: Number(r.sales),
    revenue: money(r.revenue),
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
})

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
    `SELECT s.id, s.sold_at, s.sold_at::text AS sold_key, s.course_uuid, s.course_name, s.plan_id, s.plan_name, s.amount::text AS amount,
            s.currency, s.buyer_sub, s.buyer_email, s.channel, s.recorded_by, s.subscription_id, sub.revoked_at
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
