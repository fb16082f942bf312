import type { Group } from './groups.js'

/**
 * The web app's group-gated screens (requirements §2 "Group-gated routes"): a path at or under a prefix needs
 * one of its groups; the first matching prefix wins. Every other screen is open to any signed-in user
 * (dashboard, settings) or public (sign-in journeys, terms). The shell's menus and the web app's
 * `canAccess` read this table, and the API behind each screen enforces `routePolicy`.
 */
export const screenPolicy: ReadonlyArray<{ prefix: string; groups: readonly Group[] }> = [
  // Decision: finance staff open the finance screens; /admin/finances is their landing page.
  { prefix: '/admin/finances', groups: ['admin', 'finances'] },
  { prefix: '/admin', groups: ['admin'] },
  { prefix: '/creator', groups: ['creator', 'reviewer', 'admin'] },
  { prefix: '/creator-old', groups: ['creator', 'reviewer', 'admin'] },
  // Administrators open the experimental screens without joining the group, as `EXPERIMENTAL` lets them call their API.
  { prefix: '/experimental', groups: ['experimental', 'admin'] },
  // A course's discussion: its learners, and its staff (creators, administrators) without a subscription (decision 0034).
  { prefix: '/galaxy/courses/discussions', groups: ['general', 'creator', 'reviewer', 'admin'] },
  { prefix: '/galaxy', groups: ['general'] },
  { prefix: '/courses', groups: ['general'] },
]

/** The groups a screen path needs, or undefined when any signed-in user may open it. */
export function screenGroups(pathname: string): readonly Group[] | undefined {
  const path = pathname.replace(/\/+$/, '') || '/'
  return screenPolicy.find(({ prefix }) => path === prefix || path.startsWith(`${prefix}/`))?.groups
}

/** The groups whose members can use the dashboard: its courses and subscriptions are the learner's API (`LEARNER`). */
const DASHBOARD_GROUPS: readonly Group[] = ['general', 'admin']

/**
 * Where a signed-in user lands (after sign-in, or from a visitors-only page): the dashboard, except for
 * finance staff who are not learners, who land on the finance overview (the one screen they can use).
 */
export function landingPath(userGroups: readonly string[]): string {
  if (DASHBOARD_GROUPS.some((g) => userGroups.includes(g))) return '/dashboard'
  if (userGroups.includes('finances')) return '/admin/finances'
  return '/dashboard'
}

/**
 * `/admin/{host}`: the screen of an organisation's managers (decision 0038), for the pool group named
 * as the domain and administrators. The organisation's domain when the path is one, else null (the
 * admin resources' names hold no dot).
 */
export function organizationScreenHost(pathname: string): string | null {
  const m = /^\/admin\/([a-z0-9-]+(?:\.[a-z0-9-]+)+)\/?$/i.exec(pathname)
  return m ? m[1].toLowerCase() : null
}

/** The organisations whose managers' group the user is in: their groups shaped like a domain. */
export function managedHosts(userGroups: readonly string[]): string[] {
  return userGroups.filter((g) => organizationScreenHost(`/admin/${g}`) !== null).sort()
}
