import { LEARNER, type PolicyTable } from '../access.js'

/**
 * The learner's course routes (requirements §7 "Learner fetches"): the catalogue, overview and plans, and the
 * player. Spread into `routePolicy`. The player's handlers also require an active subscription.
 */
export const learnerPolicy = {
  'GET /api/v2/courses/all/:page': LEARNER,
  'GET /api/v2/courses/all/:page/:search': LEARNER,
  'GET /api/v2/courses/catalogue/filters': LEARNER,
  'GET /api/v2/courses/course/:id': LEARNER,
  'GET /api/v2/courses/course/faq/:id': LEARNER,
  'GET /api/v2/courses/courses/course/collaborators/:id': LEARNER,
  'GET /api/v2/courses/course/subscriptions/:id': LEARNER,
  'POST /api/v2/courses/course/subscribe': LEARNER,
  'POST /api/v2/courses/course/checkout': LEARNER,
  'GET /api/v2/courses/course/index/:id': LEARNER,
  'GET /api/v2/courses/course/page/:course/:block': LEARNER,
  'GET /api/v2/courses/course/scorm/:course/:block': LEARNER,
  'POST /api/v2/courses/course/scorm/:course/:block/launch': LEARNER,
  'PUT /api/v2/courses/course/scorm/:course/:block/commit': LEARNER,
  'GET /api/v2/courses/metrics/re/:course/:block': LEARNER,
  'PUT /api/v2/courses/metrics/position': LEARNER,
  'GET /api/v2/courses/metrics/gcc/:course': LEARNER,
  // The same progress routes without the courses segment (requirements §7 writes them as `metrics/...`).
  'GET /api/v2/metrics/re/:course/:block': LEARNER,
  'PUT /api/v2/metrics/position': LEARNER,
  'GET /api/v2/metrics/gcc/:course': LEARNER,
} as const satisfies PolicyTable
