import { errorResponses } from '../../../contracts/errors.js'
import { SiteCreateBody, SiteParams, SiteReply, SitesReply, SiteUpdateBody, type Site } from '../../../contracts/website/website.js'
import { actorOf } from '../../http/actor.js'
import { notFound, stale } from '../../http/errors.js'
import { HttpError } from '../../http/http-error.js'
import type { App } from '../../types.js'
import { recordAudit } from '../admin-audit/queries.js'
import { findSite, insertSite, listSites, siteSlugTaken, updateSite, type SiteValues } from './queries.js'

const tags = ['admin: website']

/** The site the path names, or 404. */
export async function requireSite(app: App, slug: string) {
  const site = await findSite(app.db, slug)
  if (!site) throw notFound('No such site')
  return site
}

const publicSite = ({ slidesRevision: _, ...site }: Site & { slidesRevision: number }): Site => site

/** The default language must be one the site offers. */
function values(body: SiteCreateBody | SiteUpdateBody): SiteValues {
  const name = body.name.trim()
  const errors: Record<string, string> = {}
  if (!name) errors.name = 'Required'
  if (!body.languages.includes(body.defaultLanguage)) errors.defaultLanguage = 'The default language must be one of the languages offered'
  if (Object.keys(errors).length) throw new HttpError(400, 'Invalid request', 'VALIDATION', errors)
  return { name, defaultLanguage: body.defaultLanguage, languages: body.languages, baseUrl: body.baseUrl ?? null }
}

/** The websites the centre runs (administrators): list, add, rename. */
export default async function siteRoutes(app: App) {
  app.get('/', { schema: { tags, summary: 'The websites, the default first', response: { 200: SitesReply, ...errorResponses(401, 403) } } }, async () => ({
    items: (await listSites(app.db)).map(publicSite),
  }))

  app.post(
    '/',
    {
      schema: { tags, summary: 'Adds a website (slug unique: 409)', body: SiteCreateBody, response: { 201: SiteReply, ...errorResponses(400, 401, 403, 409) } },
    },
    async (request, reply) => {
      const v = values(request.body)
      const actor = actorOf(request)
      const site = await app.db.transaction(async (tx) => {
        if (await siteSlugTaken(tx, request.body.slug)) throw new HttpError(409, 'A site with this slug exists already', 'DUPLICATE', { slug: 'Taken' })
        await insertSite(tx, request.body.slug, v)
        const created = (await findSite(tx, request.body.slug))!
        await recordAudit(tx, actor, { action: 'website.create-site', targetType: 'site', targetId: created.id, before: null, after: created })
        return created
      })
      return reply.status(201).send({ Item: publicSite(site) })
    },
  )

  app.put(
    '/:site',
    {
      schema: {
        tags,
        summary: 'Renames a website or changes its languages (stale revision: 409)',
        params: SiteParams,
        body: SiteUpdateBody,
        response: { 200: SiteReply, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const v = values(request.body)
      const actor = actorOf(request)
      const site = await app.db.transaction(async (tx) => {
        const before = await findSite(tx, request.params.site)
        if (!before) throw notFound('No such site')
        if (!(await updateSite(tx, before.id, request.body.revision, v))) throw stale()
        const after = (await findSite(tx, request.params.site))!
        await recordAudit(tx, actor, { action: 'website.update-site', targetType: 'site', targetId: before.id, before, after })
        return after
      })
      return { Item: publicSite(site) }
    },
  )
}
