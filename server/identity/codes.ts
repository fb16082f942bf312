import crypto from 'node:crypto'
import type { Queryable } from '../db/index.js'
import { Errors } from './errors.js'
import type { SecretBox } from './secrets.js'

export type CodePurpose = 'signup' | 'forgot' | 'attribute:email'

/** Lifetimes (AWS quotas): sign-up and attribute codes 24 h, reset codes 1 h. */
const TTL_SECONDS: Record<CodePurpose, number> = { signup: 86400, forgot: 3600, 'attribute:email': 86400 }
/** Wrong guesses one code tolerates before it is dead. */
const MAX_ATTEMPTS = 5

/** Per-user hourly limits (docs/identity.md "Codes, hourly limits and lockout"). */
export const RATE_LIMITS = {
  resendCode: 5,
  forgotPassword: 5,
  confirmSignUp: 15,
  confirmForgotPassword: 10,
  changePassword: 5,
  verifyAttribute: 15,
  attributeCode: 5,
  verifySoftwareToken: 15,
  // Per client address (subject `addr:<address>`), next to the per-user limits above.
  signUp: 30,
  addressMail: 30,
  addressCodeGuess: 100,
} as const
export type RateAction = keyof typeof RATE_LIMITS

/** Six-digit single-use codes (CSPRNG, stored as keyed hashes) and the hourly rate counters. */
export class CodeService {
  constructor(private readonly box: SecretBox) {}

  /** Issues a fresh code, superseding any earlier one of the same purpose. Returns the clear code (for the mail only). */
  async issue(db: Queryable, username: string, purpose: CodePurpose, payload?: string): Promise<string> {
    const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0')
    await db.query('UPDATE identity_codes SET superseded = true WHERE username = $1 AND purpose = $2 AND NOT superseded', [username, purpose])
    await db.query(
      `INSERT INTO identity_codes (username, purpose, code_hash, payload, expires_at)
       VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))`,
      [username, purpose, this.box.hash(username, purpose, code), payload === undefined ? null : this.box.seal(payload), TTL_SECONDS[purpose]],
    )
    // Keep the table small: superseded or used codes older than a day serve no purpose.
    await db.query(`DELETE FROM identity_codes WHERE username = $1 AND (superseded OR used_at IS NOT NULL) AND created_at < now() - interval '1 day'`, [
      username,
    ])
    return code
  }

  /**
   * Consumes the live code when it matches (returns its payload, or null when it had none). A
   * superseded or expired code answers ExpiredCodeException, a wrong one CodeMismatchException.
   * `beforeUse` runs once the code matched, before it is spent.
   */
  async consume(db: Queryable, username: string, purpose: CodePurpose, code: string, beforeUse?: () => void): Promise<string | null> {
    const hash = this.box.hash(username, purpose, code)
    const { rows } = await db.query<{ id: string; code_hash: string; payload: string | null; expired: boolean; attempts: number }>(
      `SELECT id, code_hash, payload, expires_at < now() AS expired, attempts FROM identity_codes
       WHERE username = $1 AND purpose = $2 AND NOT superseded AND used_at IS NULL ORDER BY id DESC LIMIT 1`,
      [username, purpose],
    )
    const live = rows[0]
    if (live && sameHash(live.code_hash, hash)) {
      if (live.expired || live.attempts >= MAX_ATTEMPTS) throw Errors.codeExpired()
      // Checks that need a right code first (the new password's policy): a failure keeps the code live.
      beforeUse?.()
      await db.query('UPDATE identity_codes SET used_at = now() WHERE id = $1', [live.id])
      return live.payload === null ? null : this.box.open(live.payload)
    }
    const { rows: old } = await db.query('SELECT 1 FROM identity_codes WHERE username = $1 AND purpose = $2 AND code_hash = $3', [username, purpose, hash])
    if (old.length > 0) throw Errors.codeExpired()
    if (live) {
      await db.query('UPDATE identity_codes SET attempts = attempts + 1 WHERE id = $1', [live.id])
      if (live.attempts + 1 >= MAX_ATTEMPTS) throw Errors.tooManyFailedAttempts()
    }
    throw Errors.codeMismatch()
  }

  /** Counts one use of `action` by `subject` in the current hour; throws LimitExceededException past the limit. */
  async limit(db: Queryable, subject: string, action: RateAction): Promise<void> {
    const { rows } = await db.query<{ count: number }>(
      `INSERT INTO identity_rate_limits (subject, action, window_start, count) VALUES ($1, $2, date_trunc('hour', now()), 1)
       ON CONFLICT (subject, action, window_start) DO UPDATE SET count = identity_rate_limits.count + 1
       RETURNING count`,
      [subject, action],
    )
    if (rows[0].count > RATE_LIMITS[action]) throw Errors.limitExceeded()
  }

  /** Drops finished windows (called now and then). */
  async sweep(db: Queryable) {
    await db.query(`DELETE FROM identity_rate_limits WHERE window_start < now() - interval '2 hours'`)
  }
}

function sameHash(a: string, b: string) {
  return a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b))
}
