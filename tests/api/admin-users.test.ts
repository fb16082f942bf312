import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailsTo } from '../helpers/mail.js'
import { adminApp, adminAs, expectAdminOnly, type AdminApi } from './admin-helpers.js'

let api: AdminApi
let seq = 0
const email = (tag: string) => `${tag}.${++seq}@users.example.test`

beforeAll(async () => {
  api = await adminApp()
})
afterAll(() => api.close())

async function createUser(o: { email?: string; name?: string; groups?: string[] } = {}) {
  const res = await api.call('POST', '/api/admin/users/create', { email: o.email ?? email('u'), name: o.name ?? 'Test User', groups: o.groups })
  expect(res.statusCode, res.body).toBe(201)
  return res.json().Item as { username: string; email: string; name: string; status: string; enabled: boolean }
}

async function auditOf(targetId: string) {
  const res = await api.call('GET', '/api/v2/admin/audit/all?sizePerPage=100')
  return (res.json().items as Array<{ action: string; targetId: string; before: unknown; after: unknown }>).filter((e) => e.targetId === targetId)
}

describe('admin users: access', () => {
  it('answers 401 without a token and 403 to other groups on every users route', async () => {
    await expectAdminOnly(api, [
      ['POST', '/api/admin/users/all', {}],
      ['GET', '/api/admin/users/estimated'],
      ['GET', '/api/admin/users/user/someone'],
      ['PUT', '/api/admin/users/user/someone', {}],
      ['GET', '/api/admin/users/groups/someone'],
      ['PUT', '/api/admin/users/groups/someone', { groups: [] }],
      ['GET', '/api/admin/users/device-tracking-log/someone'],
      ['PUT', '/api/admin/users/confirm', { username: 'x' }],
      ['PUT', '/api/admin/users/enable', { username: 'x' }],
      ['PUT', '/api/admin/users/disable', { username: 'x' }],
      ['PUT', '/api/admin/users/force-logout', { username: 'x' }],
      ['PUT', '/api/admin/users/reset-password', { username: 'x' }],
      ['PUT', '/api/admin/users/set-temporal-password', { username: 'x' }],
      ['POST', '/api/admin/users/create', { email: 'a@b.test', name: 'A' }],
      ['GET', '/api/admin/users/subscriptions/someone'],
      ['POST', '/api/v2/admin/groups/all', {}],
      ['POST', '/api/v2/admin/groups/users', { group: 'admin' }],
    ])
  })
})

