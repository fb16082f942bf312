import { ADMIN, ORGANIZATION_MANAGERS, type PolicyTable } from '../access.js'

/** Organisation managers' routes (decision 0038) and the administrators' seats. */
export const organizationPolicy = {
  'GET /api/v2/organizations/:host': ORGANIZATION_MANAGERS,
  'GET /api/v2/organizations/:host/people': ORGANIZATION_MANAGERS,
  'GET /api/v2/organizations/:host/people/:username': ORGANIZATION_MANAGERS,
  'GET /api/v2/organizations/:host/seats': ORGANIZATION_MANAGERS,
  'POST /api/v2/organizations/:host/subscriptions': ORGANIZATION_MANAGERS,
  'GET /api/v2/organizations/:host/report': ORGANIZATION_MANAGERS,
  'GET /api/v2/admin/organizations/seats/:id': ADMIN,
  'PUT /api/v2/admin/organizations/seats/:id': ADMIN,
} as const satisfies PolicyTable
