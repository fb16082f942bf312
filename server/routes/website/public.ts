import { errorResponses } from '../../../contracts/errors.js'
import {
  PublicPostReply,
  PublicPostsQuery,
  PublicPostsReply,
  PublicSlidesReply,
  SiteParams,
  SitePostParams,
  SitePostsParams,
} from '../../../contracts/website/website.js'
import { iso } from '../../http/dates.js'
import { notFound } from '../../http/errors.js'
import { sanitizeDocumentHtml } from '../../html/sanitize.js'
import type { App } from '../../types.js'
import { imageUrl } from './files.js'
import { listSlides, publicPost, publicPosts } from './queries.js'
import { requireSite } from './sites.js'

const tags = ['website']

/**
 * What the public website and the login screen read: a site's slides shown now and its posts
 * visible now (a scheduled post from its time on). Open to visitors; nothing else is ever answered.
 */
export default async function publicSiteRoutes(app: App) {
  app.get(
    '/:site/slides',
    {
      schema: {
        tags,
        summary: "The site's slides shown now, in order, with readable image URLs",
        security: [],
        params: SiteParams,
        response: { 200: PublicSlidesReply, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const site = await requireSite(app, request.params.site)
      const rows = await listSlides(app.db, site.id, true)
      return {
        items: await Promise.all(
          rows.map(async (r) => ({ id: r.id, title: r.title, text: r.body, link: r.link, imageUrl: await imageUrl(app, r.image_path) })),
        ),
      }
    },
  )

  app.get(
    '/:site/posts/:kind',
    {
      schema: {
        tags,
        summary: "The site's published posts of a kind in a language (the default language without `lang`), newest first",
        security: [],
        params: SitePostsParams,
        querystring: PublicPostsQuery,
        response: { 200: PublicPostsReply, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const site = await requireSite(app, request.params.site)
      const rows = await publicPosts(app.db, site.id, request.params.kind, request.query.lang ?? site.defaultLanguage)
      return {
        items: await Promise.all(
          rows.map(async ({ body: _, cover_path, publish_at, ...r }) => ({ ...r, coverUrl: await imageUrl(app, cover_path), publishedAt: iso(publish_at) })),
        ),
      }
    },
  )

  app.get(
    '/:site/posts/:kind/:slug',
    {
      schema: {
        tags,
        summary: 'One published post by its slug in a language (the default language without `lang`)',
        security: [],
        params: SitePostParams,
        querystring: PublicPostsQuery,
        response: { 200: PublicPostReply, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const site = await requireSite(app, request.params.site)
      const row = await publicPost(app.db, site.id, request.params.kind, request.query.lang ?? site.defaultLanguage, request.params.slug)
      if (!row) throw notFound()
      const { cover_path, publish_at, ...r } = row
      // Sanitised on save, and again on the way out: the stored text is never trusted to be clean.
      return { Item: { ...r, body: sanitizeDocumentHtml(r.body), coverUrl: await imageUrl(app, cover_path), publishedAt: iso(publish_at) } }
    },
  )
}
