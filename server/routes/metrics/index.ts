import type { App } from '../../types.js'
import analyticsRoutes from './analytics.js'
import serverMetricsRoutes from './server.js'
import realtimeRoutes from './realtime.js'

/**
 * Monitoring and analytics (requirements §7 "Metrics"): the server's figures and the learning analytics
 * under `/api/v2/metrics`, real-time users at the legacy `/api/metrics/ga`. The learner's progress
 * metrics live with the learner routes.
 */
export default async function metricsRoutes(app: App) {
  await app.register(serverMetricsRoutes, { prefix: '/v2/metrics/server' })
  await app.register(analyticsRoutes, { prefix: '/v2/metrics/analytics' })
  await app.register(realtimeRoutes, { prefix: '/metrics/ga' })
}
