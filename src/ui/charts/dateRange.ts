import { useCallback, useMemo } from 'react'
import { useSearchParams } from 'react-router-dom'
import type { DateRange } from './types'

/** The quick periods the picker offers, each ending today. */
export const PRESETS = ['last7', 'last30', 'last90', 'thisYear'] as const
export type DateRangePreset = (typeof PRESETS)[number]

/** The longest period the picker accepts, in years (the APIs' series stay a readable size). */
export const MAX_RANGE_YEARS = 3

/** What can be wrong with one end of a period: each is a text in `aula.charts.range.errors`. */
export type DateRangeError = 'required' | 'invalid' | 'order' | 'future' | 'tooLong'

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** True for a real calendar day written `YYYY-MM-DD` (not 2026-02-30). */
export function isIsoDate(text: string): boolean {
  const m = ISO_DATE.exec(text)
  if (!m) return false
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])))
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3])
}

const iso = (d: Date) => d.toISOString().slice(0, 10)
const parse = (text: string) => new Date(`${text}T00:00:00Z`)

/** Today in the browser's own time zone: the day the person looking at the screen calls today. */
export function todayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}

/** The day `days` after (or before, when negative) an ISO date. */
export function addDays(date: string, days: number): string {
  const d = parse(date)
  d.setUTCDate(d.getUTCDate() + days)
  return iso(d)
}

/** The same calendar day `years` later (29 February becomes 1 March in a common year). */
export function addYears(date: string, years: number): string {
  const d = parse(date)
  d.setUTCFullYear(d.getUTCFullYear() + years)
  return iso(d)
}

/** A quick period ending `today`, both ends included: "last 7 days" is today and the 6 days before. */
export function presetRange(preset: DateRangePreset, today: string = todayIso()): DateRange {
  switch (preset) {
    case 'last7':
      return { from: addDays(today, -6), to: today }
    case 'last30':
      return { from: addDays(today, -29), to: today }
    case 'last90':
      return { from: addDays(today, -89), to: today }
    case 'thisYear':
      return { from: `${today.slice(0, 4)}-01-01`, to: today }
  }
}

/** The quick period a range is, if it is one. */
export function matchingPreset(range: DateRange, today: string = todayIso()): DateRangePreset | null {
  return (
    PRESETS.find((p) => {
      const r = presetRange(p, today)
      return r.from === range.from && r.to === range.to
    }) ?? null
  )
}

/**
 * What is wrong with each end of a period, if anything: both ends required and real days, neither
 * after today, the start on or before the end, and at most three years from start to end.
 */
export function validateRange(range: DateRange, today: string = todayIso()): { from?: DateRangeError; to?: DateRangeError } {
  const errors: { from?: DateRangeError; to?: DateRangeError } = {}
  const check = (value: string): DateRangeError | undefined => {
    if (!value) return 'required'
    if (!isIsoDate(value)) return 'invalid'
    return value > today ? 'future' : undefined
  }
  const from = check(range.from)
  const to = check(range.to)
  if (from) errors.from = from
  if (to) errors.to = to
  if (!from && !to) {
    if (range.from > range.to) errors.from = 'order'
    else if (range.to > addYears(range.from, MAX_RANGE_YEARS)) errors.to = 'tooLong'
  }
  return errors
}

export const isValidRange = (range: DateRange, today?: string) => Object.keys(validateRange(range, today)).length === 0

/**
 * The period of a screen, kept in the address (`?from=YYYY-MM-DD&to=YYYY-MM-DD`) so a reload or a
 * shared link shows the same period; other query parameters are kept. An absent or invalid period in
 * the address stands for the default quick period. Spread it into the picker:
 * `const period = useDateRange(); <DateRangePicker {...period} />`, and fetch with `period.value`.
 */
export function useDateRange(defaultPreset: DateRangePreset = 'last30'): { value: DateRange; onChange: (range: DateRange) => void } {
  const [params, setParams] = useSearchParams()
  const from = params.get('from') ?? ''
  const to = params.get('to') ?? ''
  const value = useMemo(() => {
    const asked = { from, to }
    return isValidRange(asked) ? asked : presetRange(defaultPreset)
  }, [from, to, defaultPreset])
  const onChange = useCallback(
    (range: DateRange) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current)
          next.set('from', range.from)
          next.set('to', range.to)
          return next
        },
        // Each period is a step back in history: "back" returns to the period looked at before.
        { replace: false },
      ),
    [setParams],
  )
  return { value, onChange }
}
