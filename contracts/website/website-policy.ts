import { ADMIN, PUBLIC, type PolicyTable } from '../access.js'

/**
 * The website content routes (docs/website.md): administrators edit under `/api/v2/admin/sites`;
 * anyone reads a site's live slides and published posts (the login screen and the public website).
 */
export const websitePolicy = {
  'GET /api/v2/admin/sites': ADMIN,
  'POST /api/v2/admin/sites': ADMIN,
  'PUT /api/v2/admin/sites/:site': ADMIN,
  'POST /api/v2/admin/sites/:site/uploads': ADMIN,
  'GET /api/v2/admin/sites/:site/slides': ADMIN,
  'POST /api/v2/admin/sites/:site/slides': ADMIN,
  'PUT /api/v2/admin/sites/:site/slides/:id': ADMIN,
  'DELETE /api/v2/admin/sites/:site/slides/:id': ADMIN,
  'PUT /api/v2/admin/sites/:site/slides-order': ADMIN,
  'GET /api/v2/admin/sites/:site/posts': ADMIN,
  'POST /api/v2/admin/sites/:site/posts': ADMIN,
  'GET /api/v2/admin/sites/:site/posts/:id': ADMIN,
  'PUT /api/v2/admin/sites/:site/posts/:id': ADMIN,
  'DELETE /api/v2/admin/sites/:site/posts/:id': ADMIN,
  'GET /api/v2/admin/sites/:site/posts/:id/revisions': ADMIN,
  'GET /api/v2/admin/sites/:site/featured-courses': ADMIN,
  'PUT /api/v2/admin/sites/:site/featured-courses': ADMIN,
  'GET /api/v2/admin/sites/:site/featured-courses/candidates': ADMIN,
  'GET /api/v2/admin/sites/:site/careers': ADMIN,
  'PUT /api/v2/admin/sites/:site/careers': ADMIN,
  'GET /api/v2/admin/sites/:site/careers/candidates': ADMIN,
  'GET /api/v2/admin/sites/:site/analytics': ADMIN,
  'GET /api/v2/site/:site/slides': PUBLIC,
  'GET /api/v2/site/:site/posts/:kind': PUBLIC,
  'GET /api/v2/site/:site/posts/:kind/:slug': PUBLIC,
} as const satisfies PolicyTable
