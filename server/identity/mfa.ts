import crypto from 'node:crypto'
import { Secret, TOTP } from 'otpauth'
import type { Queryable } from '../db/index.js'
import type { SecretBox } from './secrets.js'

/** RFC 6238 as every authenticator app and Cognito use it: SHA-1, 6 digits, 30-second steps. */
const PERIOD = 30
/** One step either side, for a phone clock a little off. */
const WINDOW = 1

export interface MfaState {
  /** A verified software token exists. */
  verified: boolean
  /** It is turned on (SetUserMFAPreference / MFA_SETUP). */
  enabled: boolean
  friendlyName: string | null
}

const totp = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: PERIOD, algorithm: 'SHA1' })

/**
 * The time step a code belongs to, or null when it is wrong. Codes are compared by otpauth in
 * constant time; the step lets the caller refuse a second use of the same code.
 */
export function matchingStep(secret: string, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null
  const delta = totp(secret).validate({ token: code, timestamp: now, window: WINDOW })
  return delta === null ? null : Math.floor(now / 1000 / PERIOD) + delta
}

/** A new 160-bit secret, base32 as Cognito's SecretCode. */
export const newSecret = () => new Secret({ size: 20 }).base32

interface MfaRow {
  secret: string | null
  pending_secret: string | null
  enabled: boolean
  friendly_name: string | null
  last_step: string | number | null
}

/** The users' software tokens (table identity_mfa), secrets encrypted with the identity key. */
export class MfaRepository {
  constructor(private readonly box: SecretBox) {}

  private async row(db: Queryable, username: string): Promise<MfaRow | null> {
    const { rows } = await db.query<MfaRow>('SELECT secret, pending_secret, enabled, friendly_name, last_step FROM identity_mfa WHERE username = $1', [
      username,
    ])
    return rows[0] ?? null
  }

  async state(db: Queryable, username: string): Promise<MfaState> {
    const row = await this.row(db, username)
    return { verified: Boolean(row?.secret), enabled: Boolean(row?.secret && row.enabled), friendlyName: row?.friendly_name ?? null }
  }

  /** AssociateSoftwareToken with an access token: a fresh secret waits for VerifySoftwareToken. */
  async associate(db: Queryable, username: string, secret: string) {
    await db.query(
      `INSERT INTO identity_mfa (username, pending_secret) VALUES ($1, $2)
       ON CONFLICT (username) DO UPDATE SET pending_secret = EXCLUDED.pending_secret, updated_at = now()`,
      [username, this.box.seal(secret)],
    )
  }

  async pendingSecret(db: Queryable, username: string): Promise<string | null> {
    const row = await this.row(db, username)
    return row?.pending_secret ? this.box.open(row.pending_secret) : null
  }

  /**
   * Makes `secret` the user's verified token (the code of `step` is spent). `enable` turns it on at
   * once (MFA_SETUP); otherwise it keeps whether it was on, as Cognito does after a re-association.
   */
  async saveVerified(db: Queryable, username: string, p: { secret: string; step: number; friendlyName?: string; enable: boolean }) {
    await db.query(
      `INSERT INTO identity_mfa (username, secret, pending_secret, enabled, friendly_name, last_step) VALUES ($1, $2, NULL, $3, $4, $5)
       ON CONFLICT (username) DO UPDATE SET secret = EXCLUDED.secret, pending_secret = NULL,
         enabled = identity_mfa.enabled OR EXCLUDED.enabled, friendly_name = EXCLUDED.friendly_name, last_step = EXCLUDED.last_step, updated_at = now()`,
      [username, this.box.seal(p.secret), p.enable, p.friendlyName ?? null, p.step],
    )
  }

  async setEnabled(db: Queryable, username: string, enabled: boolean) {
    await db.query('UPDATE identity_mfa SET enabled = $2, updated_at = now() WHERE username = $1', [username, enabled])
  }

