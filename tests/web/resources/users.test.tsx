import './admin'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { USER_STATUSES, type AdminUser, type SupportAction, type UsersListBody } from '../../../contracts/admin/users'
import { GROUP_DESCRIPTIONS, GROUPS } from '../../../contracts/groups'
import { catalogues } from '../../../src/i18n/catalogues'
import type { AdminMessages } from '../../../src/i18n/mx/admin'
import { path, renderAt, signedInAs, useFakeNetwork } from '../account/harness'

const net = useFakeNetwork()

function user(n: number, overrides: Partial<AdminUser> = {}): AdminUser {
  const email = overrides.email ?? `user${n}@example.test`
  return {
    username: `0000000${n}-1111-4111-8111-00000000000${n}`,
    email,
    name: `User ${n}`,
    status: 'CONFIRMED',
    enabled: true,
    emailVerified: true,
    attributes: { sub: `0000000${n}-1111-4111-8111-00000000000${n}`, email, name: `User ${n}` },
    createdAt: '2026-01-02T10:00:00.000Z',
    updatedAt: '2026-01-02T10:00:00.000Z',
    ...overrides,
  }
}

const groupsPage = {
  items: ['admin', 'creator', 'general'].map((name) => ({
    name,
    description: null,
    precedence: null,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
  })),
  paginationToken: null,
  estimated: 3,
}

async function asAdmin() {
  await signedInAs(net.identity.add({ email: 'admin@example.test', groups: ['admin'] }))
  net.server.use(http.post('*/api/v2/admin/groups/all', () => HttpResponse.json(groupsPage)))
}

const rows = () => screen.getAllByRole('row').slice(1)

