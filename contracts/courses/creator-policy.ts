import type { Access } from '../policy.js'

// Written out rather than imported: policy.ts imports this file, and a value import back would be a
// cycle evaluated before policy.ts has defined its constants.
/** The builder's groups, as `BUILDER` in policy.ts. */
const BUILDER: Access = { kind: 'groups', groups: ['creator', 'reviewer', 'admin'] }
/** Starting or cloning a course makes the caller its owner: creators and admins (reviewers review). */
const STARTERS: Access = { kind: 'groups', groups: ['creator', 'admin'] }

/**
 * The course creator routes: courses, general data, media, lists, collaborators (issue: course authoring).
 * Spread into `routePolicy`. The group check is the first gate; each handler then applies the course
 * roles of `server/routes/v2/courses/creator/access.ts` (owner, collaborator, reviewer, admin).
 */
export const creatorPolicy = {
  // /api/v2/courses/creator (requirements §7 "Course creator").
  'POST /api/v2/courses/creator/start': STARTERS,
  'GET /api/v2/courses/creator/all/:page': BUILDER,
  'GET /api/v2/courses/creator/all/:page/:filter': BUILDER,
  'GET /api/v2/courses/creator/all/:page/:filter/:search': BUILDER,
  'GET /api/v2/courses/creator/count/:page': BUILDER,
  'GET /api/v2/courses/creator/count/:page/:filter': BUILDER,
  'GET /api/v2/courses/creator/count/:page/:filter/:search': BUILDER,
  'GET /api/v2/courses/creator/builder/:id': BUILDER,
  'PUT /api/v2/courses/creator/builder/update-general': BUILDER,
  'GET /api/v2/courses/creator/difficulties/all': BUILDER,
  'GET /api/v2/courses/creator/categories/all': BUILDER,
  'GET /api/v2/courses/creator/organizations/all': BUILDER,
  'GET /api/v2/courses/creator/certificates/all': BUILDER,
  'GET /api/v2/courses/creator/statuses/all': BUILDER,
  'POST /api/v2/courses/creator/builder/cover-par': BUILDER,
  'POST /api/v2/courses/creator/builder/thumbnail-par': BUILDER,
  'POST /api/v2/courses/creator/builder/presentation-par': BUILDER,
  'POST /api/v2/courses/creator/builder/certificate-template-par': BUILDER,
  'PUT /api/v2/courses/creator/builder/cover': BUILDER,
  'PUT /api/v2/courses/creator/builder/thumbnail': BUILDER,
  'PUT /api/v2/courses/creator/builder/presentation': BUILDER,
  'PUT /api/v2/courses/creator/builder/certificate-template': BUILDER,
  'POST /api/v2/courses/creator/builder/faq-update': BUILDER,
  'POST /api/v2/courses/creator/builder/tags-update': BUILDER,
  'POST /api/v2/courses/creator/builder/collaborators-update': BUILDER,
  'POST /api/v2/courses/creator/builder/subscription-update': BUILDER,
  'PUT /api/v2/courses/creator/builder/share/add/collaborators/:id': BUILDER,
  'PUT /api/v2/courses/creator/builder/share/remove/collaborators/:id': BUILDER,
  'GET /api/v2/courses/creator/share/collaborators/:id': BUILDER,
  'GET /api/v2/courses/creator/share/creators/:id': BUILDER,
  'POST /api/v2/courses/creator/builder/clone': STARTERS,
  // The legacy paths (requirements §7 "Legacy"), aliases of the v2 behaviour; the legacy builder writes
  // (`POST builder/<action>` with {uuid, id, cuid, updates}) are answered by the v2 routes.
  'POST /api/courses/creator/start': STARTERS,
  'GET /api/courses/creator/all/:page': BUILDER,
  'GET /api/courses/creator/all/:page/:filter': BUILDER,
  'GET /api/courses/creator/all/:page/:filter/:search': BUILDER,
  'GET /api/courses/creator/count/:page': BUILDER,
  'GET /api/courses/creator/count/:page/:filter': BUILDER,
  'GET /api/courses/creator/count/:page/:filter/:search': BUILDER,
  'GET /api/courses/creator/builder/:id': BUILDER,
  'PUT /api/courses/creator/builder/update-general': BUILDER,
  'GET /api/courses/creator/difficulties/all': BUILDER,
  'GET /api/courses/creator/categories/all': BUILDER,
  'GET /api/courses/creator/organizations/all': BUILDER,
  'GET /api/courses/creator/certificates/all': BUILDER,
  'GET /api/courses/creator/statuses/all': BUILDER,
  'POST /api/courses/creator/builder/cover-par': BUILDER,
  'POST /api/courses/creator/builder/thumbnail-par': BUILDER,
  'POST /api/courses/creator/builder/presentation-par': BUILDER,
  'POST /api/courses/creator/builder/certificate-template-par': BUILDER,
  'PUT /api/courses/creator/builder/cover': BUILDER,
  'PUT /api/courses/creator/builder/thumbnail': BUILDER,
  'PUT /api/courses/creator/builder/presentation': BUILDER,
  'PUT /api/courses/creator/builder/certificate-template': BUILDER,
  'PUT /api/courses/creator/builder/share/add/collaborators/:id': BUILDER,
  'PUT /api/courses/creator/builder/share/remove/collaborators/:id': BUILDER,
  'GET /api/courses/creator/share/collaborators/:id': BUILDER,
  'GET /api/courses/creator/share/creators/:id': BUILDER,
  'POST /api/courses/creator/builder/clone': STARTERS,
  'POST /api/courses/creator/builder/:action': BUILDER,
} as const satisfies Record<string, Access>
