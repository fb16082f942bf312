import type { CostAndUsageResponse, CostBreakdown, ForecastResponse, UnitPrices } from '../../contracts/insights/monitoring.js'
import type { Config } from '../config.js'
import type { Queryable } from '../db/index.js'
import type { Billing } from './billing.js'
import { usageDays } from './queries.js'
import { utcDay } from './usage.js'

/** Storage is priced per GiB (2^30 bytes), as cloud object stores bill it. */
const GIB = 1024 ** 3
const DAY_MS = 86_400_000

export function pricesFrom(
  config: Pick<Config, 'COST_CURRENCY' | 'COST_STORAGE_GB_MONTH' | 'COST_REQUESTS_MILLION' | 'COST_EMAILS_THOUSAND' | 'COST_COMPUTE_CPU_HOUR'>,
): UnitPrices {
  return {
    currency: config.COST_CURRENCY,
    storageGbMonth: config.COST_STORAGE_GB_MONTH,
    requestsMillion: config.COST_REQUESTS_MILLION,
    emailsThousand: config.COST_EMAILS_THOUSAND,
    computeCpuHour: config.COST_COMPUTE_CPU_HOUR,
  }
}

export const daysInMonth = (day: string) => new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)), 0)).getUTCDate()
export const addDays = (day: string, n: number) => utcDay(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS)

/** A day's usage priced: storage is the day's share of a month of the bytes held. */
export function priceDay(u: { day: string; requests: number; emails: number; cpuSeconds: number; storageBytes: number }, p: UnitPrices): CostBreakdown {
  const storage = (u.storageBytes / GIB) * (p.storageGbMonth / daysInMonth(u.day))
  const requests = (u.requests / 1e6) * p.requestsMillion
  const emails = (u.emails / 1e3) * p.emailsThousand
  const compute = (u.cpuSeconds / 3600) * p.computeCpuHour
  return { storage, requests, emails, compute, total: storage + requests + emails + compute }
}

const zero = (): CostBreakdown => ({ storage: 0, requests: 0, emails: 0, compute: 0, total: 0 })
const addInto = (a: CostBreakdown, b: CostBreakdown) => {
  a.storage += b.storage
  a.requests += b.requests
  a.emails += b.emails
  a.compute += b.compute
  a.total += b.total
}

export interface PricedDay {
  day: string
  requests: number
  emails: number
  cpuSeconds: number
  storageBytes: number
  cost: CostBreakdown
}

/**
 * Every day from `from` to `to` (inclusive) with its measured usage and modelled cost. Days without a
 * storage measurement hold the last one taken before them; days after `today` are left out.
 */
export async function pricedDays(db: Queryable, prices: UnitPrices, from: string, to: string, today: string): Promise<PricedDay[]> {
  const last = to < today ? to : today
  if (last < from) return []
  const { days, storageBefore } = await usageDays(db, from, last)
  const byDay = new Map(days.map((d) => [d.day, d]))
  const out: PricedDay[] = []
  let storage = storageBefore
  for (let day = from; day <= last; day = addDays(day, 1)) {
    const d = byDay.get(day)
    if (d?.storageBytes != null) storage = d.storageBytes
    const usage = { day, requests: d?.requests ?? 0, emails: d?.emails ?? 0, cpuSeconds: (d?.cpuMs ?? 0) / 1000, storageBytes: storage }
    out.push({ ...usage, cost: priceDay(usage, prices) })
  }
  return out
}

/** Where the billing figures stand: what to say when the model answers alone. */
export interface BillingState {
  billing: Billing | null
  /** Why the provider's billing was not used, when it was configured but failed. */
  failure?: string
}

function sourceNote(
  state: BillingState,
  answered: boolean,
): { source: 'model' | 'aws-cost-explorer'; modelled: boolean; note: string; billingApi: 'none' | 'aws-cost-explorer' } {
  const billingApi = state.billing ? state.billing.name : 'none'
  if (answered)
    return {
      billingApi,
      source: 'aws-cost-explorer',
      modelled: false,
      note: 'Billed amounts come from AWS Cost Explorer; the breakdown is the model over the measured usage.',
    }
  if (state.billing)
    return { billingApi, source: 'model', modelled: true, note: `Modelled figures: AWS Cost Explorer did not answer (${state.failure ?? 'unknown error'}).` }
  return { billingApi, source: 'model', modelled: true, note: 'Modelled figures: measured usage × the configured unit prices; no billing API is configured.' }
}

