import Type, { type Static } from 'typebox'
import { DateTime, PaginationToken, TokenPage, Uuid } from '../admin/common.js'

/**
 * Finances (issue: insights): every subscription to a priced plan is a sale whose amount and currency
 * were copied when it was made. These routes read the sales; the one write is an administrator's
 * refund (decision 0031). Amounts are numbers
 * with two decimals in the plan's currency; money in different currencies is never added together.
 *
 * Ranges are calendar days in UTC, both ends included: `from` defaults to 29 days before `to`, `to`
 * to today. A range longer than `FINANCE_MAX_RANGE_YEARS` years, or ending before it starts, is a 400.
 */
export const FINANCE_MAX_RANGE_YEARS = 3
export const SALES_INTERVALS = ['day', 'week', 'month'] as const
export type SalesInterval = (typeof SALES_INTERVALS)[number]

const IsoDate = Type.String({ format: 'date', description: 'A calendar day, YYYY-MM-DD (UTC).' })
const Currency = Type.String({ pattern: '^[A-Z]{3}$', description: 'ISO 4217 code, e.g. EUR.' })
const Money = Type.Number({ description: 'An amount in the row’s currency, two decimals.' })

/** The filters every finance read takes. */
export const FinanceRangeFields = {
  from: Type.Optional(IsoDate),
  to: Type.Optional(IsoDate),
  /** Only sales in this currency. */
  currency: Type.Optional(Currency),
}
export const FinanceRangeQuery = Type.Object(FinanceRangeFields)
export type FinanceRangeQuery = Static<typeof FinanceRangeQuery>

/** `GET /api/v2/finances/sales?from&to&interval&currency`: sales over time. */
export const SalesSeriesQuery = Type.Object({
  ...FinanceRangeFields,
  interval: Type.Enum([...SALES_INTERVALS], { default: 'day', description: 'Bucket size; weeks start on Monday.' }),
})
export type SalesSeriesQuery = Static<typeof SalesSeriesQuery>

/** The range a report covers, as the server resolved it (defaults applied). */
const Range = { from: IsoDate, to: IsoDate }

export const SalesPoint = Type.Object({
  /** First day of the bucket (a Monday for weeks, the 1st for months); the first and last buckets are cut at `from` and `to`. */
  period: IsoDate,
  currency: Currency,
  sales: Type.Integer({ minimum: 0 }),
  /** Gross: what the bucket's sales were paid. */
  revenue: Money,
  /** Refunded so far of the bucket's sales (counted on the sale's day), and revenue less refunds. */
  refunds: Money,
  net: Money,
})
export type SalesPoint = Static<typeof SalesPoint>

/**
 * The series: one point per bucket and currency, buckets without sales included (zero), so a chart
 * draws the whole range. `currencies` lists those sold in the range (or the one asked for).
 */
export const SalesSeries = Type.Object({
  ...Range,
  interval: Type.Enum([...SALES_INTERVALS]),
  periods: Type.Array(IsoDate),
  currencies: Type.Array(Currency),
  points: Type.Array(SalesPoint),
})
export type SalesSeries = Static<typeof SalesSeries>

/** `GET /api/v2/finances/sales/by-course` and `/by-plan`: the largest `limit` rows by revenue. */
export const SalesBreakdownQuery = Type.Object({
  ...FinanceRangeFields,
  limit: Type.Integer({ minimum: 1, maximum: 1000, default: 100 }),
})
export type SalesBreakdownQuery = Static<typeof SalesBreakdownQuery>

export const CourseSales = Type.Object({
  courseId: Uuid,
  /** The course's current name. */
  courseName: Type.String(),
  currency: Currency,
  sales: Type.Integer({ minimum: 0 }),
  revenue: Money,
})
export type CourseSales = Static<typeof CourseSales>

export const SalesByCourse = Type.Object({
  ...Range,
  items: Type.Array(CourseSales),
  /** More rows matched than `limit`. */
  truncated: Type.Boolean(),
})
export type SalesByCourse = Static<typeof SalesByCourse>

export const PlanSales = Type.Object({
  planId: Type.Union([Uuid, Type.Null()]),
  /** The plan's current name (its name at the last sale when the plan is gone). */
  planName: Type.String(),
  courseId: Uuid,
  courseName: Type.String(),
  currency: Currency,
  sales: Type.Integer({ minimum: 0 }),
  revenue: Money,
})
export type PlanSales = Static<typeof PlanSales>

export const SalesByPlan = Type.Object({
  ...Range,
  items: Type.Array(PlanSales),
  truncated: Type.Boolean(),
})
export type SalesByPlan = Static<typeof SalesByPlan>

export const CurrencyTotals = Type.Object({
  currency: Currency,
  sales: Type.Integer({ minimum: 0 }),
  /** Gross: what the range's sales were paid. */
  revenue: Money,
  /** Refunded so far of the range's sales (counted on the sale's day), and revenue less refunds. */
  refunds: Money,
  net: Money,
  /** Revenue ÷ sales (0 without sales). */
  averagePrice: Money,
  /** Distinct buyers and courses sold. */
  buyers: Type.Integer({ minimum: 0 }),
  courses: Type.Integer({ minimum: 0 }),
})
export type CurrencyTotals = Static<typeof CurrencyTotals>

/**
 * `GET /api/v2/finances/sales/totals`: per currency, for the range and for the period of the same
 * length just before it (`previous`, to compare).
 */
export const SalesTotals = Type.Object({
  ...Range,
  /** All sales in the range, every currency. */
  sales: Type.Integer({ minimum: 0 }),
  currencies: Type.Array(CurrencyTotals),
  previous: Type.Object({ ...Range, sales: Type.Integer({ minimum: 0 }), currencies: Type.Array(CurrencyTotals) }),
})
export type SalesTotals = Static<typeof SalesTotals>

