import { FINANCE_MAX_RANGE_YEARS, type SalesInterval } from '../../../contracts/insights/finances.js'
import { HttpError } from '../../http/http-error.js'

const DAY = 86_400_000
/** Days as UTC midnights: calendar arithmetic without any time-zone or daylight-saving slip. */
const ms = (day: string) => Date.parse(`${day}T00:00:00Z`)
const day = (t: number) => new Date(t).toISOString().slice(0, 10)
export const addDays = (d: string, n: number) => day(ms(d) + n * DAY)
function addMonths(d: string, n: number): string {
  const t = new Date(ms(d))
  t.setUTCMonth(t.getUTCMonth() + n)
  return day(t.getTime())
}

export interface ResolvedRange {
  from: string
  to: string
  /** `from` at 00:00 UTC and the day after `to` at 00:00 UTC: the instants the queries compare with. */
  start: string
  end: string
}

const bad = (field: 'from' | 'to', message: string) => new HttpError(400, 'Invalid request', 'VALIDATION', { [field]: message })

/**
 * The range a report covers: `to` defaults to today (UTC) and `from` to 29 days before `to` (30 days
 * in all). An end before the start, or a range longer than the limit, is the caller's mistake (400).
 */
export function resolveRange(q: { from?: string; to?: string }, now = new Date()): ResolvedRange {
  const to = q.to ?? day(now.getTime())
  const from = q.from ?? addDays(to, -29)
  if (from > to) throw bad('to', 'The end date must be on or after the start date')
  if (to > addMonths(from, 12 * FINANCE_MAX_RANGE_YEARS)) throw bad('from', `The range must not be longer than ${FINANCE_MAX_RANGE_YEARS} years`)
  return { from, to, start: `${from}T00:00:00.000Z`, end: `${addDays(to, 1)}T00:00:00.000Z` }
}

/** The period of the same length that ends the day before `range` starts (to compare with). */
export function previousRange(range: ResolvedRange): ResolvedRange {
  const days = Math.round((ms(range.to) - ms(range.from)) / DAY) + 1
  const to = addDays(range.from, -1)
  const from = addDays(to, -(days - 1))
  return { from, to, start: `${from}T00:00:00.000Z`, end: range.start }
}

/** The first day of the bucket holding `d`: itself, its week's Monday, or its month's 1st. */
export function bucketOf(d: string, interval: SalesInterval): string {
  if (interval === 'day') return d
  if (interval === 'month') return `${d.slice(0, 8)}01`
  const weekday = (new Date(ms(d)).getUTCDay() + 6) % 7 // Monday 0 … Sunday 6
  return addDays(d, -weekday)
}

/** Every bucket the range touches, in order (PostgreSQL's date_trunc gives the same starts). */
export function periodsOf(range: { from: string; to: string }, interval: SalesInterval): string[] {
  const out: string[] = []
  for (let p = bucketOf(range.from, interval); p <= range.to; p = interval === 'month' ? addMonths(p, 1) : addDays(p, interval === 'week' ? 7 : 1)) out.push(p)
  return out
}
