import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../helpers/app.js'
import { codeIn, mailsTo } from '../helpers/mail.js'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const signUp = (body: unknown, remoteAddress = '198.51.100.7') =>
  t.app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: body as object, remoteAddress })

describe('POST /api/auth/sign-up {user} (requirements §7, the legacy sign-up)', () => {
  it('signs the visitor up as the register screen does: unconfirmed, in general, a code mailed in their language', async () => {
    const res = await signUp({ user: { email: 'Legacy.Visitor@example.test', name: ' Lea Legacy ', password: 'Str0ng!Passw0rd', locale: 'eng' } })
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json()).toMatchObject({
      UserConfirmed: false,
      UserSub: expect.any(String),
      CodeDeliveryDetails: { DeliveryMedium: 'EMAIL', AttributeName: 'email' },
    })
    const sub = res.json().UserSub as string
    const user = await t.app.identityUsers.requireUser(sub)
    expect(user).toMatchObject({ email: 'legacy.visitor@example.test', name: 'Lea Legacy', status: 'UNCONFIRMED', attributes: { locale: 'eng' } })
    expect(await t.app.identityUsers.groupsOf(sub)).toEqual(['general'])
    const [mail] = mailsTo(t.config.AULA_DATA_DIR, 'legacy.visitor@example.test')
    expect(mail.subject).toBe('Aula: your confirmation code')
    expect(codeIn(mail)).toMatch(/^\d{6}$/)
  })

  it('answers the pool’s refusals as client errors: a taken address, a weak password, a malformed body', async () => {
    const taken = await signUp({ user: { email: 'legacy.visitor@example.test', name: 'Again', password: 'Str0ng!Passw0rd' } })
    expect(taken.statusCode).toBe(409)
    expect(taken.json()).toMatchObject({ code: 'USER_EXISTS' })
    const weak = await signUp({ user: { email: 'weak@example.test', name: 'Weak', password: 'short' } })
    expect(weak.statusCode).toBe(400)
    expect(weak.json().errors).toHaveProperty('password')
    const flat = await signUp({ email: 'flat@example.test', name: 'Flat', password: 'Str0ng!Passw0rd' })
    expect(flat.statusCode).toBe(400)
    expect(flat.json().errors).toHaveProperty('user')
    const badEmail = await signUp({ user: { email: 'not-an-email', name: 'X', password: 'Str0ng!Passw0rd' } })
    expect(badEmail.statusCode).toBe(400)
  })

  it('is refused when self sign-up is turned off', async () => {
    const closed = await createTestApp({ env: { IDENTITY_SELF_SIGN_UP: 'false' } })
    try {
      const res = await closed.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up',
        payload: { user: { email: 'closed@example.test', name: 'Closed', password: 'Str0ng!Passw0rd' } },
      })
      expect(res.statusCode).toBe(403)
    } finally {
      await closed.close()
    }
  })
})
