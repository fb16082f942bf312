import '../../account/eng'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import type { SaleDetail } from '../../../../contracts/insights/finances'
import { renderAt, signedInAs, useFakeNetwork } from '../../account/harness'
import { page, sale, totals } from './fixtures'

const net = useFakeNetwork()
const F = '*/api/v2/finances/sales'

/** The languages of the receipts downloaded. */
let receipts: Array<string | null> = []

/** The finance landing page's answers, one sale of €49.90 (of which `refunded` is given back), and the refunds asked for. */
function answer(options: { refunded?: number; conflict?: boolean } = {}) {
  receipts = []
  let refunded = options.refunded ?? 0
  const refunds: Array<{ amount?: number; reason: string }> = []
  const made = refunded ? [{ amount: refunded, reason: 'Goodwill' }] : []
  const detail = (): SaleDetail['Item'] => ({
    sale: sale(1, { refundedAmount: refunded, refundedAt: refunded ? '2026-11-05T10:00:00.000Z' : null }),
    refunds: made.map((r, i) => ({
      id: `66666666-6666-4666-8666-00000000000${i}`,
      amount: r.amount,
      reason: r.reason,
      subscription: 'keep',
      days: null,
      providerRef: null,
      refundedBy: 'admin',
      at: '2026-11-05T10:00:00.000Z',
    })),
    refundable: Math.round((49.9 - refunded) * 100) / 100,
    throughProvider: false,
  })
  net.server.use(
    http.get(`${F}/totals`, ({ request }) => {
      const url = new URL(request.url)
      return HttpResponse.json(totals(url.searchParams.get('from')!, url.searchParams.get('to')!))
    }),
    http.get(`${F}/list`, () => HttpResponse.json(page([sale(1, { refundedAmount: refunded })], null, 1))),
    http.get(`${F}/:id`, () => HttpResponse.json({ Item: detail() })),
    http.get(`${F}/:id/receipt`, ({ request }) => {
      receipts.push(new URL(request.url).searchParams.get('lang'))
      return new HttpResponse(new Uint8Array([0x25, 0x50, 0x44, 0x46]), { headers: { 'Content-Type': 'application/pdf' } })
    }),
    http.post(`${F}/:id/refund`, async ({ request }) => {
      const body = (await request.json()) as { amount?: number; reason: string }
      refunds.push(body)
      if (options.conflict) return HttpResponse.json({ message: 'No more than 0.00 remains to refund', code: 'REFUND_EXCEEDS_SALE' }, { status: 409 })
      const amount = body.amount ?? 49.9 - refunded
      made.push({ amount, reason: body.reason })
      refunded = Math.round((refunded + amount) * 100) / 100
      return HttpResponse.json({ Item: detail() })
    }),
  )
  return refunds
}

async function openSale(rendered = false) {
  if (!rendered) renderAt('/admin/finances?from=2026-11-01&to=2026-11-30')
  const latest = await screen.findByRole('region', { name: 'Latest sales' })
  await userEvent.click(await within(latest).findByRole('button', { name: 'Details of the sale of Astronomía to learner1@example.test' }))
  return screen.findByRole('dialog', { name: 'Sale R-000001' })
}

