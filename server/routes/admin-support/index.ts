import { MigrationsResponse } from '../../../contracts/admin/support.js'
import { errorResponses } from '../../../contracts/errors.js'
import { readMigrations } from '../../db/migrate.js'
import type { App } from '../../types.js'
import { iso } from '../../http/dates.js'
import { appliedMigrations } from './queries.js'

/** Support (requirements §2 /admin/support/migrations): what the database has applied, and what it lacks. */
export default async function adminSupportRoutes(app: App) {
  app.get(
    '/migrations',
    {
      schema: {
        tags: ['admin: support'],
        summary: 'Database migrations applied (name, time) and pending',
        response: { 200: MigrationsResponse, ...errorResponses(401, 403) },
      },
    },
    async () => {
      const rows = await appliedMigrations(app.db)
      const applied = new Set(rows.map((r) => r.version))
      return {
        applied: rows.map((r) => ({ version: r.version, name: r.name, appliedAt: iso(r.applied_at) })),
        pending: readMigrations()
          .filter((m) => !applied.has(m.version))
          .map((m) => ({ version: m.version, name: m.name })),
      }
    },
  )
}