describe('POST /api/admin/users/create', () => {
  it('creates the user, mails the invitation with a temporary password, and records it', async () => {
    const address = email('invited')
    const user = await createUser({ email: address, name: 'Ada Invited', groups: ['creator'] })
    expect(user).toMatchObject({ email: address, name: 'Ada Invited', status: 'FORCE_CHANGE_PASSWORD', enabled: true })
    const mail = mailsTo(api.config.AULA_DATA_DIR, address)
    expect(mail).toHaveLength(1)
    expect(mail[0].text).toMatch(/temporal|temporary/i)
    expect((await api.call('GET', `/api/admin/users/groups/${user.username}`)).json()).toEqual({ groups: ['creator'] })
    const [entry] = await auditOf(user.username)
    expect(entry).toMatchObject({ action: 'users.create', before: null, after: { email: address, groups: ['creator'] } })
  })

  it('answers 400 with field errors, 409 for a taken address', async () => {
    const bad = await api.call('POST', '/api/admin/users/create', { email: 'not-an-address', name: '' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors).toMatchObject({ email: expect.any(String), name: expect.any(String) })
    const unknownGroup = await api.call('POST', '/api/admin/users/create', { email: email('g'), name: 'G', groups: ['wizards'] })
    expect(unknownGroup.statusCode).toBe(400)
    expect(unknownGroup.json().errors.groups).toMatch(/wizards/)
    const address = email('twice')
    await createUser({ email: address })
    const again = await api.call('POST', '/api/admin/users/create', { email: address.toUpperCase(), name: 'Again' })
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toMatch(/already exists/)
  })
})

describe('GET/PUT /api/admin/users/user/{id}', () => {
  it('reads by username or e-mail and updates attributes, recording before and after', async () => {
    const user = await createUser({ name: 'Old Name' })
    const byEmail = await api.call('GET', `/api/admin/users/user/${encodeURIComponent(user.email)}`)
    expect(byEmail.statusCode).toBe(200)
    expect(byEmail.json().Item).toMatchObject({ username: user.username, emailVerified: true })
    const res = await api.call('PUT', `/api/admin/users/user/${user.username}`, { name: 'New Name', locale: 'it' })
    expect(res.statusCode).toBe(200)
    expect(res.json().Item).toMatchObject({ name: 'New Name', attributes: expect.objectContaining({ locale: 'it' }) })
    const [update] = (await auditOf(user.username)).filter((e) => e.action === 'users.update')
    expect(update).toMatchObject({ before: { name: 'Old Name', locale: null }, after: { name: 'New Name', locale: 'it' } })
  })

  it('answers 404 for an unknown user, 400 for bad fields, 409 for an address in use', async () => {
    expect((await api.call('GET', '/api/admin/users/user/nobody@nowhere.test')).statusCode).toBe(404)
    expect((await api.call('GET', '/api/admin/users/user/nobody@nowhere.test')).json().message).toBe('User not found')
    expect((await api.call('PUT', '/api/admin/users/user/nobody@nowhere.test', { name: 'X' })).statusCode).toBe(404)
    const a = await createUser()
    const b = await createUser()
    const bad = await api.call('PUT', `/api/admin/users/user/${a.username}`, { email: 'nope', locale: 'xx' })
    expect(bad.statusCode).toBe(400)
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['email', 'locale']))
    const taken = await api.call('PUT', `/api/admin/users/user/${a.username}`, { email: b.email })
    expect(taken.statusCode).toBe(409)
  })
})

describe('users list, estimate and search', () => {
  it('pages with the token past the first page, without repeats, and searches by e-mail or name prefix', async () => {
    for (let i = 0; i < 7; i++) await createUser({ email: `pager${i}.${seq}@paging.example.test`, name: `Pager Person ${i}` })
    const seen: string[] = []
    let token = ''
    let pages = 0
    do {
      const res = await api.call('POST', '/api/admin/users/all', { sizePerPage: 3, searchText: 'pager', paginationToken: token })
      expect(res.statusCode).toBe(200)
      const body = res.json()
      seen.push(...body.items.map((u: { email: string }) => u.email))
      expect(body.estimated).toBeGreaterThanOrEqual(8)
      token = body.paginationToken ?? ''
      pages++
    } while (token)
    expect(pages).toBeGreaterThanOrEqual(3)
    expect(seen).toHaveLength(7)
    expect(new Set(seen).size).toBe(7)
    expect(seen.every((e) => e.startsWith('pager'))).toBe(true)

    const byName = await api.call('POST', '/api/admin/users/all', { searchText: 'Pager Person 3', filters: { searchBy: 'name' } })
    expect(byName.json().items.map((u: { name: string }) => u.name)).toEqual(['Pager Person 3'])
    const estimated = await api.call('GET', '/api/admin/users/estimated')
    expect(estimated.json().estimated).toBeGreaterThanOrEqual(8)
  })

  it('filters by group and enabled state together with the search', async () => {
    const a = await createUser({ email: `filtered.a.${seq}@filter.example.test`, groups: ['reviewer'] })
    await createUser({ email: `filtered.b.${seq}@filter.example.test`, groups: ['reviewer'] })
    await createUser({ email: `filtered.c.${seq}@filter.example.test` })
    await api.call('PUT', '/api/admin/users/disable', { username: a.username })
    const reviewers = await api.call('POST', '/api/admin/users/all', { searchText: 'filtered.', filters: { group: 'reviewer' } })
    expect(reviewers.json().items).toHaveLength(2)
    const disabled = await api.call('POST', '/api/admin/users/all', { searchText: 'filtered.', filters: { group: 'reviewer', enabled: false } })
    expect(disabled.json().items.map((u: { username: string }) => u.username)).toEqual([a.username])
    const enabledOnly = await api.call('POST', '/api/admin/users/all', { searchText: 'filtered.', filters: { enabled: true } })
    expect(enabledOnly.json().items).toHaveLength(2)
  })

  it('answers 400 for bad input and a forged token', async () => {
    const bad = await api.call('POST', '/api/admin/users/all', { sizePerPage: 500, filters: { status: 'HAPPY' } })
    expect(bad.statusCode).toBe(400)
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['sizePerPage', 'filters.status']))
    const forged = await api.call('POST', '/api/admin/users/all', { paginationToken: 'bm90LWEtdG9rZW4' })
    expect(forged.statusCode).toBe(400)
    expect(forged.json().errors).toHaveProperty('paginationToken')
  })
})

