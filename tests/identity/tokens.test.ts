import crypto from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CognitoJwtVerifier } from 'aws-jwt-verify'
import { loadSecrets } from '../../server/identity/secrets.js'
import { confirm, latestCode, signIn, signUp, startIdentityServer, STRONG, uniqueEmail, type IdentityServer } from './helpers.js'

let server: IdentityServer
let idToken: string
let accessToken: string
let poolKey: crypto.KeyObject
let kid: string

beforeAll(async () => {
  server = await startIdentityServer()
  const email = uniqueEmail('tokens')
  const pool = server.pool()
  await signUp(pool, email, STRONG)
  await confirm(pool, email, latestCode(server.dataDir, email))
  const result = await signIn(pool, email, STRONG)
  if (result.kind !== 'success') throw new Error('expected tokens')
  idToken = result.session.getIdToken().getJwtToken()
  accessToken = result.session.getAccessToken().getJwtToken()
  // The pool's own signing key, read the way the service reads it (to mint otherwise-valid tokens).
  const { rows } = await server.db.query<{ kid: string; private_key: string }>('SELECT kid, private_key FROM identity_signing_keys')
  kid = rows[0].kid
  poolKey = crypto.createPrivateKey(loadSecrets(server.config).box.open(rows[0].private_key))
})
afterAll(async () => {
  await server?.close()
})

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url')
function mint(payload: Record<string, unknown>, key: crypto.KeyObject = poolKey, header: Record<string, unknown> = { kid, alg: 'RS256' }) {
  const signingInput = `${b64(header)}.${b64(payload)}`
  return `${signingInput}.${crypto.sign('sha256', Buffer.from(signingInput), key).toString('base64url')}`
}
const claims = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as Record<string, unknown>
const api = (token: string) => fetch(`${server.baseUrl}/api/v2/metrics/server/version`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.status)

describe('tokens', () => {
  it('publishes the JWKS and the OpenID configuration under the pool id', async () => {
    const jwks = (await (await fetch(`${server.baseUrl}/identity/${server.poolId}/.well-known/jwks.json`)).json()) as { keys: Array<Record<string, string>> }
    expect(jwks.keys).toEqual([expect.objectContaining({ kty: 'RSA', alg: 'RS256', use: 'sig', kid })])
    const oidc = (await (await fetch(`${server.baseUrl}/identity/${server.poolId}/.well-known/openid-configuration`)).json()) as Record<string, string>
    expect(oidc.issuer).toBe(`https://cognito-idp.eu-west-1.amazonaws.com/${server.poolId}`)
    expect((await fetch(`${server.baseUrl}/identity/eu-west-1_Other/.well-known/jwks.json`)).status).toBe(404)
  })

  it('are accepted by aws-jwt-verify (both token uses) with the served key set', async () => {
    const jwks = await (await fetch(`${server.baseUrl}/identity/${server.poolId}/.well-known/jwks.json`)).json()
    const access = CognitoJwtVerifier.create({ userPoolId: server.poolId, clientId: server.clientId, tokenUse: 'access' })
    const id = CognitoJwtVerifier.create({ userPoolId: server.poolId, clientId: server.clientId, tokenUse: 'id' })
    access.cacheJwks(jwks)
    id.cacheJwks(jwks)
    await expect(access.verify(accessToken)).resolves.toMatchObject({ token_use: 'access' })
    await expect(id.verify(idToken)).resolves.toMatchObject({ token_use: 'id' })
    await expect(access.verify(idToken)).rejects.toThrow()
  })

  it('the API accepts the real access token and refuses forged, expired, foreign and wrong-use tokens', async () => {
    const base = claims(accessToken)
    const now = Math.floor(Date.now() / 1000)
    expect(await api(accessToken)).toBe(403) // valid, but a learner may not read server metrics
    expect(await api(mint(base))).toBe(403) // a re-minted copy with the pool key is as good as the original
    const unsigned = `${b64({ alg: 'none', kid })}.${b64(base)}.`
    expect(await api(unsigned)).toBe(401)
    const otherKey = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey
    expect(await api(mint(base, otherKey))).toBe(401)
    expect(await api(mint({ ...base, exp: now - 10, iat: now - 3700 }))).toBe(401)
    expect(await api(mint({ ...base, client_id: 'someotherclient0000000000' }))).toBe(401)
    expect(await api(mint({ ...base, iss: 'https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_Other' }))).toBe(401)
    expect(await api(idToken)).toBe(401)
    expect(await api('not-a-token')).toBe(401)
  })

  it('Cognito operations refuse expired and revoked access tokens with Cognito messages', async () => {
    const call = (op: string, body: unknown) =>
      fetch(server.endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${op}` },
        body: JSON.stringify(body),
      })
    const now = Math.floor(Date.now() / 1000)
    const expired = await call('GetUser', { AccessToken: mint({ ...claims(accessToken), exp: now - 1 }) })
    expect(await expired.json()).toEqual({ __type: 'NotAuthorizedException', message: 'Access Token has expired' })
    const forged = await call('GetUser', { AccessToken: mint(claims(accessToken), crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey) })
    expect(await forged.json()).toEqual({ __type: 'NotAuthorizedException', message: 'Invalid Access Token' })
    expect((await call('GlobalSignOut', { AccessToken: accessToken })).status).toBe(200)
    const revoked = await call('GetUser', { AccessToken: accessToken })
    expect(revoked.status).toBe(400)
    expect(revoked.headers.get('x-amzn-errortype')).toBe('NotAuthorizedException:')
    expect(await revoked.json()).toEqual({ __type: 'NotAuthorizedException', message: 'Access Token has been revoked' })
  })
})
