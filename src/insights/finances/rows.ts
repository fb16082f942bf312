import type { SalesInterval, SalesSeries } from '../../../contracts/insights/finances'
import type { ChartRow } from '../../ui/charts'
import { formatDateParts } from '../../ui/formatDateTime'

/**
 * How a bucket's first day is named on an axis and in the table: a day, "week of" a Monday, or a
 * month. Buckets are UTC calendar days (as the server counts them), so they are formatted in UTC.
 */
export function periodLabel(period: string, interval: SalesInterval, locale: string): string {
  const date = new Date(`${period}T00:00:00Z`)
  const options: Intl.DateTimeFormatOptions =
    interval === 'month'
      ? { timeZone: 'UTC', month: 'short', year: 'numeric' }
      : { timeZone: 'UTC', day: 'numeric', month: 'short', year: interval === 'week' ? 'numeric' : undefined }
  return formatDateParts(date, options, locale)
}

/** Column keys of one currency's figures in a pivoted row. */
export const revenueKey = (currency: string) => `revenue_${currency}`
export const salesKey = (currency: string) => `sales_${currency}`

/** The series as one row per bucket, each currency's revenue and sales side by side. */
export function seriesRows(series: SalesSeries, locale: string): ChartRow[] {
  const rows = new Map<string, ChartRow>(series.periods.map((p) => [p, { period: p, label: periodLabel(p, series.interval, locale) }]))
  for (const point of series.points) {
    const row = rows.get(point.period)
    if (!row) continue
    row[revenueKey(point.currency)] = point.revenue
    row[salesKey(point.currency)] = point.sales
  }
  return [...rows.values()]
}

/**
 * Items per (key, currency) pivoted to one row per key with each currency's revenue and sales, in the
 * order the items came (largest revenue first).
 */
export function pivotByCurrency<T extends { currency: string; revenue: number; sales: number }>(
  items: T[],
  keyOf: (item: T) => string,
  labelOf: (item: T) => string,
): { rows: ChartRow[]; currencies: string[] } {
  const rows = new Map<string, ChartRow>()
  const currencies = new Set<string>()
  for (const item of items) {
    const key = keyOf(item)
    const row = rows.get(key) ?? { name: labelOf(item) }
    row[revenueKey(item.currency)] = item.revenue
    row[salesKey(item.currency)] = item.sales
    rows.set(key, row)
    currencies.add(item.currency)
  }
  const sorted = [...currencies].sort()
  // A course sold in one currency only has no figure in the others: "no value", not zero.
  for (const row of rows.values())
    for (const c of sorted) {
      row[revenueKey(c)] ??= null
      row[salesKey(c)] ??= null
    }
  return { rows: [...rows.values()], currencies: sorted }
}

/** A long name cut for an axis tick (the table and tooltip show it whole). */
export const shortLabel = (text: string, max = 22) => (text.length > max ? `${text.slice(0, max - 1)}…` : text)