describe('groups of a user', () => {
  it('replaces the groups, records the change, refuses unknown groups and removing yourself from admin', async () => {
    const user = await createUser({ groups: ['general'] })
    const res = await api.call('PUT', `/api/admin/users/groups/${user.username}`, { groups: ['creator', 'reviewer'] })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ groups: ['creator', 'reviewer'] })
    expect((await api.call('GET', `/api/admin/users/groups/${user.username}`)).json()).toEqual({ groups: ['creator', 'reviewer'] })
    const [entry] = (await auditOf(user.username)).filter((e) => e.action === 'users.groups')
    expect(entry).toMatchObject({ before: { groups: ['general'] }, after: { groups: ['creator', 'reviewer'] } })

    const unknown = await api.call('PUT', `/api/admin/users/groups/${user.username}`, { groups: ['wizards'] })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().errors.groups).toMatch(/wizards/)
    const notArray = await api.call('PUT', `/api/admin/users/groups/${user.username}`, { groups: [''] })
    expect(notArray.statusCode).toBe(400)
    expect((await api.call('PUT', '/api/admin/users/groups/nobody@nowhere.test', { groups: [] })).statusCode).toBe(404)
    expect((await api.call('GET', '/api/admin/users/groups/nobody@nowhere.test')).statusCode).toBe(404)

    const admin = await createUser({ groups: ['admin'] })
    const self = await api.call('PUT', `/api/admin/users/groups/${admin.username}`, { groups: [] }, adminAs(admin.username))
    expect(self.statusCode).toBe(400)
  })
})

describe('support actions', () => {
  it('disables and enables, records each, and refuses to disable yourself', async () => {
    const user = await createUser()
    const off = await api.call('PUT', '/api/admin/users/disable', { username: user.email })
    expect(off.statusCode).toBe(200)
    expect(off.json()).toMatchObject({ message: expect.stringMatching(/disabled/), Item: { enabled: false } })
    const on = await api.call('PUT', '/api/admin/users/enable', { username: user.username })
    expect(on.json().Item.enabled).toBe(true)
    const actions = (await auditOf(user.username)).map((e) => e.action)
    expect(actions).toEqual(expect.arrayContaining(['users.disable', 'users.enable']))
    const disable = (await auditOf(user.username)).find((e) => e.action === 'users.disable')
    expect(disable).toMatchObject({ before: { enabled: true }, after: { enabled: false } })
    const self = await api.call('PUT', '/api/admin/users/disable', { username: user.username }, adminAs(user.username))
    expect(self.statusCode).toBe(409)
  })

  it('confirms only unconfirmed accounts (409 otherwise), resets passwords, sets temporary ones, signs out', async () => {
    const user = await createUser()
    const confirm = await api.call('PUT', '/api/admin/users/confirm', { username: user.username })
    expect(confirm.statusCode).toBe(409)
    expect(confirm.json().message).toMatch(/cannot be confirmed/)

    const temp = await api.call('PUT', '/api/admin/users/set-temporal-password', { username: user.username })
    expect(temp.statusCode, temp.body).toBe(200)
    expect(temp.json().Item.status).toBe('FORCE_CHANGE_PASSWORD')
    expect(mailsTo(api.config.AULA_DATA_DIR, user.email)).toHaveLength(2)

    const out = await api.call('PUT', '/api/admin/users/force-logout', { username: user.username })
    expect(out.statusCode).toBe(200)
    // A user still on a temporary password has no password to reset (Cognito's rule).
    const reset = await api.call('PUT', '/api/admin/users/reset-password', { username: user.username })
    expect(reset.statusCode).toBe(409)
    // Said in words an administrator can act on, with a code the screen recognises (not the pool's own text).
    expect(reset.json()).toEqual({
      message: 'This user has never signed in, so there is no password to reset: send a new temporary password instead',
      code: 'NEVER_SIGNED_IN',
    })

    // An account that signed up itself: unconfirmed until an admin confirms it, then resettable.
    await api.db.query(`UPDATE identity_users SET status = 'UNCONFIRMED' WHERE username = $1`, [user.username])
    const confirmed = await api.call('PUT', '/api/admin/users/confirm', { username: user.username })
    expect(confirmed.json().Item.status).toBe('CONFIRMED')
    const reset2 = await api.call('PUT', '/api/admin/users/reset-password', { username: user.username })
    expect(reset2.statusCode).toBe(200)
    expect(reset2.json().Item.status).toBe('RESET_REQUIRED')
  })

  it('answers 400 without a username and 404 for an unknown one', async () => {
    for (const action of ['confirm', 'enable', 'disable', 'force-logout', 'reset-password', 'set-temporal-password']) {
      const missing = await api.call('PUT', `/api/admin/users/${action}`, {})
      expect(missing.statusCode).toBe(400)
      expect(missing.json().errors).toEqual({ username: 'Required' })
      const unknown = await api.call('PUT', `/api/admin/users/${action}`, { username: 'nobody@nowhere.test' })
      expect(unknown.statusCode, action).toBe(404)
    }
  })
})

