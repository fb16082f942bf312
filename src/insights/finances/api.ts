import type { SalesByCourse, SalesByPlan, SalesInterval, SalesPage, SalesSeries, SalesTotals } from '../../../contracts/insights/finances'
import { httpClient } from '../../dataProvider/http'

/** The finance API (`/api/v2/finances/sales/...`, contracts/insights/finances.ts): read-only reports. */
const API = '/api/v2/finances/sales'

export interface FinanceFilter {
  from: string
  to: string
  /** Empty: every currency. */
  currency?: string
}

function query(values: Record<string, string | number | undefined>): string {
  const q = new URLSearchParams()
  for (const [key, value] of Object.entries(values)) if (value !== undefined && value !== '') q.set(key, String(value))
  return q.size ? `?${q}` : ''
}

export async function getSalesSeries(f: FinanceFilter, interval: SalesInterval): Promise<SalesSeries> {
  return (await httpClient<SalesSeries>(`${API}${query({ ...f, interval })}`)).json
}

export async function getSalesByCourse(f: FinanceFilter, limit?: number): Promise<SalesByCourse> {
  return (await httpClient<SalesByCourse>(`${API}/by-course${query({ ...f, limit })}`)).json
}

export async function getSalesByPlan(f: FinanceFilter, limit?: number): Promise<SalesByPlan> {
  return (await httpClient<SalesByPlan>(`${API}/by-plan${query({ ...f, limit })}`)).json
}

export async function getSalesTotals(f: FinanceFilter): Promise<SalesTotals> {
  return (await httpClient<SalesTotals>(`${API}/totals${query({ ...f })}`)).json
}

export async function getSalesList(f: FinanceFilter, sizePerPage: number, paginationToken = ''): Promise<SalesPage> {
  return (await httpClient<SalesPage>(`${API}/list${query({ ...f, sizePerPage, paginationToken })}`)).json
}

/** Every matching sale as the server's CSV (the body without its byte-order mark, which `downloadCsv` adds back). */
export async function getSalesCsv(f: FinanceFilter): Promise<string> {
  return (await httpClient(`${API}/export${query({ ...f })}`)).body
}
