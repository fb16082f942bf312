import { errorResponses } from '../../../contracts/errors.js'
import {
  ActiveLearnersResponse,
  CompletionResponse,
  RangeQuery,
  SubscriptionsResponse,
  TopCoursesQuery,
  TopCoursesResponse,
  type Interval,
} from '../../../contracts/insights/analytics.js'
import type { App } from '../../types.js'
import { addDays } from '../../insights/cost.js'
import { checkRange } from './range.js'
import { activeLearners, completionByCourse, subscriptionSeries, topCourses, type Bounds, type Bucket } from './analytics-queries.js'

/** A day's first instant (UTC) as an ISO timestamp. */
const midnightOf = (day: string) => `${day}T00:00:00.000Z`

/** A day up to 92 days, a week (Monday first) up to a year, else a month. */
export function defaultInterval(days: number): Interval {
  return days <= 92 ? 'day' : days <= 366 ? 'week' : 'month'
}

/**
 * The range's buckets. The first and last are cut to the range, so a week or month bucket counts only
 * days asked for; each is labelled with its first day in the range. "In force" counts are taken at the
 * bucket's end, or now for a bucket that has not ended yet.
 */
export function bucketsOf(from: string, to: string, interval: Interval, now: number): Bucket[] {
  const out: Bucket[] = []
  const end = addDays(to, 1)
  let start = from
  while (start < end) {
    let next: string
    if (interval === 'day') next = addDays(start, 1)
    else if (interval === 'week') {
      const weekday = (new Date(midnightOf(start)).getUTCDay() + 6) % 7
      next = addDays(start, 7 - weekday)
    } else {
      const d = new Date(midnightOf(start))
      next = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)).toISOString().slice(0, 10)
    }
    if (next > end) next = end
    const at = Math.min(Date.parse(midnightOf(next)), now)
    out.push({ period: start, start: midnightOf(start), end: midnightOf(next), at: new Date(at).toISOString() })
    start = next
  }
  return out
}

const boundsOf = (from: string, to: string): Bounds => ({ from, to, fromTs: midnightOf(from), toTs: midnightOf(addDays(to, 1)) })

/** Learning analytics for administrators: active learners, subscriptions, completion and top courses. */
export default async function analyticsRoutes(app: App) {
  const tags = ['analytics']

  app.get(
    `/active-learners`,
    {
      schema: {
        tags,
        summary: 'Distinct active learners per day, week or month',
        querystring: RangeQuery,
        response: { 200: ActiveLearnersResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { from, to } = request.query
      const days = checkRange(from, to)
      const interval = request.query.interval ?? defaultInterval(days)
      await app.insights.meter.flush()
      const series = bucketsOf(from, to, interval, Date.now())
      const { total, counts } = await activeLearners(app.db, boundsOf(from, to), series)
      return { from, to, interval, total, series: series.map((b, i) => ({ period: b.period, learners: counts[i] ?? 0 })) }
    },
  )

  app.get(
    `/subscriptions`,
    {
      schema: {
        tags,
        summary: 'Subscriptions made, revoked and in force per day, week or month',
        querystring: RangeQuery,
        response: { 200: SubscriptionsResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { from, to } = request.query
      const days = checkRange(from, to)
      const interval = request.query.interval ?? defaultInterval(days)
      const series = bucketsOf(from, to, interval, Date.now())
      const { totals, rows } = await subscriptionSeries(app.db, boundsOf(from, to), series)
      return { from, to, interval, totals, series: series.map((b, i) => ({ period: b.period, ...rows[i]! })) }
    },
  )

  app.get(
    `/completion`,
    {
      schema: {
        tags,
        summary: 'Completion and pass rates per course',
        querystring: RangeQuery,
        response: { 200: CompletionResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { from, to } = request.query
      checkRange(from, to)
      return { from, to, courses: await completionByCourse(app.db, boundsOf(from, to)) }
    },
  )

  app.get(
    `/top-courses`,
    {
      schema: {
        tags,
        summary: 'The courses with the most subscriptions, completions or active learners',
        querystring: TopCoursesQuery,
        response: { 200: TopCoursesResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { from, to, by = 'subscriptions', limit = 10 } = request.query
      checkRange(from, to)
      await app.insights.meter.flush()
      return { from, to, by, courses: await topCourses(app.db, boundsOf(from, to), by, limit) }
    },
  )
}
