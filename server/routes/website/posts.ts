import Type from 'typebox'
import { errorResponses } from '../../../contracts/errors.js'
import {
  AdminPostReply,
  AdminPostsQuery,
  AdminPostsReply,
  PostCreateBody,
  PostRevisionsReply,
  PostUpdateBody,
  RevisionQuery,
  SiteItemParams,
  SiteParams,
  slugify,
  type PostKind,
} from '../../../contracts/website/website.js'
import { actorOf } from '../../http/actor.js'
import { notFound, stale } from '../../http/errors.js'
import { HttpError } from '../../http/http-error.js'
import { sanitizeDocumentHtml } from '../../html/sanitize.js'
import type { Queryable } from '../../db/index.js'
import type { App } from '../../types.js'
import { recordAudit } from '../admin-audit/queries.js'
import { checkWhen } from './dates.js'
import { imageUrl, requireSiteImage } from './files.js'
import {
  deletePost,
  findPost,
  insertPost,
  listPosts,
  postRevisions,
  postSlugTaken,
  recordPostRevision,
  translationExists,
  translationsOf,
  updatePost,
  type PostRecord,
  type PostValues,
} from './queries.js'
import { requireSite } from './sites.js'

const tags = ['admin: website']
type Language = PostRecord['language']

/** A post as the editor reads it: its cover's read URL and, for a source, its translations. */
async function postItem(app: App, db: Queryable, post: PostRecord) {
  return {
    ...post,
    coverUrl: await imageUrl(app, post.coverPath),
    translations: post.sourceId ? [] : await translationsOf(db, post.id),
  }
}

/**
 * A save's values: text trimmed, HTML sanitised, the slug made from the title when none is given,
 * the publication time settled (scheduled needs a time; published without one is now).
 */
function values(body: PostCreateBody | PostUpdateBody, now: Date): PostValues {
  const errors: Record<string, string> = {}
  const title = body.title.trim()
  if (!title) errors.title = 'Required'
  checkWhen(errors, 'publishAt', body.publishAt)
  let publishAt = body.publishAt
  if (body.state === 'scheduled' && !publishAt) errors.publishAt = 'Choose when the post is published'
  if (body.state === 'published' && !publishAt) publishAt = now.toISOString()
  if (body.state === 'draft') publishAt = publishAt ?? null
  if (Object.keys(errors).length) throw new HttpError(400, 'Invalid request', 'VALIDATION', errors)
  const tagList = [...new Set(body.tags.map((t) => t.trim()).filter(Boolean))]
  return {
    slug: body.slug ?? slugify(title),
    title,
    summary: body.summary.trim(),
    body: sanitizeDocumentHtml(body.body),
    coverPath: body.coverPath,
    category: body.category,
    tags: tagList,
    author: body.author.trim(),
    state: body.state,
    publishAt,
  }
}

const slugTaken = () =>
  new HttpError(409, 'Another post of this site, kind and language has this slug', 'DUPLICATE', { slug: 'Another post in this language has this slug' })