describe('the sale dialog', () => {
  it('shows finance staff the totals’ refunds and net, and the sale without a refund button', async () => {
    answer({ refunded: 20 })
    await signedInAs(net.identity.add({ email: 'fiona@example.test', groups: ['finances'] }))
    renderAt('/admin/finances?from=2026-11-01&to=2026-11-30')
    const figures = await screen.findByRole('region', { name: 'Totals for the period' })
    expect(await within(figures).findByText('Refunds in EUR')).toBeInTheDocument()
    expect(within(figures).getByText('€20.00')).toBeInTheDocument()
    expect(within(figures).getByText('€99.80')).toBeInTheDocument()
    const dialog = await openSale(true)
    expect(await within(dialog).findByText('€29.90')).toBeInTheDocument()
    expect(within(dialog).getByText(/^€20.00 on .*, by admin: Goodwill$/)).toBeInTheDocument()
    expect(within(dialog).queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument()
    // Finance staff download the receipt in the screen's language.
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:receipt'), revokeObjectURL: vi.fn() })
    const clicks = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined)
    await userEvent.click(within(dialog).getByRole('button', { name: 'Download the receipt' }))
    await vi.waitFor(() => expect(clicks).toHaveBeenCalled())
    expect(receipts).toEqual(['eng'])
    clicks.mockRestore()
  })

  it('lets an administrator refund part of a sale: checks the form, confirms with the amount and buyer, then shows it refunded', async () => {
    const refunds = answer()
    await signedInAs(net.identity.add({ email: 'ada@example.test', groups: ['admin'] }))
    const dialog = await openSale()
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Refund' }))
    const form = await screen.findByRole('dialog', { name: 'Refund the sale' })
    expect(within(form).getByText(/the refund is recorded only/)).toBeInTheDocument()

    // Nothing is sent while the form has problems; each problem is said by its field.
    await userEvent.type(within(form).getByRole('textbox', { name: 'Amount (EUR)' }), '60')
    await userEvent.click(within(form).getByRole('radio', { name: 'Shorten it' }))
    await userEvent.click(within(form).getByRole('button', { name: 'Continue' }))
    expect(within(form).getByText('No more than €49.90 remains to refund')).toBeInTheDocument()
    expect(within(form).getByText('Say why the sale is refunded')).toBeInTheDocument()
    expect(within(form).getByText('Say by how many days (1 to 3650)')).toBeInTheDocument()
    await userEvent.clear(within(form).getByRole('textbox', { name: 'Amount (EUR)' }))
    await userEvent.type(within(form).getByRole('textbox', { name: 'Amount (EUR)' }), '1.234')
    expect(within(form).getByText('The amount must be above zero, with two decimals at most')).toBeInTheDocument()
    await userEvent.clear(within(form).getByRole('textbox', { name: 'Amount (EUR)' }))
    await userEvent.type(within(form).getByRole('textbox', { name: 'Amount (EUR)' }), '19.90')
    await userEvent.type(within(form).getByRole('textbox', { name: 'Reason' }), 'Half the course')
    await userEvent.type(within(form).getByRole('textbox', { name: 'Days to take off' }), '30')
    await userEvent.click(within(form).getByRole('button', { name: 'Continue' }))
    expect(refunds).toEqual([])

    expect(await within(form).findByText('Refund €19.90 to learner1@example.test?')).toBeInTheDocument()
    expect(within(form).getByText('The subscription is shortened by 30 days.')).toBeInTheDocument()
    expect(within(form).getByText('A refund cannot be undone.')).toBeInTheDocument()
    await userEvent.click(within(form).getByRole('button', { name: 'Refund €19.90' }))

    expect(await screen.findByText('Sale refunded')).toBeInTheDocument()
    expect(refunds).toEqual([{ amount: 19.9, reason: 'Half the course', subscription: 'shorten', days: 30 }])
    const after = await screen.findByRole('dialog', { name: 'Sale R-000001' })
    expect(within(after).getByText('€30.00')).toBeInTheDocument()
    expect(within(after).getByText(/^€19.90 on .*, by admin: Half the course$/)).toBeInTheDocument()
  })

  it('shows the server’s refusal (another refund came first) on the confirmation', async () => {
    const refunds = answer({ conflict: true })
    await signedInAs(net.identity.add({ email: 'ada@example.test', groups: ['admin'] }))
    const dialog = await openSale()
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Refund' }))
    const form = await screen.findByRole('dialog', { name: 'Refund the sale' })
    await userEvent.type(within(form).getByRole('textbox', { name: 'Reason' }), 'Duplicate payment')
    await userEvent.click(within(form).getByRole('radio', { name: 'Revoke it' }))
    await userEvent.click(within(form).getByRole('button', { name: 'Continue' }))
    expect(await within(form).findByText('The subscription is revoked.')).toBeInTheDocument()
    await userEvent.click(within(form).getByRole('button', { name: 'Refund €49.90' }))
    expect(await within(form).findByText(/No more than 0.00 remains to refund/)).toBeInTheDocument()
    expect(refunds).toEqual([{ reason: 'Duplicate payment', subscription: 'revoke' }])
  })
})
