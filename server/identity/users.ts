import type { Queryable } from '../db/index.js'
import { emailSkeleton, normaliseEmail } from './lookalikes.js'
import type { SecretBox } from './secrets.js'

export type UserStatus = 'UNCONFIRMED' | 'CONFIRMED' | 'FORCE_CHANGE_PASSWORD' | 'RESET_REQUIRED'

export interface User {
  username: string
  email: string
  status: UserStatus
  enabled: boolean
  salt: string
  /** Decrypted verifier hex. */
  verifier: string
  tempPasswordExpiresAt: Date | null
  failedAttempts: number
  lastFailureAt: Date | null
  lockoutUntil: Date | null
  createdAt: Date
  updatedAt: Date
  attributes: Record<string, string>
}

interface UserRow {
  username: string
  email_lower: string
  status: UserStatus
  enabled: boolean
  srp_salt: string
  srp_verifier: string
  temp_password_expires_at: Date | string | null
  failed_attempts: number
  last_failure_at: Date | string | null
  lockout_until: Date | string | null
  created_at: Date | string
  updated_at: Date | string
  attributes: Record<string, string> | string | null
}

const date = (v: Date | string | null): Date | null => (v === null ? null : new Date(v))

const SELECT = `SELECT u.*, (SELECT json_object_agg(a.name, a.value) FROM identity_user_attributes a WHERE a.username = u.username) AS attributes
  FROM identity_users u`

/**
 * Users, their attributes and groups; the username is a UUID = sub. Addresses are stored and matched
 * in their normalised form (NFKC, lower case), and no two share a look-alike skeleton
 * (`identity_users.email_skeleton`, unique; see lookalikes.ts).
 */
export class UserRepository {
  constructor(private readonly box: SecretBox) {}

  private toUser(row: UserRow): User {
    const attributes = (typeof row.attributes === 'string' ? JSON.parse(row.attributes) : row.attributes) ?? {}
    return {
      username: row.username,
      email: attributes.email ?? row.email_lower,
      status: row.status,
      enabled: row.enabled,
      salt: row.srp_salt,
      verifier: this.box.open(row.srp_verifier),
      tempPasswordExpiresAt: date(row.temp_password_expires_at),
      failedAttempts: row.failed_attempts,
      lastFailureAt: date(row.last_failure_at),
      lockoutUntil: date(row.lockout_until),
      createdAt: date(row.created_at)!,
      updatedAt: date(row.updated_at)!,
      attributes,
    }
  }

  /** By canonical username or by email (an alias), as Cognito resolves USERNAME. */
  async find(db: Queryable, name: string): Promise<User | null> {
    const { rows } = await db.query<UserRow>(`${SELECT} WHERE u.username = $1 OR u.email_lower = lower($2) LIMIT 1`, [name, normaliseEmail(name)])
    return rows[0] ? this.toUser(rows[0]) : null
  }

  /** Whether another user has this address, or an address that looks the same (its skeleton). */
  async emailTaken(db: Queryable, email: string, exceptUsername?: string): Promise<boolean> {
    const { rows } = await db.query('SELECT 1 FROM identity_users WHERE (email_lower = lower($1) OR email_skeleton = $2) AND username <> $3 LIMIT 1', [
      normaliseEmail(email),
      emailSkeleton(email),
      exceptUsername ?? '',
    ])
    return rows.length > 0
  }

  /**
   * Rows whose skeleton the migration could only copy from the address (those with characters beyond
   * ASCII) get their real one; a row whose skeleton another user holds already keeps the copy, and is
   * returned so that it can be reported.
   */
  async refreshSkeletons(db: Queryable): Promise<string[]> {
    const { rows } = await db.query<{ username: string; email_lower: string; email_skeleton: string }>(
      `SELECT username, email_lower, email_skeleton FROM identity_users WHERE email_skeleton = email_lower AND octet_length(email_lower) <> char_length(email_lower)`,
    )
    const clashes: string[] = []
    for (const r of rows) {
      const skeleton = emailSkeleton(r.email_lower)
      if (skeleton === r.email_skeleton) continue
      const { rows: updated } = await db.query(
        `UPDATE identity_users SET email_skeleton = $2 WHERE username = $1
           AND NOT EXISTS (SELECT 1 FROM identity_users o WHERE o.email_skeleton = $2 AND o.username <> $1) RETURNING 1`,
        [r.username, skeleton],
      )
      if (!updated.length) clashes.push(r.username)
    }
    return clashes
  }