describe('devices and subscriptions of a user', () => {
  it('lists devices (none yet) and subscriptions, 404 for unknown users', async () => {
    const user = await createUser()
    const devices = await api.call('GET', `/api/admin/users/device-tracking-log/${user.username}`)
    expect(devices.statusCode).toBe(200)
    expect(devices.json()).toEqual({ items: [], paginationToken: null })
    expect((await api.call('GET', '/api/admin/users/device-tracking-log/nobody@nowhere.test')).statusCode).toBe(404)

    const { rows } = await api.db.query<{ uuid: string }>(`INSERT INTO courses (name) VALUES ('Statistics') RETURNING uuid`)
    await api.db.query(`INSERT INTO subscriptions (course_uuid, user_sub, plan_name, duration_days) VALUES ($1, $2, 'Yearly', 365)`, [
      rows[0].uuid,
      user.username,
    ])
    const subs = await api.call('GET', `/api/admin/users/subscriptions/${user.username}`)
    expect(subs.json().items).toEqual([expect.objectContaining({ courseName: 'Statistics', status: 'active', planName: 'Yearly', username: user.username })])
    expect((await api.call('GET', '/api/admin/users/subscriptions/nobody@nowhere.test')).statusCode).toBe(404)
  })
})

describe('groups', () => {
  it('lists the pool groups and pages through a group’s members with search', async () => {
    const groups = await api.call('POST', '/api/v2/admin/groups/all', {})
    expect(groups.statusCode).toBe(200)
    expect(groups.json().items.map((g: { name: string }) => g.name)).toEqual(
      expect.arrayContaining(['admin', 'creator', 'finances', 'general', 'reviewer', 'experimental']),
    )
    const paged = await api.call('POST', '/api/v2/admin/groups/all', { sizePerPage: 2 })
    const next = await api.call('POST', '/api/v2/admin/groups/all', { sizePerPage: 2, paginationToken: paged.json().paginationToken })
    expect(next.json().items).toHaveLength(2)
    expect(next.json().items[0].name).not.toBe(paged.json().items[0].name)

    for (let i = 0; i < 3; i++) await createUser({ email: `member${i}.${seq}@members.example.test`, groups: ['experimental'] })
    await createUser({ email: `outsider.${seq}@members.example.test` })
    const first = await api.call('POST', '/api/v2/admin/groups/users', { group: 'experimental', searchText: 'member', sizePerPage: 2 })
    expect(first.statusCode).toBe(200)
    expect(first.json().items).toHaveLength(2)
    expect(first.json().estimated).toBe(3)
    const second = await api.call('POST', '/api/v2/admin/groups/users', {
      group: 'experimental',
      searchText: 'member',
      sizePerPage: 2,
      paginationToken: first.json().paginationToken,
    })
    expect(second.json().items).toHaveLength(1)
    expect(second.json().paginationToken).toBeNull()

    expect((await api.call('POST', '/api/v2/admin/groups/users', { group: 'no-such-group' })).statusCode).toBe(404)
    const bad = await api.call('POST', '/api/v2/admin/groups/users', {})
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors).toHaveProperty('group')
  })
})

