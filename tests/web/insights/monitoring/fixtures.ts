import { http, HttpResponse } from 'msw'
import type { CostAndUsageResponse, ForecastResponse } from '../../../../contracts/insights/monitoring'

export const VERSION = {
  name: 'Aula',
  version: '0.1.0',
  build: 123,
  buildLabel: '0123',
  node: 'v20.20.2',
  startedAt: '2026-11-20T08:00:00.000Z',
  uptimeSeconds: 2 * 86400 + 3 * 3600 + 4 * 60,
  database: 'postgres',
  storageDriver: 'local',
}

export const storageOf = (bytes: number, objects: number) => ({ measuredAt: '2026-11-22T10:00:00.000Z', driver: 'local', bucket: null, bytes, objects })

export const DOCUMENTS = {
  measuredAt: '2026-11-22T10:00:00.000Z',
  total: 1210,
  tables: [
    { table: 'courses', rows: 10 },
    { table: 'identity_users', rows: 1200 },
  ],
}

export const costOf = (from: string, to: string, granularity: 'day' | 'month', billingApi: 'none' | 'aws-cost-explorer' = 'none'): CostAndUsageResponse => ({
  from,
  to,
  granularity,
  currency: 'EUR',
  source: 'model',
  modelled: true,
  note: 'Modelled figures.',
  billingApi,
  unitPrices: { currency: 'EUR', storageGbMonth: 0.023, requestsMillion: 1, emailsThousand: 0.1, computeCpuHour: 0.04 },
  periods: [
    {
      period: from,
      requests: 1500000,
      emails: 20,
      cpuSeconds: 36,
      storageBytes: 5e9,
      cost: { storage: 0.1, requests: 1.5, emails: 0.002, compute: 0.0004, total: 1.6024 },
      billed: null,
    },
    {
      period: to,
      requests: 2500000,
      emails: 0,
      cpuSeconds: 72,
      storageBytes: 5e9,
      cost: { storage: 0.1, requests: 2.5, emails: 0, compute: 0.0008, total: 2.6008 },
      billed: null,
    },
  ],
  totals: { requests: 4000000, emails: 20, cpuSeconds: 108, cost: { storage: 0.2, requests: 4, emails: 0.002, compute: 0.0012, total: 4.2032 }, billed: null },
})

export const FORECAST: ForecastResponse = {
  month: '2026-11',
  currency: 'EUR',
  source: 'model',
  modelled: true,
  note: 'Modelled figures.',
  billingApi: 'none',
  method: 'linear',
  daysInMonth: 30,
  daysElapsed: 2,
  monthToDate: 4.2,
  projected: 63,
  projectedUsage: { requests: 60000000, emails: 300, cpuSeconds: 1620 },
  days: Array.from({ length: 30 }, (_, i) => ({
    day: `2026-11-${String(i + 1).padStart(2, '0')}`,
    actual: i < 2 ? 2.1 * (i + 1) : null,
    projected: i >= 1 ? 2.1 * (i + 1) : null,
  })),
}

export const REALTIME = {
  measuredAt: '2026-11-22T10:00:00.000Z',
  windowMinutes: 5,
  users: 4,
  requests: 40,
  countries: [
    { country: 'GB', users: 2, requests: 25 },
    { country: 'MX', users: 1, requests: 10 },
    { country: null, users: 1, requests: 5 },
  ],
}

/** Every monitoring call answered, with the calls recorded by path and query. */
export function monitoringHandlers(calls: string[], over: { storage?: () => Response } = {}) {
  const record = (request: Request) => {
    const url = new URL(request.url)
    calls.push(`${url.pathname}${url.search}`)
  }
  let storageCalls = 0
  return [
    http.get('*/api/v2/metrics/server/version', ({ request }) => (record(request), HttpResponse.json(VERSION))),
    http.get('*/api/v2/metrics/server/ddb-documents', ({ request }) => (record(request), HttpResponse.json(DOCUMENTS))),
    http.get('*/api/v2/metrics/server/s3-bucket-size', ({ request }) => {
      record(request)
      if (over.storage) return over.storage()
      // Each measurement finds one more file (an upload happened in between).
      storageCalls++
      return HttpResponse.json(storageOf(1_000_000 * storageCalls, storageCalls))
    }),
    http.get('*/api/v2/metrics/server/cost-and-usage', ({ request }) => {
      record(request)
      const q = new URL(request.url).searchParams
      return HttpResponse.json(costOf(q.get('from')!, q.get('to')!, q.get('granularity') as 'day' | 'month'))
    }),
    http.get('*/api/v2/metrics/server/forecast', ({ request }) => (record(request), HttpResponse.json(FORECAST))),
    http.get('*/api/metrics/ga/rt-users-by-country', ({ request }) => (record(request), HttpResponse.json(REALTIME))),
  ]
}
