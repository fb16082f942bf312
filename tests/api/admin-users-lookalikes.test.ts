import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminApp, type AdminApi } from './admin-helpers.js'

let api: AdminApi

beforeAll(async () => {
  api = await adminApp()
})
afterAll(() => api.close())

/** Self sign-up on the embedded pool's wire protocol, as the browser library sends it. */
function signUp(email: string) {
  return api.app.inject({
    method: 'POST',
    url: '/identity/',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.SignUp' },
    payload: JSON.stringify({ ClientId: api.config.IDENTITY_CLIENT_ID, Username: email, Password: 'Correct-Horse-7-battery', UserAttributes: [] }),
  })
}

describe('POST /api/admin/users/create: addresses normalised, look-alikes refused', () => {
  it('stores a differently cased address in lower case and refuses it again in any case', async () => {
    const created = await api.call('POST', '/api/admin/users/create', { email: 'Ada.Lovelace@Users.Example.TEST', name: 'Ada' })
    expect(created.statusCode, created.body).toBe(201)
    expect(created.json().Item.email).toBe('ada.lovelace@users.example.test')
    const read = await api.call('GET', `/api/admin/users/user/${encodeURIComponent('ADA.LOVELACE@users.example.test')}`)
    expect(read.statusCode).toBe(200)
    expect(read.json().Item.username).toBe(created.json().Item.username)
    const again = await api.call('POST', '/api/admin/users/create', { email: 'ada.lovelace@USERS.example.test', name: 'Ada again' })
    expect(again.statusCode).toBe(409)
  })

  it('answers 409 for an address that looks like an existing one written in another script, and creates nothing', async () => {
    // A learner signed up as "mаria@…" with a Cyrillic а (U+0430).
    const learner = await signUp('m\u0430ria@users.example.test')
    expect(learner.statusCode, learner.body).toBe(200)
    const before = await api.call('POST', '/api/admin/users/all', { sizePerPage: 60, searchText: '' })
    const refused = await api.call('POST', '/api/admin/users/create', { email: 'maria@users.example.test', name: 'Maria' })
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({ code: 'USER_EXISTS', message: 'An account with the given email already exists.' })
    const after = await api.call('POST', '/api/admin/users/all', { sizePerPage: 60, searchText: '' })
    expect(after.json().items).toHaveLength(before.json().items.length)
  })
})
