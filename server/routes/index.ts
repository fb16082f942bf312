import type { App } from '../types.js'
import adminRoutes from './admin/index.js'
import certificateRoutes from './certificates/index.js'
import configRoutes from './config.js'
import documentRoutes from './documents/index.js'
import experimentalRoutes from './v2/experimental/index.js'
import fileRoutes from './files/index.js'
import healthRoutes from './health.js'
import metricsRoutes from './metrics/index.js'
import userRoutes from './user/index.js'
import adminCourseRoutes from './v2/admin/courses/index.js'
import contentRoutes from './v2/courses/creator/content/index.js'
import creatorRoutes from './v2/courses/creator/index.js'
import formRoutes from './v2/courses/forms/index.js'
import financeRoutes from './v2/finances/index.js'
import learnerRoutes from './v2/courses/learner/index.js'

/** Every API area, mounted under /api. */
export default async function apiRoutes(app: App) {
  await app.register(healthRoutes)
  await app.register(configRoutes)
  await app.register(metricsRoutes)
  await app.register(userRoutes)
  await app.register(documentRoutes)
  await app.register(adminRoutes)
  await app.register(adminCourseRoutes)
  await app.register(creatorRoutes)
  await app.register(contentRoutes)
  await app.register(learnerRoutes)
  await app.register(fileRoutes)
  await app.register(formRoutes)
  await app.register(certificateRoutes)
  await app.register(financeRoutes)
  await app.register(experimentalRoutes)
}
