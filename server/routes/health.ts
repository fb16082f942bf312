import { HealthResponse } from '../../contracts/system.js'
import { ErrorBody } from '../../contracts/errors.js'
import type { App } from '../types.js'

/** Liveness and readiness: answers 200 only when the database answers. */
export default async function healthRoutes(app: App) {
  app.get(
    '/health',
    { schema: { tags: ['system'], summary: 'Health check (database included)', security: [], response: { 200: HealthResponse, 503: ErrorBody } } },
    async (_request, reply) => {
      try {
        await app.db.query('SELECT 1')
      } catch (err) {
        app.log.error({ err }, 'health check: database unavailable')
        return reply.status(503).send({ message: 'Database unavailable', code: 'DB_UNAVAILABLE' })
      }
      return { status: 'ok' as const, database: app.db.kind }
    },
  )
}
