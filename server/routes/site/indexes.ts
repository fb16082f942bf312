import Type from 'typebox'
import { renderRobots, renderSitemap } from '../../site/sitemap.js'
import { allPublishedCourses, allSites, allVisiblePosts, siteCareerIds, siteFor } from '../../site/queries.js'
import type { App } from '../../types.js'
import { originOf, Segment, sendNotFound } from './pages.js'

/** What robots read: each site's sitemap and the one robots.txt naming them all. */
export default async function siteIndexes(app: App) {
  app.get('/site/:site/sitemap.xml', { schema: { hide: true, params: Type.Object({ site: Segment }) } }, async (request, reply) => {
    const site = await siteFor(app.db, request.params.site)
    if (!site) return sendNotFound(app, request, reply)
    const [posts, courses, careers] = await Promise.all([allVisiblePosts(app.db, site.id), allPublishedCourses(app.db), siteCareerIds(app.db, site.id)])
    const xml = renderSitemap(site, originOf(app, request, site), { posts, courses, careers })
    return reply.header('cache-control', 'no-cache').type('application/xml; charset=utf-8').send(xml)
  })

  app.get('/robots.txt', { schema: { hide: true } }, async (request, reply) => {
    const sites = await allSites(app.db)
    const sitemaps = sites.map((site) => `${originOf(app, request, site)}/site/${site.slug}/sitemap.xml`)
    return reply.header('cache-control', 'no-cache').type('text/plain; charset=utf-8').send(renderRobots(sitemaps))
  })
}
