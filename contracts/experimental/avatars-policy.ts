import type { Access } from '../policy.js'

// Spelled out rather than imported: policy.ts imports this module (see contracts/courses/content-policy.ts).
const AVATARS: Access = { kind: 'groups', groups: ['experimental', 'admin'] }

/**
 * AI avatar requests (requirements §7 "Metrics and experimental"): the experimental group, and administrators
 * (who see every request; the handlers show others only their own).
 */
export const avatarsPolicy = {
  'POST /api/v2/experimental/ai-avatar-photo-par': AVATARS,
  'POST /api/v2/experimental/ai-avatar-create-request': AVATARS,
  'GET /api/v2/experimental/ai-avatar-list-requests': AVATARS,
  'GET /api/v2/experimental/ai-avatar-list-nodes': AVATARS,
} as const
