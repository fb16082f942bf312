import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PublicConfig } from '../../contracts/config.js'
import Value from 'typebox/value'
import { createTestApp } from '../helpers/app.js'
import { confirm, latestCode, signIn, signUp, startIdentityServer, STRONG, uniqueEmail, type IdentityServer } from './helpers.js'

let server: IdentityServer
beforeAll(async () => {
  server = await startIdentityServer({ IDENTITY_USER_PASSWORD_AUTH: 'true', IDENTITY_ENDPOINT: 'https://aula.example/identity/' })
})
afterAll(async () => {
  await server?.close()
})

function call(op: string, body: unknown, headers: Record<string, string> = {}) {
  return server.app.inject({
    method: 'POST',
    url: '/identity/',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${op}`, ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  })
}

describe('AWS JSON 1.1 wire format', () => {
  it('answers errors in the body and the x-amzn-errortype header', async () => {
    const res = await call('InitiateAuth', { AuthFlow: 'USER_SRP_AUTH', ClientId: 'unknownclient', AuthParameters: { USERNAME: 'a@b.c', SRP_A: 'abc' } })
    expect(res.statusCode).toBe(400)
    expect(res.headers['x-amzn-errortype']).toBe('ResourceNotFoundException:')
    expect(res.json()).toEqual({ __type: 'ResourceNotFoundException', message: 'User pool client unknownclient does not exist.' })
    expect(res.headers['x-amzn-requestid']).toBeTruthy()
  })

  it('refuses unknown operations, bad content types, bad JSON and invalid members without a 500', async () => {
    expect((await call('DeleteUserPool', {})).json().__type).toBe('UnknownOperationException')
    expect((await call('GetUser', { AccessToken: 'x' }, { 'content-type': 'text/plain' })).json().__type).toBe('SerializationException')
    expect((await call('GetUser', '{not json')).json().__type).toBe('SerializationException')
    expect((await call('GetUser', '[1,2]')).json().__type).toBe('SerializationException')
    const missing = await call('SignUp', { ClientId: server.clientId, Password: STRONG })
    expect(missing.json()).toMatchObject({ __type: 'InvalidParameterException', message: expect.stringContaining("Value null at 'username'") })
    const wrongType = await call('ConfirmSignUp', { ClientId: server.clientId, Username: 'a@b.c', ConfirmationCode: 123456 })
    expect(wrongType.json().__type).toBe('InvalidParameterException')
    const badA = await call('InitiateAuth', { AuthFlow: 'USER_SRP_AUTH', ClientId: server.clientId, AuthParameters: { USERNAME: 'a@b.c', SRP_A: 'zz' } })
    expect(badA.json().__type).toBe('InvalidParameterException')
    const garbage = [null, 1, 'x', [], { AuthFlow: {} }, { ClientId: ['x'] }, { AuthParameters: 'x' }]
    for (const body of garbage) {
      for (const op of ['InitiateAuth', 'RespondToAuthChallenge', 'SignUp', 'ConfirmDevice', 'ListDevices']) {
        const res = await call(op, JSON.stringify(body))
        expect(res.statusCode, `${op} ${JSON.stringify(body)}`).toBe(400)
      }
    }
  })

  it('treats null members as absent, as the browser library sends them', async () => {
    const res = await call('InitiateAuth', {
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: server.clientId,
      AuthParameters: { REFRESH_TOKEN: 'nope', DEVICE_KEY: null },
      ClientMetadata: {},
    })
    expect(res.json()).toEqual({ __type: 'NotAuthorizedException', message: 'Invalid Refresh Token' })
    const revoke = await call('RevokeToken', { Token: 'unknown-token', ClientId: server.clientId, ClientSecret: null })
    expect(revoke.statusCode).toBe(200)
  })

  it('checks the TIMESTAMP format of the password claim', async () => {
    const email = uniqueEmail('ts')
    const pool = server.pool()
    await signUp(pool, email, STRONG)
    await confirm(pool, email, latestCode(server.dataDir, email))
    const init = await call('InitiateAuth', {
      AuthFlow: 'USER_SRP_AUTH',
      ClientId: server.clientId,
      AuthParameters: { USERNAME: email, SRP_A: 'ab'.repeat(100) },
    })
    const params = init.json().ChallengeParameters
    const respond = (timestamp: string) =>
      call('RespondToAuthChallenge', {
        ChallengeName: 'PASSWORD_VERIFIER',
        ClientId: server.clientId,
        ChallengeResponses: {
          USERNAME: params.USER_ID_FOR_SRP,
          PASSWORD_CLAIM_SECRET_BLOCK: params.SECRET_BLOCK,
          TIMESTAMP: timestamp,
          PASSWORD_CLAIM_SIGNATURE: 'AAAA',
        },
      })
    expect((await respond('2026-01-01T00:00:00Z')).json()).toEqual({
      __type: 'InvalidParameterException',
      message: 'TIMESTAMP format should be EEE MMM d HH:mm:ss z yyyy in english.',
    })
    expect((await respond('Mon Jan 5 04:05:06 UTC 2026')).json().message).toBe('Incorrect username or password.')
  })

  it('hides internal failures behind InternalErrorException with a fixed message', async () => {
    const original = server.db.query
    server.db.query = async () => {
      throw new Error('relation "secret_table" does not exist at /srv/app.ts:12')
    }
    try {
      const res = await call('ForgotPassword', { ClientId: server.clientId, Username: 'someone@example.test' })
      expect(res.statusCode).toBe(500)
      expect(res.json()).toEqual({ __type: 'InternalErrorException', message: 'An internal error occurred, please try again.' })
      expect(res.body).not.toContain('secret_table')
    } finally {
      server.db.query = original
    }
  })

  it('accepts USER_PASSWORD_AUTH only when configured (on for this server)', async () => {
    const email = uniqueEmail('upa')
    const pool = server.pool()
    await signUp(pool, email, STRONG)
    await confirm(pool, email, latestCode(server.dataDir, email))
    const result = await signIn(pool, email, STRONG, 'USER_PASSWORD_AUTH')
    expect(result.kind).toBe('success')
    await expect(signIn(server.pool(), email, 'Wrong-Password-77', 'USER_PASSWORD_AUTH')).rejects.toMatchObject({ message: 'Incorrect username or password.' })
  })
})

describe('GET /api/config', () => {
  it('serves the identity settings, the password policy and the languages without sign-in', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/config' })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(Value.Check(PublicConfig, body)).toBe(true)
    expect(body).toMatchObject({
      name: 'Aula',
      build: 123,
      identity: { region: 'eu-west-1', userPoolId: server.poolId, clientId: server.clientId, endpoint: 'https://aula.example/identity/' },
      passwordPolicy: { minimumLength: 12, requireUppercase: true, requireLowercase: true, requireNumbers: true, requireSymbols: true },
      languages: ['mx', 'eng', 'es', 'it', 'gr', 'rs'],
    })
  })
})

describe('real Amazon Cognito by configuration', () => {
  it('serves no embedded pool and no endpoint in /api/config', async () => {
    const t = await createTestApp({
      env: { IDENTITY_MODE: 'cognito', IDENTITY_USER_POOL_ID: 'eu-central-1_RealPool9', IDENTITY_CLIENT_ID: 'realclient123' },
      print: () => {},
    })
    try {
      const body = (await t.app.inject({ method: 'GET', url: '/api/config' })).json()
      expect(body.identity).toEqual({ region: 'eu-central-1', userPoolId: 'eu-central-1_RealPool9', clientId: 'realclient123' })
      const identity = await t.app.inject({ method: 'POST', url: '/identity/', headers: { 'content-type': 'application/x-amz-json-1.1' }, payload: '{}' })
      expect(identity.statusCode).toBe(404)
      const api = await t.app.inject({ method: 'GET', url: '/api/v2/metrics/server/version', headers: { authorization: 'Bearer a.b.c' } })
      expect(api.statusCode).toBe(401)
    } finally {
      await t.close()
    }
  })
})
