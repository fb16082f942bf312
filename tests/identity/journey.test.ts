import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CognitoUser, CognitoUserSession } from 'amazon-cognito-identity-js'
import {
  BrowserStorage,
  changePassword,
  confirm,
  confirmPassword,
  failure,
  forgotPassword,
  getAttributes,
  globalSignOut,
  latestCode,
  mailbox,
  refresh,
  signIn,
  signUp,
  startIdentityServer,
  STRONG,
  uniqueEmail,
  waitForMail,
  type IdentityServer,
} from './helpers.js'

let server: IdentityServer
beforeAll(async () => {
  server = await startIdentityServer()
})
afterAll(async () => {
  await server?.close()
})

async function apiStatus(accessToken: string) {
  const res = await fetch(`${server.baseUrl}/api/v2/metrics/server/version`, { headers: { authorization: `Bearer ${accessToken}` } })
  return res.status
}

describe('a learner account, end to end with amazon-cognito-identity-js', () => {
  const email = uniqueEmail('ana')
  const storage = new BrowserStorage()
  let user: CognitoUser
  let session: CognitoUserSession
  let password = STRONG

  it('signs up, receives the code by mail (Spanish by default) and confirms', async () => {
    const pool = server.pool(storage)
    const result = await signUp(pool, email, password, { name: 'Ana Pérez' })
    expect(result.userConfirmed).toBe(false)
    expect(result.userSub).toMatch(/^[0-9a-f-]{36}$/)
    expect(result.codeDeliveryDetails.Destination).toBe('a***@e***')
    const [message] = mailbox(server.dataDir, email)
    expect(message.subject).toContain('confirmación')
    expect(await failure(signIn(pool, email, password))).toMatchObject({ code: 'UserNotConfirmedException', message: 'User is not confirmed.' })
    expect(
      await failure(
        confirm(
          pool,
          email,
          '000000'.replace(/0/g, () => '9'),
        ),
      ),
    ).toMatchObject({ code: 'CodeMismatchException' })
    expect(await confirm(pool, email, latestCode(server.dataDir, email))).toBe('SUCCESS')
  })

  it('signs in with SRP, gets tokens with the pool claims, and the API accepts the access token', async () => {
    const result = await signIn(server.pool(storage), email, password)
    expect(result.kind).toBe('success')
    if (result.kind !== 'success') return
    user = result.user
    session = result.session
    const id = session.getIdToken().decodePayload()
    expect(id).toMatchObject({ token_use: 'id', email, name: 'Ana Pérez', email_verified: true, 'cognito:groups': ['general'], aud: server.clientId })
    expect(id.iss).toBe(`https://cognito-idp.eu-west-1.amazonaws.com/${server.poolId}`)
    const access = session.getAccessToken().decodePayload()
    expect(access).toMatchObject({ token_use: 'access', client_id: server.clientId, scope: 'aws.cognito.signin.user.admin', username: id.sub })
    expect(access.origin_jti).toBeTruthy()
    expect(access.device_key).toMatch(/^eu-west-1_/)
    // general is not admin: signed in (not 401) but refused (403).
    expect(await apiStatus(session.getAccessToken().getJwtToken())).toBe(403)
    expect(await getAttributes(user)).toMatchObject({ email, name: 'Ana Pérez', email_verified: 'true' })
  })

  it('refreshes the session, keeping origin_jti and auth_time', async () => {
    const refreshed = await refresh(user, session)
    const before = session.getAccessToken().decodePayload()
    const after = refreshed.getAccessToken().decodePayload()
    expect(after.origin_jti).toBe(before.origin_jti)
    expect(after.auth_time).toBe(before.auth_time)
    expect(after.jti).not.toBe(before.jti)
    expect(refreshed.getRefreshToken().getToken()).toBe(session.getRefreshToken().getToken())
    session = refreshed
  })

  it('changes the password (the old one is refused, the wrong current one too)', async () => {
    expect(await failure(changePassword(user, 'Wrong-Password-1', 'Another-Strong-8-pass'))).toMatchObject({
      code: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    })
    expect(await failure(changePassword(user, password, 'short'))).toMatchObject({ code: 'InvalidPasswordException' })
    const next = 'Another-Strong-8-pass'
    await changePassword(user, password, next)
    expect(await failure(signIn(server.pool(new BrowserStorage()), email, password))).toMatchObject({ message: 'Incorrect username or password.' })
    password = next
    const again = await signIn(server.pool(new BrowserStorage()), email, password)
    expect(again.kind).toBe('success')
  })

  it('resets a forgotten password with the mailed code; a superseded code is expired', async () => {
    const pool = server.pool(new BrowserStorage())
    const before = mailbox(server.dataDir, email).length
    const first = await forgotPassword(pool, email)
    expect(first.CodeDeliveryDetails.Destination).toBe('a***@e***')
    await waitForMail(server.dataDir, email, before + 1)
    const oldCode = latestCode(server.dataDir, email)
    await forgotPassword(pool, email)
    await waitForMail(server.dataDir, email, before + 2)
    const code = latestCode(server.dataDir, email)
    const next = 'Reset-Password-9-ok'
    if (oldCode !== code) {
      expect(await failure(confirmPassword(pool, email, oldCode, next))).toMatchObject({
        code: 'ExpiredCodeException',
        message: 'Invalid code provided, please request a code again.',
      })
    }
    expect(await failure(confirmPassword(pool, email, code, 'weakpassword'))).toMatchObject({ code: 'InvalidPasswordException' })
    await confirmPassword(pool, email, code, next)
    // Single use.
    expect(await failure(confirmPassword(pool, email, code, 'Reset-Password-9-again'))).toMatchObject({ code: 'ExpiredCodeException' })
    expect(await failure(signIn(pool, email, password))).toMatchObject({ message: 'Incorrect username or password.' })
    password = next
  })

  it('signs in with the new password; global sign-out then refuses refresh and the API answers 401', async () => {
    const result = await signIn(server.pool(storage), email, password)
    if (result.kind !== 'success') throw new Error('expected tokens')
    user = result.user
    session = result.session
    const access = session.getAccessToken().getJwtToken()
    expect(await apiStatus(access)).toBe(403)
    await globalSignOut(user)
    expect(await apiStatus(access)).toBe(401)
    const err = await failure(refresh(user, session))
    expect(err).toMatchObject({ code: 'NotAuthorizedException', message: 'Refresh Token has been revoked' })
  }, 30_000)

  it('never writes the code or the password into the logs or the database in clear', async () => {
    const { rows } = await server.db.query<Record<string, unknown>>('SELECT * FROM identity_users')
    const dump = JSON.stringify(rows) + JSON.stringify((await server.db.query('SELECT * FROM identity_codes')).rows)
    expect(dump).not.toContain(password)
    expect(dump).not.toContain(latestCode(server.dataDir, email))
  })
})

