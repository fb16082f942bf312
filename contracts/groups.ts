/** The user-pool groups that carry roles (requirements §6); the organisation-domain group is configured apart. */
export const GROUPS = ['admin', 'creator', 'reviewer', 'general', 'experimental', 'finances'] as const
export type Group = (typeof GROUPS)[number]

/**
 * The descriptions the embedded pool gives the role groups when it creates them. The admin screens
 * show a group with this description (or none) in the reader's language; a description someone wrote
 * in the pool is shown as written.
 */
export const GROUP_DESCRIPTIONS: Record<Group, string> = {
  admin: 'Administrators: users, groups, catalogues, subscriptions, monitoring',
  creator: 'Course creators: build, clone and publish courses',
  reviewer: 'Course reviewers',
  general: 'Learners (every self sign-up joins it)',
  experimental: 'Experimental features (AI avatars)',
  finances: 'Finance staff: sales and cost charts',
}
