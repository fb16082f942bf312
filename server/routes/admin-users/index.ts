import type { App } from '../../types.js'
import adminGroupRoutes from './groups.js'
import adminImportRoutes from './import.js'
import { ImportWorker } from './import-worker.js'
import adminUserRoutes from './users.js'

/**
 * Users and groups (requirements §7 "Auth and users", "Groups"), admin group only (contracts/policy.ts):
 * every call goes through the app's one identity admin adapter (`app.identityUsers`); the bulk-import
 * worker runs beside the routes.
 */
export default async function adminUsersFeature(app: App) {
  const worker = new ImportWorker(app.db, app.identityUsers, app.log.child({ module: 'user-import' }))
  app.addHook('onReady', async () => worker.start())
  app.addHook('onClose', async () => worker.stop())

  await app.register(adminUserRoutes, { prefix: '/admin/users' })
  await app.register(adminImportRoutes, { prefix: '/v2/admin/users/import', worker })
  await app.register(adminGroupRoutes, { prefix: '/v2/admin/groups' })
}
