import type { Queryable } from '../../db/index.js'

export async function appliedMigrations(db: Queryable) {
  const { rows } = await db.query<{ version: number; name: string; applied_at: Date | string }>(
    'SELECT version, name, applied_at FROM schema_migrations ORDER BY version',
  )
  return rows
}