  async count(db: Queryable): Promise<number> {
    const { rows } = await db.query<{ n: string | number }>('SELECT count(*) AS n FROM identity_users')
    return Number(rows[0].n)
  }

  async create(
    db: Queryable,
    u: {
      username: string
      email: string
      status: UserStatus
      salt: string
      verifier: string
      tempPasswordExpiresAt?: Date | null
      attributes: Record<string, string>
    },
  ): Promise<void> {
    await db.query(
      `INSERT INTO identity_users (username, email_lower, email_skeleton, status, srp_salt, srp_verifier, temp_password_expires_at)
       VALUES ($1, lower($2), $3, $4, $5, $6, $7)`,
      [u.username, normaliseEmail(u.email), emailSkeleton(u.email), u.status, u.salt, this.box.seal(u.verifier), u.tempPasswordExpiresAt ?? null],
    )
    await this.setAttributes(db, u.username, u.attributes)
  }

  async setPassword(db: Queryable, username: string, p: { salt: string; verifier: string; status: UserStatus; tempPasswordExpiresAt?: Date | null }) {
    await db.query(
      `UPDATE identity_users SET srp_salt = $2, srp_verifier = $3, status = $4, temp_password_expires_at = $5,
         failed_attempts = 0, lockout_until = NULL, updated_at = now() WHERE username = $1`,
      [username, p.salt, this.box.seal(p.verifier), p.status, p.tempPasswordExpiresAt ?? null],
    )
  }

  async setStatus(db: Queryable, username: string, status: UserStatus) {
    await db.query('UPDATE identity_users SET status = $2, updated_at = now() WHERE username = $1', [username, status])
  }

  async setEnabled(db: Queryable, username: string, enabled: boolean) {
    await db.query('UPDATE identity_users SET enabled = $2, updated_at = now() WHERE username = $1', [username, enabled])
  }

  async setAttributes(db: Queryable, username: string, attributes: Record<string, string>) {
    for (const [name, value] of Object.entries(attributes)) {
      await db.query(
        `INSERT INTO identity_user_attributes (username, name, value) VALUES ($1, $2, $3)
         ON CONFLICT (username, name) DO UPDATE SET value = EXCLUDED.value`,
        [username, name, value],
      )
      if (name === 'email') {
        await db.query('UPDATE identity_users SET email_lower = lower($2), email_skeleton = $3 WHERE username = $1', [
          username,
          normaliseEmail(value),
          emailSkeleton(value),
        ])
      }
    }
    await db.query('UPDATE identity_users SET updated_at = now() WHERE username = $1', [username])
  }

  async deleteAttributes(db: Queryable, username: string, names: string[]) {
    await db.query('DELETE FROM identity_user_attributes WHERE username = $1 AND name = ANY($2::text[])', [username, names])
  }

  /** Lockout (docs/identity.md "Codes, hourly limits and lockout"): 5 failures, then 2^(n−5) s up to 15 min; reset after 15 quiet minutes. */
  async recordFailure(db: Queryable, username: string): Promise<void> {
    await db.query(
      `UPDATE identity_users SET
         failed_attempts = CASE WHEN last_failure_at IS NULL OR last_failure_at < now() - interval '15 minutes' THEN 1 ELSE failed_attempts + 1 END,
         last_failure_at = now()
       WHERE username = $1`,
      [username],
    )
    await db.query(
      `UPDATE identity_users SET lockout_until = now() + make_interval(secs => LEAST(900, power(2, failed_attempts - 5)))
       WHERE username = $1 AND failed_attempts >= 5`,
      [username],
    )
  }

  async clearFailures(db: Queryable, username: string) {
    await db.query('UPDATE identity_users SET failed_attempts = 0, last_failure_at = NULL, lockout_until = NULL WHERE username = $1 AND failed_attempts > 0', [
      username,
    ])
  }

