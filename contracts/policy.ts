import type { Group } from './groups.js'
import { adminCoursePolicy } from './courses/admin-policy.js'
import { contentPolicy } from './courses/content-policy.js'
import { creatorPolicy } from './courses/creator-policy.js'
import { monitoringPolicy } from './insights/monitoring-policy.js'
import { formsPolicy } from './learner/forms-policy.js'
import { financesPolicy } from './insights/finances-policy.js'
import { learnerPolicy } from './learner/learner-policy.js'
import { storagePolicy } from './storage/policy.js'
import { avatarsPolicy } from './experimental/avatars-policy.js'

/**
 * Who may call a route. `owner` and `collaborator` name the extra rule a handler applies on top of
 * the groups (requirements §6: course owners manage collaborators; collaborators edit shared courses).
 */
export type Access =
  { kind: 'public' } | { kind: 'signed-in' } | { kind: 'groups'; groups: readonly Group[]; rule?: 'course-owner' | 'course-owner-or-collaborator' }

export const PUBLIC: Access = { kind: 'public' }
export const SIGNED_IN: Access = { kind: 'signed-in' }
export const groups = (...g: Group[]): Access => ({ kind: 'groups', groups: g })
export const ADMIN = groups('admin')
/** The course builder's routes: creators and reviewers, and administrators (the handlers apply the course rules). */
export const BUILDER = groups('creator', 'reviewer', 'admin')

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
  // Administration (requirements §7 "Auth and users"): the identity admin adapter behind every user route.
  'POST /api/admin/users/all': ADMIN,
  'GET /api/admin/users/estimated': ADMIN,
  'GET /api/admin/users/user/:id': ADMIN,
  'PUT /api/admin/users/user/:id': ADMIN,
  'GET /api/admin/users/groups/:id': ADMIN,
  'PUT /api/admin/users/groups/:id': ADMIN,
  'GET /api/admin/users/device-tracking-log/:id': ADMIN,
  'PUT /api/admin/users/confirm': ADMIN,
  'PUT /api/admin/users/enable': ADMIN,
  'PUT /api/admin/users/disable': ADMIN,
  'PUT /api/admin/users/force-logout': ADMIN,
  'PUT /api/admin/users/reset-password': ADMIN,
  'PUT /api/admin/users/set-temporal-password': ADMIN,
  'POST /api/admin/users/create': ADMIN,
  'GET /api/admin/users/subscriptions/:id': ADMIN,
  // Bulk import of users from CSV: preview, then a background job.
  'POST /api/v2/admin/users/import/preview': ADMIN,
  'POST /api/v2/admin/users/import/jobs': ADMIN,
  'GET /api/v2/admin/users/import/jobs': ADMIN,
  'GET /api/v2/admin/users/import/jobs/:id': ADMIN,
  'GET /api/v2/admin/users/import/jobs/:id/rows': ADMIN,
  // Groups.
  'POST /api/v2/admin/groups/all': ADMIN,
  'POST /api/v2/admin/groups/users': ADMIN,
  // Catalogues and documents (requirements §7 "Catalogues"); an empty search segment is the route without it.
  'GET /api/v2/admin/categories/all/:page': ADMIN,
  'GET /api/v2/admin/categories/all/:page/:search': ADMIN,
  'GET /api/v2/admin/categories/count/:page': ADMIN,
  'GET /api/v2/admin/categories/count/:page/:search': ADMIN,
  'GET /api/v2/admin/categories/category/:id': ADMIN,
  'POST /api/v2/admin/categories/create': ADMIN,
  'PUT /api/v2/admin/categories/update/:id': ADMIN,
  'GET /api/v2/admin/collaborators/all/:page': ADMIN,
  'GET /api/v2/admin/collaborators/all/:page/:search': ADMIN,
  'GET /api/v2/admin/collaborators/count/:page': ADMIN,
  'GET /api/v2/admin/collaborators/count/:page/:search': ADMIN,
  'GET /api/v2/admin/collaborators/collaborator/:id': ADMIN,
  'POST /api/v2/admin/collaborators/create': ADMIN,
  'PUT /api/v2/admin/collaborators/update/:id': ADMIN,
  'GET /api/v2/admin/tags/all/:page': ADMIN,
  'GET /api/v2/admin/tags/all/:page/:search': ADMIN,
  'GET /api/v2/admin/tags/count/:page': ADMIN,
  'GET /api/v2/admin/tags/count/:page/:search': ADMIN,
  'GET /api/v2/admin/tags/tag/:id': ADMIN,
  'POST /api/v2/admin/tags/create': ADMIN,
  'PUT /api/v2/admin/tags/update/:id': ADMIN,
  'GET /api/v2/admin/difficulties/all/:page': ADMIN,
  'GET /api/v2/admin/difficulties/all/:page/:search': ADMIN,
  'GET /api/v2/admin/difficulties/count/:page': ADMIN,
  'GET /api/v2/admin/difficulties/count/:page/:search': ADMIN,
  'GET /api/v2/admin/difficulties/difficulty/:id': ADMIN,
  'POST /api/v2/admin/difficulties/create': ADMIN,
  'PUT /api/v2/admin/difficulties/update/:id': ADMIN,
  'GET /api/v2/admin/certificates/all/:page': ADMIN,
  'GET /api/v2/admin/certificates/all/:page/:search': ADMIN,
  'GET /api/v2/admin/certificates/count/:page': ADMIN,
  'GET /api/v2/admin/certificates/count/:page/:search': ADMIN,
  'GET /api/v2/admin/certificates/certificate/:id': ADMIN,
  'POST /api/v2/admin/certificates/create': ADMIN,
  'PUT /api/v2/admin/certificates/update/:id': ADMIN,
  'GET /api/v2/admin/organizations/all/:page': ADMIN,
  'GET /api/v2/admin/organizations/all/:page/:search': ADMIN,
  'GET /api/v2/admin/organizations/count/:page': ADMIN,
  'GET /api/v2/admin/organizations/count/:page/:search': ADMIN,
  'GET /api/v2/admin/organizations/organization/:id': ADMIN,
  'POST /api/v2/admin/organizations/create': ADMIN,
  'PUT /api/v2/admin/organizations/update/:id': ADMIN,
  'GET /api/v2/admin/statuses/all/:page': ADMIN,
  'GET /api/v2/admin/statuses/all/:page/:search': ADMIN,
  'GET /api/v2/admin/statuses/count/:page': ADMIN,
  'GET /api/v2/admin/statuses/count/:page/:search': ADMIN,
  'GET /api/v2/admin/statuses/status/:id': ADMIN,
  'POST /api/v2/admin/statuses/create': ADMIN,
  'PUT /api/v2/admin/statuses/update/:id': ADMIN,
  'GET /api/v2/admin/school-cycles/all/:page': ADMIN,
  'GET /api/v2/admin/school-cycles/all/:page/:search': ADMIN,
  'GET /api/v2/admin/school-cycles/count/:page': ADMIN,
  'GET /api/v2/admin/school-cycles/count/:page/:search': ADMIN,
  'GET /api/v2/admin/school-cycles/school-cycle/:id': ADMIN,
  'POST /api/v2/admin/school-cycles/create': ADMIN,
  'PUT /api/v2/admin/school-cycles/update/:id': ADMIN,
  'GET /api/v2/admin/careers/all/:page': ADMIN,
  'GET /api/v2/admin/careers/all/:page/:search': ADMIN,
  'GET /api/v2/admin/careers/count/:page': ADMIN,
  'GET /api/v2/admin/careers/count/:page/:search': ADMIN,
  'GET /api/v2/admin/careers/career/:id': ADMIN,
  'POST /api/v2/admin/careers/create': ADMIN,
  'PUT /api/v2/admin/careers/update/:id': ADMIN,
  'GET /api/v2/admin/school-subjects/all/:page': ADMIN,
  'GET /api/v2/admin/school-subjects/all/:page/:search': ADMIN,
  'GET /api/v2/admin/school-subjects/count/:page': ADMIN,
  'GET /api/v2/admin/school-subjects/count/:page/:search': ADMIN,
  'GET /api/v2/admin/school-subjects/school-subject/:id': ADMIN,
  'POST /api/v2/admin/school-subjects/create': ADMIN,
  'PUT /api/v2/admin/school-subjects/update/:id': ADMIN,
  'GET /api/v2/admin/documents/all/:page': ADMIN,
  'GET /api/v2/admin/documents/all/:page/:search': ADMIN,
  'GET /api/v2/admin/documents/count/:page': ADMIN,
  'GET /api/v2/admin/documents/count/:page/:search': ADMIN,
  'GET /api/v2/admin/documents/document/:id': ADMIN,
  'POST /api/v2/admin/documents/create': ADMIN,
  'PUT /api/v2/admin/documents/update/:id': ADMIN,
  'POST /api/v2/admin/documents/publish': ADMIN,
  'POST /api/v2/admin/careers/cycle-associate': ADMIN,
  'POST /api/v2/admin/careers/cycle-disassociate': ADMIN,
  'POST /api/v2/admin/careers/subject-associate': ADMIN,
  'POST /api/v2/admin/careers/subject-disassociate': ADMIN,
  'POST /api/v2/admin/school-subjects/course-associate': ADMIN,
  'POST /api/v2/admin/school-subjects/course-disassociate': ADMIN,
  // Subscriptions management (requirements §7 "Admin subscriptions", "Courses (admin)").
  'POST /api/admin/subscriptions/all': ADMIN,
  'GET /api/admin/subscriptions/estimated': ADMIN,
  'GET /api/admin/subscriptions/subscription/:subscriptionId/:courseId': ADMIN,
  'PUT /api/admin/subscriptions/subscription/:subscriptionId/:courseId/revoke': ADMIN,
  'PUT /api/admin/subscriptions/subscription/:subscriptionId/:courseId/lift-block': ADMIN,
  'PUT /api/admin/courses/course/subscriptors/revoke': ADMIN,
  'POST /api/admin/courses/course/subscriptors/add': ADMIN,
  // Audit log (read only: no route changes or removes an entry) and support.
  'GET /api/v2/admin/audit/all': ADMIN,
  'GET /api/v2/admin/audit/export': ADMIN,
  'GET /api/v2/admin/support/migrations': ADMIN,
  // The course builder (requirements §7 "Course creator"), its content, the admin course routes and file uploads.
  ...creatorPolicy,
  ...contentPolicy,
  ...learnerPolicy,
  ...adminCoursePolicy,
  ...storagePolicy,
  ...formsPolicy,
  ...financesPolicy,
  ...monitoringPolicy,
  ...avatarsPolicy,
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

// The screen table lives on its own so the web app can read it without the API route table.
export { screenGroups, screenPolicy } from './screens.js'
