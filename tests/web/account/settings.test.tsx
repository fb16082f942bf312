import './eng'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, onTestFinished } from 'vitest'
import { config } from './fakeIdentity'
import { field, path, phoneMatchMedia, renderAt, signedInAs, useFakeNetwork } from './harness'

const net = useFakeNetwork()
const DAY = 86_400_000

/** Lays the screen out as a 390 px wide phone for the rest of the test. */
function onPhone() {
  const desktop = window.matchMedia
  window.matchMedia = phoneMatchMedia
  onTestFinished(() => {
    window.matchMedia = desktop
  })
}

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

  it('profile: shows name, e-mail and the account id under a technical label; requires the name by its name; updates it with the logout note', async () => {
    const ana = await signIn()
    renderAt('/settings/profile')
    const user = userEvent.setup()
    const name = await screen.findByLabelText(/Name/, { selector: 'input' })
    expect(name).toHaveValue('Ana Pérez')
    // Read-only values wrap on a phone instead of being cut off: multi-line, read-only fields.
    const readOnly = (label: RegExp) => screen.getByLabelText(label, { selector: 'textarea' })
    expect(readOnly(/Email/)).toHaveValue('ana@example.test')
    expect(readOnly(/Email/)).toHaveAttribute('readonly')
    // No id number attribute: no "ID number" showing the internal UUID, which keeps its technical label.
    expect(screen.queryByLabelText(/ID number/)).not.toBeInTheDocument()
    expect(readOnly(/Account ID \(technical\)/)).toHaveValue(ana.sub)
    await user.clear(name)
    await user.click(screen.getByRole('button', { name: 'Update profile' }))
    // The message names the field it belongs to (Name), not a username the form does not have.
    expect(await screen.findByText('Please Enter Your Name')).toBeInTheDocument()
    await user.type(name, 'Ana María')
    await user.click(screen.getByRole('button', { name: 'Update profile' }))
    expect(await screen.findByText(/Your profile has been updated!/)).toHaveTextContent('You need to logout and login again to refresh the changes')
    expect(net.identity.users.get('ana@example.test')!.name).toBe('Ana María')
  })

  it('profile: shows the id number attribute when the account has one', async () => {
    await signedInAs(net.identity.add({ email: 'ana@example.test', claims: { 'custom:id_number': 'A-2024-0042' } }))
    renderAt('/settings/profile')
    expect(await screen.findByLabelText(/ID number/, { selector: 'textarea' })).toHaveValue('A-2024-0042')
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
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Minimum 12 characters', 'At least 1 uppercase letter', 'At least 1 lowercase letter', 'At least 1 number', 'At least 1 special character'])
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
    expect(
      within(list)
        .getAllByRole('listitem')
        .every((li) => li.dataset.met === 'true'),
    ).toBe(true)
    await user.clear(field(/Confirm new password/))
    await user.type(field(/Confirm new password/), 'Another#Pass99')
    await user.click(screen.getByRole('button', { name: 'Change password' }))
    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument()
    expect(net.identity.users.get('ana@example.test')!.password).toBe('Another#Pass99')
  })

  it('security: its headings are in order (h1 settings, h2 pane, h3 requirements)', async () => {
    await signIn()
    renderAt('/settings/security')
    const requirements = await screen.findByRole('heading', { name: 'Password requirements' })
    const levels = screen.getAllByRole('heading').map((h) => Number(h.tagName.slice(1)))
    expect(requirements.tagName).toBe('H3')
    levels.forEach((level, i) => expect(level - (levels[i - 1] ?? 0)).toBeLessThanOrEqual(1))
  })

  it('security: a wrong current password says the current password is wrong (no username on that form)', async () => {
    await signIn()
    renderAt('/settings/security')
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText(/Current password/, { selector: 'input' }), 'Wrong#Pass123')
    await user.type(field(/^New password/), 'Another#Pass99')
    await user.type(field(/Confirm new password/), 'Another#Pass99')
    await user.click(screen.getByRole('button', { name: 'Change password' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('The current password is incorrect.')
    expect(screen.getByRole('alert')).not.toHaveTextContent(/username/i)
  })

  it('devices: translated status, a readable client with the full user agent as its title, last IP', async () => {
    await signIn()
    const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0'
    const safari = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'
    net.identity.devices = [
      {
        DeviceKey: 'eu-west-1_d1',
        DeviceAttributes: [
          { Name: 'device_status', Value: 'valid' },
          { Name: 'device_name', Value: firefox },
          { Name: 'last_ip_used', Value: '203.0.113.9' },
          { Name: 'dev:device_remembered_status', Value: 'remembered' },
        ],
      },
      {
        DeviceKey: 'eu-west-1_d2',
        DeviceAttributes: [
          { Name: 'device_status', Value: 'valid' },
          { Name: 'device_name', Value: safari },
          { Name: 'dev:device_remembered_status', Value: 'not_remembered' },
        ],
      },
      {
        DeviceKey: 'eu-west-1_d3',
        DeviceAttributes: [
          { Name: 'device_status', Value: 'valid' },
          { Name: 'device_name', Value: 'Lab PC 4' },
        ],
      },
    ]
    renderAt('/settings/devices')
    const first = (await screen.findByText('Firefox 128 on Linux')).closest('tr')!
    expect(within(first).getByText('Firefox 128 on Linux')).toHaveAttribute('title', firefox)
    expect(within(first).getByText('Remembered')).toBeInTheDocument()
    expect(within(first).getByText('203.0.113.9')).toBeInTheDocument()
    const second = screen.getByText('Safari 17 on iOS 17').closest('tr')!
    expect(within(second).getByText('Not remembered')).toBeInTheDocument()
    const third = screen.getByText('Lab PC 4').closest('tr')!
    expect(within(third).getByText('Active')).toBeInTheDocument()
    expect(screen.queryByText('valid')).not.toBeInTheDocument()
    expect(net.identity.op('ListDevices')[0].body).toMatchObject({ Limit: 10 })
  })

  it('devices on a phone: one card per device with status, last IP used and last seen', async () => {
    await signIn()
    net.identity.devices = [
      {
        DeviceKey: 'eu-west-1_d1',
        DeviceAttributes: [
          { Name: 'device_status', Value: 'valid' },
          {
            Name: 'device_name',
            Value: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
          },
          { Name: 'last_ip_used', Value: '198.51.100.7' },
          { Name: 'dev:device_remembered_status', Value: 'remembered' },
        ],
        DeviceLastAuthenticatedDate: 1_700_000_000,
      },
    ]
    onPhone()
    renderAt('/settings/devices')
    const card = (await screen.findByRole('heading', { name: 'Chrome 126 on Android 14' })).closest('li')!
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    expect(within(card).getByText('Last IP used')).toBeInTheDocument()
    expect(within(card).getByText('198.51.100.7')).toBeInTheDocument()
    expect(within(card).getByText('Last seen')).toBeInTheDocument()
    // English dates are written the British way: day first, 24-hour clock.
    expect(within(card).getByText(/^\d{2}\/\d{2}\/\d{4}, [0-2]\d:\d{2}$/)).toBeInTheDocument()
    expect(within(card).getByText('Remembered')).toBeInTheDocument()
  })

  it('on a phone the panes are a horizontal tab bar that still changes the route', async () => {
    await signIn()
    onPhone()
    renderAt('/settings/profile')
    const user = userEvent.setup()
    const tabs = await screen.findByRole('tablist', { name: 'Settings sections' })
    // MUI marks only the vertical orientation.
    expect(tabs).not.toHaveAttribute('aria-orientation', 'vertical')
    within(tabs).getByRole('tab', { name: 'Profile' }).focus()
    await user.keyboard('{ArrowRight}{Enter}')
    await waitFor(() => expect(path()).toBe('/settings/subscriptions'))
  })

  it('on a wide screen the panes are a vertical tab list', async () => {
    await signIn()
    renderAt('/settings/profile')
    expect(await screen.findByRole('tablist', { name: 'Settings sections' })).toHaveAttribute('aria-orientation', 'vertical')
  })

  it('support without a configured address: no address promised, ask the teacher or the office', async () => {
    const ana = await signIn()
    renderAt('/settings/support')
    expect(await screen.findByText(/no support address set up/)).toHaveTextContent("If you need help, ask your teacher or the centre's office.")
    expect(screen.queryByRole('link', { name: /@/ })).not.toBeInTheDocument()
    expect(screen.getByText(ana.sub)).toBeInTheDocument()
  })

  it('support with SUPPORT_EMAIL: the address as a mailto link', async () => {
    net.server.use(http.get('*/api/config', () => HttpResponse.json({ ...config, supportEmail: 'help@aula.example.org' })))
    await signIn()
    renderAt('/settings/support')
    expect(await screen.findByRole('link', { name: 'help@aula.example.org' })).toHaveAttribute('href', 'mailto:help@aula.example.org')
    expect(screen.getByText(/To write to the support team, use/)).toBeInTheDocument()
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
            {
              id: '00000000-0000-4000-8000-000000000001',
              course: { uuid: '10000000-0000-4000-8000-000000000001', name: 'Algebra' },
              plan: { name: 'Yearly', durationDays: 365 },
              createdAt: created,
              revokedAt: null,
              status: 'active',
              expiresAt: created,
              remainingDays: 360,
            },
            {
              id: '00000000-0000-4000-8000-000000000002',
              course: { uuid: '10000000-0000-4000-8000-000000000002', name: 'Biology' },
              plan: { name: 'Monthly', durationDays: 30 },
              createdAt: old,
              revokedAt: null,
              status: 'expired',
              expiresAt: old,
              remainingDays: 0,
            },
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
    const hm = `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`
    expect(screen.getByText(`Subscribed on ${dd}, ${hm}`)).toBeInTheDocument()
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
