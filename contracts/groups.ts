/** The user-pool groups that carry roles (requirements §6); the organisation-domain group is configured apart. */
export const GROUPS = ['admin', 'creator', 'reviewer', 'general', 'experimental', 'finances'] as const
export type Group = (typeof GROUPS)[number]
