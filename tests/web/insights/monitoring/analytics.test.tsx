import '../../account/eng'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { renderAt, signedInAs, useFakeNetwork } from '../../account/harness'

const net = useFakeNetwork()
const asAdmin = () => signedInAs(net.identity.add({ email: 'rosa@example.test', groups: ['admin'] }))

const A = '/api/v2/metrics/analytics'
const OPTICS = '11111111-1111-4111-8111-111111111111'
const MUSIC = '22222222-2222-4222-8222-222222222222'

/** The analytics calls answered from the query they get, recorded by path and query. */
function analyticsHandlers(calls: string[]) {
  const q = (request: Request) => {
    const url = new URL(request.url)
    calls.push(`${url.pathname}${url.search}`)
    return url.searchParams
  }
  return [
    http.get(`*${A}/active-learners`, ({ request }) => {
      const p = q(request)
      return HttpResponse.json({
        from: p.get('from'),
        to: p.get('to'),
        interval: p.get('interval') ?? 'day',
        total: 5,
        series: [
          { period: p.get('from'), learners: 3 },
          { period: p.get('to'), learners: 4 },
        ],
      })
    }),
    http.get(`*${A}/subscriptions`, ({ request }) => {
      const p = q(request)
      return HttpResponse.json({
        from: p.get('from'),
        to: p.get('to'),
        interval: p.get('interval') ?? 'day',
        totals: { created: 7, revoked: 1, activeAtEnd: 12 },
        series: [
          { period: p.get('from'), created: 3, revoked: 0, active: 9 },
          { period: p.get('to'), created: 4, revoked: 1, active: 12 },
        ],
      })
    }),
    http.get(`*${A}/completion`, ({ request }) => {
      const p = q(request)
      return HttpResponse.json({
        from: p.get('from'),
        to: p.get('to'),
        courses: [
          { uuid: OPTICS, name: 'Óptica', enrolled: 4, completed: 1, completionRate: 0.25, attempted: 2, passed: 1, passRate: 0.5, certificates: 1 },
          { uuid: MUSIC, name: 'Música', enrolled: 2, completed: 0, completionRate: 0, attempted: 0, passed: 0, passRate: null, certificates: 0 },
        ],
      })
    }),
    http.get(`*${A}/top-courses`, ({ request }) => {
      const p = q(request)
      const by = p.get('by') ?? 'subscriptions'
      const courses = [
        { uuid: OPTICS, name: 'Óptica', subscriptions: 4, completions: 1, learners: 3 },
        { uuid: MUSIC, name: 'Música', subscriptions: 2, completions: 2, learners: 1 },
      ].sort((a, b) => ((b as Record<string, number | string>)[by] as number) - ((a as Record<string, number | string>)[by] as number))
      return HttpResponse.json({ from: p.get('from'), to: p.get('to'), by, courses })
    }),
  ]
}

const tableRows = async (name: string) => {
  const region = await screen.findByRole('region', { name })
  await userEvent.click(within(region).getByRole('button', { name: 'Table' }))
  return within(region)
    .getAllByRole('row')
    .slice(1)
    .map((r) => Array.from(r.children).map((c) => c.textContent))
}

describe('analytics pages', () => {
  it('shows subscriptions over the period in the address, and asks again for another interval', async () => {
    const calls: string[] = []
    net.server.use(...analyticsHandlers(calls))
    await asAdmin()
    renderAt('/admin/monitoring/subscriptions?from=2026-09-01&to=2026-11-15')
    expect(await screen.findByRole('heading', { level: 1, name: 'Monitoring' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Subscriptions' })).toHaveAttribute('aria-current', 'page')
    expect(await screen.findByText('New: 7; revoked: 1; in force at the end: 12.')).toBeInTheDocument()
    expect(calls).toEqual([`${A}/subscriptions?from=2026-09-01&to=2026-11-15`])
    expect(await tableRows('Subscriptions over time')).toEqual([
      ['2026-09-01', '3', '0', '9'],
      ['2026-11-15', '4', '1', '12'],
    ])
    await userEvent.click(screen.getByRole('combobox', { name: 'Interval' }))
    await userEvent.click(await screen.findByRole('option', { name: 'Week' }))
    await waitFor(() => expect(calls).toContain(`${A}/subscriptions?from=2026-09-01&to=2026-11-15&interval=week`))
  })

  it('moves between pages keeping the period, and reloads when the period changes', async () => {
    const calls: string[] = []
    net.server.use(...analyticsHandlers(calls))
    await asAdmin()
    renderAt('/admin/monitoring/active-learners?from=2026-09-01&to=2026-11-15')
    expect(await screen.findByText('Distinct learners who used their courses in each period. Over the whole range: 5.')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('link', { name: 'Completion' }))
    await waitFor(() => expect(window.location.pathname).toBe('/admin/monitoring/completion'))
    expect(window.location.search).toBe('?from=2026-09-01&to=2026-11-15')
    const rows = await tableRows('Completion and pass rates per course')
    expect(rows).toEqual([
      ['Óptica', '4', '1', '25%', '2', '1', '50%', '1'],
      ['Música', '2', '0', '0%', '0', '0', '—', '0'],
    ])
    await userEvent.click(screen.getByRole('button', { name: 'Last 7 days' }))
    await waitFor(() => expect(calls.filter((c) => c.startsWith(`${A}/completion`))).toHaveLength(2))
    expect(window.location.search).not.toBe('?from=2026-09-01&to=2026-11-15')
  })

  it('ranks the top courses by the chosen figure', async () => {
    const calls: string[] = []
    net.server.use(...analyticsHandlers(calls))
    await asAdmin()
    renderAt('/admin/monitoring/top-courses?from=2026-09-01&to=2026-11-15')
    expect((await tableRows('Top courses')).map((r) => r[0])).toEqual(['Óptica', 'Música'])
    await userEvent.click(screen.getByRole('button', { name: 'Chart' }))
    await userEvent.click(screen.getByRole('combobox', { name: 'Rank by' }))
    await userEvent.click(await screen.findByRole('option', { name: 'Completions' }))
    await waitFor(() => expect(calls).toContain(`${A}/top-courses?from=2026-09-01&to=2026-11-15&by=completions`))
    expect((await tableRows('Top courses')).map((r) => r[0])).toEqual(['Música', 'Óptica'])
  })

  it('says so for an unknown analytics page', async () => {
    net.server.use(...analyticsHandlers([]))
    await asAdmin()
    renderAt('/admin/monitoring/revenue')
    expect(await screen.findByText('This analytics page does not exist.')).toBeInTheDocument()
  })

  it('shows the server refusal with a retry', async () => {
    let fail = true
    net.server.use(
      http.get(`*${A}/active-learners`, () =>
        fail
          ? HttpResponse.json({ message: 'Invalid date range' }, { status: 400 })
          : HttpResponse.json({ from: '2026-09-01', to: '2026-11-15', interval: 'week', total: 0, series: [{ period: '2026-09-01', learners: 0 }] }),
      ),
    )
    await asAdmin()
    renderAt('/admin/monitoring/active-learners?from=2026-09-01&to=2026-11-15')
    const region = await screen.findByRole('region', { name: 'Active learners' })
    const retry = await within(region).findByRole('button', { name: 'Retry' })
    fail = false
    await userEvent.click(retry)
    expect(await within(region).findByText('No data for this period')).toBeInTheDocument()
  })
})
