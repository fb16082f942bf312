import { errorResponses } from '../../../contracts/errors.js'
import { RealtimeQuery, RealtimeResponse } from '../../../contracts/insights/monitoring.js'
import type { App } from '../../types.js'

/**
 * Real-time users by country (requirements §7 `metrics/ga/...`), answered from the request log every process
 * writes to the database; countries come from the embedded GeoIP database, never from a network service.
 */
export default async function realtimeRoutes(app: App) {
  app.get(
    '/rt-users-by-country',
    {
      schema: {
        tags: ['metrics'],
        summary: 'Users of the last minutes by country, from the server request log',
        querystring: RealtimeQuery,
        response: { 200: RealtimeResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const minutes = request.query.minutes ?? 5
      return { measuredAt: new Date().toISOString(), windowMinutes: minutes, ...(await app.insights.requestLog.byCountry(minutes)) }
    },
  )
}
