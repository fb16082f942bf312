import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_CALLER, caller, courseApp, type Caller, type CourseApi } from '../helpers/courses.js'
import { L, publishCourse, type PublishedCourse } from '../helpers/learner.js'

const F = '/api/v2/finances/sales'
const FINANCE = caller('fiona-finance', ['finances'])

let api: CourseApi
let owner: Caller
let astro: PublishedCourse
let botany: PublishedCourse

beforeAll(async () => {
  api = await courseApp()
  owner = await api.user('Olga Owner', ['creator'])
  astro = await publishCourse(api, owner, {
    name: 'Astronomía',
    salesEnabled: true,
    plans: [
      { name: 'Free month', durationDays: 30 },
      { name: 'Full year', durationDays: 365, price: 49.9, currency: 'EUR' },
      { name: 'Month', durationDays: 30, price: 9.99, currency: 'USD' },
    ],
  })
  botany = await publishCourse(api, owner, {
    name: 'Botánica, "viva"',
    salesEnabled: true,
    plans: [{ name: 'Term', durationDays: 90, price: 20, currency: 'EUR' }],
  })
})
afterAll(() => api.close())

const get = async (url: string, as: Caller | null = FINANCE) => {
  const res = await api.call(as, 'GET', url)
  return res
}
const json = async (url: string, as: Caller = FINANCE) => {
  const res = await get(url, as)
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}
const today = () => new Date().toISOString().slice(0, 10)

/** An administrator subscribes a pool learner to a plan (the way a sale is made today). */
async function adminAdds(course: PublishedCourse, plan: string, learnerName: string) {
  const learner = await api.user(learnerName, ['general'])
  const res = await api.call(ADMIN_CALLER, 'POST', '/api/admin/courses/course/subscriptors/add', { uuid: course.uuid, subscription: plan, user: learner.email })
  expect(res.statusCode, res.body).toBe(201)
  return { learner, subscription: res.json().Item.id as string }
}

/** A sale made on a given day in the past (the API only ever sells "now"). */
async function pastSale(course: PublishedCourse, plan: string, at: string, amount: number, currency: string) {
  const { rows } = await api.db.query<{ id: string }>(
    `INSERT INTO subscriptions (course_uuid, user_sub, plan_id, plan_name, duration_days, created_at) VALUES ($1, $2, $3, 'Past plan', 30, $4) RETURNING id`,
    [course.uuid, `past-${at}-${amount}`, plan, at],
  )
  await api.db.query(
    `INSERT INTO sales (subscription_id, course_uuid, plan_id, course_name, plan_name, buyer_sub, amount, currency, channel, sold_at)
     VALUES ($1, $2, $3, 'Then-name', 'Past plan', $4, $5, $6, 'admin', $7)`,
    [rows[0].id, course.uuid, plan, `past-${at}-${amount}`, amount, currency, at],
  )
}

describe('finance access', () => {
  const routes = ['', '/by-course', '/by-plan', '/totals', '/list', '/export'].map((p) => `${F}${p}`)

  it('refuses visitors (401), learners, creators, reviewers and the experimental group (403)', async () => {
    for (const url of routes) {
      expect((await get(url, null)).statusCode, url).toBe(401)
      for (const groups of [['general'], ['creator', 'reviewer', 'general'], ['reviewer'], ['experimental']]) {
        const res = await get(url, caller('not-finance', groups))
        expect(res.statusCode, `${url} as ${groups.join(',')}`).toBe(403)
        expect(res.json()).toEqual({ message: 'Permission denied', code: 'FORBIDDEN' })
      }
    }
  })

  it('answers administrators and finance staff', async () => {
    for (const url of routes) {
      expect((await get(url, FINANCE)).statusCode, url).toBe(200)
      expect((await get(url, ADMIN_CALLER)).statusCode, url).toBe(200)
    }
  })
})

