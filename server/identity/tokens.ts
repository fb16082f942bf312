import crypto from 'node:crypto'
import type { Db, Queryable } from '../db/index.js'
import { Errors } from './errors.js'
import type { SecretBox } from './secrets.js'
import type { PoolSettings } from './settings.js'
import type { User } from './users.js'

export interface Jwk {
  kty: string
  alg: string
  use: string
  kid: string
  n: string
  e: string
}

interface SigningKey {
  kid: string
  privateKey: crypto.KeyObject
  publicKey: crypto.KeyObject
  jwk: Jwk
}

export interface AccessClaims {
  sub: string
  username: string
  client_id: string
  iss: string
  origin_jti: string
  token_use: string
  exp: number
  iat: number
  device_key?: string
  'cognito:groups'?: string[]
}

export interface IssuedTokens {
  IdToken: string
  AccessToken: string
  RefreshToken?: string
  ExpiresIn: number
  TokenType: 'Bearer'
}

/** Which sessions of a user a change ends: all of them, one device's, or one refresh token's. */
/** Which sessions a change ends: all of the user's, all but one (the caller's, after a password change), a device's or one refresh token's. */
export type SessionsToEnd = 'all' | { allBut: string } | { deviceKey: string } | { refreshToken: string }

const b64url = (v: string | Buffer) => Buffer.from(v).toString('base64url')

/**
 * RS256 ID/access tokens with Cognito's claims, opaque refresh tokens stored as keyed hashes, and
 * revocation by origin_jti. The signing key is generated once and kept in the database, its private
 * half encrypted with the identity secret key.
 */
export class TokenService {
  private keys: SigningKey[] = []

  constructor(
    private readonly box: SecretBox,
    private readonly settings: PoolSettings,
  ) {}

