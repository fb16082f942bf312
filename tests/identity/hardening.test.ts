import crypto from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminResetUserPasswordCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider'
import { SignatureV4 } from '@smithy/signature-v4'
import { Sha256 } from '@aws-crypto/sha256-js'
import type { CognitoUserSession } from 'amazon-cognito-identity-js'
import { loadSecrets } from '../../server/identity/secrets.js'
import { addressKey } from '../../server/identity/throttle.js'
import {
  adminClient,
  BrowserStorage,
  changePassword,
  completeNewPassword,
  confirm,
  confirmPassword,
  failure,
  forgotPassword,
  latestCode,
  mailbox,
  refresh,
  signIn,
  signUp,
  startIdentityServer,
  STRONG,
  uniqueEmail,
  waitForMail as waitForMailIn,
  type IdentityServer,
} from './helpers.js'

const TARGET = 'AWSCognitoIdentityProviderService.'

/** One raw call of the identity wire protocol (what a probe without the client libraries sends). */
async function call(server: IdentityServer, op: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(server.endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `${TARGET}${op}`, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> & { __type?: string; message?: string } }
}

async function apiStatus(server: IdentityServer, session: CognitoUserSession) {
  const res = await fetch(`${server.baseUrl}/api/v2/user/subscriptions`, { headers: { authorization: `Bearer ${session.getAccessToken().getJwtToken()}` } })
  return res.status
}

async function confirmedUser(server: IdentityServer, tag: string) {
  const email = uniqueEmail(tag)
  await signUp(server.pool(), email, STRONG)
  await confirm(server.pool(), email, latestCode(server.dataDir, email))
  return email
}

async function session(server: IdentityServer, email: string, password = STRONG) {
  const r = await signIn(server.pool(new BrowserStorage()), email, password)
  if (r.kind !== 'success') throw new Error('expected tokens')
  return r
}

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

describe('a new password ends every other session', () => {
  it('ChangePassword: the other browser is refused by the API, by the pool and at refresh; this one goes on', async () => {
    const email = await confirmedUser(server, 'change')
    const here = await session(server, email)
    const there = await session(server, email)
    await changePassword(here.user, STRONG, `${STRONG}-2`)
    expect(await apiStatus(server, there.session)).toBe(401)
    expect(await failure(refresh(there.user, there.session))).toMatchObject({ message: 'Refresh Token has been revoked' })
    expect((await call(server, 'GetUser', { AccessToken: there.session.getAccessToken().getJwtToken() })).body.message).toBe('Access Token has been revoked')
    expect(await apiStatus(server, here.session)).toBe(200)
    expect((await refresh(here.user, here.session)).isValid()).toBe(true)
  })

  it('ConfirmForgotPassword, AdminSetUserPassword and AdminResetUserPassword end every session', async () => {
    const email = await confirmedUser(server, 'reset')
    const before = await session(server, email)
    await forgotPassword(server.pool(), email)
    await waitForMail(email, 2)
    await confirmPassword(server.pool(), email, latestCode(server.dataDir, email), `${STRONG}-3`)
    expect(await apiStatus(server, before.session)).toBe(401)
    expect(await failure(refresh(before.user, before.session))).toMatchObject({ message: 'Refresh Token has been revoked' })

    const second = await session(server, email, `${STRONG}-3`)
    await admin.send(new AdminSetUserPasswordCommand({ UserPoolId: server.poolId, Username: email, Password: `${STRONG}-4`, Permanent: true }))
    expect(await apiStatus(server, second.session)).toBe(401)
    expect(await failure(refresh(second.user, second.session))).toMatchObject({ message: 'Refresh Token has been revoked' })

    const third = await session(server, email, `${STRONG}-4`)
    await admin.send(new AdminResetUserPasswordCommand({ UserPoolId: server.poolId, Username: email }))
    expect(await apiStatus(server, third.session)).toBe(401)
    expect(await failure(refresh(third.user, third.session))).toMatchObject({ message: 'Refresh Token has been revoked' })
  })
})

const waitForMail = (email: string, n: number) => waitForMailIn(server.dataDir, email, n)

