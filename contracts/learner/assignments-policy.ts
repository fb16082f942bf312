import { BUILDER, SIGNED_IN, type PolicyTable } from '../access.js'

/**
 * Assignments (decision 0033). The learner routes are open to any signed-in user; the handlers then
 * require an active subscription and read only the caller's own submission. The grading routes are the
 * builder's people (graders are creators or reviewers added to a course); the handlers then require the
 * course capability 'grade' (owner, admin, collaborator, grader).
 */
export const assignmentsPolicy = {
  'GET /api/v2/courses/assignments/mine/:course/:block': SIGNED_IN,
  'POST /api/v2/courses/assignments/file-par': SIGNED_IN,
  'POST /api/v2/courses/assignments/submit': SIGNED_IN,
  'GET /api/v2/courses/assignments/grading/queue/:course': BUILDER,
  'GET /api/v2/courses/assignments/grading/submission/:id': BUILDER,
  'POST /api/v2/courses/assignments/grading/grade': BUILDER,
  'POST /api/v2/courses/assignments/grading/return': BUILDER,
} as const satisfies PolicyTable
