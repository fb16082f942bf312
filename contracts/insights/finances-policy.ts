import { ADMIN, FINANCE, type PolicyTable } from '../access.js'

/**
 * Finances: reports on sales, a sale and its receipt, for administrators and finance staff (the
 * finances group); refunds for administrators only.
 */
export const financesPolicy = {
  'GET /api/v2/finances/sales': FINANCE,
  'GET /api/v2/finances/sales/by-course': FINANCE,
  'GET /api/v2/finances/sales/by-plan': FINANCE,
  'GET /api/v2/finances/sales/totals': FINANCE,
  'GET /api/v2/finances/sales/list': FINANCE,
  'GET /api/v2/finances/sales/export': FINANCE,
  'GET /api/v2/finances/sales/:id': FINANCE,
  'GET /api/v2/finances/sales/:id/receipt': FINANCE,
  'POST /api/v2/finances/sales/:id/refund': ADMIN,
} as const satisfies PolicyTable
