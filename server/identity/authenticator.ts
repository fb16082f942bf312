import { CognitoJwtVerifier } from 'aws-jwt-verify'
import { AdminGetUserCommand, type CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider'
import type { FastifyRequest } from 'fastify'
import type { AccessCache } from './access-cache.js'
import type { Authenticator, Principal } from '../types.js'
import type { Jwk } from './tokens.js'

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization
  const m = header && /^Bearer\s+([A-Za-z0-9\-_=]+\.[A-Za-z0-9\-_=]+\.[A-Za-z0-9\-_=]*)\s*$/i.exec(header)
  return m ? m[1] : null
}

type AccessVerifier = { verify(token: string): Promise<unknown> }

/** The access token's claims when the request carries a valid one, else null. */
async function verifiedPayload(verifier: AccessVerifier, request: FastifyRequest): Promise<Record<string, unknown> | null> {
  const token = bearer(request)
  if (!token) return null
  try {
    return (await verifier.verify(token)) as Record<string, unknown>
  } catch {
    return null
  }
}

const groupsOf = (payload: Record<string, unknown>) => (Array.isArray(payload['cognito:groups']) ? (payload['cognito:groups'] as string[]) : [])

/**
 * The API's token check for the embedded pool: aws-jwt-verify with the pool's key set cached (no
 * fetch), access tokens of our client only; then the access cache refuses revoked sessions and
 * disabled users and gives the current email and groups, from memory (see AccessCache).
 */
export function embeddedAuthenticator(p: { access: AccessCache; userPoolId: string; clientId: string; jwks: { keys: Jwk[] } }): Authenticator {
  const verifier = CognitoJwtVerifier.create({ userPoolId: p.userPoolId, clientId: p.clientId, tokenUse: 'access' })
  verifier.cacheJwks(p.jwks as unknown as Parameters<typeof verifier.cacheJwks>[0])
  return async (request) => {
    const payload = await verifiedPayload(verifier, request)
    if (!payload) return null
    const username = String(payload.username ?? '')
    const facts = await p.access.check(username, String(payload.origin_jti ?? ''))
    if (!facts) return null
    return { sub: String(payload.sub), username, email: facts.email, groups: facts.groups } satisfies Principal
  }
}

/**
 * The API's token check against real Amazon Cognito: aws-jwt-verify fetches and caches the pool's
 * JWKS; email and the enabled flag come from AdminGetUser (cached for a minute). Revocation is only
 * seen through that call (a disabled user), so access tokens should stay short-lived.
 */
export function cognitoAuthenticator(p: { userPoolId: string; clientId: string; admin: CognitoIdentityProviderClient }): Authenticator {
  const verifier = CognitoJwtVerifier.create({ userPoolId: p.userPoolId, clientId: p.clientId, tokenUse: 'access' })
  const cache = new Map<string, { at: number; enabled: boolean; email: string }>()
  return async (request) => {
    const payload = await verifiedPayload(verifier, request)
    if (!payload) return null
    const username = String(payload.username)
    let facts = cache.get(username)
    if (!facts || Date.now() - facts.at > 60_000) {
      try {
        const user = await p.admin.send(new AdminGetUserCommand({ UserPoolId: p.userPoolId, Username: username }))
        facts = { at: Date.now(), enabled: user.Enabled !== false, email: user.UserAttributes?.find((a) => a.Name === 'email')?.Value ?? '' }
      } catch (error) {
        request.log.warn({ err: error }, 'AdminGetUser failed while authenticating')
        return null
      }
      if (cache.size > 10_000) cache.clear()
      cache.set(username, facts)
    }
    if (!facts.enabled) return null
    return { sub: String(payload.sub), username, email: facts.email, groups: groupsOf(payload) }
  }
}
