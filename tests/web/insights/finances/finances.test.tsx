import '../../account/eng'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderAt, signedInAs, useFakeNetwork } from '../../account/harness'
import { byCourse, byPlan, page, sale, series, totals } from './fixtures'

const net = useFakeNetwork()
const F = '*/api/v2/finances/sales'

/** Every finance request's path and query, to check what the screens asked for. */
let asked: URL[]
function answerFinances(options: { empty?: boolean; list?: (url: URL) => Response } = {}) {
  asked = []
  const q = (request: Request) => {
    const url = new URL(request.url)
    asked.push(url)
    return { url, from: url.searchParams.get('from') ?? '', to: url.searchParams.get('to') ?? '' }
  }
  net.server.use(
    http.get(F, ({ request }) => {
      const { url, from, to } = q(request)
      return HttpResponse.json(series(from, to, (url.searchParams.get('interval') ?? 'day') as 'day'))
    }),
    http.get(`${F}/by-course`, ({ request }) => {
      const { url, from, to } = q(request)
      const all = byCourse(from, to)
      const currency = url.searchParams.get('currency')
      return HttpResponse.json({ ...all, items: all.items.filter((i) => !currency || i.currency === currency) })
    }),
    http.get(`${F}/by-plan`, ({ request }) => {
      const { from, to } = q(request)
      return HttpResponse.json(byPlan(from, to))
    }),
    http.get(`${F}/totals`, ({ request }) => {
      const { from, to } = q(request)
      return HttpResponse.json(totals(from, to, options.empty))
    }),
    http.get(`${F}/list`, ({ request }) => {
      const { url } = q(request)
      if (options.list) return options.list(url)
      return HttpResponse.json(
        page(options.empty ? [] : [sale(1), sale(2, { amount: 9.99, currency: 'USD', revokedAt: '2026-11-03T00:00:00.000Z' })], null, options.empty ? 0 : 2),
      )
    }),
    http.get(`${F}/export`, ({ request }) => {
      q(request)
      return new HttpResponse('\uFEFFsold_at,course,plan,amount,currency\r\n2026-11-02T10:00:00.000Z,Astronomía,Full year,49.90,EUR\r\n', {
        headers: { 'Content-Type': 'text/csv; charset=utf-8' },
      })
    }),
  )
}

const financeUser = () => net.identity.add({ email: 'fiona@example.test', groups: ['finances'] })

describe('finance landing page', () => {
  it('shows finance staff the totals per currency, the previous period, links keeping the period, and the latest sales', async () => {
    answerFinances()
    await signedInAs(financeUser())
    renderAt('/admin/finances?from=2026-10-01&to=2026-10-31')

    expect(await screen.findByRole('heading', { level: 1, name: 'Finances' })).toBeInTheDocument()
    const figures = await screen.findByRole('region', { name: 'Totals for the period' })
    expect(await within(figures).findByText('Revenue in EUR')).toBeInTheDocument()
    expect(within(figures).getByText('€119.80')).toBeInTheDocument()
    // Revenue, net (nothing refunded) and average price of the one USD sale.
    expect(within(figures).getAllByText('$9.99')).toHaveLength(3)
    expect(within(figures).getByText('Net in EUR')).toBeInTheDocument()
    expect(within(figures).getByText('€99.80')).toBeInTheDocument()
    expect(within(figures).getByText(/Previous period \(1 September 2026 – 30 September 2026\): €49.90/)).toBeInTheDocument()
    expect(asked.find((u) => u.pathname.endsWith('/totals'))?.search).toBe('?from=2026-10-01&to=2026-10-31')

    expect(screen.getByRole('link', { name: /^Sales Sales over time/ })).toHaveAttribute('href', '/admin/finances/sales?from=2026-10-01&to=2026-10-31')
    expect(screen.getByRole('link', { name: /^Analytics Revenue by month/ })).toHaveAttribute('href', '/admin/finances/analytics?from=2026-10-01&to=2026-10-31')

    const latest = screen.getByRole('region', { name: 'Latest sales' })
    expect(await within(latest).findByText('learner1@example.test')).toBeInTheDocument()
    expect(within(latest).getByText('Subscription revoked')).toBeInTheDocument()
    expect(asked.find((u) => u.pathname.endsWith('/list'))?.searchParams.get('sizePerPage')).toBe('5')
  })

  it('says when the period had no sales', async () => {
    answerFinances({ empty: true })
    await signedInAs(financeUser())
    renderAt('/admin/finances?from=2026-10-01&to=2026-10-31')
    expect(await screen.findByText('There were no sales in this period.')).toBeInTheDocument()
    expect(await screen.findByText('There are no sales in this period.')).toBeInTheDocument()
  })

  it('refuses learners with the permission-denied screen', async () => {
    answerFinances()
    await signedInAs(net.identity.add({ email: 'lena@example.test', groups: ['general'] }))
    renderAt('/admin/finances/sales')
    expect(await screen.findByRole('heading', { name: 'Permission denied' })).toBeInTheDocument()
    expect(asked).toEqual([])
  })
})

