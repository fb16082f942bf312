import type { Group } from './groups.js'

/**
 * Who may call a route. `owner` and `collaborator` name the extra rule a handler applies on top of
 * the groups (spec §6: course owners manage collaborators; collaborators edit shared courses).
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'signed-in' }
  | { kind: 'groups'; groups: readonly Group[]; rule?: 'course-owner' | 'course-owner-or-collaborator' }

const PUBLIC: Access = { kind: 'public' }
const SIGNED_IN: Access = { kind: 'signed-in' }
const groups = (...g: Group[]): Access => ({ kind: 'groups', groups: g })
export const ADMIN = groups('admin')

/**
 * The route access policy: every API route, keyed `METHOD /path` in the server's route syntax.
 * The server refuses to start with a route missing here, and `canAccess` in the web app reads
 * the same table.
 */
export const routePolicy = {
  'GET /api/health': PUBLIC,
  // Published documents: the terms page is open to visitors.
  'GET /api/documents/:id': PUBLIC,
  'GET /api/config': PUBLIC,
  'GET /api/v2/metrics/server/version': ADMIN,
  'GET /api/docs': PUBLIC,
  'GET /api/docs/json': PUBLIC,
  'GET /api/docs/yaml': PUBLIC,
  'GET /api/docs/static/index.html': PUBLIC,
  'GET /api/docs/static/swagger-initializer.js': PUBLIC,
  'GET /api/docs/static/*': PUBLIC,
  // The learner's own lists (account settings and dashboard).
  'GET /api/v2/user/subscriptions': SIGNED_IN,
  'GET /api/v2/user/courses': SIGNED_IN,
} as const satisfies Record<string, Access>

export type RouteKey = keyof typeof routePolicy

/** The access entry for a route, or undefined when the table lacks it. */
export function accessFor(method: string, url: string): Access | undefined {
  return (routePolicy as Record<string, Access>)[`${method.toUpperCase()} ${url}`]
}

/** Whether a caller with these groups passes the group part of an entry (owner rules are the handler's). */
export function allows(access: Access, signedIn: boolean, userGroups: readonly string[]): boolean {
  switch (access.kind) {
    case 'public':
      return true
    case 'signed-in':
      return signedIn
    case 'groups':
      return signedIn && access.groups.some((g) => userGroups.includes(g))
  }
}

/**
 * The web app's group-gated screens (spec §2 "Group-gated routes"): a path at or under a prefix needs
 * one of its groups; the first matching prefix wins. Every other screen is open to any signed-in user
 * (dashboard, settings) or public (sign-in journeys, terms). The shell's menus and the web app's
 * `canAccess` read this table, and the API behind each screen enforces `routePolicy`.
 */
export const screenPolicy: ReadonlyArray<{ prefix: string; groups: readonly Group[] }> = [
  // Decision: finance staff open the finance screens; /admin/finances is their landing page.
  { prefix: '/admin/finances', groups: ['admin', 'finances'] },
  { prefix: '/admin', groups: ['admin'] },
  { prefix: '/creator', groups: ['creator', 'reviewer'] },
  { prefix: '/creator-old', groups: ['creator', 'reviewer'] },
  { prefix: '/experimental', groups: ['experimental'] },
  { prefix: '/galaxy', groups: ['general'] },
  { prefix: '/courses', groups: ['general'] },
]

/** The groups a screen path needs, or undefined when any signed-in user may open it. */
export function screenGroups(pathname: string): readonly Group[] | undefined {
  const path = pathname.replace(/\/+$/, '') || '/'
  return screenPolicy.find(({ prefix }) => path === prefix || path.startsWith(`${prefix}/`))?.groups
}