describe('invitation and temporary-password mails', () => {
  it("link the platform's sign-in page: the address the administrator used, in the recipient's language", async () => {
    const address = email('invited')
    const res = await api.app.inject({
      method: 'POST',
      url: '/api/admin/users/create',
      headers: { authorization: 'Bearer test:admin-tester:admin', host: 'aula.school.example' },
      payload: { email: address, name: 'Ina Invited', locale: 'gr' },
    })
    expect(res.statusCode, res.body).toBe(201)
    const [invitation] = mailsTo(api.config.AULA_DATA_DIR, address)
    expect(invitation.subject).toBe('Aula: Ihr Konto ist bereit')
    expect(invitation.text).toContain('Aula finden Sie unter http://aula.school.example\nAnmelden: http://aula.school.example/login')

    const temp = await api.app.inject({
      method: 'PUT',
      url: '/api/admin/users/set-temporal-password',
      headers: { authorization: 'Bearer test:admin-tester:admin', host: 'other.school.example' },
      payload: { username: res.json().Item.username },
    })
    expect(temp.statusCode, temp.body).toBe(200)
    expect(mailsTo(api.config.AULA_DATA_DIR, address)[1].text).toContain('Anmelden: http://other.school.example/login')
  })

  it("have an HTML alternative: the same text, values escaped, and a sign-in button in the recipient's language", async () => {
    const cases = [
      { locale: 'gr', lang: 'de', label: 'Anmelden', name: 'Dora <Deutsch> & Co' },
      { locale: 'eng', lang: 'en', label: 'Sign in', name: 'Eve "English" <b>' },
    ]
    for (const { locale, lang, label, name } of cases) {
      const address = `o'hara&co.${++seq}@users.example.test`
      const res = await api.app.inject({
        method: 'POST',
        url: '/api/admin/users/create',
        headers: { authorization: 'Bearer test:admin-tester:admin', host: 'aula.school.example' },
        payload: { email: address, name, locale },
      })
      expect(res.statusCode, res.body).toBe(201)
      const [invitation] = mailsTo(api.config.AULA_DATA_DIR, address)
      expect(invitation.text).toContain(`${label}: http://aula.school.example/login\n`)
      const html = invitation.html ?? ''
      expect(html).toContain(`<html lang="${lang}">`)
      const links = [...html.matchAll(/<a href="([^"]*)"[^>]*>([^<]*)<\/a>/g)].map((m) => [m[1], m[2]])
      // The button, and the two addresses of the text made links.
      expect(links).toEqual([
        ['http://aula.school.example', 'http://aula.school.example'],
        ['http://aula.school.example/login', 'http://aula.school.example/login'],
        ['http://aula.school.example/login', label],
      ])
      expect(html).toContain(address.replace('&', '&amp;').replace("'", '&#39;'))
      expect(html).not.toContain(address)
      expect(html).not.toMatch(/<b>|Deutsch|English/)
    }
  })

  it('link PUBLIC_URL when it is set, whatever address the administrator used', async () => {
    const configured = await adminApp({ PUBLIC_URL: 'https://aula.example.org' })
    try {
      const address = email('configured')
      const res = await configured.app.inject({
        method: 'POST',
        url: '/api/admin/users/create',
        headers: { authorization: 'Bearer test:admin-tester:admin', host: 'internal.example:3000' },
        payload: { email: address, name: 'Cora Configured' },
      })
      expect(res.statusCode, res.body).toBe(201)
      const [invitation] = mailsTo(configured.config.AULA_DATA_DIR, address)
      expect(invitation.subject).toBe('Aula: tu cuenta está lista')
      expect(invitation.text).toContain('Aula está en https://aula.example.org\nInicia sesión: https://aula.example.org/login')
    } finally {
      await configured.close()
    }
  })
})
