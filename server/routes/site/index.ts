import type { FastifyReply, FastifyRequest } from 'fastify'
import { sitePath } from '../../site/document.js'
import { preferredLanguage } from '../../site/languages.js'
import { renderHome } from '../../site/pages/home.js'
import { featuredCourses, siteFor, visiblePosts } from '../../site/queries.js'
import type { App } from '../../types.js'
import { imageUrl } from '../website/files.js'
import { listSlides } from '../website/queries.js'
import { contextOf, Segment, SiteLangParams, sendNotFound, sendPage } from './pages.js'
import siteCataloguePages from './catalogue.js'
import sitePosts from './posts.js'
import Type from 'typebox'

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
    const [slides, news, blog, courses] = await Promise.all([
      listSlides(app.db, c.site.id, true),
      visiblePosts(app.db, c.site.id, 'news', c.language, { limit: 6, fallback: c.site.defaultLanguage }),
      visiblePosts(app.db, c.site.id, 'blog', c.language, { limit: 3, fallback: c.site.defaultLanguage }),
      featuredCourses(app.db, c.site.id),
    ])
    const html = renderHome(c, {
      slides: await Promise.all(
        slides.map(async (s) => ({ id: s.id, title: s.title, text: s.body, link: s.link, imageUrl: await imageUrl(app, s.image_path) })),
      ),
      news: await Promise.all(news.map(async (p) => ({ ...p, coverUrl: await imageUrl(app, p.coverPath) }))),
      blog: await Promise.all(blog.map(async (p) => ({ ...p, coverUrl: await imageUrl(app, p.coverPath) }))),
      courses: await Promise.all(
        courses.map(async (course) => ({
          uuid: course.uuid,
          name: course.name,
          briefDescription: course.briefDescription,
          coverUrl: await imageUrl(app, course.coverPath),
        })),
      ),
    })
    return sendPage(app, request, reply, c, html)
  })

  await app.register(sitePosts)
  await app.register(siteCataloguePages)

  app.get('/site/*', { schema: { hide: true } }, (request, reply) => sendNotFound(app, request, reply))
}