export async function costAndUsage(
  db: Queryable,
  prices: UnitPrices,
  state: BillingState,
  q: { from: string; to: string; granularity: 'day' | 'month' },
  now: number,
): Promise<CostAndUsageResponse> {
  const days = await pricedDays(db, prices, q.from, q.to, utcDay(now))
  const periods = new Map<string, CostAndUsageResponse['periods'][number] & { byteDays: number; count: number }>()
  for (const d of days) {
    const key = q.granularity === 'day' ? d.day : `${d.day.slice(0, 7)}-01`
    let p = periods.get(key)
    if (!p) periods.set(key, (p = { period: key, requests: 0, emails: 0, cpuSeconds: 0, storageBytes: 0, cost: zero(), billed: null, byteDays: 0, count: 0 }))
    p.requests += d.requests
    p.emails += d.emails
    p.cpuSeconds += d.cpuSeconds
    p.byteDays += d.storageBytes
    p.count++
    addInto(p.cost, d.cost)
  }
  let billed: Map<string, number> | null = null
  let answered = false
  if (state.billing && days.length > 0) {
    try {
      billed = (await state.billing.costs(q.from, addDays(days[days.length - 1]!.day, 1), q.granularity)).byPeriod
      answered = true
    } catch (error) {
      state = { ...state, failure: (error as Error).message || (error as Error).name }
    }
  }
  const totals = { requests: 0, emails: 0, cpuSeconds: 0, cost: zero(), billed: answered ? 0 : (null as number | null) }
  const list = [...periods.values()].map(({ byteDays, count, ...p }) => {
    const period = { ...p, storageBytes: Math.round(byteDays / count), billed: billed ? (billed.get(p.period) ?? 0) : null }
    totals.requests += period.requests
    totals.emails += period.emails
    totals.cpuSeconds += period.cpuSeconds
    addInto(totals.cost, period.cost)
    if (totals.billed !== null) totals.billed += period.billed ?? 0
    return period
  })
  return {
    from: q.from,
    to: q.to,
    granularity: q.granularity,
    currency: prices.currency,
    ...sourceNote(state, answered),
    unitPrices: prices,
    periods: list,
    totals,
  }
}

/**
 * A linear projection of the month: the month-to-date figures divided by the days so far (today
 * included) and multiplied by the days of the month. With a billing API, the provider's own forecast
 * of the remaining days is added to what it billed so far instead.
 */
export async function forecast(db: Queryable, prices: UnitPrices, state: BillingState, month: string, now: number): Promise<ForecastResponse> {
  const first = `${month}-01`
  const length = daysInMonth(first)
  const last = `${month}-${String(length).padStart(2, '0')}`
  const today = utcDay(now)
  const days = await pricedDays(db, prices, first, last, today)
  const elapsed = days.length
  const mtd = days.reduce((s, d) => s + d.cost.total, 0)
  const perDay = elapsed > 0 ? mtd / elapsed : 0
  const sum = (f: (d: PricedDay) => number) => days.reduce((s, d) => s + f(d), 0)
  const scale = elapsed > 0 ? length / elapsed : 0
  let projected = elapsed === length ? mtd : mtd + perDay * (length - elapsed)
  let monthToDate = mtd
  let answered = false
  if (state.billing && elapsed > 0) {
    try {
      const billed = await state.billing.costs(first, addDays(today < last ? today : last, 1), 'month')
      monthToDate = [...billed.byPeriod.values()].reduce((s, n) => s + n, 0)
      projected = elapsed < length ? monthToDate + (await state.billing.forecast(addDays(today, 1), addDays(last, 1))) : monthToDate
      answered = true
    } catch (error) {
      state = { ...state, failure: (error as Error).message || (error as Error).name }
    }
  }
  const series: ForecastResponse['days'] = []
  let running = 0
  for (let i = 0; i < length; i++) {
    const day = addDays(first, i)
    if (i < elapsed) {
      running += days[i]!.cost.total
      // The projection line starts from the last measured day so the two lines meet.
      series.push({ day, actual: running, projected: i === elapsed - 1 ? running : null })
    } else {
      series.push({ day, actual: null, projected: elapsed > 0 ? running + perDay * (i - elapsed + 1) : null })
    }
  }
  return {
    month,
    currency: prices.currency,
    ...sourceNote(state, answered),
    method: 'linear',
    daysInMonth: length,
    daysElapsed: elapsed,
    monthToDate,
    projected,
    projectedUsage: {
      requests: Math.round(sum((d) => d.requests) * scale),
      emails: Math.round(sum((d) => d.emails) * scale),
      cpuSeconds: sum((d) => d.cpuSeconds) * scale,
    },
    days: series,
  }
}
