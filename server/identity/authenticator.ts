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

/** Verified tokens kept at most; the oldest go first. */
const MAX_VERIFIED = 10_000

/**
 * Remembers tokens whose signature and claims were verified, until they expire: the same token
 * string on the next request skips the RSA verification (the string includes its signature, so
 * only an already verified token can match). Expiry is checked on every use.
 */
class VerifiedTokens {
  private readonly tokens = new Map<string, Record<string, unknown>>()

  get(token: string): Record<string, unknown> | null {
    const payload = this.tokens.get(token)
    if (!payload) return null
    if (typeof payload.exp !== 'number' || payload.exp * 1000 <= Date.now()) {
      this.tokens.delete(token)
      return null
    }
    return payload
  }

  set(token: string, payload: Record<string, unknown>) {
    if (this.tokens.size >= MAX_VERIFIED) this.tokens.delete(this.tokens.keys().next().value!)
    this.tokens.set(token, payload)
  }
}

/** The access token's claims when the request carries a valid one, else null. */
async function verifiedPayload(verifier: AccessVerifier, request: FastifyRequest, verified?: VerifiedTokens): Promise<Record<string, unknown> | null> {
  const token = bearer(request)
  if (!token) return null
  const known = verified?.get(token)
  if (known) return known
  try {
    const payload = (await verifier.verify(token)) as Record<string, unknown>
    verified?.set(token, payload)
    return payload
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
  const verified = new VerifiedTokens()
  return async (request) => {
    const payload = await verifiedPayload(verifier, request, verified)
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
