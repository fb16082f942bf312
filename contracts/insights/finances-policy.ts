import { FINANCE, type PolicyTable } from '../access.js'

/** Finances: read-only reports on sales, for administrators and finance staff (the finances group). */
export const financesPolicy = {
  'GET /api/v2/finances/sales': FINANCE,
  'GET /api/v2/finances/sales/by-course': FINANCE,
  'GET /api/v2/finances/sales/by-plan': FINANCE,
  'GET /api/v2/finances/sales/totals': FINANCE,
  'GET /api/v2/finances/sales/list': FINANCE,
  'GET /api/v2/finances/sales/export': FINANCE,
} as const satisfies PolicyTable
