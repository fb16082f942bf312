import '../../account/eng'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { renderAt, signedInAs, useFakeNetwork } from '../../account/harness'
import { monitoringHandlers } from './fixtures'

const net = useFakeNetwork()

const asAdmin = () => signedInAs(net.identity.add({ email: 'rosa@example.test', groups: ['admin'] }))

describe('monitoring screen', () => {
  it('shows the server, the storage, rows per table, modelled costs, the forecast and users by country', async () => {
    const calls: string[] = []
    net.server.use(...monitoringHandlers(calls))
    await asAdmin()
    renderAt('/admin/monitoring')

    expect(await screen.findByRole('heading', { level: 1, name: 'Monitoring' })).toBeInTheDocument()
    const server = screen.getByRole('region', { name: 'Server' })
    expect(await within(server).findByText('Aula 0.1.0')).toBeInTheDocument()
    expect(within(server).getByText('PostgreSQL')).toBeInTheDocument()
    expect(within(server).getByText('2 d 3 h 4 min')).toBeInTheDocument()
    expect(await screen.findByTestId('storage-size')).toHaveTextContent('1 MB (1,000,000 bytes)')
    expect(screen.getByTestId('storage-objects')).toHaveTextContent('1')

    // The figures behind each chart, through its table view.
    const documents = screen.getByRole('region', { name: 'Records per table' })
    await userEvent.click(within(documents).getByRole('button', { name: 'Table' }))
    const rows = within(documents)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.textContent)
    expect(rows).toEqual(['identity_users1,200', 'courses10'])

    expect(await screen.findByText(/Measured usage × the configured unit prices; no billing API is configured\./)).toBeInTheDocument()
    expect(screen.getByText('Modelled figures.')).toBeInTheDocument()
    const cost = screen.getByRole('region', { name: 'Cost per period' })
    expect(within(cost).getByText(/Total for the period: €4\.20/)).toBeInTheDocument()
    await userEvent.click(within(cost).getByRole('button', { name: 'Table' }))
    expect(within(cost).getAllByRole('row')[1]).toHaveTextContent('€1.50')

    expect(screen.getByTestId('forecast-mtd')).toHaveTextContent('€4.20')
    expect(screen.getByTestId('forecast-projected')).toHaveTextContent('€63.00')

    const realtime = screen.getByRole('region', { name: 'Real-time users by country' })
    await userEvent.click(within(realtime).getByRole('button', { name: 'Table' }))
    expect(within(realtime).getByRole('rowheader', { name: 'United Kingdom' })).toBeInTheDocument()
    expect(within(realtime).getByRole('rowheader', { name: 'Mexico' })).toBeInTheDocument()
    expect(within(realtime).getByRole('rowheader', { name: 'Unknown (local network)' })).toBeInTheDocument()
    expect(screen.getByText(/4 users, 40 requests/)).toBeInTheDocument()
  })

  it('measures again on Refresh: a grown storage shows its new size', async () => {
    const calls: string[] = []
    net.server.use(...monitoringHandlers(calls))
    await asAdmin()
    renderAt('/admin/monitoring')
    expect(await screen.findByTestId('storage-size')).toHaveTextContent('1 MB')
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }))
    await waitFor(() => expect(screen.getByTestId('storage-size')).toHaveTextContent('2 MB (2,000,000 bytes)'))
    expect(screen.getByTestId('storage-objects')).toHaveTextContent('2')
    expect(calls.filter((c) => c.startsWith('/api/v2/metrics/server/s3-bucket-size'))).toHaveLength(2)
  })

  it('asks for the chosen period and grouping, and for another real-time window', async () => {
    const calls: string[] = []
    net.server.use(...monitoringHandlers(calls))
    await asAdmin()
    renderAt('/admin/monitoring?from=2026-10-01&to=2026-11-15')
    await screen.findByRole('region', { name: 'Cost per period' })
    await waitFor(() => expect(calls).toContain('/api/v2/metrics/server/cost-and-usage?from=2026-10-01&to=2026-11-15&granularity=day'))
    await userEvent.click(screen.getByRole('button', { name: 'Month' }))
    await waitFor(() => expect(calls).toContain('/api/v2/metrics/server/cost-and-usage?from=2026-10-01&to=2026-11-15&granularity=month'))
    await userEvent.click(screen.getByRole('button', { name: '15 minutes' }))
    await waitFor(() => expect(calls).toContain('/api/metrics/ga/rt-users-by-country?minutes=15'))
  })

  it('says when storage cannot be measured, and measures again on Retry', async () => {
    const calls: string[] = []
    let fail = true
    net.server.use(
      ...monitoringHandlers(calls, {
        storage: () =>
          fail
            ? HttpResponse.json({ message: 'boom' }, { status: 500 })
            : HttpResponse.json({ measuredAt: '2026-11-22T10:00:00.000Z', driver: 's3', bucket: 'aula-files', bytes: 2048, objects: 3 }),
      }),
    )
    await asAdmin()
    renderAt('/admin/monitoring')
    const storage = await screen.findByRole('region', { name: 'File storage' })
    const retry = await within(storage).findByRole('button', { name: 'Retry' })
    expect(within(storage).getByRole('alert')).toBeInTheDocument()
    fail = false
    await userEvent.click(retry)
    expect(await within(storage).findByText('S3 (bucket aula-files)')).toBeInTheDocument()
    expect(screen.getByTestId('storage-size')).toHaveTextContent('2.05 kB (2,048 bytes)')
  })

  it('keeps learners out', async () => {
    const calls: string[] = []
    net.server.use(
      ...monitoringHandlers(calls),
      http.get('*/api/v2/user/courses', () => HttpResponse.json({ items: [], paginationToken: null, estimated: 0 })),
    )
    await signedInAs(net.identity.add({ email: 'leo@example.test', groups: ['general'] }))
    renderAt('/admin/monitoring')
    expect(await screen.findByRole('heading', { level: 1, name: 'Permission denied' })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { level: 1, name: 'Monitoring' })).not.toBeInTheDocument()
    expect(calls).toEqual([])
  })
})
