import Type from 'typebox'
import { errorResponses } from '../../../contracts/errors.js'
import { UploadParamsReply } from '../../../contracts/storage/upload.js'
import {
  RevisionQuery,
  SiteItemParams,
  SiteParams,
  SiteUploadAsk,
  SlideCreateBody,
  SlideOrderBody,
  SlideReply,
  SlidesReply,
  SlideUpdateBody,
} from '../../../contracts/website/website.js'
import { actorOf } from '../../http/actor.js'
import { notFound, stale } from '../../http/errors.js'
import { HttpError } from '../../http/http-error.js'
import type { App } from '../../types.js'
import { recordAudit } from '../admin-audit/queries.js'
import { checkWhen } from './dates.js'
import { imageUrl, presignSiteImage, requireSiteImage } from './files.js'
import {
  claimSlideOrder,
  deleteSlide,
  findSlide,
  insertSlide,
  listSlides,
  setSlidePositions,
  slideOf,
  updateSlide,
  type SlideRow,
  type SlideValues,
} from './queries.js'
import { requireSite } from './sites.js'

const tags = ['admin: website']

/** A slide as the editor reads it, with its image's read URL. */
async function slideItem(app: App, row: SlideRow) {
  return { ...slideOf(row), imageUrl: await imageUrl(app, row.image_path) }
}

/** Trimmed text; an end before the start is a field error. */
function values(body: SlideCreateBody): SlideValues {
  const title = body.title.trim()
  const errors: Record<string, string> = {}
  if (!title) errors.title = 'Required'
  checkWhen(errors, 'startsAt', body.startsAt)
  checkWhen(errors, 'endsAt', body.endsAt)
  if (body.startsAt && body.endsAt && Date.parse(body.startsAt) >= Date.parse(body.endsAt)) errors.endsAt = 'The end must come after the start'
  if (Object.keys(errors).length) throw new HttpError(400, 'Invalid request', 'VALIDATION', errors)
  return { title, text: body.text.trim(), link: body.link || null, imagePath: body.imagePath, startsAt: body.startsAt, endsAt: body.endsAt }
}

/** A site's carousel (administrators): slides with an image, text, link and dates, in an order. */
export default async function slideRoutes(app: App) {
  app.post(
    '/:site/uploads',
    {
      schema: {
        tags,
        summary: "Upload parameters of a site image (slide or post cover: PNG, JPEG or WebP, at most 5 MB; 413 'Too much data' past it)",
        params: SiteParams,
        body: SiteUploadAsk,
        response: { 200: UploadParamsReply, ...errorResponses(400, 401, 403, 404, 413) },
      },
    },
    async (request) => {
      const site = await requireSite(app, request.params.site)
      return presignSiteImage(app, site.id, request.body)
    },
  )

  app.get(
    '/:site/slides',
    {
      schema: { tags, summary: "The site's slides in their order", params: SiteParams, response: { 200: SlidesReply, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request) => {
      const site = await requireSite(app, request.params.site)
      const rows = await listSlides(app.db, site.id)
      return { items: await Promise.all(rows.map((r) => slideItem(app, r))), orderRevision: site.slidesRevision }
    },
  )

  app.post(
    '/:site/slides',
    {
      schema: {
        tags,
        summary: 'Adds a slide at the end of the carousel',
        params: SiteParams,
        body: SlideCreateBody,
        response: { 201: SlideReply, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const v = values(request.body)
      const site = await requireSite(app, request.params.site)
      await requireSiteImage(app, site.id, v.imagePath, null, 'imagePath')
      const actor = actorOf(request)
      const row = await app.db.transaction(async (tx) => {
        const id = await insertSlide(tx, site.id, v)
        const created = (await findSlide(tx, site.id, id))!
        await recordAudit(tx, actor, { action: 'website.create-slide', targetType: 'site-slide', targetId: id, before: null, after: slideOf(created) })
        return created
      })
      return reply.status(201).send({ Item: await slideItem(app, row) })
    },
  )

  app.put(
    '/:site/slides/:id',
    {
      schema: {
        tags,
        summary: 'Changes a slide (stale revision: 409)',
        params: SiteItemParams,
        body: SlideUpdateBody,
        response: { 200: SlideReply, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const v = values(request.body)
      const site = await requireSite(app, request.params.site)
      const actor = actorOf(request)
      const current = await findSlide(app.db, site.id, request.params.id)
      if (!current) throw notFound()
      await requireSiteImage(app, site.id, v.imagePath, current.image_path, 'imagePath')
      const row = await app.db.transaction(async (tx) => {
        if (!(await updateSlide(tx, site.id, request.params.id, request.body.revision, v))) {
          if (!(await findSlide(tx, site.id, request.params.id))) throw notFound()
          throw stale()
        }
        const after = (await findSlide(tx, site.id, request.params.id))!
        await recordAudit(tx, actor, {
          action: 'website.update-slide',
          targetType: 'site-slide',
          targetId: after.id,
          before: slideOf(current),
          after: slideOf(after),
        })
        return after
      })
      return { Item: await slideItem(app, row) }
    },
  )

  app.delete(
    '/:site/slides/:id',
    {
      schema: {
        tags,
        summary: 'Removes a slide (recoverable; stale revision: 409)',
        params: SiteItemParams,
        querystring: RevisionQuery,
        response: { 204: Type.Null({ description: 'Removed' }), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const site = await requireSite(app, request.params.site)
      const actor = actorOf(request)
      await app.db.transaction(async (tx) => {
        const before = await findSlide(tx, site.id, request.params.id)
        if (!before) throw notFound()
        if (!(await deleteSlide(tx, site.id, before.id, request.query.revision))) throw stale()
        await recordAudit(tx, actor, { action: 'website.remove-slide', targetType: 'site-slide', targetId: before.id, before: slideOf(before), after: null })
      })
      return reply.status(204).send(null)
    },
  )

  app.put(
    '/:site/slides-order',
    {
      schema: {
        tags,
        summary: "Puts the carousel's slides in this order (every slide once; stale order revision: 409)",
        params: SiteParams,
        body: SlideOrderBody,
        response: { 200: SlidesReply, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const site = await requireSite(app, request.params.site)
      const actor = actorOf(request)
      const { ids, orderRevision } = request.body
      const rows = await app.db.transaction(async (tx) => {
        if (!(await claimSlideOrder(tx, site.id, orderRevision))) throw stale()
        const current = await listSlides(tx, site.id)
        const known = new Set(current.map((s) => s.id))
        if (ids.length !== current.length || !ids.every((id) => known.has(id)))
          throw new HttpError(409, 'The carousel changed since you opened it; reload it and order it again', 'STALE_REVISION')
        await setSlidePositions(tx, site.id, ids)
        await recordAudit(tx, actor, {
          action: 'website.order-slides',
          targetType: 'site',
          targetId: site.id,
          before: { order: current.map((s) => s.id) },
          after: { order: ids },
        })
        return listSlides(tx, site.id)
      })
      return { items: await Promise.all(rows.map((r) => slideItem(app, r))), orderRevision: orderRevision + 1 }
    },
  )
}