  /** Loads the signing keys, generating the first one if the pool has none (once, under a lock). */
  async init(db: Db): Promise<void> {
    await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(7261002)')
      const { rows } = await tx.query('SELECT 1 FROM identity_signing_keys WHERE retired_at IS NULL LIMIT 1')
      if (rows.length > 0) return
      const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 })
      const jwkRaw = publicKey.export({ format: 'jwk' }) as { n: string; e: string }
      const kid = crypto.createHash('sha256').update(`${jwkRaw.e}.${jwkRaw.n}`).digest('base64url').slice(0, 43)
      const jwk: Jwk = { kty: 'RSA', alg: 'RS256', use: 'sig', kid, n: jwkRaw.n, e: jwkRaw.e }
      await tx.query('INSERT INTO identity_signing_keys (kid, private_key, public_jwk) VALUES ($1, $2, $3)', [
        kid,
        this.box.seal(privateKey.export({ format: 'pem', type: 'pkcs8' }) as string),
        JSON.stringify(jwk),
      ])
    })
    const { rows } = await db.query<{ kid: string; private_key: string; public_jwk: string }>(
      'SELECT kid, private_key, public_jwk FROM identity_signing_keys WHERE retired_at IS NULL ORDER BY created_at DESC',
    )
    this.keys = rows.map((r) => {
      const privateKey = crypto.createPrivateKey(this.box.open(r.private_key))
      return { kid: r.kid, privateKey, publicKey: crypto.createPublicKey(privateKey), jwk: JSON.parse(r.public_jwk) as Jwk }
    })
  }

  jwks(): { keys: Jwk[] } {
    return { keys: this.keys.map((k) => k.jwk) }
  }

  private sign(payload: Record<string, unknown>): string {
    const key = this.keys[0]
    const head = b64url(JSON.stringify({ kid: key.kid, alg: 'RS256' }))
    const body = b64url(JSON.stringify(payload))
    const signature = crypto.sign('sha256', Buffer.from(`${head}.${body}`), key.privateKey)
    return `${head}.${body}.${signature.toString('base64url')}`
  }

  /** Checks the signature with one of our keys and returns the payload, or null. */
  private verifySignature(token: string): Record<string, unknown> | null {
    const parts = token.split('.')
    if (parts.length !== 3) return null
    try {
      const header = JSON.parse(Buffer.from(parts[0], 'base64url').toString('utf8')) as { kid?: string; alg?: string }
      const key = this.keys.find((k) => k.kid === header.kid)
      if (!key || header.alg !== 'RS256') return null
      if (!crypto.verify('sha256', Buffer.from(`${parts[0]}.${parts[1]}`), key.publicKey, Buffer.from(parts[2], 'base64url'))) return null
      const payload = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8')) as unknown
      return payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : null
    } catch {
      return null
    }
  }

  /** ID and access tokens for one sign-in session (origin_jti), with the user's current attributes and groups. */
  issueJwts(p: { user: User; groups: string[]; originJti: string; authTime: number; deviceKey?: string | null }): { IdToken: string; AccessToken: string } {
    const now = Math.floor(Date.now() / 1000)
    const exp = now + this.settings.accessTokenSeconds
    const eventId = crypto.randomUUID()
    const groups = p.groups.length > 0 ? { 'cognito:groups': p.groups } : {}
    const idClaims: Record<string, unknown> = {
      sub: p.user.username,
      ...groups,
      email_verified: p.user.attributes.email_verified === 'true',
      iss: this.settings.issuer,
      'cognito:username': p.user.username,
      origin_jti: p.originJti,
      aud: this.settings.clientId,
      event_id: eventId,
      token_use: 'id',
      auth_time: p.authTime,
      exp,
      iat: now,
      jti: crypto.randomUUID(),
    }
    for (const [name, value] of Object.entries(p.user.attributes)) {
      if (name === 'sub' || name === 'email_verified' || name in idClaims) continue
      idClaims[name] = value
    }
    const accessClaims: Record<string, unknown> = {
      sub: p.user.username,
      ...groups,
      ...(p.deviceKey ? { device_key: p.deviceKey } : {}),
      iss: this.settings.issuer,
      client_id: this.settings.clientId,
      origin_jti: p.originJti,
      event_id: eventId,
      token_use: 'access',
      scope: 'aws.cognito.signin.user.admin',
      auth_time: p.authTime,
      exp,
      iat: now,
      jti: crypto.randomUUID(),
      username: p.user.username,
    }
    return { IdToken: this.sign(idClaims), AccessToken: this.sign(accessClaims) }
  }

  /** A new sign-in session: a refresh token (stored hashed) plus its first ID/access tokens. */
  async issueSession(db: Queryable, p: { user: User; groups: string[]; deviceKey?: string | null }): Promise<IssuedTokens> {
    const originJti = crypto.randomUUID()
    const authTime = Math.floor(Date.now() / 1000)
    const refreshToken = `${b64url(crypto.randomBytes(48))}`
    await db.query(
      `INSERT INTO identity_refresh_tokens (token_hash, username, client_id, origin_jti, auth_time, device_key, expires_at)
       VALUES ($1, $2, $3, $4, to_timestamp($5), $6, now() + make_interval(secs => $7))`,
      [
        this.box.hash('refresh', refreshToken),
        p.user.username,
        this.settings.clientId,
        originJti,
        authTime,
        p.deviceKey ?? null,
        this.settings.refreshTokenSeconds,
      ],
    )
    const jwts = this.issueJwts({ ...p, originJti, authTime })
    return { ...jwts, RefreshToken: refreshToken, ExpiresIn: this.settings.accessTokenSeconds, TokenType: 'Bearer' }
  }

  /** The stored session of a refresh token, or the Cognito error for it. */
  async refreshSession(db: Queryable, refreshToken: string, clientId: string) {
    const { rows } = await db.query<{
      username: string
      client_id: string
      origin_jti: string
      auth_time: Date | string
      device_key: string | null
      expired: boolean
      revoked_at: unknown
    }>(
      `SELECT username, client_id, origin_jti, auth_time, device_key, expires_at < now() AS expired, revoked_at
       FROM identity_refresh_tokens WHERE token_hash = $1`,
      [this.box.hash('refresh', refreshToken)],
    )
    const row = rows[0]
    if (!row || row.client_id !== clientId) throw Errors.invalidRefreshToken()
    return {
      username: row.username,
      originJti: row.origin_jti,
      authTime: Math.floor(new Date(row.auth_time).getTime() / 1000),
      deviceKey: row.device_key,
      /** Checked by the caller after the user's state, so a disabled user hears "User is disabled.". */
      check: () => {
        if (row.revoked_at) throw Errors.refreshTokenRevoked()
        if (row.expired) throw Errors.refreshTokenExpired()
      },
    }
  }

  /**
   * Verifies an access token sent to a Cognito operation: our signature, token_use, issuer, client, expiry,
   * then revocation. Throws the Cognito error; returns the claims.
   */
  async verifyAccessToken(db: Queryable, token: string): Promise<AccessClaims> {
    const claims = this.verifySignature(token) as AccessClaims | null
    if (
      !claims ||
      claims.token_use !== 'access' ||
      claims.iss !== this.settings.issuer ||
      claims.client_id !== this.settings.clientId ||
      typeof claims.username !== 'string' ||
      typeof claims.origin_jti !== 'string'
    ) {
      throw Errors.invalidAccessToken()
    }
    if (typeof claims.exp !== 'number' || claims.exp <= Date.now() / 1000) throw Errors.accessTokenExpired()
    if (await this.isRevoked(db, claims.origin_jti)) throw Errors.accessTokenRevoked()
    return claims
  }

  async isRevoked(db: Queryable, originJti: string): Promise<boolean> {
    const { rows } = await db.query('SELECT 1 FROM identity_revoked_origins WHERE origin_jti = $1', [originJti])
    return rows.length > 0
  }

  /**
   * Marks the sessions matching `where` revoked (refresh tokens, and every JWT derived from them
   * through identity_revoked_origins). Write only: callers go through
   * `IdentityContext.changeAccess`, which also updates every process's cache.
   */
  async revokeSessionRows(db: Queryable, sessions: SessionsToEnd, username: string): Promise<Array<{ jti: string; until: number }>> {
    const [where, params] =
      sessions === 'all'
        ? ['username = $2', [username]]
        : 'allBut' in sessions
          ? ['username = $2 AND origin_jti <> $3', [username, sessions.allBut]]
          : 'deviceKey' in sessions
            ? ['device_key = $2', [sessions.deviceKey]]
            : ['token_hash = $2', [this.box.hash('refresh', sessions.refreshToken)]]
    const { rows } = await db.query<{ origin_jti: string; until: string | number }>(
      `WITH ended AS (
         UPDATE identity_refresh_tokens SET revoked_at = now() WHERE revoked_at IS NULL AND ${where} RETURNING origin_jti)
       INSERT INTO identity_revoked_origins (origin_jti, expires_at)
       SELECT origin_jti, now() + make_interval(secs => $1) FROM ended
       ON CONFLICT DO NOTHING
       RETURNING origin_jti, (extract(epoch FROM expires_at) * 1000)::bigint AS until`,
      [this.settings.accessTokenSeconds + 300, ...params],
    )
    return rows.map((r) => ({ jti: r.origin_jti, until: Number(r.until) }))
  }

  /** Who a refresh token belongs to (RevokeToken checks the client before revoking), or null. */
  async refreshTokenOwner(db: Queryable, refreshToken: string): Promise<{ username: string; clientId: string } | null> {
    const { rows } = await db.query<{ username: string; client_id: string }>('SELECT username, client_id FROM identity_refresh_tokens WHERE token_hash = $1', [
      this.box.hash('refresh', refreshToken),
    ])
    return rows[0] ? { username: rows[0].username, clientId: rows[0].client_id } : null
  }

  /** Drops expired refresh tokens and revocations nobody can present any more. */
  async sweep(db: Queryable) {
    await db.query(`DELETE FROM identity_revoked_origins WHERE expires_at < now()`)
    await db.query(`DELETE FROM identity_refresh_tokens WHERE expires_at < now() - interval '1 day'`)
    await db.query(`DELETE FROM identity_used_handshakes WHERE expires_at < now()`)
  }
}
