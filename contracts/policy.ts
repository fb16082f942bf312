import { ADMIN, PUBLIC, SIGNED_IN, adminListRoutes, type Access, type AdminListRouteKey, type PolicyTable } from './access.js'
import { CATALOGUES, CATALOGUE_SINGULAR, type Catalogue } from './admin/catalogues.js'
import { adminCoursePolicy } from './courses/admin-policy.js'
import { contentPolicy } from './courses/content-policy.js'
import { gradebookPolicy } from './courses/gradebook-policy.js'
import { creatorPolicy } from './courses/creator-policy.js'
import { essaysPolicy } from './courses/essays-policy.js'
import { monitoringPolicy } from './insights/monitoring-policy.js'
import { formsPolicy } from './learner/forms-policy.js'
import { discussionsPolicy } from './learner/discussions.js'
import { assignmentsPolicy } from './learner/assignments-policy.js'
import { financesPolicy } from './insights/finances-policy.js'
import { learnerPolicy } from './learner/learner-policy.js'
import { storagePolicy } from './storage/policy.js'
import { avatarsPolicy } from './experimental/avatars-policy.js'
import { notificationsPolicy } from './notifications.js'
import { websitePolicy } from './website/website-policy.js'
import { organizationPolicy } from './organizations/policy.js'

// The entry type and the group check live in ./access.ts, with the shared group lists the area tables use.
export { allows, type Access } from './access.js'

/** Each catalogue's routes (the list the server registers them from), administrators only. */
const cataloguePolicy = Object.assign({}, ...CATALOGUES.map((c) => adminListRoutes(c, CATALOGUE_SINGULAR[c], ADMIN))) as Record<
  { [C in Catalogue]: AdminListRouteKey<C, (typeof CATALOGUE_SINGULAR)[C]> }[Catalogue],
  Access
>

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
  // The legacy sign-up (requirements §7 "Auth and users"): visitors register themselves.
  'POST /api/auth/sign-up': PUBLIC,
  // The payment provider's webhook: trusted through its signature, not a token (decision 0028).
  'POST /api/v2/payments/stripe/webhook': PUBLIC,
  'GET /api/v2/metrics/server/version': ADMIN,
  'GET /api/docs': PUBLIC,
  'GET /api/docs/json': PUBLIC,
  'GET /api/docs/yaml': PUBLIC,
  'GET /api/docs/static/index.html': PUBLIC,
  'GET /api/docs/static/swagger-initializer.js': PUBLIC,
  'GET /api/docs/static/*': PUBLIC,
  // The learner's own lists (account settings and dashboard).
  'GET /api/v2/user/subscriptions': SIGNED_IN,
  'GET /api/v2/user/subscriptions/:id/receipt': SIGNED_IN,
  'GET /api/v2/user/courses': SIGNED_IN,
  // Mail sent unasked (decision 0030): the learner's choices, and the one-click unsubscribe link, trusted through its signed token.
  'GET /api/v2/user/mail-preferences': SIGNED_IN,
  'PUT /api/v2/user/mail-preferences': SIGNED_IN,
  'GET /api/v2/mail/unsubscribe': PUBLIC,
  'POST /api/v2/mail/unsubscribe': PUBLIC,
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
  ...cataloguePolicy,
  ...adminListRoutes('documents', 'document', ADMIN),
  'POST /api/v2/admin/documents/publish': ADMIN,
  'POST /api/v2/admin/documents/mark-up-to-date': ADMIN,
  'POST /api/v2/admin/careers/cycle-associate': ADMIN,
  'POST /api/v2/admin/careers/cycle-disassociate': ADMIN,
  'POST /api/v2/admin/careers/subject-associate': ADMIN,
  'POST /api/v2/admin/careers/subject-disassociate': ADMIN,
  'POST /api/v2/admin/school-subjects/course-associate': ADMIN,
  'POST /api/v2/admin/school-subjects/course-disassociate': ADMIN,
  // Upload parameters for the catalogues' files (certificate templates, organisation logos; §7 "Admin subscriptions and uploads").
  'POST /api/v2/admin/general/resource-par': ADMIN,
  // Subscriptions management (requirements §7 "Admin subscriptions", "Courses (admin)").
  'POST /api/admin/subscriptions/all': ADMIN,
  'GET /api/admin/subscriptions/estimated': ADMIN,
  'GET /api/admin/subscriptions/subscription/:subscriptionId/:courseId': ADMIN,
  'PUT /api/admin/subscriptions/subscription/:subscriptionId/:courseId/revoke': ADMIN,
  'PUT /api/admin/subscriptions/subscription/:subscriptionId/:courseId/lift-block': ADMIN,
  'PUT /api/admin/courses/course/subscriptors/revoke': ADMIN,
  'POST /api/admin/courses/course/subscriptors/add': ADMIN,
  // Issued certificates: a learner's, and revoking or restoring one (audited).
  'GET /api/v2/admin/certificates/course/:id/:user': ADMIN,
  'PUT /api/v2/admin/certificates/:code/revoke': ADMIN,
  'PUT /api/v2/admin/certificates/:code/restore': ADMIN,
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
  // Course discussions (decision 0034): the handlers check subscription or course staff.
  ...discussionsPolicy,
  // The gradebook and the learner's progress page (docs/teaching.md).
  ...gradebookPolicy,
  ...assignmentsPolicy,
  ...essaysPolicy,
  ...financesPolicy,
  ...monitoringPolicy,
  ...avatarsPolicy,
  // Each user's own notifications (decision 0032).
  ...notificationsPolicy,
  // The centre's websites: slides and posts edited by administrators, read by anyone (docs/website.md).
  ...websitePolicy,
  // Organisation managers at /admin/{host} (decision 0038).
  ...organizationPolicy,
} as const satisfies PolicyTable

export type RouteKey = keyof typeof routePolicy

/** The access entry for a route, or undefined when the table lacks it. */
export function accessFor(method: string, url: string): Access | undefined {
  return (routePolicy as Record<string, Access>)[`${method.toUpperCase()} ${url}`]
}

// The screen table lives on its own so the web app can read it without the API route table.
export { landingPath, screenGroups, screenPolicy } from './screens.js'
