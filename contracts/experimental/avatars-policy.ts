import { EXPERIMENTAL, type PolicyTable } from '../access.js'

/**
 * AI avatar requests (requirements §7 "Metrics and experimental"): the experimental group, and administrators
 * (who see every request; the handlers show others only their own).
 */
export const avatarsPolicy = {
  'POST /api/v2/experimental/ai-avatar-photo-par': EXPERIMENTAL,
  'POST /api/v2/experimental/ai-avatar-create-request': EXPERIMENTAL,
  'GET /api/v2/experimental/ai-avatar-list-requests': EXPERIMENTAL,
  'GET /api/v2/experimental/ai-avatar-list-nodes': EXPERIMENTAL,
} as const satisfies PolicyTable
