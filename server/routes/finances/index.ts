import {
  SALES_CSV_COLUMNS,
  SALES_EXPORT_LIMIT,
  SalesBreakdownQuery,
  SalesByCourse,
  SalesByPlan,
  SalesExportQuery,
  SalesListQuery,
  SalesPage,
  SalesSeries,
  SalesSeriesQuery,
  SalesTotals,
  FinanceRangeQuery,
  type Sale,
} from '../../../contracts/insights/finances.js'
import { errorResponses } from '../../../contracts/errors.js'
import type { App } from '../../types.js'
import { decodeToken, encodeToken, TIMESTAMP_RE, UUID_RE } from '../../http/paging.js'
import { countSales, listSales, salesByCourse, salesByPlan, salesSeries, salesTotals } from './queries.js'
import { periodsOf, previousRange, resolveRange } from './range.js'
import saleRoutes from './refunds.js'
import { csvField } from '../../http/csv.js'

const tags = ['finances']
const BASE = '/sales'
const isKey = (v: unknown[]): v is [string, string] =>
  v.length === 2 && typeof v[0] === 'string' && TIMESTAMP_RE.test(v[0]) && typeof v[1] === 'string' && UUID_RE.test(v[1])

const csvLine = (s: Sale) =>
  [
    s.soldAt,
    s.courseName,
    s.planName,
    s.amount.toFixed(2),
    s.currency,
    s.buyerEmail,
    s.buyer,
    s.channel,
    s.recordedBy ?? '',
    s.courseId,
    s.planId ?? '',
    s.id,
    s.subscriptionId,
    s.revokedAt ?? '',
    s.receiptNumber,
    s.refundedAmount.toFixed(2),
    s.refundedAt ?? '',
  ]
    .map(csvField)
    .join(',')

/**
 * Finances (issue: insights): reports over the sales recorded when subscriptions to priced plans are
 * made, for administrators and the finances group (contracts/insights/finances-policy.ts); one sale,
 * its receipt and its refunds in `refunds.ts`.
 */
export default async function financeRoutes(app: App) {
  await app.register(saleRoutes)
  app.get(
    BASE,
    {
      schema: {
        tags,
        summary: 'Sales and revenue over time, per day, week (from Monday) or month and per currency; empty buckets included',
        querystring: SalesSeriesQuery,
        response: { 200: SalesSeries, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { interval, currency } = request.query
      const range = resolveRange(request.query)
      const rows = await salesSeries(app.db, { ...range, currency }, interval)
      const periods = periodsOf(range, interval)
      const currencies = currency ? [currency] : [...new Set(rows.map((r) => r.currency))].sort()
      const found = new Map(rows.map((r) => [`${r.period} ${r.currency}`, r]))
      const points = periods.flatMap((period) =>
        currencies.map((c) => found.get(`${period} ${c}`) ?? { period, currency: c, sales: 0, revenue: 0, refunds: 0, net: 0 }),
      )
      return { from: range.from, to: range.to, interval, periods, currencies, points }
    },
  )

  app.get(
    `${BASE}/by-course`,
    {
      schema: {
        tags,
        summary: 'Sales and revenue per course and currency, largest revenue first',
        querystring: SalesBreakdownQuery,
        response: { 200: SalesByCourse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const range = resolveRange(request.query)
      const rows = await salesByCourse(app.db, { ...range, currency: request.query.currency }, request.query.limit)
      return { from: range.from, to: range.to, items: rows.slice(0, request.query.limit), truncated: rows.length > request.query.limit }
    },
  )

  app.get(
    `${BASE}/by-plan`,
    {
      schema: {
        tags,
        summary: 'Sales and revenue per subscription plan and currency, largest revenue first',
        querystring: SalesBreakdownQuery,
        response: { 200: SalesByPlan, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const range = resolveRange(request.query)
      const rows = await salesByPlan(app.db, { ...range, currency: request.query.currency }, request.query.limit)
      return { from: range.from, to: range.to, items: rows.slice(0, request.query.limit), truncated: rows.length > request.query.limit }
    },
  )

  app.get(
    `${BASE}/totals`,
    {
      schema: {
        tags,
        summary: 'Sales, revenue, average price, buyers and courses per currency, with the period of the same length before',
        querystring: FinanceRangeQuery,
        response: { 200: SalesTotals, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { currency } = request.query
      const range = resolveRange(request.query)
      const before = previousRange(range)
      const [now, then] = await Promise.all([salesTotals(app.db, { ...range, currency }), salesTotals(app.db, { ...before, currency })])
      const count = (rows: typeof now) => rows.reduce((n, r) => n + r.sales, 0)
      return {
        from: range.from,
        to: range.to,
        sales: count(now),
        currencies: now,
        previous: { from: before.from, to: before.to, sales: count(then), currencies: then },
      }
    },
  )

  app.get(
    `${BASE}/list`,
    {
      schema: {
        tags,
        summary: 'The sales newest first, filtered by range, currency and course, token-paged',
        querystring: SalesListQuery,
        response: { 200: SalesPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { sizePerPage, paginationToken, currency, course } = request.query
      const range = resolveRange(request.query)
      const after = paginationToken ? decodeToken(paginationToken, isKey) : null
      const filter = { ...range, currency, course }
      const [rows, estimated] = await Promise.all([listSales(app.db, filter, sizePerPage + 1, after), countSales(app.db, filter)])
      const page = rows.slice(0, sizePerPage)
      const last = page[page.length - 1]
      return { items: page.map((r) => r.sale), paginationToken: rows.length > sizePerPage && last ? encodeToken(last.key) : null, estimated }
    },
  )

  app.get(
    `${BASE}/export`,
    {
      schema: {
        tags,
        summary: 'The matching sales as CSV (UTF-8 with a byte-order mark), newest first',
        querystring: SalesExportQuery,
        response: { 200: { type: 'string', description: 'text/csv' }, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const range = resolveRange(request.query)
      const filter = { ...range, currency: request.query.currency, course: request.query.course }
      const lines: string[] = [SALES_CSV_COLUMNS.join(',')]
      let after: [string, string] | null = null
      // Read in pages so a long history never sits in one result set.
      while (lines.length - 1 < SALES_EXPORT_LIMIT) {
        const size = Math.min(1000, SALES_EXPORT_LIMIT - (lines.length - 1))
        const page = await listSales(app.db, filter, size, after)
        for (const r of page) lines.push(csvLine(r.sale))
        if (page.length < size) break
        after = page[page.length - 1].key
      }
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="sales-${range.from}-${range.to}.csv"`)
        .send(`\uFEFF${lines.join('\r\n')}\r\n`)
    },
  )
}
