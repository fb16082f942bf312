import type { App } from '../../types.js'
import analyticsRoutes from './analytics.js'
import catalogueRoutes from './catalogue.js'
import postRoutes from './posts.js'
import publicSiteRoutes from './public.js'
import siteRoutes from './sites.js'
import slideRoutes from './slides.js'

/** The centre's websites (docs/website.md): the administrators' editors and the public reads. */
export default async function websiteFeature(app: App) {
  await app.register(siteRoutes, { prefix: '/v2/admin/sites' })
  await app.register(slideRoutes, { prefix: '/v2/admin/sites' })
  await app.register(postRoutes, { prefix: '/v2/admin/sites' })
  await app.register(catalogueRoutes, { prefix: '/v2/admin/sites' })
  await app.register(analyticsRoutes, { prefix: '/v2/admin/sites' })
  await app.register(publicSiteRoutes, { prefix: '/v2/site' })
}
