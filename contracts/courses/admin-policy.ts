import { ADMIN, type PolicyTable } from '../access.js'

/** The admin course routes (requirements §7 "Courses (admin)"). Spread into `routePolicy`. */
export const adminCoursePolicy = {
  // The list and count; an empty search segment is the route without it.
  'GET /api/v2/admin/courses/all/:page': ADMIN,
  'GET /api/v2/admin/courses/all/:page/:search': ADMIN,
  'GET /api/v2/admin/courses/count/:page': ADMIN,
  'GET /api/v2/admin/courses/count/:page/:search': ADMIN,
  'GET /api/v2/admin/courses/course/:id': ADMIN,
  'POST /api/v2/admin/courses/course/clone': ADMIN,
  // Subscriptors (add and revoke are the subscriptions area's routes) and a learner's forms.
  'POST /api/admin/courses/course/subscriptors': ADMIN,
  'GET /api/admin/courses/course/subscriptions/:id/:user': ADMIN,
  'GET /api/admin/courses/course/subscriptors/estimated/:id': ADMIN,
  'GET /api/admin/courses/user/forms/:id/:user': ADMIN,
  'POST /api/admin/courses/forms/detail': ADMIN,
} as const satisfies PolicyTable