describe('sales are recorded when subscriptions to priced plans are made', () => {
  it('a learner buying a priced plan is refused (402) and nothing is sold; an admin-added subscription is a sale at the plan’s price', async () => {
    const before = await json(`${F}/totals`)
    expect(before).toMatchObject({ from: expect.any(String), to: today(), sales: 0, currencies: [] })

    const shopper = caller('shopper', ['general'])
    const refused = await api.call(shopper, 'POST', `${L}/course/subscribe`, { uuid: astro.uuid, plan: astro.plans[1] })
    expect(refused.statusCode).toBe(402)
    expect((await json(`${F}/totals`)).sales).toBe(0)

    // A free plan added by an administrator is no sale.
    await adminAdds(astro, astro.plans[0], 'Fran Free')
    expect((await json(`${F}/totals`)).sales).toBe(0)

    const { learner, subscription } = await adminAdds(astro, astro.plans[1], 'Paula Payer')
    const totals = await json(`${F}/totals`)
    expect(totals.sales).toBe(1)
    expect(totals.currencies).toEqual([{ currency: 'EUR', sales: 1, revenue: 49.9, refunds: 0, net: 49.9, averagePrice: 49.9, buyers: 1, courses: 1 }])

    const list = await json(`${F}/list`)
    expect(list.estimated).toBe(1)
    expect(list.items).toEqual([
      expect.objectContaining({
        courseId: astro.uuid,
        courseName: 'Astronomía',
        planId: astro.plans[1],
        planName: 'Full year',
        amount: 49.9,
        currency: 'EUR',
        buyer: learner.username,
        buyerEmail: learner.email,
        channel: 'admin',
        recordedBy: ADMIN_CALLER.sub,
        subscriptionId: subscription,
        revokedAt: null,
      }),
    ])

    // The plan's price changes later: what was sold keeps its price; the next sale takes the new one.
    const draft = (await api.call(owner, 'GET', `/api/v2/courses/creator/builder/${astro.uuid}`)).json().Item
    const plans = draft.plans.map((p: Record<string, unknown>) => (p.id === astro.plans[1] ? { ...p, price: 59.5 } : p))
    const upd = await api.call(owner, 'POST', '/api/v2/courses/creator/builder/subscription-update', {
      uuid: astro.uuid,
      revision: draft.revision,
      items: plans,
    })
    expect(upd.statusCode, upd.body).toBe(200)
    await adminAdds(astro, astro.plans[1], 'Pablo Payer')
    await adminAdds(astro, astro.plans[2], 'Uma Usd')
    await adminAdds(botany, botany.plans[0], 'Bea Botany')

    const after = await json(`${F}/totals`)
    expect(after.sales).toBe(4)
    expect(after.currencies).toEqual([
      { currency: 'EUR', sales: 3, revenue: 129.4, refunds: 0, net: 129.4, averagePrice: 43.13, buyers: 3, courses: 2 },
      { currency: 'USD', sales: 1, revenue: 9.99, refunds: 0, net: 9.99, averagePrice: 9.99, buyers: 1, courses: 1 },
    ])
    expect((await json(`${F}/list`)).items.map((s: { amount: number }) => s.amount)).toEqual([20, 9.99, 59.5, 49.9])

    const byCourse = await json(`${F}/by-course`)
    expect(byCourse.items).toEqual([
      { courseId: astro.uuid, courseName: 'Astronomía', currency: 'EUR', sales: 2, revenue: 109.4 },
      { courseId: botany.uuid, courseName: 'Botánica, "viva"', currency: 'EUR', sales: 1, revenue: 20 },
      { courseId: astro.uuid, courseName: 'Astronomía', currency: 'USD', sales: 1, revenue: 9.99 },
    ])
    expect(byCourse.truncated).toBe(false)
    const byPlan = await json(`${F}/by-plan?currency=EUR&limit=1`)
    expect(byPlan.items).toEqual([
      { planId: astro.plans[1], planName: 'Full year', courseId: astro.uuid, courseName: 'Astronomía', currency: 'EUR', sales: 2, revenue: 109.4 },
    ])
    expect(byPlan.truncated).toBe(true)

    const series = await json(`${F}?interval=day&from=${today()}&to=${today()}`)
    expect(series).toEqual({
      from: today(),
      to: today(),
      interval: 'day',
      periods: [today()],
      currencies: ['EUR', 'USD'],
      points: [
        { period: today(), currency: 'EUR', sales: 3, revenue: 129.4, refunds: 0, net: 129.4 },
        { period: today(), currency: 'USD', sales: 1, revenue: 9.99, refunds: 0, net: 9.99 },
      ],
    })

    // Revoking the subscription later does not undo the sale; the list says it was revoked.
    const revoked = await api.call(ADMIN_CALLER, 'PUT', `/api/admin/subscriptions/subscription/${subscription}/${astro.uuid}/revoke`)
    expect(revoked.statusCode).toBe(200)
    const sale = (await json(`${F}/list`)).items.find((s: { subscriptionId: string }) => s.subscriptionId === subscription)
    expect(sale.revokedAt).toEqual(expect.any(String))
    expect((await json(`${F}/totals`)).sales).toBe(4)
  })
})

