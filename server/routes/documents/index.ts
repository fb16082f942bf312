import type { App } from '../../types.js'
import adminDocumentRoutes from './admin.js'
import documentRoutes from './public.js'

/** Legal and help documents: the published text anyone reads, and the admin's editing and publishing. */
export default async function documentsFeature(app: App) {
  await app.register(documentRoutes, { prefix: '/documents' })
  await app.register(adminDocumentRoutes, { prefix: '/v2/admin/documents' })
}
