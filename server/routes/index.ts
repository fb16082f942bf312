import type { App } from '../types.js'
import healthRoutes from './health.js'
import metricsRoutes from './metrics/index.js'

/** Every API area, mounted under /api. */
export default async function apiRoutes(app: App) {
  await app.register(healthRoutes)
  await app.register(metricsRoutes)
}
