import type { Group } from './groups.js'

/**
 * The building blocks of the route access policy: what an entry says, the group lists the areas share,
 * and helpers that build entries. Every per-area table (`contracts/<area>/*policy.ts`) imports this
 * module only, and `contracts/policy.ts` composes them into `routePolicy`.
 */

/** The extra rule a handler applies on top of the groups (requirements §6: course owners manage collaborators; collaborators edit shared courses). */
export type CourseRule = 'course-owner' | 'course-owner-or-collaborator'

/** Who may call a route. */
export type Access =
  | { kind: 'public' }
  | { kind: 'signed-in' }
  | { kind: 'groups'; groups: readonly Group[]; rule?: CourseRule }
  /**
   * Signed in; the handler admits the members of the pool group named as the `:host` segment (an
   * organisation's domain, decision 0038) and administrators, and answers 403 to anyone else.
   */
  | { kind: 'organization-managers' }

/** A table of entries keyed `METHOD /path` in the server's route syntax. */
export type PolicyTable = Record<string, Access>

export const PUBLIC: Access = { kind: 'public' }
export const SIGNED_IN: Access = { kind: 'signed-in' }
export const groups = (...g: Group[]): Access => ({ kind: 'groups', groups: g })

/** An organisation's managers (the group named as its domain) and administrators; the group is the route's `:host`. */
export const ORGANIZATION_MANAGERS: Access = { kind: 'organization-managers' }
/** Administrators only. */
export const ADMIN = groups('admin')
/** The course builder's routes: creators and reviewers, and administrators (the handlers apply the course rules). */
export const BUILDER = groups('creator', 'reviewer', 'admin')
/** Starting or cloning a course makes the caller its owner: creators and administrators (reviewers review). */
export const STARTERS = groups('creator', 'admin')
/** The learner's course routes: learners (the general group) and administrators. */
export const LEARNER = groups('general', 'admin')
/** Read-only finance reports: administrators and finance staff. */
export const FINANCE = groups('admin', 'finances')
/** Experimental features: the experimental group and administrators. */
export const EXPERIMENTAL = groups('experimental', 'admin')

/** Whether a caller with these groups passes the group part of an entry (owner rules are the handler's). */
export function allows(access: Access, signedIn: boolean, userGroups: readonly string[]): boolean {
  switch (access.kind) {
    case 'public':
      return true
    case 'signed-in':
    case 'organization-managers':
      return signedIn
    case 'groups':
      return signedIn && access.groups.some((g) => userGroups.includes(g))
  }
}

/** The keys of an admin list's routes under `/api/v2/admin/{name}` (see `adminListRoutes`). */
export type AdminListRouteKey<Name extends string, Singular extends string> =
  | `GET /api/v2/admin/${Name}/all/:page`
  | `GET /api/v2/admin/${Name}/all/:page/:search`
  | `GET /api/v2/admin/${Name}/count/:page`
  | `GET /api/v2/admin/${Name}/count/:page/:search`
  | `GET /api/v2/admin/${Name}/${Singular}/:id`
  | `POST /api/v2/admin/${Name}/create`
  | `PUT /api/v2/admin/${Name}/update/:id`

/**
 * The entries of an admin list served under `/api/v2/admin/{name}` (the catalogues and the documents):
 * a page and a count, each with and without the search segment (an empty search is the route without it),
 * one item by id under the singular name, create and update. All take the same access.
 */
export function adminListRoutes<Name extends string, Singular extends string>(
  name: Name,
  singular: Singular,
  access: Access,
): Record<AdminListRouteKey<Name, Singular>, Access> {
  const base = `/api/v2/admin/${name}`
  const keys = [
    `GET ${base}/all/:page`,
    `GET ${base}/all/:page/:search`,
    `GET ${base}/count/:page`,
    `GET ${base}/count/:page/:search`,
    `GET ${base}/${singular}/:id`,
    `POST ${base}/create`,
    `PUT ${base}/update/:id`,
  ]
  return Object.fromEntries(keys.map((key) => [key, access])) as Record<AdminListRouteKey<Name, Singular>, Access>
}
