import type {
  ActiveLearnersResponse,
  CompletionResponse,
  Interval,
  RangeQuery,
  SubscriptionsResponse,
  TopCoursesResponse,
} from '../../../contracts/insights/analytics'
import type {
  FinanceRangeQuery,
  RefundBody,
  SaleDetail,
  SalesByCourse,
  SalesByPlan,
  SalesInterval,
  SalesPage,
  SalesSeries,
  SalesTotals,
} from '../../../contracts/insights/finances'
import type {
  BucketSizeResponse,
  CostAndUsageResponse,
  DocumentsResponse,
  ForecastResponse,
  RealtimeResponse,
  ServerVersionResponse,
} from '../../../contracts/insights/monitoring'
import { downloadFile } from '../download'
import { httpClient } from '../http'

/**
 * The insights verbs, all for administrators: monitoring and analytics (requirements §7 "Metrics") and
 * the read-only finance reports (`/api/v2/finances/sales/...`).
 */

/** A period of whole days, both ends included (`from` and `to` of the analytics' range query). */
export type DateRange = Pick<RangeQuery, 'from' | 'to'>
/** The finance filters with their period set (an empty `currency`: every currency). */
export type FinanceFilter = Required<Pick<FinanceRangeQuery, 'from' | 'to'>> & { currency?: string }

const get = async <T>(url: string): Promise<T> => (await httpClient<T>(url, { headers: { accept: 'application/json' } })).json

const range = (r: DateRange, extra: Record<string, string | undefined> = {}) => {
  const q = new URLSearchParams({ from: r.from, to: r.to })
  for (const [k, v] of Object.entries(extra)) if (v) q.set(k, v)
  return q.toString()
}

const SALES = '/api/v2/finances/sales'

function query(values: Record<string, string | number | undefined>): string {
  const q = new URLSearchParams()
  for (const [key, value] of Object.entries(values)) if (value !== undefined && value !== '') q.set(key, String(value))
  return q.size ? `?${q}` : ''
}

export const insightsVerbs = {
  getServerVersion: () => get<ServerVersionResponse>('/api/v2/metrics/server/version'),
  getStoredDocuments: () => get<DocumentsResponse>('/api/v2/metrics/server/ddb-documents'),
  getStorageSize: () => get<BucketSizeResponse>('/api/v2/metrics/server/s3-bucket-size'),
  getCostAndUsage: (r: DateRange, granularity: 'day' | 'month') =>
    get<CostAndUsageResponse>(`/api/v2/metrics/server/cost-and-usage?${range(r, { granularity })}`),
  getCostForecast: () => get<ForecastResponse>('/api/v2/metrics/server/forecast'),
  getRealtimeUsers: (minutes: number) => get<RealtimeResponse>(`/api/metrics/ga/rt-users-by-country?minutes=${minutes}`),
  getActiveLearners: (r: DateRange, interval?: Interval) => get<ActiveLearnersResponse>(`/api/v2/metrics/analytics/active-learners?${range(r, { interval })}`),
  getSubscriptionSeries: (r: DateRange, interval?: Interval) => get<SubscriptionsResponse>(`/api/v2/metrics/analytics/subscriptions?${range(r, { interval })}`),
  getCompletion: (r: DateRange) => get<CompletionResponse>(`/api/v2/metrics/analytics/completion?${range(r)}`),
  getTopCourses: (r: DateRange, by: 'subscriptions' | 'completions' | 'learners') =>
    get<TopCoursesResponse>(`/api/v2/metrics/analytics/top-courses?${range(r, { by })}`),

  async getSalesSeries(f: FinanceFilter, interval: SalesInterval): Promise<SalesSeries> {
    return (await httpClient<SalesSeries>(`${SALES}${query({ ...f, interval })}`)).json
  },
  async getSalesByCourse(f: FinanceFilter, limit?: number): Promise<SalesByCourse> {
    return (await httpClient<SalesByCourse>(`${SALES}/by-course${query({ ...f, limit })}`)).json
  },
  async getSalesByPlan(f: FinanceFilter, limit?: number): Promise<SalesByPlan> {
    return (await httpClient<SalesByPlan>(`${SALES}/by-plan${query({ ...f, limit })}`)).json
  },
  async getSalesTotals(f: FinanceFilter): Promise<SalesTotals> {
    return (await httpClient<SalesTotals>(`${SALES}/totals${query({ ...f })}`)).json
  },
  async getSalesList(f: FinanceFilter, sizePerPage: number, paginationToken = ''): Promise<SalesPage> {
    return (await httpClient<SalesPage>(`${SALES}/list${query({ ...f, sizePerPage, paginationToken })}`)).json
  },
  /** One sale with its refunds and what remains to refund. */
  async getSale(id: string): Promise<SaleDetail['Item']> {
    return (await httpClient<SaleDetail>(`${SALES}/${encodeURIComponent(id)}`)).json.Item
  },
  /** Downloads a sale's receipt (PDF), in `lang` when given. */
  async downloadSaleReceipt(id: string, fileName: string, lang?: string): Promise<void> {
    await downloadFile(`${SALES}/${encodeURIComponent(id)}/receipt${lang ? `?lang=${encodeURIComponent(lang)}` : ''}`, fileName)
  },
  /** Refunds a sale (administrators): the sale as it is afterwards. */
  async refundSale(id: string, body: RefundBody): Promise<SaleDetail['Item']> {
    return (await httpClient<SaleDetail>(`${SALES}/${encodeURIComponent(id)}/refund`, { method: 'POST', body: JSON.stringify(body) })).json.Item
  },
  /** Every matching sale as the server's CSV (the body without its byte-order mark, which `downloadCsv` adds back). */
  async getSalesCsv(f: FinanceFilter): Promise<string> {
    return (await httpClient(`${SALES}/export${query({ ...f })}`)).body
  },
}

export type InsightsVerbs = typeof insightsVerbs