describe('reports over a past range', () => {
  beforeAll(async () => {
    // Monday 2025-03-03 … Sunday 2025-03-09 is one week; March and April are two months.
    await pastSale(astro, astro.plans[1], '2025-03-02T23:59:59Z', 10, 'EUR')
    await pastSale(astro, astro.plans[1], '2025-03-03T00:00:00Z', 20, 'EUR')
    await pastSale(astro, astro.plans[1], '2025-03-09T12:00:00Z', 30, 'EUR')
    await pastSale(botany, botany.plans[0], '2025-03-10T08:00:00Z', 5.5, 'EUR')
    await pastSale(astro, astro.plans[2], '2025-04-15T10:00:00Z', 7.25, 'USD')
  })

  it('buckets by day with every day present, both range ends included', async () => {
    const s = await json(`${F}?from=2025-03-02&to=2025-03-04&interval=day`)
    expect(s.periods).toEqual(['2025-03-02', '2025-03-03', '2025-03-04'])
    expect(s.currencies).toEqual(['EUR'])
    expect(s.points).toEqual([
      { period: '2025-03-02', currency: 'EUR', sales: 1, revenue: 10, refunds: 0, net: 10 },
      { period: '2025-03-03', currency: 'EUR', sales: 1, revenue: 20, refunds: 0, net: 20 },
      { period: '2025-03-04', currency: 'EUR', sales: 0, revenue: 0, refunds: 0, net: 0 },
    ])
  })

  it('buckets by week from Monday and by month, per currency, and filters by currency', async () => {
    const weeks = await json(`${F}?from=2025-03-01&to=2025-03-16&interval=week`)
    expect(weeks.periods).toEqual(['2025-02-24', '2025-03-03', '2025-03-10'])
    expect(weeks.points).toEqual([
      { period: '2025-02-24', currency: 'EUR', sales: 1, revenue: 10, refunds: 0, net: 10 },
      { period: '2025-03-03', currency: 'EUR', sales: 2, revenue: 50, refunds: 0, net: 50 },
      { period: '2025-03-10', currency: 'EUR', sales: 1, revenue: 5.5, refunds: 0, net: 5.5 },
    ])
    const months = await json(`${F}?from=2025-02-15&to=2025-04-30&interval=month`)
    expect(months.periods).toEqual(['2025-02-01', '2025-03-01', '2025-04-01'])
    expect(months.currencies).toEqual(['EUR', 'USD'])
    expect(months.points.filter((p: { sales: number }) => p.sales > 0)).toEqual([
      { period: '2025-03-01', currency: 'EUR', sales: 4, revenue: 65.5, refunds: 0, net: 65.5 },
      { period: '2025-04-01', currency: 'USD', sales: 1, revenue: 7.25, refunds: 0, net: 7.25 },
    ])
    expect(months.points).toHaveLength(6)
    const usd = await json(`${F}?from=2025-02-15&to=2025-04-30&interval=month&currency=USD`)
    expect(usd.currencies).toEqual(['USD'])
    expect(usd.points.map((p: { sales: number }) => p.sales)).toEqual([0, 0, 1])
  })

  it('totals compare with the period of the same length just before', async () => {
    const t = await json(`${F}/totals?from=2025-03-03&to=2025-03-09`)
    expect(t).toMatchObject({
      from: '2025-03-03',
      to: '2025-03-09',
      sales: 2,
      currencies: [{ currency: 'EUR', sales: 2, revenue: 50, refunds: 0, net: 50, averagePrice: 25, buyers: 2, courses: 1 }],
    })
    expect(t.previous).toEqual({
      from: '2025-02-24',
      to: '2025-03-02',
      sales: 1,
      currencies: [{ currency: 'EUR', sales: 1, revenue: 10, refunds: 0, net: 10, averagePrice: 10, buyers: 1, courses: 1 }],
    })
  })

  it('pages the list newest first without skipping or repeating, filters by course, and exports CSV', async () => {
    const seen: Array<{ soldAt: string; courseId: string }> = []
    let token = ''
    let pages = 0
    do {
      const page = await json(`${F}/list?from=2025-01-01&to=2025-12-31&sizePerPage=2&paginationToken=${token}`)
      expect(page.estimated).toBe(5)
      seen.push(...page.items)
      token = page.paginationToken ?? ''
      pages++
    } while (token)
    expect(pages).toBe(3)
    expect(seen.map((s) => s.soldAt)).toEqual([
      '2025-04-15T10:00:00.000Z',
      '2025-03-10T08:00:00.000Z',
      '2025-03-09T12:00:00.000Z',
      '2025-03-03T00:00:00.000Z',
      '2025-03-02T23:59:59.000Z',
    ])
    const botanyOnly = await json(`${F}/list?from=2025-01-01&to=2025-12-31&course=${botany.uuid}`)
    expect(botanyOnly.items.map((s: { amount: number }) => s.amount)).toEqual([5.5])

    const csv = await get(`${F}/export?from=2025-03-01&to=2025-03-31&currency=EUR`)
    expect(csv.statusCode).toBe(200)
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(csv.headers['content-disposition']).toBe('attachment; filename="sales-2025-03-01-2025-03-31.csv"')
    expect(csv.body.startsWith('\uFEFFsold_at,course,plan,amount,currency,')).toBe(true)
    const lines = csv.body.slice(1).trimEnd().split('\r\n')
    expect(lines).toHaveLength(5)
    expect(lines[1]).toMatch(/^2025-03-10T08:00:00.000Z,Then-name,Past plan,5.50,EUR,,past-/)
    expect(lines.slice(1).map((l) => l.split(',')[3])).toEqual(['5.50', '30.00', '20.00', '10.00'])
  })

  it('quotes course names holding commas and quotes in the export', async () => {
    const csv = (await get(`${F}/export?course=${botany.uuid}`)).body
    expect(csv).toContain('"Botánica, ""viva""",Term,20.00,EUR,')
  })
})

