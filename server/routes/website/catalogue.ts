import { errorResponses } from '../../../contracts/errors.js'
import {
  CandidatesQuery,
  CareerCandidatesReply,
  CourseCandidatesReply,
  FeaturedCoursesBody,
  FeaturedCoursesReply,
  SiteCareersBody,
  SiteCareersReply,
  SiteParams,
  type FeaturedCourse,
  type SiteCareer,
} from '../../../contracts/website/website.js'
import { actorOf } from '../../http/actor.js'
import { stale } from '../../http/errors.js'
import { HttpError } from '../../http/http-error.js'
import type { App } from '../../types.js'
import { recordAudit } from '../admin-audit/queries.js'
import { imageUrl } from './files.js'
import {
  catalogueRevisions,
  claimCatalogueRevision,
  listFeaturedCourses,
  listSiteCareers,
  liveCareers,
  publishedCourses,
  replaceFeaturedCourses,
  replaceSiteCareers,
  searchCareers,
  searchPublishedCourses,
  type PublishedCourseRow,
  type SiteCareerRow,
} from './queries.js'
import { requireSite } from './sites.js'

const tags = ['admin: website']
const CANDIDATES = 20

/** A published course as the site shows it: its snapshot's name, brief description and cover (the thumbnail when it has one). */
async function courseItem(app: App, r: PublishedCourseRow): Promise<FeaturedCourse> {
  return { uuid: r.uuid, name: r.name, briefDescription: r.brief_description, coverUrl: await imageUrl(app, r.thumbnail_path ?? r.cover_path) }
}

const careerItem = (r: SiteCareerRow): SiteCareer => ({
  id: r.id,
  name: r.name,
  description: r.description,
  cycles: Number(r.cycles),
  subjects: Number(r.subjects),
  courses: Number(r.courses),
})

/** The field error of a list naming an id twice or one that cannot be shown. */
function checkList(field: string, ids: string[], known: Set<string>, unknownMessage: string) {
  if (new Set(ids).size !== ids.length) throw new HttpError(400, 'Invalid request', 'VALIDATION', { [field]: 'Each one may be listed once' })
  const missing = ids.filter((id) => !known.has(id))
  if (missing.length) throw new HttpError(400, 'Invalid request', 'VALIDATION', { [field]: `${unknownMessage}: ${missing.join(', ')}` })
}

/**
 * What the public site lists (administrators): its featured published courses and its careers, each
 * list saved whole, in order, with its own revision (stale: 409).
 */
export default async function catalogueRoutes(app: App) {
  // The revision is read first, under a share lock that a save waits for, so a list and its revision always belong together.
  const featured = async (siteId: string) => {
    const { rows, revision } = await app.db.transaction(async (tx) => {
      const revision = (await catalogueRevisions(tx, siteId)).courses
      return { rows: await listFeaturedCourses(tx, siteId), revision }
    })
    return { items: await Promise.all(rows.map((r) => courseItem(app, r))), revision }
  }
  const careers = (siteId: string) =>
    app.db.transaction(async (tx) => {
      const revision = (await catalogueRevisions(tx, siteId)).careers
      return { items: (await listSiteCareers(tx, siteId)).map(careerItem), revision }
    })

  app.get(
    '/:site/featured-courses',
    {
      schema: {
        tags,
        summary: "The site's featured courses in order, as their published versions name them",
        params: SiteParams,
        response: { 200: FeaturedCoursesReply, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => featured((await requireSite(app, request.params.site)).id),
  )

  app.put(
    '/:site/featured-courses',
    {
      schema: {
        tags,
        summary: 'Features these published courses, in this order (the whole list; stale revision: 409)',
        params: SiteParams,
        body: FeaturedCoursesBody,
        response: { 200: FeaturedCoursesReply, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const site = await requireSite(app, request.params.site)
      const actor = actorOf(request)
      const { courses, revision } = request.body
      await app.db.transaction(async (tx) => {
        checkList('courses', courses, await publishedCourses(tx, courses), 'Not a published course')
        const before = (await listFeaturedCourses(tx, site.id)).map((r) => r.uuid)
        if (!(await claimCatalogueRevision(tx, site.id, 'courses', revision))) throw stale()
        await replaceFeaturedCourses(tx, site.id, courses)
        await recordAudit(tx, actor, {
          action: 'website.feature-courses',
          targetType: 'site',
          targetId: site.id,
          before: { courses: before },
          after: { courses },
        })
      })
      return featured(site.id)
    },
  )

  app.get(
    '/:site/featured-courses/candidates',
    {
      schema: {
        tags,
        summary: `Published courses whose name holds \`q\` (any case), by name, at most ${CANDIDATES}`,
        params: SiteParams,
        querystring: CandidatesQuery,
        response: { 200: CourseCandidatesReply, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await requireSite(app, request.params.site)
      const rows = await searchPublishedCourses(app.db, (request.query.q ?? '').trim(), CANDIDATES)
      return { items: await Promise.all(rows.map((r) => courseItem(app, r))) }
    },
  )

  app.get(
    '/:site/careers',
    {
      schema: {
        tags,
        summary: "The site's careers in order, each with its cycles, subjects and published courses counted",
        params: SiteParams,
        response: { 200: SiteCareersReply, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => careers((await requireSite(app, request.params.site)).id),
  )

  app.put(
    '/:site/careers',
    {
      schema: {
        tags,
        summary: 'Shows these careers on the site, in this order (the whole list; stale revision: 409)',
        params: SiteParams,
        body: SiteCareersBody,
        response: { 200: SiteCareersReply, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const site = await requireSite(app, request.params.site)
      const actor = actorOf(request)
      const { careers: ids, revision } = request.body
      await app.db.transaction(async (tx) => {
        checkList('careers', ids, await liveCareers(tx, ids), 'Not a career of the catalogue')
        const before = (await listSiteCareers(tx, site.id)).map((r) => r.id)
        if (!(await claimCatalogueRevision(tx, site.id, 'careers', revision))) throw stale()
        await replaceSiteCareers(tx, site.id, ids)
        await recordAudit(tx, actor, {
          action: 'website.set-careers',
          targetType: 'site',
          targetId: site.id,
          before: { careers: before },
          after: { careers: ids },
        })
      })
      return careers(site.id)
    },
  )

  app.get(
    '/:site/careers/candidates',
    {
      schema: {
        tags,
        summary: `Careers of the catalogue whose name holds \`q\` (any case), by name, at most ${CANDIDATES}`,
        params: SiteParams,
        querystring: CandidatesQuery,
        response: { 200: CareerCandidatesReply, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await requireSite(app, request.params.site)
      return { items: (await searchCareers(app.db, (request.query.q ?? '').trim(), CANDIDATES)).map(careerItem) }
    },
  )
}
