import Type from 'typebox'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { SiteContext } from '../../site/context.js'
import { isSiteLanguage, LANGUAGE_TAG } from '../../site/languages.js'
import { renderNotFound } from '../../site/pages/notFound.js'
import { siteFor, type SiteRecord } from '../../site/queries.js'
import { SITE_TEXTS } from '../../site/texts.js'
import { isRobot, referrerHost } from '../../site/visits.js'
import type { App } from '../../types.js'

/** Path segments are checked by the handlers: an unknown site or language is a 404 page, never a 400. */
export const Segment = Type.String({ maxLength: 200 })
export const SiteLangParams = Type.Object({ site: Segment, lang: Segment })

/** The origin the site's absolute links use: its own public address, else PUBLIC_URL, else the request's. */
export function originOf(app: App, request: FastifyRequest, site: SiteRecord): string {
  const configured = site.baseUrl ?? app.config.PUBLIC_URL
  return configured ? new URL(configured).origin : `${request.protocol}://${request.host}`
}

const contextFor = (app: App, request: FastifyRequest, site: SiteRecord, language: SiteContext['language']): SiteContext => ({
  site,
  language,
  t: SITE_TEXTS[language],
  tag: LANGUAGE_TAG[language],
  origin: originOf(app, request, site),
})

/**
 * Sends a rendered page of the context's site (every page of the site goes out through here). Never
 * cached for long: a scheduled post appears when its time comes.
 */
export function sendPage(app: App, request: FastifyRequest, reply: FastifyReply, context: SiteContext, html: string, status = 200) {
  if (status === 200) countVisit(app, request, context)
  return reply.status(status).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html)
}

/**
 * Counts a page sent to a visitor (decision 0041): its site, day, path without query, language and
 * the referring host only; no address, cookie or user agent is kept, robots are not counted.
 */
function countVisit(app: App, request: FastifyRequest, c: SiteContext) {
  if (request.method !== 'GET' || isRobot(request.headers['user-agent'])) return
  app.siteVisits.count({
    siteId: c.site.id,
    // One row per page: the query and a trailing slash (routes ignore it) are not part of it.
    path: (request.url.split('?')[0] ?? '').replace(/\/+$/, ''),
    language: c.language,
    referrer: referrerHost(request.headers.referer, [request.hostname, new URL(c.origin).hostname]),
    when: app.now(),
  })
}

/** The 404 page, in the context's site and language, or the default site's. */
export async function sendNotFound(app: App, request: FastifyRequest, reply: FastifyReply, context?: SiteContext | null) {
  const site = context?.site ?? (await siteFor(app.db, null))
  if (!site) return reply.status(404).type('text/plain; charset=utf-8').send('Not found')
  const c = context ?? contextFor(app, request, site, site.defaultLanguage)
  return sendPage(app, request, reply, c, renderNotFound(c), 404)
}

/** The site and language of `/site/{site}/{lang}/…`, or null when either is unknown or not offered. */
export async function contextOf(app: App, request: FastifyRequest, slug: string, lang: string): Promise<SiteContext | null> {
  if (!isSiteLanguage(lang)) return null
  const site = await siteFor(app.db, slug)
  if (!site || !site.languages.includes(lang)) return null
  return contextFor(app, request, site, lang)
}
