import type { ActiveLearnersResponse, CompletionResponse, Interval, SubscriptionsResponse, TopCoursesResponse } from '../../../contracts/insights/analytics'
import type {
  BucketSizeResponse,
  CostAndUsageResponse,
  DocumentsResponse,
  ForecastResponse,
  RealtimeResponse,
  ServerVersionResponse,
} from '../../../contracts/insights/monitoring'
import { httpClient } from '../../dataProvider/http'
import type { DateRange } from '../common'

const get = async <T>(url: string): Promise<T> => (await httpClient<T>(url, { headers: { accept: 'application/json' } })).json

const range = (r: DateRange, extra: Record<string, string | undefined> = {}) => {
  const q = new URLSearchParams({ from: r.from, to: r.to })
  for (const [k, v] of Object.entries(extra)) if (v) q.set(k, v)
  return q.toString()
}

/** The monitoring and analytics calls (requirements §7 "Metrics"), all for administrators. */
export const monitoringApi = {
  version: () => get<ServerVersionResponse>('/api/v2/metrics/server/version'),
  documents: () => get<DocumentsResponse>('/api/v2/metrics/server/ddb-documents'),
  storage: () => get<BucketSizeResponse>('/api/v2/metrics/server/s3-bucket-size'),
  costAndUsage: (r: DateRange, granularity: 'day' | 'month') => get<CostAndUsageResponse>(`/api/v2/metrics/server/cost-and-usage?${range(r, { granularity })}`),
  forecast: () => get<ForecastResponse>('/api/v2/metrics/server/forecast'),
  realtime: (minutes: number) => get<RealtimeResponse>(`/api/metrics/ga/rt-users-by-country?minutes=${minutes}`),
  activeLearners: (r: DateRange, interval?: Interval) => get<ActiveLearnersResponse>(`/api/v2/metrics/analytics/active-learners?${range(r, { interval })}`),
  subscriptions: (r: DateRange, interval?: Interval) => get<SubscriptionsResponse>(`/api/v2/metrics/analytics/subscriptions?${range(r, { interval })}`),
  completion: (r: DateRange) => get<CompletionResponse>(`/api/v2/metrics/analytics/completion?${range(r)}`),
  topCourses: (r: DateRange, by: 'subscriptions' | 'completions' | 'learners') =>
    get<TopCoursesResponse>(`/api/v2/metrics/analytics/top-courses?${range(r, { by })}`),
}
