import type { Sale, SalesByCourse, SalesByPlan, SalesPage, SalesSeries, SalesTotals } from '../../../../contracts/insights/finances'

export const ASTRO = '11111111-1111-4111-8111-111111111111'
export const BOTANY = '22222222-2222-4222-8222-222222222222'

export const series = (from: string, to: string, interval: SalesSeries['interval']): SalesSeries => ({
  from,
  to,
  interval,
  periods: ['2026-11-01', '2026-11-02'],
  currencies: ['EUR', 'USD'],
  points: [
    { period: '2026-11-01', currency: 'EUR', sales: 2, revenue: 99.8, refunds: 0, net: 99.8 },
    { period: '2026-11-01', currency: 'USD', sales: 0, revenue: 0, refunds: 0, net: 0 },
    { period: '2026-11-02', currency: 'EUR', sales: 1, revenue: 20, refunds: 0, net: 20 },
    { period: '2026-11-02', currency: 'USD', sales: 1, revenue: 9.99, refunds: 0, net: 9.99 },
  ],
})

export const byCourse = (from: string, to: string): SalesByCourse => ({
  from,
  to,
  truncated: false,
  items: [
    { courseId: ASTRO, courseName: 'Astronomía', currency: 'EUR', sales: 2, revenue: 99.8 },
    { courseId: BOTANY, courseName: 'Botánica', currency: 'EUR', sales: 1, revenue: 20 },
    { courseId: ASTRO, courseName: 'Astronomía', currency: 'USD', sales: 1, revenue: 9.99 },
  ],
})

export const byPlan = (from: string, to: string): SalesByPlan => ({
  from,
  to,
  truncated: false,
  items: [
    {
      planId: '33333333-3333-4333-8333-333333333333',
      planName: 'Full year',
      courseId: ASTRO,
      courseName: 'Astronomía',
      currency: 'EUR',
      sales: 2,
      revenue: 99.8,
    },
  ],
})

export const totals = (from: string, to: string, empty = false): SalesTotals => ({
  from,
  to,
  sales: empty ? 0 : 4,
  currencies: empty
    ? []
    : [
        { currency: 'EUR', sales: 3, revenue: 119.8, refunds: 20, net: 99.8, averagePrice: 39.93, buyers: 3, courses: 2 },
        { currency: 'USD', sales: 1, revenue: 9.99, refunds: 0, net: 9.99, averagePrice: 9.99, buyers: 1, courses: 1 },
      ],
  previous: {
    from: '2026-09-01',
    to: '2026-09-30',
    sales: 1,
    currencies: [{ currency: 'EUR', sales: 1, revenue: 49.9, refunds: 0, net: 49.9, averagePrice: 49.9, buyers: 1, courses: 1 }],
  },
})

export const sale = (n: number, over: Partial<Sale> = {}): Sale => ({
  id: `44444444-4444-4444-8444-${String(n).padStart(12, '0')}`,
  soldAt: `2026-11-0${(n % 9) + 1}T10:00:00.000Z`,
  courseId: ASTRO,
  courseName: 'Astronomía',
  planId: null,
  planName: 'Full year',
  amount: 49.9,
  currency: 'EUR',
  buyer: `learner-${n}`,
  buyerEmail: `learner${n}@example.test`,
  channel: 'admin',
  recordedBy: 'admin',
  subscriptionId: `55555555-5555-4555-8555-${String(n).padStart(12, '0')}`,
  revokedAt: null,
  receiptNumber: `R-${String(n).padStart(6, '0')}`,
  refundedAmount: 0,
  refundedAt: null,
  ...over,
})

export const page = (items: Sale[], paginationToken: string | null, estimated: number): SalesPage => ({ items, paginationToken, estimated })
