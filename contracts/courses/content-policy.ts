import { BUILDER, type PolicyTable } from '../access.js'

/**
 * The course content routes: sections, blocks, forms, history, review, validation and publishing.
 * Spread into `routePolicy`. Every one is open to the builder groups; the handlers then apply the
 * per-course role (owner, collaborator, reviewer, admin) and answer 404 'Not authorized!' or 403.
 */
export const contentPolicy = {
  'GET /api/v2/courses/creator/builder/blocks/:id': BUILDER,
  'POST /api/v2/courses/creator/blocks/add': BUILDER,
  'PUT /api/v2/courses/creator/blocks': BUILDER,
  'POST /api/v2/courses/creator/blocks/delete': BUILDER,
  'POST /api/v2/courses/creator/blocks/order': BUILDER,
  'PUT /api/v2/courses/creator/blocks/move/section': BUILDER,
  'GET /api/v2/courses/creator/blocks/section/:course/:item': BUILDER,
  'POST /api/v2/courses/creator/blocks/resource-par': BUILDER,
  'GET /api/v2/courses/creator/blocks/history/:course/:item': BUILDER,
  'POST /api/v2/courses/creator/blocks/restore': BUILDER,
  // Question banks (decision 0035): read like the content, written by those who edit it.
  'GET /api/v2/courses/creator/builder/banks/:id': BUILDER,
  'POST /api/v2/courses/creator/banks/add': BUILDER,
  'PUT /api/v2/courses/creator/banks': BUILDER,
  'POST /api/v2/courses/creator/banks/delete': BUILDER,
  'GET /api/v2/courses/creator/builder/review/course/:id': BUILDER,
  'GET /api/v2/courses/creator/review/course/block/:course/:item': BUILDER,
  'GET /api/v2/courses/creator/publish/validate/:id': BUILDER,
  'POST /api/v2/courses/creator/publish/all': BUILDER,
  // Legacy paths (requirements §7 "Course creator", legacy).
  'GET /api/courses/creator/review/index/:id': BUILDER,
  'GET /api/courses/creator/review/page/:course/:section/:block': BUILDER,
  'PUT /api/courses/creator/publish': BUILDER,
} as const satisfies PolicyTable
