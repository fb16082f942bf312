import type { App } from '../types.js'
import adminAuditRoutes from './admin-audit/index.js'
import adminCertificateRoutes from './admin-certificates/index.js'
import catalogueRoutes from './admin-catalogues/index.js'
import adminCoursesFeature from './admin-courses/index.js'
import adminSubscriptionRoutes from './admin-subscriptions/index.js'
import adminSupportRoutes from './admin-support/index.js'
import adminUsersFeature from './admin-users/index.js'
import authRoutes from './auth/index.js'
import badgeRoutes from './certificates/badges.js'
import certificateRoutes from './certificates/index.js'
import configRoutes from './config.js'
import documentsFeature from './documents/index.js'
import experimentalRoutes from './experimental/index.js'
import fileRoutes from './files/index.js'
import financeRoutes from './finances/index.js'
import healthRoutes from './health.js'
import mailRoutes from './mail/index.js'
import metricsRoutes from './metrics/index.js'
import notificationRoutes from './notifications/index.js'
import organizationsFeature from './organizations/index.js'
import paymentRoutes from './payments/index.js'
import userRoutes from './user/index.js'
import websiteFeature from './website/index.js'
import contentRoutes from './v2/courses/creator/content/index.js'
import creatorRoutes from './v2/courses/creator/index.js'
import formRoutes from './v2/courses/forms/index.js'
import discussionRoutes from './v2/courses/discussions/index.js'
import gradebookRoutes from './v2/courses/gradebook/index.js'
import assignmentRoutes from './v2/courses/assignments/index.js'
import essayGradingRoutes from './v2/courses/grading/index.js'
import learnerRoutes from './v2/courses/learner/index.js'

/**
 * Every API feature, mounted under /api. Each feature has one folder; its URL version and legacy
 * paths are the prefixes it is mounted with (here, or in the feature's own index for a feature with
 * more than one).
 */
export default async function apiRoutes(app: App) {
  await app.register(healthRoutes)
  await app.register(configRoutes)
  await app.register(metricsRoutes)
  await app.register(userRoutes, { prefix: '/v2/user' })
  await app.register(mailRoutes, { prefix: '/v2' })
  await app.register(authRoutes, { prefix: '/auth' })
  await app.register(documentsFeature)
  await app.register(adminUsersFeature)
  await app.register(catalogueRoutes, { prefix: '/v2/admin' })
  await app.register(adminSubscriptionRoutes, { prefix: '/admin' })
  await app.register(adminAuditRoutes, { prefix: '/v2/admin/audit' })
  await app.register(adminCertificateRoutes, { prefix: '/v2/admin/certificates' })
  await app.register(adminSupportRoutes, { prefix: '/v2/admin/support' })
  await app.register(adminCoursesFeature)
  await app.register(creatorRoutes)
  await app.register(contentRoutes)
  await app.register(learnerRoutes)
  await app.register(fileRoutes)
  await app.register(formRoutes)
  await app.register(discussionRoutes)
  await app.register(gradebookRoutes)
  await app.register(assignmentRoutes)
  await app.register(essayGradingRoutes)
  await app.register(certificateRoutes)
  await app.register(badgeRoutes)
  await app.register(financeRoutes, { prefix: '/v2/finances' })
  await app.register(paymentRoutes, { prefix: '/v2/payments' })
  await app.register(experimentalRoutes, { prefix: '/v2/experimental' })
  await app.register(notificationRoutes, { prefix: '/v2/notifications' })
  await app.register(websiteFeature)
  await app.register(organizationsFeature)
}

/** The public website's pages (outside /api: `/site/…`, decision 0040). */
export { default as publicWebsite } from './site/index.js'
