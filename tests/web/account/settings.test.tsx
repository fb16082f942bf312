import './eng'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { field, path, renderAt, signedInAs, useFakeNetwork } from './harness'

const net = useFakeNetwork()
const DAY = 86_400_000

async function signIn() {
  const ana = net.identity.add({ email: 'ana@example.test', name: 'Ana Pérez', password: 'Secret#Pass12' })
  await signedInAs(ana)
  return ana
}

describe('settings panes', () => {
  it('sends a visitor opening /settings/profile to /login', async () => {
    renderAt('/settings/profile')
    await waitFor(() => expect(path()).toBe('/login'))
  })

  it('profile: shows name, e-mail and id number; requires the name; updates it with the logout note', async () => {
    const ana = await signIn()
    renderAt('/settings/profile')
    const user = userEvent.setup()
    const name = await screen.findByLabelText(/Name/, { selector: 'input' })
    expect(name).toHaveValue('Ana Pérez')
    expect(field(/Email/)).toHaveValue('ana@example.test')
    expect(field(/ID number/)).toHaveValue(ana.sub)
    await user.clear(name)
    await user.click(screen.getByRole('button', { name: 'Update profile' }))
    expect(await screen.findByText('Please Enter Your UserName')).toBeInTheDocument()
    await user.type(name, 'Ana María')
    await user.click(screen.getByRole('button', { name: 'Update profile' }))
    expect(await screen.findByText(/Your profile has been updated!/)).toHaveTextContent('You need to logout and login again to refresh the changes')
    expect(net.identity.users.get('ana@example.test')!.name).toBe('Ana María')
  })

  it('choosing a pane changes the route', async () => {
    await signIn()
    renderAt('/settings/profile')
    const user = userEvent.setup()
    await user.click(await screen.findByRole('tab', { name: 'Security' }))
    expect(path()).toBe('/settings/security')
    await user.click(screen.getByRole('tab', { name: 'Devices' }))
    expect(path()).toBe('/settings/devices')
    expect(await screen.findByText('No items found in section')).toBeInTheDocument()
  })

  it('security: every §5 message, the requirement list, and a change through the service', async () => {
    const ana = await signIn()
    renderAt('/settings/security')
    const user = userEvent.setup()
    const list = await screen.findByRole('list')
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Minimum 12 characters',
      'At least 1 uppercase letter',
      'At least 1 lowercase letter',
      'At least 1 number',
      'At least 1 special character',
    ])
    await user.click(screen.getByRole('button', { name: 'Change password' }))
    expect(await screen.findByText('Please Enter Current Password')).toBeInTheDocument()
    expect(screen.getByText('Please Enter Your New Password')).toBeInTheDocument()
    expect(screen.getByText('Please Confirm Your New Password')).toBeInTheDocument()
    await user.type(field(/Current password/), ana.password)
    await user.type(field(/^New password/), 'Short#1')
    await user.type(field(/Confirm new password/), 'Other')
    await user.click(screen.getByRole('button', { name: 'Change password' }))
    expect(await screen.findByText('Password is too short, should be 12 chars minimum.')).toBeInTheDocument()
    expect(screen.getByText('Passwords must match')).toBeInTheDocument()
    await user.clear(field(/^New password/))
    await user.type(field(/^New password/), 'Another#Pass99')
    expect(within(list).getAllByRole('listitem').every((li) => li.dataset.met === 'true')).toBe(true)
    await user.clear(field(/Confirm new password/))
    await user.type(field(/Confirm new password/), 'Another#Pass99')
    await user.click(screen.getByRole('button', { name: 'Change password' }))
    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument()
    expect(net.identity.users.get('ana@example.test')!.password).toBe('Another#Pass99')
  })

  it('security: a wrong current password shows the service’s message', async () => {
    await signIn()
    renderAt('/settings/security')
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText(/Current password/, { selector: 'input' }), 'Wrong#Pass123')
    await user.type(field(/^New password/), 'Another#Pass99')
    await user.type(field(/Confirm new password/), 'Another#Pass99')
    await user.click(screen.getByRole('button', { name: 'Change password' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect username or password.')
  })

  it('devices: status, client and last IP per device', async () => {
    await signIn()
    net.identity.devices = [
      {
        DeviceKey: 'eu-west-1_d1',
        DeviceAttributes: [
          { Name: 'device_status', Value: 'valid' },
          { Name: 'device_name', Value: 'Firefox on Linux' },
          { Name: 'last_ip_used', Value: '203.0.113.9' },
          { Name: 'device_remembered_status', Value: 'remembered' },
        ],
      },
    ]
    renderAt('/settings/devices')
    const row = (await screen.findByText('Firefox on Linux')).closest('tr')!
    expect(within(row).getByText('Remembered')).toBeInTheDocument()
    expect(within(row).getByText('203.0.113.9')).toBeInTheDocument()
    expect(net.identity.op('ListDevices')[0].body).toMatchObject({ Limit: 10 })
  })

  it('subscriptions: cards with plan, days, badges and date; the empty message', async () => {
    await signIn()
    const created = new Date(Date.now() - 5 * DAY + 3_600_000).toISOString()
    const old = new Date(Date.now() - 40 * DAY).toISOString()
    net.server.use(
      http.get('*/api/v2/user/subscriptions', ({ request }) => {
        expect(new URL(request.url).searchParams.get('page')).toBe('1')
        expect(request.headers.get('authorization')).toBe(`Bearer ${localStorage.getItem('jwt')}`)
        expect(request.headers.get('accept')).toBe('application/json')
        return HttpResponse.json({
          page: 1,
          pageSize: 10,
          total: 2,
          items: [
            { id: '00000000-0000-4000-8000-000000000001', course: { uuid: '10000000-0000-4000-8000-000000000001', name: 'Algebra' }, plan: { name: 'Yearly', durationDays: 365 }, createdAt: created, revokedAt: null, status: 'active', expiresAt: created, remainingDays: 360 },
            { id: '00000000-0000-4000-8000-000000000002', course: { uuid: '10000000-0000-4000-8000-000000000002', name: 'Biology' }, plan: { name: 'Monthly', durationDays: 30 }, createdAt: old, revokedAt: null, status: 'expired', expiresAt: old, remainingDays: 0 },
          ],
        })
      }),
    )
    renderAt('/settings/subscriptions')
    expect(await screen.findByText('Algebra')).toBeInTheDocument()
    expect(screen.getByText('Yearly · 365 days')).toBeInTheDocument()
    expect(screen.getByText('Remaining days: 360')).toBeInTheDocument()
    expect(screen.getByText('Monthly · 30 days')).toBeInTheDocument()
    expect(screen.getByText('Expired')).toBeInTheDocument()
    const d = new Date(created)
    const dd = `${String(d.getDate()).padStart(2, '0')}/${String(d.getMonth() + 1).padStart(2, '0')}/${d.getFullYear()}`
    expect(screen.getByText(new RegExp(`^Subscribed on ${dd} \\d{2}:\\d{2} (AM|PM)$`))).toBeInTheDocument()
  })

  it('subscriptions: no subscriptions', async () => {
    await signIn()
    net.server.use(http.get('*/api/v2/user/subscriptions', () => HttpResponse.json({ page: 1, pageSize: 10, total: 0, items: [] })))
    renderAt('/settings/subscriptions')
    expect(await screen.findByText('No subscriptions found linked to account')).toBeInTheDocument()
  })

  it('an unknown pane is the 404 page', async () => {
    await signIn()
    renderAt('/settings/nothing')
    expect(await screen.findByText('Sorry, page not found')).toBeInTheDocument()
  })
})
