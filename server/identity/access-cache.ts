import type { FastifyBaseLogger } from 'fastify'
import type { Db, Listener, Queryable } from '../db/index.js'

/** What the API needs to know about a signed-in user on every request. */
export interface UserFacts {
  enabled: boolean
  email: string
  groups: string[]
}

/** One change to what some sessions may do, as it travels between processes. */
export interface AccessChangeNotice {
  /** Users whose enabled flag, groups, email or existence changed: their cached facts are dropped. */
  users: string[]
  /** Sessions (origin_jti) that were revoked, with the time after which no token of theirs is valid. */
  revoked: Array<{ jti: string; until: number }>
  /** The revocations were too many for one notice: reload them from the database. */
  reload?: boolean
}

const CHANNEL = 'aula_access'
/** Cached users at most; the oldest entries go first (Map keeps insertion order). */
const MAX_USERS = 50_000

/**
 * The API's in-process view of who may still do what: the enabled flag, email and current groups
 * of signed-in users, and the revoked sessions. Requests read it without a query.
 *
 * It stays exact because every write that changes it goes through `IdentityContext.changeAccess`,
 * which calls `apply` here after the write and, on PostgreSQL, sends the same notice with
 * `pg_notify` inside the write's transaction, so other processes apply it when it commits.
 *
 * On PostgreSQL the cache is trusted only while the notification connection is listening. While
 * it is lost (and until it is back and the cache reloaded), every request is checked against the
 * database with one query, as if there were no cache.
 */
export class AccessCache {
  private readonly facts = new Map<string, UserFacts>()
  private readonly revoked = new Map<string, number>()
  /** Bumped by every invalidation; a fill that raced one is not stored. */
  private generation = 0
  /** True when the cache may answer (always on PGlite; on PostgreSQL while listening). */
  private trusted = false
  private listener: Listener | null = null

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Loads the live revocations and, on PostgreSQL, starts listening for other processes' changes. */
  async start(): Promise<void> {
    if (!this.db.listen) {
      await this.reload()
      this.trusted = true
      return
    }
    let first = true
    this.listener = await this.db.listen(CHANNEL, {
      message: (payload) => this.onNotice(payload),
      state: (listening) => {
        if (!listening) {
          if (this.trusted || first) this.log.warn('access notifications lost: checking every request against the database until they are back')
          this.trusted = false
          first = false
          return
        }
        // Listening again: whatever was missed meanwhile is reloaded before the cache answers.
        this.reload().then(
          () => {
            this.trusted = true
            if (!first) this.log.info('access notifications back: cached sign-in checks resumed')
            first = false
          },
          (err: unknown) => this.log.warn({ err }, 'access cache reload failed; still checking the database'),
        )
      },
    })
  }

  async stop(): Promise<void> {
    this.trusted = false
    await this.listener?.close()
    this.listener = null
  }

  /** Whether requests are answered from memory right now (false: one query each). */
  get cached(): boolean {
    return this.trusted
  }

  /** The SQL expression that sends a notice within the caller's transaction (PostgreSQL), or null. */
  notifySql(): { sql: string; channel: string } | null {
    return this.db.channel ? { sql: 'SELECT pg_notify($1, $2)', channel: this.db.channel(CHANNEL) } : null
  }

  /** Applies a change locally (the writer calls it after its write; listeners on each notice). */
  apply(notice: AccessChangeNotice): void {
    this.generation++
    for (const u of notice.users) this.facts.delete(u)
    for (const r of notice.revoked) this.revoked.set(r.jti, r.until)
  }

  private onNotice(payload: string) {
    try {
      const notice = JSON.parse(payload) as AccessChangeNotice
      if (!Array.isArray(notice.users) || !Array.isArray(notice.revoked)) return
      this.apply(notice)
      if (notice.reload && this.trusted) {
        this.trusted = false
        this.reload().then(
          () => {
            this.trusted = true
          },
          (err: unknown) => this.log.warn({ err }, 'access cache reload failed; still checking the database'),
        )
      }
    } catch (err) {
      this.log.warn({ err }, 'unreadable access notice ignored')
    }
  }

  /**
   * Drops every cached user and adds the live revocations. Revocations are only ever added (a
   * session never comes back), so notices that arrive while this runs are never lost.
   */
  private async reload() {
    this.generation++
    this.facts.clear()
    const { rows } = await this.db.query<{ origin_jti: string; until: string | number }>(
      `SELECT origin_jti, (extract(epoch FROM expires_at) * 1000)::bigint AS until FROM identity_revoked_origins WHERE expires_at > now()`,
    )
    for (const r of rows) this.revoked.set(r.origin_jti, Number(r.until))
  }

  /**
   * The facts of a user for a session, or null when the session is revoked, the user disabled or
   * gone. From memory when trusted; otherwise one query that also checks the revocation.
   */
  async check(username: string, originJti: string): Promise<UserFacts | null> {
    if (!this.trusted) return this.queryAll(username, originJti)
    const until = this.revoked.get(originJti)
    if (until !== undefined) {
      if (until > Date.now()) return null
      this.revoked.delete(originJti)
    }
    let facts = this.facts.get(username)
    if (!facts) {
      const generation = this.generation
      const loaded = await this.queryFacts(this.db, username)
      if (!loaded) return null
      facts = loaded
      if (generation === this.generation && this.trusted) {
        if (this.facts.size >= MAX_USERS) this.facts.delete(this.facts.keys().next().value!)
        this.facts.set(username, facts)
      }
    }
    return facts.enabled ? facts : null
  }

  private async queryFacts(db: Queryable, username: string): Promise<UserFacts | null> {
    const { rows } = await db.query<{ enabled: boolean; email: string | null; groups: string[] | null }>(
      `SELECT u.enabled,
         (SELECT value FROM identity_user_attributes a WHERE a.username = u.username AND a.name = 'email') AS email,
         (SELECT array_agg(g.group_name ORDER BY g.group_name) FROM identity_user_groups g WHERE g.username = u.username) AS groups
       FROM identity_users u WHERE u.username = $1`,
      [username],
    )
    const row = rows[0]
    return row ? { enabled: row.enabled, email: row.email ?? '', groups: row.groups ?? [] } : null
  }

  private async queryAll(username: string, originJti: string): Promise<UserFacts | null> {
    const { rows } = await this.db.query<{ enabled: boolean; email: string | null; groups: string[] | null; revoked: boolean }>(
      `SELECT u.enabled,
         (SELECT value FROM identity_user_attributes a WHERE a.username = u.username AND a.name = 'email') AS email,
         (SELECT array_agg(g.group_name ORDER BY g.group_name) FROM identity_user_groups g WHERE g.username = u.username) AS groups,
         EXISTS (SELECT 1 FROM identity_revoked_origins r WHERE r.origin_jti = $2) AS revoked
       FROM identity_users u WHERE u.username = $1`,
      [username, originJti],
    )
    const row = rows[0]
    if (!row || !row.enabled || row.revoked) return null
    return { enabled: true, email: row.email ?? '', groups: row.groups ?? [] }
  }

  /** Forgets revocations past their end (called by the periodic sweep). */
  prune(now = Date.now()) {
    for (const [jti, until] of this.revoked) if (until <= now) this.revoked.delete(jti)
  }
}