describe('sales screen', () => {
  let blobs: Blob[]
  let downloads: string[]
  beforeEach(() => {
    blobs = []
    downloads = []
    URL.createObjectURL = (blob: Blob) => {
      blobs.push(blob)
      return 'blob:csv'
    }
    URL.revokeObjectURL = () => {}
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      if (this.download) downloads.push(this.download)
    })
  })
  afterEach(() => vi.restoreAllMocks())

  it('charts sales over time per currency, changes the bucket, and shows the data as a table', async () => {
    answerFinances()
    await signedInAs(financeUser())
    renderAt('/admin/finances/sales?from=2026-11-01&to=2026-11-02')
    expect(await screen.findByRole('heading', { level: 1, name: 'Sales' })).toBeInTheDocument()
    const overTime = screen.getByRole('region', { name: 'Sales over time' })
    await within(overTime).findByRole('figure')
    expect(asked.find((u) => u.pathname.endsWith('/sales'))?.search).toBe('?from=2026-11-01&to=2026-11-02&interval=day')

    await userEvent.click(within(overTime).getByRole('button', { name: 'Table' }))
    const table = within(overTime).getByRole('table')
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Period', 'Revenue (EUR)', 'Sales (EUR)', 'Revenue (USD)', 'Sales (USD)'])
    const [, first] = within(table).getAllByRole('row')
    expect(within(first).getByText('€99.80')).toBeInTheDocument()

    await userEvent.click(screen.getByRole('button', { name: 'Week' }))
    await vi.waitFor(() => expect(asked.some((u) => u.searchParams.get('interval') === 'week')).toBe(true))
    expect(window.location.search).toContain('interval=week')
  })

  it('breaks sales down by course and plan, one column per currency', async () => {
    answerFinances()
    await signedInAs(financeUser())
    renderAt('/admin/finances/sales?from=2026-11-01&to=2026-11-02')
    const courses = await screen.findByRole('region', { name: 'Sales by course' })
    await within(courses).findByRole('figure')
    await userEvent.click(within(courses).getByRole('button', { name: 'Table' }))
    const rows = within(within(courses).getByRole('table')).getAllByRole('row')
    expect(
      rows.map((r) =>
        within(r)
          .queryAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([[], ['€99.80', '2', '$9.99', '1'], ['€20.00', '1', '—', '—']])
    const plans = screen.getByRole('region', { name: 'Sales by plan' })
    await userEvent.click(within(plans).getByRole('button', { name: 'Table' }))
    expect(within(plans).getByText('Full year · Astronomía')).toBeInTheDocument()
  })

  it('filters by currency through the address', async () => {
    answerFinances()
    await signedInAs(financeUser())
    renderAt('/admin/finances/sales?from=2026-11-01&to=2026-11-02')
    await screen.findByRole('region', { name: 'Sales over time' })
    await userEvent.click(await screen.findByRole('combobox', { name: 'Currency' }))
    await userEvent.click(await screen.findByRole('option', { name: 'USD' }))
    await vi.waitFor(() => expect(asked.some((u) => u.pathname.endsWith('/by-plan') && u.searchParams.get('currency') === 'USD')).toBe(true))
    expect(window.location.search).toContain('currency=USD')
  })

  it('pages the list of sales with next and previous', async () => {
    answerFinances({
      list: (url) => {
        const token = url.searchParams.get('paginationToken') ?? ''
        return HttpResponse.json(token === 'p2' ? page([sale(3, { courseName: 'Page two course' })], null, 21) : page([sale(1)], 'p2', 21))
      },
    })
    await signedInAs(financeUser())
    renderAt('/admin/finances/sales?from=2026-11-01&to=2026-11-02')
    const list = await screen.findByRole('region', { name: 'List of sales' })
    expect(await within(list).findByText('21 sales')).toBeInTheDocument()
    expect(within(list).getByRole('button', { name: 'Previous page' })).toBeDisabled()
    await userEvent.click(within(list).getByRole('button', { name: 'Next page' }))
    expect(await within(list).findByText('Page two course')).toBeInTheDocument()
    expect(within(list).getByRole('button', { name: 'Next page' })).toBeDisabled()
    await userEvent.click(within(list).getByRole('button', { name: 'Previous page' }))
    expect(await within(list).findByText('learner1@example.test')).toBeInTheDocument()
  })

  it('exports every sale of the period as the server’s CSV, with a byte-order mark', async () => {
    answerFinances()
    await signedInAs(financeUser())
    renderAt('/admin/finances/sales?from=2026-11-01&to=2026-11-02&currency=EUR')
    const list = await screen.findByRole('region', { name: 'List of sales' })
    await within(list).findByText('learner1@example.test')
    await userEvent.click(within(list).getByRole('button', { name: 'Export CSV: List of sales' }))
    await vi.waitFor(() => expect(downloads).toEqual(['sales-2026-11-01-2026-11-02-EUR.csv']))
    expect(asked.find((u) => u.pathname.endsWith('/export'))?.search).toBe('?from=2026-11-01&to=2026-11-02&currency=EUR')
    // jsdom's Blob has no arrayBuffer(); FileReader reads the bytes (readAsText would drop the BOM).
    const bytes = new Uint8Array(
      await new Promise<ArrayBuffer>((resolve) => {
        const reader = new FileReader()
        reader.onload = () => resolve(reader.result as ArrayBuffer)
        reader.readAsArrayBuffer(blobs[0])
      }),
    )
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe(
      '\uFEFFsold_at,course,plan,amount,currency\r\n2026-11-02T10:00:00.000Z,Astronomía,Full year,49.90,EUR\r\n',
    )
  })

  it('shows a failed chart with a retry that loads it again', async () => {
    answerFinances()
    let fail = true
    net.server.use(
      http.get(F, () =>
        fail
          ? HttpResponse.json({ message: 'Error while requesting the resource' }, { status: 500 })
          : HttpResponse.json(series('2026-11-01', '2026-11-02', 'day')),
      ),
    )
    await signedInAs(financeUser())
    renderAt('/admin/finances/sales?from=2026-11-01&to=2026-11-02')
    const overTime = await screen.findByRole('region', { name: 'Sales over time' })
    expect(await within(overTime).findByText('Error while requesting the resource')).toBeInTheDocument()
    fail = false
    await userEvent.click(within(overTime).getByRole('button', { name: 'Retry' }))
    expect(await within(overTime).findByRole('figure')).toBeInTheDocument()
  })
})