  async delete(db: Queryable, username: string) {
    await db.query('DELETE FROM identity_users WHERE username = $1', [username])
  }

  /** Keyset page of users ordered by username; `filter` is a parsed ListUsers filter. */
  async list(
    db: Queryable,
    opts: { after?: string; limit: number; filter?: { attribute: string; op: '=' | '^='; value: string }; group?: string },
  ): Promise<User[]> {
    const params: unknown[] = [opts.after ?? '', opts.limit]
    const where = ['u.username > $1']
    if (opts.group) {
      params.push(opts.group)
      where.push(`EXISTS (SELECT 1 FROM identity_user_groups g WHERE g.username = u.username AND g.group_name = $${params.length})`)
    }
    const f = opts.filter
    if (f) {
      params.push(f.op === '=' ? f.value : `${f.value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
      const cmp = f.op === '=' ? `= $${params.length}` : `LIKE $${params.length}`
      if (f.attribute === 'username') where.push(`u.username ${cmp}`)
      else if (f.attribute === 'cognito:user_status') where.push(`u.status ${cmp}`)
      else if (f.attribute === 'status') where.push(`(CASE WHEN u.enabled THEN 'Enabled' ELSE 'Disabled' END) ${cmp}`)
      else if (f.attribute === 'email') where.push(`u.email_lower ${f.op === '=' ? `= lower($${params.length})` : `LIKE lower($${params.length})`}`)
      else if (f.attribute === 'sub') where.push(`u.username ${cmp}`)
      else {
        params.push(f.attribute)
        where.push(`EXISTS (SELECT 1 FROM identity_user_attributes a WHERE a.username = u.username AND a.name = $${params.length} AND a.value ${cmp})`)
      }
    }
    const { rows } = await db.query<UserRow>(`${SELECT} WHERE ${where.join(' AND ')} ORDER BY u.username LIMIT $2`, params)
    return rows.map((r) => this.toUser(r))
  }

  // Groups

  async groupsOf(db: Queryable, username: string): Promise<string[]> {
    const { rows } = await db.query<{ group_name: string }>(
      `SELECT ug.group_name FROM identity_user_groups ug JOIN identity_groups g ON g.name = ug.group_name
       WHERE ug.username = $1 ORDER BY g.precedence NULLS LAST, ug.group_name`,
      [username],
    )
    return rows.map((r) => r.group_name)
  }

  async group(db: Queryable, name: string): Promise<GroupRow | null> {
    const { rows } = await db.query<GroupRow>('SELECT * FROM identity_groups WHERE name = $1', [name])
    return rows[0] ?? null
  }

  async listGroups(db: Queryable, opts: { after?: string; limit: number; username?: string }): Promise<GroupRow[]> {
    const params: unknown[] = [opts.after ?? '', opts.limit]
    let where = 'g.name > $1'
    if (opts.username) {
      params.push(opts.username)
      where += ' AND EXISTS (SELECT 1 FROM identity_user_groups ug WHERE ug.group_name = g.name AND ug.username = $3)'
    }
    const { rows } = await db.query<GroupRow>(`SELECT g.* FROM identity_groups g WHERE ${where} ORDER BY g.name LIMIT $2`, params)
    return rows
  }

  /** Creates the group; false when it already exists. */
  async createGroup(db: Queryable, g: { name: string; description?: string; precedence?: number }): Promise<boolean> {
    const { rows } = await db.query(
      'INSERT INTO identity_groups (name, description, precedence) VALUES ($1, $2, $3) ON CONFLICT (name) DO NOTHING RETURNING name',
      [g.name, g.description ?? null, g.precedence ?? null],
    )
    return rows.length > 0
  }

  async addToGroup(db: Queryable, username: string, group: string) {
    await db.query('INSERT INTO identity_user_groups (username, group_name) VALUES ($1, $2) ON CONFLICT DO NOTHING', [username, group])
  }

  async removeFromGroup(db: Queryable, username: string, group: string) {
    await db.query('DELETE FROM identity_user_groups WHERE username = $1 AND group_name = $2', [username, group])
  }
}

export interface GroupRow {
  name: string
  description: string | null
  precedence: number | null
  created_at: Date | string
  updated_at: Date | string
}