/** News and blog posts of a site (administrators): drafts, schedules, publication, translations and history. */
export default async function postRoutes(app: App) {
  app.get(
    '/:site/posts',
    {
      schema: {
        tags,
        summary: "The site's posts, filtered by kind, state (as readers see it now), language and category",
        params: SiteParams,
        querystring: AdminPostsQuery,
        response: { 200: AdminPostsReply, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const site = await requireSite(app, request.params.site)
      const posts = await listPosts(app.db, site.id, request.query)
      return { items: await Promise.all(posts.map((p) => postItem(app, app.db, p))) }
    },
  )

  app.get(
    '/:site/posts/:id',
    { schema: { tags, summary: 'One post', params: SiteItemParams, response: { 200: AdminPostReply, ...errorResponses(400, 401, 403, 404) } } },
    async (request) => {
      const site = await requireSite(app, request.params.site)
      const post = await findPost(app.db, site.id, request.params.id)
      if (!post) throw notFound()
      return { Item: await postItem(app, app.db, post) }
    },
  )

  app.get(
    '/:site/posts/:id/revisions',
    {
      schema: {
        tags,
        summary: "A post's saved revisions, newest first",
        params: SiteItemParams,
        response: { 200: PostRevisionsReply, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const site = await requireSite(app, request.params.site)
      const post = await findPost(app.db, site.id, request.params.id)
      if (!post) throw notFound()
      return { items: await postRevisions(app.db, post.id) }
    },
  )

  app.post(
    '/:site/posts',
    {
      schema: {
        tags,
        summary: 'Writes a post, or a translation of a post in the default language (slug taken: 409)',
        params: SiteParams,
        body: PostCreateBody,
        response: { 201: AdminPostReply, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const site = await requireSite(app, request.params.site)
      const body = request.body
      const v = values(body, new Date())
      const actor = actorOf(request)
      if (!site.languages.includes(body.language))
        throw new HttpError(400, 'Invalid request', 'VALIDATION', { language: 'The site does not offer this language' })
      await requireSiteImage(app, site.id, v.coverPath, null, 'coverPath')
      const post = await app.db.transaction(async (tx) => {
        let source: PostRecord | null = null
        if (body.sourceId) {
          source = await findPost(tx, site.id, body.sourceId)
          if (!source) throw notFound('No such source post')
          if (source.sourceId || source.language !== site.defaultLanguage || source.kind !== body.kind)
            throw new HttpError(409, 'Only a post of the same kind in the default language can be translated', 'INVALID_OPERATION')
          if (body.language === source.language || (await translationExists(tx, source.id, body.language)))
            throw new HttpError(409, 'This post is already written in this language', 'DUPLICATE', { language: 'Already written in this language' })
        } else if (body.language !== site.defaultLanguage) {
          throw new HttpError(400, 'Invalid request', 'VALIDATION', {
            sourceId: 'A post in another language is the translation of one in the default language',
          })
        }
        if (await postSlugTaken(tx, site.id, body.kind, body.language, v.slug)) throw slugTaken()
        const id = await insertPost(
          tx,
          site.id,
          { kind: body.kind, language: body.language, sourceId: source?.id ?? null, sourceRevision: source?.revision ?? null },
          v,
        )
        await recordPostRevision(tx, id, actor.username)
        const created = (await findPost(tx, site.id, id))!
        await recordAudit(tx, actor, {
          action: 'website.create-post',
          targetType: 'site-post',
          targetId: id,
          before: null,
          after: { ...created, body: undefined },
        })
        return postItem(app, tx, created)
      })
      return reply.status(201).send({ Item: post })
    },
  )

  app.put(
    '/:site/posts/:id',
    {
      schema: {
        tags,
        summary: 'Saves a post (HTML sanitised; stale revision or slug taken: 409); a translation saved again is up to date',
        params: SiteItemParams,
        body: PostUpdateBody,
        response: { 200: AdminPostReply, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const site = await requireSite(app, request.params.site)
      const v = values(request.body, new Date())
      const actor = actorOf(request)
      const before = await findPost(app.db, site.id, request.params.id)
      if (!before) throw notFound()
      await requireSiteImage(app, site.id, v.coverPath, before.coverPath, 'coverPath')
      const post = await app.db.transaction(async (tx) => {
        const kind: PostKind = before.kind
        const language: Language = before.language
        if (await postSlugTaken(tx, site.id, kind, language, v.slug, before.id)) throw slugTaken()
        if (!(await updatePost(tx, site.id, before.id, request.body.revision, v))) {
          if (!(await findPost(tx, site.id, before.id))) throw notFound()
          throw stale()
        }
        await recordPostRevision(tx, before.id, actor.username)
        const after = (await findPost(tx, site.id, before.id))!
        await recordAudit(tx, actor, {
          action: 'website.update-post',
          targetType: 'site-post',
          targetId: before.id,
          before: { ...before, body: undefined },
          after: { ...after, body: undefined },
        })
        return postItem(app, tx, after)
      })
      return { Item: post }
    },
  )

  app.delete(
    '/:site/posts/:id',
    {
      schema: {
        tags,
        summary: 'Removes a post (recoverable; stale revision: 409)',
        params: SiteItemParams,
        querystring: RevisionQuery,
        response: { 204: Type.Null({ description: 'Removed' }), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const site = await requireSite(app, request.params.site)
      const actor = actorOf(request)
      await app.db.transaction(async (tx) => {
        const before = await findPost(tx, site.id, request.params.id)
        if (!before) throw notFound()
        if (!(await deletePost(tx, site.id, before.id, request.query.revision))) throw stale()
        await recordAudit(tx, actor, {
          action: 'website.remove-post',
          targetType: 'site-post',
          targetId: before.id,
          before: { ...before, body: undefined },
          after: null,
        })
      })
      return reply.status(204).send(null)
    },
  )
}
