import fs from 'node:fs'
import path from 'node:path'

/** The one thing every repository needs: parameterised SQL in the PostgreSQL dialect. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>
  /** Runs several statements at once, without parameters (migrations). */
  exec(sql: string): Promise<void>
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres'
  /** Runs `fn` in one transaction; it commits when `fn` resolves and rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>
  close(): Promise<void>
}

export interface DbOptions {
  /** PostgreSQL connection string; when absent, PGlite is used. */
  url?: string
  /** PGlite data folder; when absent (and no url), an in-memory database. */
  dataDir?: string
  /** PostgreSQL only: a schema to create and work in (isolates parallel test files). */
  schema?: string
}

export async function openDb(options: DbOptions): Promise<Db> {
  if (options.url) {
    const { openPostgres } = await import('./postgres.js')
    return openPostgres(options.url, options.schema)
  }
  if (options.dataDir) fs.mkdirSync(path.dirname(options.dataDir), { recursive: true })
  const { openPglite } = await import('./pglite.js')
  return openPglite(options.dataDir)
}
