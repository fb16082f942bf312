import { ADMIN, type PolicyTable } from '../access.js'

/**
 * Monitoring and analytics (requirements §7 "Metrics"): administrators only. The version route is listed in
 * policy.ts itself (it predates this area). Spread into `routePolicy`.
 */
export const monitoringPolicy = {
  'GET /api/v2/metrics/server/ddb-documents': ADMIN,
  'GET /api/v2/metrics/server/s3-bucket-size': ADMIN,
  'GET /api/v2/metrics/server/cost-and-usage': ADMIN,
  'GET /api/v2/metrics/server/forecast': ADMIN,
  'GET /api/metrics/ga/rt-users-by-country': ADMIN,
  'GET /api/v2/metrics/analytics/active-learners': ADMIN,
  'GET /api/v2/metrics/analytics/subscriptions': ADMIN,
  'GET /api/v2/metrics/analytics/completion': ADMIN,
  'GET /api/v2/metrics/analytics/top-courses': ADMIN,
} as const satisfies PolicyTable
