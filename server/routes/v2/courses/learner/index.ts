import { refreshStaleCatalogue } from '../../../../courses/catalogue/index.js'
import type { App } from '../../../../types.js'
import { catalogueRoutes } from './catalogue.js'
import { checkoutRoutes } from './checkout.js'
import { overviewRoutes } from './overview.js'
import { scormRoutes } from './scorm.js'
import { studyRoutes } from './study.js'

/**
 * The learner's course routes (requirements §7 "Learner fetches"): catalogue, overview, plans and subscribing,
 * and buying a priced plan online, and the player with progress and resume. Learners always read the newest published snapshot.
 */
export default async function learnerRoutes(app: App) {
  // Courses published before the catalogue existed (or by another process) get their rows now.
  await refreshStaleCatalogue(app.db)
  await catalogueRoutes(app)
  await overviewRoutes(app)
  await checkoutRoutes(app)
  await studyRoutes(app)
  await scormRoutes(app)
}