describe('finance analytics', () => {
  it('charts the currency with the most revenue by default, with each course’s share', async () => {
    answerFinances()
    await signedInAs(financeUser())
    renderAt('/admin/finances/analytics?from=2026-01-01&to=2026-11-02')
    expect(await screen.findByRole('heading', { level: 1, name: 'Finance analytics' })).toBeInTheDocument()
    expect(await screen.findByRole('combobox', { name: 'Currency' })).toHaveTextContent('EUR')
    const share = await screen.findByRole('region', { name: 'Share by course' })
    await within(share).findByRole('figure')
    expect(asked.find((u) => u.pathname.endsWith('/by-course'))?.searchParams.get('currency')).toBe('EUR')
    expect(asked.find((u) => u.pathname.endsWith('/sales'))?.searchParams.get('interval')).toBe('month')
    await userEvent.click(within(share).getByRole('button', { name: 'Table' }))
    const table = within(share).getByRole('table')
    expect(within(table).getByText('Astronomía')).toBeInTheDocument()
    expect(within(table).getByText('83.3%')).toBeInTheDocument()
    for (const title of ['Revenue by month', 'Average price by month', 'Sales against revenue']) {
      expect(screen.getByRole('region', { name: title })).toBeInTheDocument()
    }
  })

  it('says when the period had no sales', async () => {
    answerFinances({ empty: true })
    await signedInAs(financeUser())
    renderAt('/admin/finances/analytics?from=2026-01-01&to=2026-11-02')
    expect(await screen.findByText('There were no sales in this period.')).toBeInTheDocument()
  })
})
