import { BUILDER, SIGNED_IN, type PolicyTable } from '../access.js'

/**
 * The gradebook. The staff table, its CSV and the weights are builder routes (graders are creators or
 * reviewers shared on the course); the handlers then require the course capability ('grade' for the
 * table, 'read' and 'edit' for the weights). A learner's own page is open to any signed-in user and
 * needs an active subscription, like the player.
 */
export const gradebookPolicy = {
  'GET /api/v2/courses/gradebook/:course': BUILDER,
  'GET /api/v2/courses/gradebook/:course/export.csv': BUILDER,
  'GET /api/v2/courses/gradebook/:course/weights': BUILDER,
  'PUT /api/v2/courses/gradebook/:course/weights': BUILDER,
  'GET /api/v2/courses/gradebook/:course/me': SIGNED_IN,
} as const satisfies PolicyTable
