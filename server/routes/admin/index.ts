import { IdentityAdmin } from '../../identity/admin-client.js'
import type { App } from '../../types.js'
import adminAuditRoutes from '../v2/admin/audit/index.js'
import catalogueRoutes from '../v2/admin/catalogues/index.js'
import adminDocumentRoutes from '../v2/admin/documents/index.js'
import adminGroupRoutes from '../v2/admin/groups/index.js'
import adminImportRoutes from '../v2/admin/import/index.js'
import { ImportWorker } from '../v2/admin/import/worker.js'
import adminSupportRoutes from '../v2/admin/support/index.js'
import adminSubscriptionRoutes from './subscriptions/index.js'
import adminUserRoutes from './users/index.js'

/**
 * Administration (spec §7 "Auth and users", "Groups", "Catalogues", "Admin subscriptions"), admin
 * group only (contracts/policy.ts). Every user and group call goes through one identity admin
 * adapter; the bulk-import worker runs beside the routes.
 */
export default async function adminRoutes(app: App) {
  const pool = new IdentityAdmin(app.identityAdmin, app.config.IDENTITY_USER_POOL_ID, app.config.IDENTITY_MODE === 'embedded' ? app.db : null)
  const worker = new ImportWorker(app.db, pool, app.log.child({ module: 'user-import' }))
  app.addHook('onReady', async () => worker.start())
  app.addHook('onClose', async () => worker.stop())

  await app.register(adminUserRoutes, { pool })
  await app.register(adminImportRoutes, { pool, worker })
  await app.register(adminGroupRoutes, { pool })
  await app.register(catalogueRoutes)
  await app.register(adminDocumentRoutes)
  await app.register(adminSubscriptionRoutes, { pool })
  await app.register(adminAuditRoutes)
  await app.register(adminSupportRoutes)
}
