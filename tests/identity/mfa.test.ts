import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserMFAPreferenceCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider'
import { AuthenticationDetails, CognitoUser, type CognitoUserPool, type CognitoUserSession, type ICognitoStorage } from 'amazon-cognito-identity-js'
import { Secret, TOTP } from 'otpauth'
import {
  adminClient,
  BrowserStorage,
  completeNewPassword,
  confirm,
  failure,
  latestCode,
  signIn,
  signUp,
  startIdentityServer,
  STRONG,
  uniqueEmail,
  type IdentityServer,
} from './helpers.js'

/** The authenticator app: codes of a base32 secret at a given time. */
const codeAt = (secret: string, at = Date.now()) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: at })
/** A six-digit code that matches none of the steps the server accepts right now. */
function wrongCode(secret: string) {
  const valid = new Set([-30_000, 0, 30_000, 60_000].map((d) => codeAt(secret, Date.now() + d)))
  for (let n = 123456; ; n++) if (!valid.has(String(n))) return String(n)
}

type Step = { kind: 'success'; session: CognitoUserSession } | { kind: 'totp' } | { kind: 'setup' } | { kind: 'new-password' }

type Callbacks = Parameters<CognitoUser['authenticateUser']>[1]

/** The callback set the web app uses, resolving with which step the server asked for. */
function callbacks(resolve: (s: Step) => void, reject: (e: unknown) => void): Callbacks {
  return {
    onSuccess: (session) => resolve({ kind: 'success', session }),
    onFailure: reject,
    totpRequired: () => resolve({ kind: 'totp' }),
    mfaSetup: () => resolve({ kind: 'setup' }),
    newPasswordRequired: () => resolve({ kind: 'new-password' }),
  }
}

function startSignIn(pool: CognitoUserPool, email: string, password: string) {
  const user = new CognitoUser({ Username: email, Pool: pool, Storage: (pool as unknown as { storage: ICognitoStorage }).storage })
  const step = new Promise<Step>((resolve, reject) =>
    user.authenticateUser(new AuthenticationDetails({ Username: email, Password: password }), callbacks(resolve, reject)),
  )
  return { user, step }
}

const sendCode = (user: CognitoUser, code: string) =>
  new Promise<Step>((resolve, reject) => user.sendMFACode(code, callbacks(resolve, reject), 'SOFTWARE_TOKEN_MFA'))

const associate = (user: CognitoUser) =>
  new Promise<string>((resolve, reject) => user.associateSoftwareToken({ associateSecretCode: resolve, onFailure: reject }))

const verify = (user: CognitoUser, code: string) =>
  new Promise<unknown>((resolve, reject) => user.verifySoftwareToken(code, 'Phone', { onSuccess: resolve, onFailure: reject }))

const setPreference = (user: CognitoUser, enabled: boolean) =>
  new Promise<unknown>((resolve, reject) =>
    user.setUserMfaPreference(null, { Enabled: enabled, PreferredMfa: enabled }, (err, r) => (err ? reject(err) : resolve(r))),
  )

const userData = (user: CognitoUser) =>
  new Promise<{ UserMFASettingList?: string[]; PreferredMfaSetting?: string }>((resolve, reject) =>
    user.getUserData((err, data) => (err ? reject(err) : resolve(data as never)), { bypassCache: true }),
  )

async function apiStatus(server: IdentityServer, session: CognitoUserSession) {
  const res = await fetch(`${server.baseUrl}/api/v2/user/subscriptions`, { headers: { authorization: `Bearer ${session.getAccessToken().getJwtToken()}` } })
  return res.status
}

async function confirmedLearner(server: IdentityServer, tag: string) {
  const email = uniqueEmail(tag)
  const pool = server.pool()
  await signUp(pool, email, STRONG)
  await confirm(pool, email, latestCode(server.dataDir, email))
  return email
}