describe('users list', () => {
  it('lists users with their badges and estimated count, searches, filters by group and pages with the token', async () => {
    await asAdmin()
    const requests: UsersListBody[] = []
    net.server.use(
      http.post('*/api/admin/users/all', async ({ request }) => {
        const body = (await request.json()) as UsersListBody
        requests.push(body)
        if (body.filters?.group === 'creator') return HttpResponse.json({ items: [user(7)], paginationToken: null, estimated: 1 })
        if (body.searchText) return HttpResponse.json({ items: [user(2)], paginationToken: null, estimated: 1 })
        if (body.paginationToken === 'next') return HttpResponse.json({ items: [user(3)], paginationToken: null, estimated: 1203 })
        return HttpResponse.json({
          items: [user(1), user(2, { status: 'UNCONFIRMED', enabled: false, emailVerified: false })],
          paginationToken: 'next',
          estimated: 1203,
        })
      }),
    )
    renderAt('/admin/users')
    expect(await screen.findByRole('heading', { level: 1, name: 'Users management' })).toBeInTheDocument()
    await waitFor(() => expect(rows()).toHaveLength(2))
    expect(screen.getByText('Estimated total: 1,203 records')).toBeInTheDocument()
    const second = rows()[1]
    for (const badge of ['Unconfirmed', 'Disabled', 'Unverified']) expect(within(second).getByText(badge)).toBeInTheDocument()
    for (const badge of ['Confirmed', 'Enabled', 'Verified']) expect(within(rows()[0]).getByText(badge)).toBeInTheDocument()
    expect(screen.queryByText('CONFIRMED')).not.toBeInTheDocument()
    expect(within(rows()[0]).getByRole('link', { name: 'user1@example.test' })).toHaveAttribute(
      'href',
      `/admin/users/update/${user(1).username}/user1%40example.test`,
    )

    await userEvent.click(screen.getByRole('button', { name: 'Next Page' }))
    await waitFor(() => expect(screen.getByText('user3@example.test')).toBeInTheDocument())
    expect(requests.at(-1)).toMatchObject({ paginationToken: 'next', searchText: '' })

    await userEvent.type(screen.getByRole('textbox', { name: 'Search users' }), 'user2')
    await waitFor(() => expect(requests.at(-1)).toMatchObject({ searchText: 'user2', paginationToken: '' }))
    await waitFor(() => expect(rows()).toHaveLength(1))

    await userEvent.clear(screen.getByRole('textbox', { name: 'Search users' }))
    await userEvent.click(screen.getByRole('combobox', { name: 'Group' }))
    await userEvent.click(await screen.findByRole('option', { name: 'creator' }))
    await waitFor(() => expect(requests.at(-1)?.filters).toMatchObject({ group: 'creator' }))
    expect(await screen.findByText('user7@example.test')).toBeInTheDocument()
  })

  it('says so when no user matches', async () => {
    await asAdmin()
    net.server.use(http.post('*/api/admin/users/all', () => HttpResponse.json({ items: [], paginationToken: null, estimated: 0 })))
    renderAt('/admin/users?filter=%7B%22q%22%3A%22nobody%22%7D')
    expect(await screen.findByText('No user matches these filters')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Next Page' })).not.toBeInTheDocument()
  })
})

describe('pool statuses and group descriptions', () => {
  it('are written in every language: no catalogue shows a status code or the English stock description', () => {
    for (const [locale, catalogue] of Object.entries(catalogues)) {
      const { users, groups } = catalogue.aula.admin as unknown as AdminMessages
      for (const status of USER_STATUSES) {
        const text = users.statuses[status]
        expect(text, `${locale} ${status}`).toBeTruthy()
        expect(text, `${locale} ${status}`).not.toBe(status)
      }
      for (const group of GROUPS) {
        const text = groups.descriptions[group]
        expect(text, `${locale} ${group}`).toBeTruthy()
        if (locale !== 'eng') expect(text, `${locale} ${group}`).not.toBe(GROUP_DESCRIPTIONS[group])
      }
    }
  })

  it('the groups screen shows the role groups in the reader’s language and a written description as written', async () => {
    await asAdmin()
    const group = (name: string, description: string | null) => ({ ...groupsPage.items[0], name, description })
    net.server.use(
      http.post('*/api/v2/admin/groups/all', () =>
        HttpResponse.json({
          items: [group('admin', GROUP_DESCRIPTIONS.admin), group('general', null), group('acme.example', 'Acme staff')],
          paginationToken: null,
          estimated: 3,
        }),
      ),
    )
    renderAt('/admin/groups')
    await waitFor(() => expect(rows()).toHaveLength(3))
    expect(within(rows()[0]).getByText('Administrators: users, groups, catalogues, subscriptions, monitoring')).toBeInTheDocument()
    expect(within(rows()[1]).getByText('Learners (every self sign-up joins it)')).toBeInTheDocument()
    expect(within(rows()[2]).getByText('Acme staff')).toBeInTheDocument()
  })

  it('a group’s members show their status translated', async () => {
    await asAdmin()
    net.server.use(
      http.post('*/api/v2/admin/groups/users', () =>
        HttpResponse.json({ items: [user(4, { status: 'FORCE_CHANGE_PASSWORD' })], paginationToken: null, estimated: 1 }),
      ),
    )
    renderAt('/admin/groups/general/show')
    await waitFor(() => expect(rows()).toHaveLength(1))
    expect(within(rows()[0]).getByText('Must change password')).toBeInTheDocument()
  })
})

describe('user update page: support actions', () => {
  function serveUser(state: { current: AdminUser }, calls: Array<{ action: string; body: unknown }>, fail?: SupportAction) {
    const u = state.current
    net.server.use(
      http.get(`*/api/admin/users/user/${u.username}`, () => HttpResponse.json({ Item: state.current })),
      http.get(`*/api/admin/users/groups/${u.username}`, () => HttpResponse.json({ groups: ['general'] })),
      http.get(`*/api/admin/users/device-tracking-log/${u.username}`, () => HttpResponse.json({ items: [], paginationToken: null })),
      http.get(`*/api/admin/users/subscriptions/${u.username}`, () => HttpResponse.json({ items: [] })),
      http.put('*/api/admin/users/:action', async ({ request, params }) => {
        const action = params.action as SupportAction
        const body = await request.json()
        calls.push({ action, body })
        if (action === fail) return HttpResponse.json({ message: 'The identity service is not reachable' }, { status: 409 })
        if (action === 'disable') state.current = { ...state.current, enabled: false }
        if (action === 'enable') state.current = { ...state.current, enabled: true }
        return HttpResponse.json({ message: 'done', Item: state.current })
      }),
    )
  }

  it('asks for confirmation, shows a loading state on that action only, then the result and the new badge', async () => {
    await asAdmin()
    const state = { current: user(4) }
    const calls: Array<{ action: string; body: unknown }> = []
    serveUser(state, calls)
    let release: () => void = () => undefined
    net.server.use(
      http.put('*/api/admin/users/disable', async ({ request }) => {
        calls.push({ action: 'disable', body: await request.json() })
        await new Promise<void>((r) => (release = r))
        state.current = { ...state.current, enabled: false }
        return HttpResponse.json({ message: 'done', Item: state.current })
      }),
    )
    renderAt(`/admin/users/update/${state.current.username}/user4%40example.test`)
    const actions = await screen.findByRole('heading', { name: 'Support actions' })
    const card = actions.closest('.MuiCard-root') as HTMLElement
    // Nothing to confirm or enable on a confirmed, enabled account.
    expect(within(card).getByRole('button', { name: 'Confirm account' })).toBeDisabled()
    expect(within(card).getByRole('button', { name: 'Enable' })).toBeDisabled()

    await userEvent.click(within(card).getByRole('button', { name: 'Disable' }))
    const dialog = await screen.findByRole('dialog')
    expect(dialog).toHaveTextContent('Disable this account?')
    expect(dialog).toHaveTextContent('user4@example.test will be signed out everywhere')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }))
    await waitFor(() => expect(within(card).getByRole('button', { name: 'Disable' })).toHaveAttribute('aria-busy', 'true'))
    expect(within(card).getByRole('button', { name: 'Force logout' })).not.toHaveAttribute('aria-busy', 'true')
    expect(within(card).getByRole('button', { name: 'Force logout' })).toBeEnabled()
    release()
    expect(await within(card).findByText('The account of user4@example.test is disabled.')).toBeInTheDocument()
    expect(calls).toEqual([{ action: 'disable', body: { username: state.current.username } }])
    const head = screen.getByRole('heading', { level: 1 }).parentElement as HTMLElement
    await waitFor(() => expect(within(head).getByText('Disabled')).toBeInTheDocument())
    await waitFor(() => expect(within(card).getByRole('button', { name: 'Enable' })).toBeEnabled())
  })

  it('cancelling the dialog sends nothing; a refused action shows its error', async () => {
    await asAdmin()
    const state = { current: user(5) }
    const calls: Array<{ action: string; body: unknown }> = []
    serveUser(state, calls, 'reset-password')
    renderAt(`/admin/users/update/${state.current.username}/user5%40example.test`)
    const card = (await screen.findByRole('heading', { name: 'Support actions' })).closest('.MuiCard-root') as HTMLElement

    await userEvent.click(within(card).getByRole('button', { name: 'Force logout' }))
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(calls).toEqual([])

    await userEvent.click(within(card).getByRole('button', { name: 'Reset password' }))
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }))
    expect(await within(card).findByRole('alert')).toHaveTextContent('Invalid operation: The identity service is not reachable')
    expect(calls.map((c) => c.action)).toEqual(['reset-password'])

    await userEvent.click(within(card).getByRole('button', { name: 'Set temporary password' }))
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }))
    expect(await within(card).findByText('A temporary password was mailed to user5@example.test.')).toBeInTheDocument()
    expect(calls.map((c) => c.action)).toEqual(['reset-password', 'set-temporal-password'])
  })

  it('reset password on an account that never signed in explains why and sends a new temporary password instead', async () => {
    await asAdmin()
    const state = { current: user(8, { status: 'FORCE_CHANGE_PASSWORD' }) }
    const calls: Array<{ action: string; body: unknown }> = []
    serveUser(state, calls)
    renderAt(`/admin/users/update/${state.current.username}/user8%40example.test`)
    const card = (await screen.findByRole('heading', { name: 'Support actions' })).closest('.MuiCard-root') as HTMLElement
    await userEvent.click(within(card).getByRole('button', { name: 'Reset password' }))
    const dialog = await screen.findByRole('dialog')
    expect(dialog).toHaveTextContent('This user has not signed in yet')
    expect(dialog).toHaveTextContent('user8@example.test has never signed in, so there is no password to reset')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send a new temporary password' }))
    expect(await within(card).findByText('A temporary password was mailed to user8@example.test.')).toBeInTheDocument()
    expect(calls.map((c) => c.action)).toEqual(['set-temporal-password'])
  })

  it('a reset the server refuses because the account never signed in says what to do, not the service’s words', async () => {
    await asAdmin()
    const state = { current: user(9) }
    const calls: Array<{ action: string; body: unknown }> = []
    serveUser(state, calls)
    net.server.use(
      http.put('*/api/admin/users/reset-password', () =>
        HttpResponse.json({ message: 'This user has never signed in', code: 'NEVER_SIGNED_IN' }, { status: 409 }),
      ),
    )
    renderAt(`/admin/users/update/${state.current.username}/user9%40example.test`)
    const card = (await screen.findByRole('heading', { name: 'Support actions' })).closest('.MuiCard-root') as HTMLElement
    await userEvent.click(within(card).getByRole('button', { name: 'Reset password' }))
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }))
    expect(await within(card).findByRole('alert')).toHaveTextContent(
      'user9@example.test has never signed in, so there is no password to reset: send a new temporary password instead.',
    )
  })

  it('creating a user mails the invitation and opens the update page', async () => {
    await asAdmin()
    const created = user(6, { email: 'new@example.test', name: 'New Person', status: 'FORCE_CHANGE_PASSWORD' })
    let sent: unknown
    net.server.use(
      http.post('*/api/admin/users/create', async ({ request }) => {
        sent = await request.json()
        return HttpResponse.json({ Item: created }, { status: 201 })
      }),
    )
    serveUser({ current: created }, [])
    renderAt('/admin/users/create')
    await userEvent.type(await screen.findByRole('textbox', { name: 'Email' }), 'new@example.test')
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'New Person')
    await userEvent.click(screen.getByRole('checkbox', { name: 'creator' }))
    await userEvent.click(screen.getByRole('button', { name: 'Create and send the invitation' }))
    expect(await screen.findByText('Invitation sent to new@example.test')).toBeInTheDocument()
    await waitFor(() => expect(path()).toBe(`/admin/users/update/${created.username}/new%40example.test`))
    // The mail's language defaults to the one the administrator is reading.
    expect(sent).toMatchObject({ email: 'new@example.test', name: 'New Person', groups: ['general', 'creator'], locale: 'eng' })
    expect(await screen.findByRole('heading', { name: 'Support actions' })).toBeInTheDocument()
  })
})