  /**
   * Checks a sign-in code against the verified secret: 'ok' spends the code's time step (an
   * atomic update, so two requests racing with one code cannot both pass), 'reused' when that step
   * or a later one was already spent, 'wrong' otherwise.
   */
  async checkCode(db: Queryable, username: string, code: string): Promise<'ok' | 'wrong' | 'reused'> {
    const row = await this.row(db, username)
    if (!row?.secret) return 'wrong'
    const step = matchingStep(this.box.open(row.secret), code)
    if (step === null) return 'wrong'
    const { rows } = await db.query('UPDATE identity_mfa SET last_step = $2 WHERE username = $1 AND (last_step IS NULL OR last_step < $2) RETURNING username', [
      username,
      step,
    ])
    return rows.length > 0 ? 'ok' : 'reused'
  }
}

export type MfaSessionKind = 'SOFTWARE_TOKEN_MFA' | 'MFA_SETUP' | 'MFA_SETUP_VERIFIED'

export interface MfaSessionData {
  /** The device the sign-in started from (sent back with the code). */
  deviceKey?: string | null
  /** MFA_SETUP: the secret handed out by AssociateSoftwareToken. */
  secret?: string
}

export interface MfaSession {
  kind: MfaSessionKind
  username: string
  clientId: string
  attempts: number
  data: MfaSessionData
}

/**
 * The `Session` strings of the MFA steps: random handles stored as keyed hashes, their state
 * encrypted, valid for the pool's auth session time. Each step of MFA_SETUP hands out a new one.
 */
export class MfaSessionStore {
  constructor(
    private readonly box: SecretBox,
    private readonly ttlSeconds: number,
  ) {}

  private key = (handle: string) => this.box.hash('mfa-session', handle)

  async create(db: Queryable, s: { kind: MfaSessionKind; username: string; clientId: string; data: MfaSessionData }): Promise<string> {
    // Cognito's Session strings are long opaque tokens; clients only copy them back.
    const handle = crypto.randomBytes(96).toString('base64')
    await db.query(
      `INSERT INTO identity_mfa_sessions (handle_hash, kind, username, client_id, data, expires_at)
       VALUES ($1, $2, $3, $4, $5, now() + make_interval(secs => $6))`,
      [this.key(handle), s.kind, s.username, s.clientId, this.box.seal(JSON.stringify(s.data)), this.ttlSeconds],
    )
    return handle
  }

  async get(db: Queryable, handle: string, kind: MfaSessionKind): Promise<MfaSession | null> {
    const { rows } = await db.query<{ kind: MfaSessionKind; username: string; client_id: string; data: string; attempts: number }>(
      'SELECT kind, username, client_id, data, attempts FROM identity_mfa_sessions WHERE handle_hash = $1 AND expires_at > now()',
      [this.key(handle)],
    )
    const row = rows[0]
    if (!row || row.kind !== kind) return null
    return {
      kind: row.kind,
      username: row.username,
      clientId: row.client_id,
      attempts: row.attempts,
      data: JSON.parse(this.box.open(row.data)) as MfaSessionData,
    }
  }

  /** Counts a wrong code against the session; returns the new count. */
  async failedAttempt(db: Queryable, handle: string): Promise<number> {
    const { rows } = await db.query<{ attempts: number }>(
      'UPDATE identity_mfa_sessions SET attempts = attempts + 1 WHERE handle_hash = $1 RETURNING attempts',
      [this.key(handle)],
    )
    return rows[0]?.attempts ?? Number.MAX_SAFE_INTEGER
  }

  /** Single use: true only for the caller that deleted it. */
  async consume(db: Queryable, handle: string): Promise<boolean> {
    const { rows } = await db.query('DELETE FROM identity_mfa_sessions WHERE handle_hash = $1 RETURNING kind', [this.key(handle)])
    return rows.length > 0
  }

  async sweep(db: Queryable) {
    await db.query('DELETE FROM identity_mfa_sessions WHERE expires_at < now()')
  }
}