describe('validation', () => {
  it('answers 400 with the field for bad ranges and filters', async () => {
    const cases: Array<[string, string]> = [
      [`${F}?from=2025-03-10&to=2025-03-01`, 'to'],
      [`${F}/totals?from=2020-01-01&to=2025-01-01`, 'from'],
      [`${F}/by-course?from=2025-02-30`, 'from'],
      [`${F}/by-plan?to=yesterday`, 'to'],
      [`${F}?interval=year`, 'interval'],
      [`${F}/list?currency=eur`, 'currency'],
      [`${F}/list?course=not-a-uuid`, 'course'],
      [`${F}/list?sizePerPage=0`, 'sizePerPage'],
      [`${F}/list?paginationToken=${Buffer.from('["x","y"]').toString('base64url')}`, 'paginationToken'],
      [`${F}/by-course?limit=5000`, 'limit'],
      [`${F}/export?from=2025-03-10&to=2025-03-01`, 'to'],
    ]
    for (const [url, field] of cases) {
      const res = await get(url)
      expect(res.statusCode, url).toBe(400)
      expect(res.json().errors, url).toHaveProperty(field)
    }
    const exact = await get(`${F}?from=2025-03-10&to=2025-03-01`)
    expect(exact.json()).toEqual({ message: 'Invalid request', code: 'VALIDATION', errors: { to: 'The end date must be on or after the start date' } })
    // Exactly three years is allowed.
    expect((await get(`${F}/totals?from=2022-01-01&to=2025-01-01`)).statusCode).toBe(200)
  })

  it('defaults to the last 30 days ending today', async () => {
    const s = await json(`${F}`)
    expect(s.to).toBe(today())
    expect(s.periods).toHaveLength(30)
    expect(s.periods[0]).toBe(s.from)
  })
})