describe('two-step verification (TOTP), optional, with amazon-cognito-identity-js and otpauth', () => {
  let server: IdentityServer
  let admin: CognitoIdentityProviderClient
  beforeAll(async () => {
    server = await startIdentityServer()
    admin = adminClient(server)
  })
  afterAll(async () => {
    admin?.destroy()
    await server?.close()
  })

  let email: string
  let secret: string
  /** The code accepted at sign-in, which may not be accepted again. */
  let accepted = ''
  let owner: CognitoUser
  const storage = new BrowserStorage()

  it('sets it up from a signed-in session: associate, verify a code, turn it on; GetUser and AdminGetUser report it', async () => {
    email = await confirmedLearner(server, 'totp')
    const first = await signIn(server.pool(storage), email, STRONG)
    if (first.kind !== 'success') throw new Error('expected tokens')
    owner = first.user
    expect(await userData(first.user)).not.toHaveProperty('UserMFASettingList')

    secret = await associate(first.user)
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    // Turning it on before a verified code is refused as Cognito does.
    expect(await failure(setPreference(first.user, true))).toMatchObject({ code: 'InvalidParameterException' })
    expect(await failure(verify(first.user, wrongCode(secret)))).toMatchObject({ code: 'EnableSoftwareTokenMFAException' })
    expect(await verify(first.user, codeAt(secret))).toMatchObject({ Status: 'SUCCESS' })
    await setPreference(first.user, true)

    expect(await userData(first.user)).toMatchObject({ UserMFASettingList: ['SOFTWARE_TOKEN_MFA'], PreferredMfaSetting: 'SOFTWARE_TOKEN_MFA' })
    const got = await admin.send(new AdminGetUserCommand({ UserPoolId: server.poolId, Username: email }))
    expect(got.UserMFASettingList).toEqual(['SOFTWARE_TOKEN_MFA'])
    expect(got.PreferredMfaSetting).toBe('SOFTWARE_TOKEN_MFA')
  })

  it('asks for a code at sign-in (totpRequired); a wrong code is refused and the right one signs in', async () => {
    const { user, step } = startSignIn(server.pool(storage), email, STRONG)
    expect(await step).toEqual({ kind: 'totp' })
    expect(await failure(sendCode(user, wrongCode(secret)))).toMatchObject({ code: 'CodeMismatchException' })
    // The same challenge Session takes another try; the next step's code is accepted (clock skew window).
    accepted = codeAt(secret, Date.now() + 30_000)
    const done = await sendCode(user, accepted)
    expect(done.kind).toBe('success')
    if (done.kind !== 'success') return
    expect(await apiStatus(server, done.session)).toBe(200)
  })

  it('refuses a code a second time within its time step, even on a fresh challenge', async () => {
    // Exactly the code accepted above (computed again, it could fall in the next time step on a slow run).
    const reused = accepted
    const { user, step } = startSignIn(server.pool(storage), email, STRONG)
    expect(await step).toEqual({ kind: 'totp' })
    expect(await failure(sendCode(user, reused))).toMatchObject({ code: 'CodeMismatchException', message: 'Invalid code received for user' })
  })

  it('counts wrong codes toward the lockout of the account', async () => {
    const victim = await confirmedLearner(server, 'totp-lock')
    const s = await signIn(server.pool(), victim, STRONG)
    if (s.kind !== 'success') throw new Error('expected tokens')
    const key = await associate(s.user)
    await verify(s.user, codeAt(key))
    await setPreference(s.user, true)
    // Each new sign-in proves the password again: that must not wipe the count of wrong codes. The
    // lock starts at 1 s after the 5th failure and doubles with each one after it, so keep going
    // until a sign-in meets it (however slow the machine), and check it did not come before the 5th.
    let wrong = 0
    let locked: { code?: string; message?: string } | null = null
    while (!locked && wrong < 12) {
      const { user, step } = startSignIn(server.pool(), victim, STRONG)
      const first = await step.catch((err: { code?: string; message?: string }) => err)
      if ('message' in first && first.message === 'Password attempts exceeded') {
        locked = first
        break
      }
      expect(first).toEqual({ kind: 'totp' })
      expect(await failure(sendCode(user, wrongCode(key)))).toMatchObject({ code: expect.stringMatching(/CodeMismatchException|NotAuthorizedException/) })
      wrong++
    }
    expect(locked).toMatchObject({ code: 'NotAuthorizedException', message: 'Password attempts exceeded' })
    expect(wrong).toBeGreaterThanOrEqual(5)
  })

  it('turns off again (SetUserMFAPreference) and sign-in no longer asks for a code', async () => {
    await setPreference(owner, false)
    const again = await signIn(server.pool(storage), email, STRONG)
    expect(again.kind).toBe('success')
    if (again.kind === 'success') expect(await userData(again.user)).not.toHaveProperty('UserMFASettingList')
  })
})