/** `GET /api/v2/finances/sales/list`: the sales newest first, token-paged. */
export const SalesListQuery = Type.Object({
  ...FinanceRangeFields,
  /** Only sales of this course. */
  course: Type.Optional(Uuid),
  sizePerPage: Type.Integer({ minimum: 1, maximum: 100, default: 25 }),
  paginationToken: PaginationToken,
})
export type SalesListQuery = Static<typeof SalesListQuery>

/** One sale, flat (each field one CSV column). Names are as they were at the moment of sale. */
export const Sale = Type.Object({
  id: Uuid,
  soldAt: DateTime,
  courseId: Uuid,
  courseName: Type.String(),
  planId: Type.Union([Uuid, Type.Null()]),
  planName: Type.String(),
  amount: Money,
  currency: Currency,
  /** The buyer's username (user-pool sub) and e-mail at the moment of sale. */
  buyer: Type.String(),
  buyerEmail: Type.String(),
  /** `admin`: added by an administrator; `checkout`: paid by the learner. */
  channel: Type.Enum(['admin', 'checkout']),
  /** The administrator who recorded an `admin` sale. */
  recordedBy: Type.Union([Type.String(), Type.Null()]),
  subscriptionId: Uuid,
  /** When the subscription was revoked since (the sale stays a sale). */
  revokedAt: Type.Union([DateTime, Type.Null()]),
  /** The receipt's number (R-000123). */
  receiptNumber: Type.String(),
  /** Refunded so far (0: none), and when last. */
  refundedAmount: Money,
  refundedAt: Type.Union([DateTime, Type.Null()]),
})
export type Sale = Static<typeof Sale>

export const SaleParams = Type.Object({ id: Uuid })
export type SaleParams = Static<typeof SaleParams>

export const SUBSCRIPTION_AFTER_REFUND = ['revoke', 'shorten', 'keep'] as const
export type SubscriptionAfterRefund = (typeof SUBSCRIPTION_AFTER_REFUND)[number]

/** One refund of a sale. */
export const SaleRefund = Type.Object({
  id: Uuid,
  amount: Money,
  reason: Type.String(),
  subscription: Type.Enum([...SUBSCRIPTION_AFTER_REFUND]),
  /** The days the subscription was shortened by (`shorten`), else null. */
  days: Type.Union([Type.Integer(), Type.Null()]),
  /** The payment provider's refund id; null when the sale was refunded as a record only (a manual sale). */
  providerRef: Type.Union([Type.String(), Type.Null()]),
  /** The administrator who refunded: their e-mail (username when they have none). */
  refundedBy: Type.String(),
  at: DateTime,
})
export type SaleRefund = Static<typeof SaleRefund>

/** `GET /api/v2/finances/sales/:id`: the sale, its refunds, and what remains to refund. */
export const SaleDetail = Type.Object({
  Item: Type.Object({
    sale: Sale,
    refunds: Type.Array(SaleRefund),
    /** What can still be refunded. */
    refundable: Money,
    /** Whether a refund goes through the payment provider (a checkout sale with its payment stored). */
    throughProvider: Type.Boolean(),
  }),
})
export type SaleDetail = Static<typeof SaleDetail>

export const REFUND_REASON_MAX = 500
export const REFUND_DAYS_MAX = 3650

/**
 * `POST /api/v2/finances/sales/:id/refund` (administrators): gives back `amount` (all that remains
 * when absent; two decimals at most, no more than remains: else 409) and revokes, shortens by `days`
 * (required then) or keeps the subscription.
 */
export const RefundBody = Type.Object({
  amount: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 9999999999.99 })),
  reason: Type.String({ minLength: 1, maxLength: REFUND_REASON_MAX }),
  subscription: Type.Enum([...SUBSCRIPTION_AFTER_REFUND]),
  days: Type.Optional(Type.Integer({ minimum: 1, maximum: REFUND_DAYS_MAX })),
})
export type RefundBody = Static<typeof RefundBody>

/** A sale's receipt: a one-page PDF document (`application/pdf`, sent as an attachment). */
export const ReceiptPdf = Type.Unsafe<Uint8Array>({ type: 'string', format: 'binary', description: 'The receipt as a PDF document.' })

/** The receipt's language (default: the learner's, else mx). */
export const ReceiptQuery = Type.Object({
  lang: Type.Optional(Type.Enum(['mx', 'eng', 'es', 'it', 'gr', 'rs'], { description: 'The language of the receipt.' })),
})
export type ReceiptQuery = Static<typeof ReceiptQuery>

export const SalesPage = TokenPage(Sale)
export type SalesPage = Static<typeof SalesPage>

/**
 * `GET /api/v2/finances/sales/export?from&to&currency&course`: every matching sale as CSV (UTF-8 with
 * a byte-order mark, CRLF), newest first, at most `SALES_EXPORT_LIMIT` rows; columns `SALES_CSV_COLUMNS`.
 */
export const SalesExportQuery = Type.Object({ ...FinanceRangeFields, course: Type.Optional(Uuid) })
export type SalesExportQuery = Static<typeof SalesExportQuery>
export const SALES_EXPORT_LIMIT = 100000
export const SALES_CSV_COLUMNS = [
  'sold_at',
  'course',
  'plan',
  'amount',
  'currency',
  'buyer_email',
  'buyer',
  'channel',
  'recorded_by',
  'course_id',
  'plan_id',
  'sale_id',
  'subscription_id',
  'revoked_at',
  'receipt_number',
  'refunded_amount',
  'refunded_at',
] as const
