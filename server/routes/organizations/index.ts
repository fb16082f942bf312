import type { App } from '../../types.js'
import organizationManagerRoutes from './managers.js'
import organizationSeatRoutes from './seats.js'

/**
 * Organisation managers (decision 0038): the managers' routes under `/api/v2/organizations/{host}`, and
 * the administrators' seats per course under `/api/v2/admin/organizations/seats/{id}`.
 */
export default async function organizationsFeature(app: App) {
  await app.register(organizationManagerRoutes, { prefix: '/v2/organizations' })
  await app.register(organizationSeatRoutes, { prefix: '/v2/admin/organizations' })
}