describe('lockout and enumeration', () => {
  it('locks the account after five wrong passwords, even for the right one', async () => {
    const email = uniqueEmail('bob')
    const pool = server.pool()
    await signUp(pool, email, STRONG)
    await confirm(pool, email, latestCode(server.dataDir, email))
    for (let i = 0; i < 5; i++) {
      expect(await failure(signIn(pool, email, `Wrong-Password-${i}!`))).toMatchObject({
        code: 'NotAuthorizedException',
        message: 'Incorrect username or password.',
      })
    }
    // The fifth failure locks the account for 2^0 = 1 s from that failure (recorded by the server's clock).
    const { rows } = await server.db.query<{ locked_for: number }>(
      'SELECT extract(epoch FROM lockout_until - last_failure_at)::float AS locked_for FROM identity_users WHERE email_lower = lower($1)',
      [email],
    )
    expect(rows[0]?.locked_for).toBeCloseTo(1, 1)
    // While the lock stands even the right password is refused. A slow machine could take longer than
    // the first second between two calls, so the lock is made to stand long enough for one more call.
    await server.db.query(`UPDATE identity_users SET lockout_until = now() + interval '1 minute' WHERE email_lower = lower($1)`, [email])
    expect(await failure(signIn(pool, email, STRONG))).toMatchObject({ code: 'NotAuthorizedException', message: 'Password attempts exceeded' })
  })

  it('answers an unknown user exactly like a wrong password, and simulates code delivery', async () => {
    const pool = server.pool()
    const unknown = uniqueEmail('nobody')
    expect(await failure(signIn(pool, unknown, STRONG))).toMatchObject({ code: 'NotAuthorizedException', message: 'Incorrect username or password.' })
    const delivery = await forgotPassword(pool, unknown)
    expect(delivery.CodeDeliveryDetails.Destination).toBe('n***@e***')
    expect(mailbox(server.dataDir, unknown)).toHaveLength(0)
  })

  it('refuses USER_PASSWORD_AUTH unless it is enabled', async () => {
    expect(await failure(signIn(server.pool(), uniqueEmail('upa'), STRONG, 'USER_PASSWORD_AUTH'))).toMatchObject({
      code: 'InvalidParameterException',
      message: 'USER_PASSWORD_AUTH flow not enabled for this client',
    })
  })

  it('refuses a second sign-up with the same email', async () => {
    const pool = server.pool()
    const email = uniqueEmail('dup')
    await signUp(pool, email, STRONG)
    expect(await failure(signUp(pool, email.toUpperCase(), STRONG))).toMatchObject({
      code: 'UsernameExistsException',
      message: 'An account with the given email already exists.',
    })
    expect(await failure(signUp(pool, uniqueEmail('weak'), 'alllowercase-but-long'))).toMatchObject({
      code: 'InvalidPasswordException',
      message: 'Password did not conform with policy: Password must have uppercase characters',
    })
  })
})
