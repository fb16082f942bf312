import type { App } from '../../types.js'
import analyticsRoutes from '../v2/metrics/analytics/index.js'
import serverMetricsRoutes from '../v2/metrics/server/index.js'
import realtimeRoutes from './ga.js'

/** Monitoring and analytics (spec §7 "Metrics"); the learner's progress metrics live with the learner routes. */
export default async function metricsRoutes(app: App) {
  await app.register(serverMetricsRoutes)
  await app.register(realtimeRoutes)
  await app.register(analyticsRoutes)
}
