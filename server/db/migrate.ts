import fs from 'node:fs'
import path from 'node:path'
import { ROOT_DIR } from '../runtime.js'
import type { Db } from './index.js'

/** Read from the sources in both modes: the build (`dist-server/`) holds code only. */
const MIGRATIONS_DIR = path.join(ROOT_DIR, 'server', 'db', 'migrations')

export interface Migration {
  version: number
  name: string
  sql: string
}

/** The numbered files `NNNN_name.sql`, in order; the same files serve PGlite and PostgreSQL. */
export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return fs
    .readdirSync(dir)
    .filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f))
    .sort()
    .map((file) => ({
      version: Number(file.slice(0, 4)),
      name: file.slice(5, -4),
      sql: fs.readFileSync(path.join(dir, file), 'utf8'),
    }))
}

/**
 * Applies every migration not yet recorded, each in its own transaction, under an advisory lock so
 * that several processes starting at once against one PostgreSQL apply each file exactly once.
 * Returns the versions applied by this call.
 */
export async function migrate(db: Db, migrations = readMigrations()): Promise<number[]> {
  await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version integer PRIMARY KEY,
    name text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`)
  const applied: number[] = []
  for (const m of migrations) {
    const done = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(7261001)')
      const { rows } = await tx.query('SELECT 1 FROM schema_migrations WHERE version = $1', [m.version])
      if (rows.length > 0) return false
      await tx.exec(m.sql)
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [m.version, m.name])
      return true
    })
    if (done) applied.push(m.version)
  }
  return applied
}
