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
const groups = (...g: Group[]): Access => ({ kind: 'groups', groups: g })
export const ADMIN = groups('admin')

/**
 * The route access policy: every API route, keyed `METHOD /path` in the server's route syntax.
 * The server refuses to start with a route missing here, and `canAccess` in the web app reads
 * the same table.
 */
export const routePolicy = {
  'GET /api/health': PUBLIC,
  'GET /api/v2/metrics/server/version': ADMIN,
  'GET /api/docs': PUBLIC,
  'GET /api/docs/': PUBLIC,
  'GET /api/docs/json': PUBLIC,
  'GET /api/docs/yaml': PUBLIC,
  'GET /api/docs/static/index.html': PUBLIC,
  'GET /api/docs/static/swagger-initializer.js': PUBLIC,
  'GET /api/docs/static/*': PUBLIC,
  'GET /api/docs/*': PUBLIC,
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
