import fs from 'node:fs'
import path from 'node:path'

/** The one thing every repository needs: parameterised SQL in the PostgreSQL dialect. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>
  /** Runs several statements at once, without parameters (migrations). */
  exec(sql: string): Promise<void>
}

/** What a LISTEN subscriber hears: payloads, and whether the notification connection is up. */
export interface NotificationHandlers {
  /** A NOTIFY payload on the channel. */
  message(payload: string): void
  /**
   * The connection is listening (true) or lost (false). After a loss, notifications sent meanwhile
   * are gone: a subscriber must reload what it caches when it hears true again.
   */
  state(listening: boolean): void
}

export interface Listener {
  close(): Promise<void>
}

/** How busy the database connections are at this instant (the operators' metrics read it). */
export interface DbStats {
  /** Calls (query, exec or a whole transaction) started and not yet answered. */
  inFlight: number
  /** PGlite: calls waiting behind the one its single connection is running. */
  queued?: number
  /** PostgreSQL: the connection pool. */
  pool?: {
    /** Most connections the pool opens. */
    max: number
    /** Connections open (idle or in use). */
    total: number
    /** Open connections nobody is using. */
    idle: number
    /** Calls waiting for a connection because every one is in use. */
    waiting: number
    /** Connections handed out since the pool opened. */
    acquires: number
    /** Seconds those calls waited for their connection, summed (opening a new one included). */
    acquireWaitSeconds: number
  }
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres'
  /** The connections' use right now; cheap (no query). */
  stats?(): DbStats
  /**
   * PostgreSQL only: LISTEN on `channel` over a dedicated connection that reconnects by itself.
   * The channel is suffixed with the current schema, so separate schemas never hear each other.
   * Absent on PGlite, where one process owns the database and local invalidation is complete.
   */
  listen?(channel: string, handlers: NotificationHandlers): Promise<Listener>
  /** The channel name `listen` uses for `channel` (for `pg_notify` in the same database and schema). */
  channel?(channel: string): string
  /**
   * PGlite only: NOTIFY on `channel` (suffixed like `listen`'s) as this process's one connection hears
   * it, after the sending transaction commits. For features that want the same announcements on both
   * databases (notifications); `listen` stays absent so caches keep their PGlite shortcut.
   */
  localListen?(channel: string, message: (payload: string) => void): Promise<Listener>
  /** Runs `fn` in one transaction; it commits when `fn` resolves and rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>
  close(): Promise<void>
}

export interface DbOptions {
  /** PostgreSQL connection string; when absent, PGlite is used. */
  url?: string
  /** PGlite data folder; when absent (and no url), an in-memory database. */
  dataDir?: string
  /**
   * PGlite in memory only: start from this image of a data folder (a tarball made by PGlite's
   * `dumpDataDir`) instead of creating a new database, which skips initdb.
   */
  image?: Blob
  /** PostgreSQL only: a schema to create and work in (isolates parallel test files). */
  schema?: string
  /** PostgreSQL only: the pool's size and how long a query waits for a free connection. */
  pool?: PoolOptions
}

export interface PoolOptions {
  /** Connections open at most. */
  max: number
  /** Milliseconds a query waits for a free connection before it fails with `DatabaseBusyError`. */
  waitMs: number
}

/** The defaults of DATABASE_POOL_MAX and DATABASE_POOL_WAIT_MS (server/config.ts). */
export const DEFAULT_POOL: PoolOptions = { max: 20, waitMs: 10_000 }

/**
 * Every connection stayed busy for as long as a query may wait for one: the server is overloaded.
 * The API answers 503 with Retry-After rather than keeping the caller waiting.
 */
export class DatabaseBusyError extends Error {
  constructor() {
    super('no database connection became free in time')
    this.name = 'DatabaseBusyError'
  }
}

export async function openDb(options: DbOptions): Promise<Db> {
  if (options.url) {
    const { openPostgres } = await import('./postgres.js')
    return openPostgres(options.url, options.schema, options.pool)
  }
  if (options.dataDir) fs.mkdirSync(path.dirname(options.dataDir), { recursive: true })
  const { openPglite } = await import('./pglite.js')
  return openPglite(options.dataDir, options.image)
}
