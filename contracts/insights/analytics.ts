import Type, { type Static } from 'typebox'
import { IsoDate } from './monitoring.js'

export const ANALYTICS_PAGES = ['active-learners', 'subscriptions', 'completion', 'top-courses'] as const
export type AnalyticsPage = (typeof ANALYTICS_PAGES)[number]

export const Interval = Type.Enum(['day', 'week', 'month'])
export type Interval = Static<typeof Interval>

export const RangeQuery = Type.Object({
  from: IsoDate,
  to: IsoDate,
  /** Bucket size of a series; by default a day up to 92 days, a week up to 366, else a month. */
  interval: Type.Optional(Interval),
})
export type RangeQuery = Static<typeof RangeQuery>

const SeriesHead = {
  from: IsoDate,
  to: IsoDate,
  interval: Interval,
}

export const ActiveLearnersResponse = Type.Object({
  ...SeriesHead,
  /** Distinct learners active over the whole range. */
  total: Type.Integer({ minimum: 0 }),
  series: Type.Array(Type.Object({ period: IsoDate, learners: Type.Integer({ minimum: 0 }) })),
})
export type ActiveLearnersResponse = Static<typeof ActiveLearnersResponse>

export const SubscriptionsResponse = Type.Object({
  ...SeriesHead,
  totals: Type.Object({ created: Type.Integer({ minimum: 0 }), revoked: Type.Integer({ minimum: 0 }), activeAtEnd: Type.Integer({ minimum: 0 }) }),
  series: Type.Array(
    Type.Object({
      period: IsoDate,
      created: Type.Integer({ minimum: 0 }),
      revoked: Type.Integer({ minimum: 0 }),
      /** Subscriptions in force at the end of the period (or now, for the current one). */
      active: Type.Integer({ minimum: 0 }),
    }),
  ),
})
export type SubscriptionsResponse = Static<typeof SubscriptionsResponse>

const Rate = Type.Union([Type.Number({ minimum: 0, maximum: 1 }), Type.Null()])

export const CompletionResponse = Type.Object({
  from: IsoDate,
  to: IsoDate,
  courses: Type.Array(
    Type.Object({
      uuid: Type.String(),
      name: Type.String(),
      /** Learners whose subscription was in force at some point of the range. */
      enrolled: Type.Integer({ minimum: 0 }),
      /** Learners who completed the course within the range. */
      completed: Type.Integer({ minimum: 0 }),
      completionRate: Rate,
      /** Learners who sent a form of the course within the range, and those with a passing attempt. */
      attempted: Type.Integer({ minimum: 0 }),
      passed: Type.Integer({ minimum: 0 }),
      passRate: Rate,
      certificates: Type.Integer({ minimum: 0 }),
    }),
  ),
})
export type CompletionResponse = Static<typeof CompletionResponse>

export const TopCoursesQuery = Type.Object({
  from: IsoDate,
  to: IsoDate,
  by: Type.Optional(Type.Enum(['subscriptions', 'completions', 'learners'], { default: 'subscriptions' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 10 })),
})
export type TopCoursesQuery = Static<typeof TopCoursesQuery>

export const TopCoursesResponse = Type.Object({
  from: IsoDate,
  to: IsoDate,
  by: Type.Enum(['subscriptions', 'completions', 'learners']),
  courses: Type.Array(
    Type.Object({
      uuid: Type.String(),
      name: Type.String(),
      subscriptions: Type.Integer({ minimum: 0 }),
      completions: Type.Integer({ minimum: 0 }),
      learners: Type.Integer({ minimum: 0 }),
    }),
  ),
})
export type TopCoursesResponse = Static<typeof TopCoursesResponse>