describe('request bodies nested too deep', () => {
  it('answers SerializationException (400) at once, before any parsing or signature check', async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`
    for (const op of ['InitiateAuth', 'AdminGetUser']) {
      const r = await call(server, op, `{"ClientId":${deep}}`)
      expect(r.status).toBe(400)
      expect(r.body.__type).toBe('SerializationException')
    }
    const justOver = `{"a":${'{"a":'.repeat(32)}1${'}'.repeat(32)}}`
    expect((await call(server, 'InitiateAuth', justOver)).body.__type).toBe('SerializationException')
    // Brackets inside strings do not count; ordinary bodies go through.
    const ok = await call(server, 'InitiateAuth', {
      AuthFlow: 'USER_SRP_AUTH',
      ClientId: server.clientId,
      AuthParameters: { USERNAME: '[[[[{{{{'.repeat(20), SRP_A: '2' },
    })
    expect(ok.status).toBe(200)
  })
})

describe('no user enumeration', () => {
  const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

  it('makes up USER_ID_FOR_SRP for unknown names that look like real ids, every variant digit included', async () => {
    const variants = new Set<string>()
    for (let i = 0; i < 24; i++) {
      const name = `nobody-${i}@example.test`
      const r = await call(server, 'InitiateAuth', { AuthFlow: 'USER_SRP_AUTH', ClientId: server.clientId, AuthParameters: { USERNAME: name, SRP_A: '2' } })
      const id = (r.body.ChallengeParameters as Record<string, string>).USER_ID_FOR_SRP
      expect(id).toMatch(UUID_V4)
      variants.add(id[19])
      // The same name always gets the same id, as a real account would.
      const again = await call(server, 'InitiateAuth', { AuthFlow: 'USER_SRP_AUTH', ClientId: server.clientId, AuthParameters: { USERNAME: name, SRP_A: '2' } })
      expect((again.body.ChallengeParameters as Record<string, string>).USER_ID_FOR_SRP).toBe(id)
    }
    // Real ids (crypto.randomUUID) use 8, 9, a and b alike; a fixed digit would give the made-up ones away.
    expect(variants.size).toBeGreaterThan(1)
  })

  it('answers ForgotPassword for a known name without waiting for the mail server', async () => {
    const email = await confirmedUser(server, 'slowmail')
    const mailer = server.app.mailer
    const send = mailer.send.bind(mailer)
    let release: () => void = () => {}
    const held = new Promise<void>((r) => (release = r))
    mailer.send = async (...args) => {
      await held
      return send(...args)
    }
    try {
      const known = await call(server, 'ForgotPassword', { ClientId: server.clientId, Username: email })
      const unknown = await call(server, 'ForgotPassword', { ClientId: server.clientId, Username: 'nobody-at-all@example.test' })
      expect(known.status).toBe(200)
      expect(unknown.status).toBe(200)
      expect(Object.keys(known.body)).toEqual(Object.keys(unknown.body))
      // The answer came while the mail server still holds the message.
      expect(mailbox(server.dataDir, email)).toHaveLength(1)
    } finally {
      mailer.send = send
      release()
    }
    await waitForMail(email, 2)
  })

  it('checks the reset code before the password policy, and a policy failure keeps the code', async () => {
    const email = await confirmedUser(server, 'order')
    await forgotPassword(server.pool(), email)
    await waitForMail(email, 2)
    const code = latestCode(server.dataDir, email)
    const wrong = code === '000000' ? '111111' : '000000'
    // Wrong code and a weak password: the code is what is wrong, for known and unknown names alike.
    expect(await failure(confirmPassword(server.pool(), email, wrong, 'weak'))).toMatchObject({ code: 'CodeMismatchException' })
    expect(await failure(confirmPassword(server.pool(), 'ghost@example.test', wrong, 'weak'))).toMatchObject({ code: 'CodeMismatchException' })
    // Right code, weak password: the policy speaks, and the code still works afterwards.
    expect(await failure(confirmPassword(server.pool(), email, code, 'weak'))).toMatchObject({ code: 'InvalidPasswordException' })
    expect(await confirmPassword(server.pool(), email, code, `${STRONG}-5`)).toBe('SUCCESS')
  })
})

describe('admin SigV4', () => {
  const secrets = () => loadSecrets(server.config).admin

  async function signed(op: string, body: object, opts: { unsigned?: string[] } = {}) {
    const url = new URL(server.endpoint)
    const signer = new SignatureV4({ service: 'cognito-idp', region: 'eu-west-1', credentials: secrets(), sha256: Sha256 })
    const text = JSON.stringify(body)
    const request = await signer.sign(
      {
        method: 'POST',
        protocol: url.protocol,
        hostname: url.hostname,
        port: Number(url.port),
        path: url.pathname,
        headers: { host: url.host, 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `${TARGET}${op}` },
        body: text,
      },
      { unsignableHeaders: new Set(opts.unsigned ?? []) },
    )
    return { headers: request.headers as Record<string, string>, text }
  }

  const send = (r: { headers: Record<string, string>; text: string }) =>
    fetch(server.endpoint, { method: 'POST', headers: r.headers, body: r.text }).then(async (res) => ({
      status: res.status,
      body: (await res.json()) as { __type?: string },
    }))

  it('refuses a signature that leaves out x-amz-target, and one that leaves out x-amz-date', async () => {
    const body = { UserPoolId: server.poolId, Username: 'admin@aula.local' }
    expect(await send(await signed('AdminGetUser', body))).toMatchObject({ status: 200 })
    const noTarget = await send(await signed('AdminGetUser', body, { unsigned: ['x-amz-target'] }))
    expect(noTarget).toMatchObject({ status: 400, body: { __type: 'IncompleteSignatureException' } })
    const noDate = await send(await signed('AdminGetUser', body, { unsigned: ['x-amz-date'] }))
    expect(noDate).toMatchObject({ status: 400, body: { __type: 'IncompleteSignatureException' } })
  })

  it('answers the same signed request again within its time window, as AWS does, and concurrent SDK calls all pass', async () => {
    const request = await signed('AdminGetUser', { UserPoolId: server.poolId, Username: 'ADMIN@aula.local' })
    expect((await send(request)).status).toBe(200)
    expect((await send(request)).status).toBe(200)
    const results = await Promise.all(
      Array.from({ length: 5 }, () => admin.send(new AdminGetUserCommand({ UserPoolId: server.poolId, Username: 'admin@aula.local' }))),
    )
    expect(results.every((r) => r.Username)).toBe(true)
  })
})

describe("the pool's own access-token check", () => {
  it('refuses a token signed with the pool key but naming another issuer', async () => {
    const email = await confirmedUser(server, 'iss')
    const real = await session(server, email)
    const box = loadSecrets(server.config).box
    const { rows } = await server.db.query<{ kid: string; private_key: string }>('SELECT kid, private_key FROM identity_signing_keys WHERE retired_at IS NULL')
    const claims = { ...real.session.getAccessToken().decodePayload(), iss: 'https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_Other' }
    const head = Buffer.from(JSON.stringify({ kid: rows[0].kid, alg: 'RS256' })).toString('base64url')
    const body = Buffer.from(JSON.stringify(claims)).toString('base64url')
    const sig = crypto.sign('sha256', Buffer.from(`${head}.${body}`), crypto.createPrivateKey(box.open(rows[0].private_key))).toString('base64url')
    const forged = await call(server, 'GetUser', { AccessToken: `${head}.${body}.${sig}` })
    expect(forged.body).toMatchObject({ __type: 'NotAuthorizedException', message: 'Invalid Access Token' })
    expect((await call(server, 'GetUser', { AccessToken: real.session.getAccessToken().getJwtToken() })).status).toBe(200)
  })
})

describe('self sign-up attributes', () => {
  it('refuses attributes outside the schema (custom:*) and values over 2048 characters', async () => {
    const base = { ClientId: server.clientId, Username: uniqueEmail('attrs'), Password: STRONG }
    const custom = await call(server, 'SignUp', { ...base, UserAttributes: [{ Name: 'custom:role', Value: 'admin' }] })
    expect(custom.body).toMatchObject({ __type: 'InvalidParameterException', message: 'Attribute does not exist in the schema.' })
    const long = await call(server, 'SignUp', { ...base, UserAttributes: [{ Name: 'name', Value: 'x'.repeat(2049) }] })
    expect(long.body.__type).toBe('InvalidParameterException')
    const fine = await call(server, 'SignUp', { ...base, UserAttributes: [{ Name: 'name', Value: 'x'.repeat(2048) }] })
    expect(fine.status).toBe(200)
  })

  it('caps the attributes sent with a new password the same way', async () => {
    const email = uniqueEmail('invited')
    await admin.send(
      new AdminCreateUserCommand({ UserPoolId: server.poolId, Username: email, TemporaryPassword: 'Temp-Passw0rd-123', MessageAction: 'SUPPRESS' }),
    )
    const first = await signIn(server.pool(), email, 'Temp-Passw0rd-123')
    if (first.kind !== 'new-password') throw new Error('expected the new-password challenge')
    expect(await failure(completeNewPassword(first.user, STRONG, { name: 'x'.repeat(2049) }))).toMatchObject({ code: 'InvalidParameterException' })
    expect(await failure(completeNewPassword(first.user, STRONG, { 'custom:role': 'admin' }))).toMatchObject({ code: 'InvalidParameterException' })
  })
})

describe('per-address limits (TRUST_PROXY)', () => {
  it('buckets IPv6 clients by /64 and IPv4 by address', () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe(addressKey('2001:db8:1:2:bbbb:cccc:dddd:eeee'))
    expect(addressKey('2001:db8:1:2::1')).not.toBe(addressKey('2001:db8:1:3::1'))
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7')
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7')
  })
})
