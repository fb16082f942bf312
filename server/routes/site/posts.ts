import Type from 'typebox'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { SiteContext } from '../../site/context.js'
import { FEED_TYPE, renderFeed } from '../../site/feed.js'
import { POSTS_PER_PAGE, renderPost, renderPostList } from '../../site/pages/posts.js'
import { POST_CATEGORIES, postVersions, visiblePost, visiblePosts, type PostCategory, type PostKind } from '../../site/queries.js'
import type { App } from '../../types.js'
import { imageUrl } from '../website/files.js'
import siteIndexes from './indexes.js'
import { contextOf, Segment, sendNotFound, sendPage } from './pages.js'

const ListQuery = Type.Object({ page: Type.Optional(Type.String({ maxLength: 20 })), category: Type.Optional(Type.String({ maxLength: 60 })) })
const KindParams = Type.Object({ site: Segment, lang: Segment })
const PostParams = Type.Object({ site: Segment, lang: Segment, slug: Segment })

/** Entries of a feed. */
const FEED_SIZE = 20

/** A list's page number from `?page=`: a positive whole number, else null (a 404 page). */
const pageOf = (value: string | undefined) => (value === undefined ? 1 : /^[1-9]\d{0,5}$/.test(value) ? Number(value) : null)
const categoryOf = (value: string | undefined): PostCategory | null | undefined =>
  value === undefined ? null : (POST_CATEGORIES as readonly string[]).includes(value) ? (value as PostCategory) : undefined

/**
 * The public site's news and blog (decision 0040): list pages (12 a page, by category), post pages
 * in each language a post exists in, and their Atom feeds. Only posts visible now are read.
 */
export default async function sitePosts(app: App) {
  await app.register(siteIndexes)

  for (const kind of ['news', 'blog'] as const satisfies readonly PostKind[]) {
    app.get(`/site/:site/:lang/${kind}`, { schema: { hide: true, params: KindParams, querystring: ListQuery } }, async (request, reply) => {
      const c = await contextOf(app, request, request.params.site, request.params.lang)
      const page = pageOf(request.query.page)
      const category = categoryOf(request.query.category)
      if (!c || page === null || category === undefined) return sendNotFound(app, request, reply, c)
      const rows = await visiblePosts(app.db, c.site.id, kind, c.language, {
        category,
        limit: POSTS_PER_PAGE + 1,
        offset: (page - 1) * POSTS_PER_PAGE,
        fallback: c.site.defaultLanguage,
      })
      if (page > 1 && rows.length === 0) return sendNotFound(app, request, reply, c)
      const posts = await Promise.all(rows.slice(0, POSTS_PER_PAGE).map(async (p) => ({ ...p, coverUrl: await imageUrl(app, p.coverPath) })))
      return sendPage(app, request, reply, c, renderPostList(c, { kind, category, page, posts, hasOlder: rows.length > POSTS_PER_PAGE }))
    })

    app.get(`/site/:site/:lang/${kind}/feed.xml`, { schema: { hide: true, params: KindParams } }, async (request, reply) => {
      const c = await contextOf(app, request, request.params.site, request.params.lang)
      if (!c) return sendNotFound(app, request, reply)
      const posts = await visiblePosts(app.db, c.site.id, kind, c.language, { limit: FEED_SIZE, withBody: true })
      return reply
        .header('cache-control', 'no-cache')
        .type(FEED_TYPE)
        .send(renderFeed(c, kind, posts))
    })

    app.get(`/site/:site/:lang/${kind}/:slug`, { schema: { hide: true, params: PostParams } }, (request, reply) =>
      postPage(app, request, reply, kind, request.params),
    )
  }
}

async function postPage(app: App, request: FastifyRequest, reply: FastifyReply, kind: PostKind, params: { site: string; lang: string; slug: string }) {
  const c: SiteContext | null = await contextOf(app, request, params.site, params.lang)
  const post = c ? await visiblePost(app.db, c.site.id, kind, c.language, params.slug) : null
  if (!c || !post) return sendNotFound(app, request, reply, c)
  const [versions, coverUrl] = await Promise.all([postVersions(app.db, c.site.id, post.familyId), imageUrl(app, post.coverPath)])
  return sendPage(app, request, reply, c, renderPost(c, { kind, post, coverUrl, versions }))
}
