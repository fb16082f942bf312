import { MAX_RANGE_DAYS } from '../../../contracts/insights/monitoring.js'
import { HttpError } from '../../http/http-error.js'

const DAY_MS = 86_400_000

/** Whether `YYYY-MM-DD` names a real calendar day. */
export function isCalendarDay(value: string): boolean {
  const ms = Date.parse(`${value}T00:00:00Z`)
  return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 10) === value
}

/**
 * Checks a metrics date range (400 with field errors otherwise): real days, from ≤ to, at most three
 * years. Returns the days it spans.
 */
export function checkRange(from: string, to: string): number {
  const errors: Record<string, string> = {}
  if (!isCalendarDay(from)) errors.from = 'Not a valid date'
  if (!isCalendarDay(to)) errors.to = 'Not a valid date'
  if (Object.keys(errors).length === 0 && from > to) errors.to = 'The end of the range must not be before its start'
  const days = Object.keys(errors).length === 0 ? Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1 : 0
  if (days > MAX_RANGE_DAYS) errors.to = 'The range must not be longer than three years'
  if (Object.keys(errors).length > 0) throw new HttpError(400, 'Invalid date range', 'VALIDATION', errors)
  return days
}
