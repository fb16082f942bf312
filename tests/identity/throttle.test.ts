import fs from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RATE_LIMITS } from '../../server/identity/codes.js'
import { FAILED_SIGN_INS_PER_ADDRESS } from '../../server/identity/throttle.js'
import { createTestApp, type TestApp } from '../helpers/app.js'
import { STRONG, uniqueEmail } from './helpers.js'

const LB = '10.0.0.2'

/** One identity call as the load balancer forwards it: connection from the LB, client in X-Forwarded-For. */
async function call(t: TestApp, op: string, body: object, p: { forwardedFor?: string; from?: string } = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/identity/',
    remoteAddress: p.from ?? LB,
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${op}`,
      ...(p.forwardedFor ? { 'x-forwarded-for': p.forwardedFor } : {}),
    },
    payload: JSON.stringify(body),
  })
  return { status: res.statusCode, body: res.json() as { __type?: string; message?: string } }
}

const signUp = (t: TestApp, p: { forwardedFor?: string; from?: string }) =>
  call(t, 'SignUp', { ClientId: t.config.IDENTITY_CLIENT_ID, Username: uniqueEmail('bucket'), Password: STRONG }, p)

describe('behind one load balancer (TRUST_PROXY=1)', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '1', IDENTITY_USER_PASSWORD_AUTH: 'true', AULA_DATA_DIR: `/tmp/aula-throttle-${process.pid}` } })
  })
  afterAll(async () => {
    await t?.close()
    fs.rmSync(t.config.dataDir, { recursive: true, force: true })
  })

  it('limits sign-ups per client, not per balancer, and a forged X-Forwarded-For start changes nothing', async () => {
    const limit = RATE_LIMITS.signUp
    for (let i = 0; i < limit; i++) {
      // The client writes any address it likes in front; the balancer appends the one it saw.
      const r = await signUp(t, { forwardedFor: `198.18.${i}.${i + 1}, 203.0.113.7` })
      expect(r.status, `sign-up ${i + 1}`).toBe(200)
    }
    expect((await signUp(t, { forwardedFor: '198.18.250.250, 203.0.113.7' })).body).toMatchObject({ __type: 'LimitExceededException' })
    // Another visitor behind the same balancer has a bucket of its own.
    expect((await signUp(t, { forwardedFor: '203.0.113.8' })).status).toBe(200)
  })

  it('counts IPv6 clients by their /64, so rotating addresses inside it does not help', async () => {
    const limit = RATE_LIMITS.signUp
    for (let i = 0; i < limit; i++) expect((await signUp(t, { forwardedFor: `2001:db8:7:7::${(i + 1).toString(16)}` })).status).toBe(200)
    expect((await signUp(t, { forwardedFor: '2001:db8:7:7:ffff:ffff:ffff:1' })).body).toMatchObject({ __type: 'LimitExceededException' })
    expect((await signUp(t, { forwardedFor: '2001:db8:7:8::1' })).status).toBe(200)
  })

  it('stops an address after its failed sign-ins for the hour, whatever names it tries', async () => {
    const client = '203.0.113.66'
    for (let i = 0; i < FAILED_SIGN_INS_PER_ADDRESS; i++) {
      const r = await call(
        t,
        'InitiateAuth',
        { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: t.config.IDENTITY_CLIENT_ID, AuthParameters: { USERNAME: `spray-${i}@example.test`, PASSWORD: STRONG } },
        { forwardedFor: client },
      )
      expect(r.body.message).toBe('Incorrect username or password.')
    }
    const blocked = await call(
      t,
      'InitiateAuth',
      { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: t.config.IDENTITY_CLIENT_ID, AuthParameters: { USERNAME: 'spray-x@example.test', PASSWORD: STRONG } },
      { forwardedFor: client },
    )
    expect(blocked.body).toMatchObject({ __type: 'NotAuthorizedException', message: 'Password attempts exceeded' })
    const other = await call(
      t,
      'InitiateAuth',
      { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: t.config.IDENTITY_CLIENT_ID, AuthParameters: { USERNAME: 'spray-x@example.test', PASSWORD: STRONG } },
      { forwardedFor: '203.0.113.67' },
    )
    expect(other.body.message).toBe('Incorrect username or password.')
  })
})

describe('without a proxy (TRUST_PROXY=false, the default)', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ env: { AULA_DATA_DIR: `/tmp/aula-throttle2-${process.pid}` } })
  })
  afterAll(async () => {
    await t?.close()
    fs.rmSync(t.config.dataDir, { recursive: true, force: true })
  })

  it('ignores X-Forwarded-For: rotating it does not open new buckets', async () => {
    const limit = RATE_LIMITS.signUp
    for (let i = 0; i < limit; i++) expect((await signUp(t, { from: '192.0.2.9', forwardedFor: `198.18.0.${i + 1}` })).status).toBe(200)
    expect((await signUp(t, { from: '192.0.2.9', forwardedFor: '198.18.1.1' })).body).toMatchObject({ __type: 'LimitExceededException' })
  })
})
