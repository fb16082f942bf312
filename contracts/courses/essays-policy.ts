import { SIGNED_IN, type PolicyTable } from '../access.js'

/**
 * Essay grading (decision 0035). Course staff may be in any group (a grader is a collaborator of the
 * course, whatever their groups), so the routes are open to signed-in users and the handlers require
 * the course capability 'grade': 404 'Not authorized!' without a role, 403 for a role without it.
 */
export const essaysPolicy = {
  'GET /api/v2/courses/grading/essays/:course': SIGNED_IN,
  'PUT /api/v2/courses/grading/essays/:course/:attempt/:question': SIGNED_IN,
} as const satisfies PolicyTable
