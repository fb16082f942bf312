import './eng'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import type { UserSubscription } from '../../../contracts/subscriptions'
import { renderAt, signedInAs, useFakeNetwork } from './harness'

const net = useFakeNetwork()

const subscription = (n: number, over: Partial<UserSubscription>): UserSubscription => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  course: { uuid: `10000000-0000-4000-8000-00000000000${n}`, name: `Course ${n}` },
  plan: { name: 'Yearly', durationDays: 365 },
  createdAt: '2026-11-01T10:00:00.000Z',
  revokedAt: null,
  status: 'active',
  expiresAt: '2027-11-01T10:00:00.000Z',
  remainingDays: 300,
  ...over,
})

describe('receipts in the subscriptions pane', () => {
  it('offers a receipt for a bought subscription only, downloads it in the app’s language, and says when it fails', async () => {
    await signedInAs(net.identity.add({ email: 'ana@example.test', name: 'Ana Pérez' }))
    const asked: Array<{ id: string; lang: string | null; auth: string | null }> = []
    let fail = false
    net.server.use(
      http.get('*/api/v2/user/subscriptions', () =>
        HttpResponse.json({
          page: 1,
          pageSize: 10,
          total: 2,
          items: [
            subscription(1, { course: { uuid: '10000000-0000-4000-8000-000000000001', name: 'Astronomy' }, receipt: true }),
            subscription(2, { receipt: false }),
          ],
        }),
      ),
      http.get('*/api/v2/user/subscriptions/:id/receipt', ({ request, params }) => {
        asked.push({ id: String(params.id), lang: new URL(request.url).searchParams.get('lang'), auth: request.headers.get('authorization') })
        if (fail) return HttpResponse.json({ message: 'Item not found', code: 'NOT_FOUND' }, { status: 404 })
        return new HttpResponse(new Uint8Array([0x25, 0x50, 0x44, 0x46]), { headers: { 'Content-Type': 'application/pdf' } })
      }),
    )
    const created = vi.fn(() => 'blob:receipt')
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() })
    const clicks = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined)
    renderAt('/settings/subscriptions')

    const bought = (await screen.findByRole('link', { name: 'Astronomy' })).closest('.MuiCard-root') as HTMLElement
    const free = screen.getByRole('link', { name: 'Course 2' }).closest('.MuiCard-root') as HTMLElement
    expect(within(free).queryByRole('button', { name: /receipt/i })).not.toBeInTheDocument()
    const button = within(bought).getByRole('button', { name: 'Download the receipt of Astronomy' })
    expect(button).toHaveTextContent('Receipt')
    await userEvent.click(button)
    await vi.waitFor(() => expect(clicks).toHaveBeenCalled())
    expect(asked).toEqual([{ id: '00000000-0000-4000-8000-000000000001', lang: 'eng', auth: expect.stringMatching(/^Bearer /) }])
    expect(created).toHaveBeenCalled()

    fail = true
    await userEvent.click(button)
    expect(await screen.findByText('The receipt could not be downloaded')).toBeInTheDocument()
    clicks.mockRestore()
  })
})
