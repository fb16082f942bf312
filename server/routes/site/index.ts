import Type from 'typebox'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { SiteContext } from '../../site/context.js'
import { sitePath } from '../../site/document.js'
import { isSiteLanguage, LANGUAGE_TAG, preferredLanguage } from '../../site/languages.js'
import { renderHome } from '../../site/pages/home.js'
import { renderNotFound } from '../../site/pages/notFound.js'
import { siteFor, type SiteRecord } from '../../site/queries.js'
import { SITE_TEXTS } from '../../site/texts.js'
import type { App } from '../../types.js'
import { imageUrl } from '../website/files.js'
import { listSlides, publicPosts } from '../website/queries.js'

/** Path segments are checked by the handlers: an unknown site or language is a 404 page, never a 400. */
const Segment = Type.String({ maxLength: 200 })
const SiteLangParams = Type.Object({ site: Segment, lang: Segment })

/** The origin the site's absolute links use: its own public address, else PUBLIC_URL, else the request's. */
function originOf(app: App, request: FastifyRequest, site: SiteRecord): string {
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

/** Sends a rendered page. Never cached for long: a scheduled post appears when its time comes. */
export function sendPage(reply: FastifyReply, html: string, status = 200) {
  return reply.status(status).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html)
}

/** The 404 page, in the context's site and language, or the default site's. */
export async function sendNotFound(app: App, request: FastifyRequest, reply: FastifyReply, context?: SiteContext | null) {
  const site = context?.site ?? (await siteFor(app.db, null))
  if (!site) return reply.status(404).type('text/plain; charset=utf-8').send('Not found')
  return sendPage(reply, renderNotFound(context ?? contextFor(app, request, site, site.defaultLanguage)), 404)
}

/** The site and language of `/site/{site}/{lang}/…`, or null when either is unknown or not offered. */
export async function contextOf(app: App, request: FastifyRequest, slug: string, lang: string): Promise<SiteContext | null> {
  if (!isSiteLanguage(lang)) return null
  const site = await siteFor(app.db, slug)
  if (!site || !site.languages.includes(lang)) return null
  return contextFor(app, request, site, lang)
}

/**
 * The centre's public website, rendered on the server (decision 0040): `/site/{site}/{lang}/…`,
 * readable without JavaScript and without a session, by people and by search engines.
 */
export default async function publicWebsite(app: App) {
  /** `/site` and `/site/{site}`: the site's home in the visitor's language (Accept-Language), else the site's. */
  const toHome = async (request: FastifyRequest, reply: FastifyReply, slug: string | null) => {
    const site = await siteFor(app.db, slug)
    if (!site) return sendNotFound(app, request, reply)
    const language = preferredLanguage(request.headers['accept-language'], site.languages, site.defaultLanguage)
    return reply.header('vary', 'Accept-Language').header('cache-control', 'no-cache').redirect(sitePath(site.slug, language), 302)
  }
  app.get('/site', { schema: { hide: true } }, (request, reply) => toHome(request, reply, null))
  app.get('/site/:site', { schema: { hide: true, params: Type.Object({ site: Segment }) } }, (request, reply) => toHome(request, reply, request.params.site))

  app.get('/site/:site/:lang', { schema: { hide: true, params: SiteLangParams } }, async (request, reply) => {
    const c = await contextOf(app, request, request.params.site, request.params.lang)
    if (!c) return sendNotFound(app, request, reply)
    const [slides, news] = await Promise.all([listSlides(app.db, c.site.id, true), publicPosts(app.db, c.site.id, 'news', c.language)])
    const html = renderHome(c, {
      slides: await Promise.all(
        slides.map(async (s) => ({ id: s.id, title: s.title, text: s.body, link: s.link, imageUrl: await imageUrl(app, s.image_path) })),
      ),
      news: await Promise.all(
        news.slice(0, 6).map(async (p) => ({
          slug: p.slug,
          title: p.title,
          summary: p.summary,
          coverUrl: await imageUrl(app, p.cover_path),
          publishedAt: new Date(p.publish_at),
        })),
      ),
    })
    return sendPage(reply, html)
  })

  app.get('/site/*', { schema: { hide: true } }, (request, reply) => sendNotFound(app, request, reply))
}