describe('IDENTITY_MFA=staff', () => {
  let server: IdentityServer
  let admin: CognitoIdentityProviderClient
  beforeAll(async () => {
    server = await startIdentityServer({ IDENTITY_MFA: 'staff' })
    admin = adminClient(server)
  })
  afterAll(async () => {
    admin?.destroy()
    await server?.close()
  })

  it('makes a creator set it up at the next sign-in (mfaSetup), after the new password, then asks for codes', async () => {
    const email = uniqueEmail('creator')
    await admin.send(
      new AdminCreateUserCommand({ UserPoolId: server.poolId, Username: email, TemporaryPassword: 'Temp-Passw0rd-123', MessageAction: 'SUPPRESS' }),
    )
    await admin.send(new AdminAddUserToGroupCommand({ UserPoolId: server.poolId, Username: email, GroupName: 'creator' }))
    const pool = server.pool()
    const first = await signIn(pool, email, 'Temp-Passw0rd-123')
    expect(first.kind).toBe('new-password')
    if (first.kind !== 'new-password') return
    const setup = await new Promise<Step>((resolve, reject) => first.user.completeNewPasswordChallenge(STRONG, {}, callbacks(resolve, reject)))
    expect(setup).toEqual({ kind: 'setup' })

    const secret = await associate(first.user)
    expect(await failure(verify(first.user, wrongCode(secret)))).toMatchObject({ code: 'EnableSoftwareTokenMFAException' })
    const session = (await verify(first.user, codeAt(secret))) as CognitoUserSession
    expect(session.isValid()).toBe(true)
    expect(await apiStatus(server, session)).toBe(200)

    // A staff member may not turn it off; the next sign-in asks for a code.
    expect(await failure(setPreference(first.user, false))).toMatchObject({ code: 'InvalidParameterException' })
    const { user, step } = startSignIn(server.pool(), email, STRONG)
    expect(await step).toEqual({ kind: 'totp' })
    expect((await sendCode(user, codeAt(secret, Date.now() + 30_000))).kind).toBe('success')

    // A lost phone: an administrator turns it off, and the next sign-in sets it up anew.
    await admin.send(new AdminSetUserMFAPreferenceCommand({ UserPoolId: server.poolId, Username: email, SoftwareTokenMfaSettings: { Enabled: false } }))
    const again = startSignIn(server.pool(), email, STRONG)
    expect(await again.step).toEqual({ kind: 'setup' })
  })

  it('leaves learners free: no challenge for a member of general only', async () => {
    const email = await confirmedLearner(server, 'learner')
    expect((await signIn(server.pool(), email, STRONG)).kind).toBe('success')
  })

  it('refuses the MFA_SETUP answer without a verified code, and a Session that is not the challenge', async () => {
    const email = uniqueEmail('reviewer')
    await admin.send(
      new AdminCreateUserCommand({ UserPoolId: server.poolId, Username: email, TemporaryPassword: 'Temp-Passw0rd-123', MessageAction: 'SUPPRESS' }),
    )
    await admin.send(new AdminAddUserToGroupCommand({ UserPoolId: server.poolId, Username: email, GroupName: 'reviewer' }))
    const first = await signIn(server.pool(), email, 'Temp-Passw0rd-123')
    if (first.kind !== 'new-password') throw new Error('expected the new-password challenge')
    await completeNewPassword(first.user, STRONG).catch(() => undefined)
    const session = (first.user as unknown as { Session: string }).Session
    const res = await fetch(server.endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.RespondToAuthChallenge' },
      body: JSON.stringify({ ChallengeName: 'MFA_SETUP', ClientId: server.clientId, Session: session, ChallengeResponses: { USERNAME: email } }),
    })
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ __type: 'NotAuthorizedException' })
  })
})
