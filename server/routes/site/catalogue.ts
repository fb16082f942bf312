import Type from 'typebox'
import { blockTitle } from '../../courses/progress/rules.js'
import { publishedSnapshot } from '../../courses/snapshots.js'
import { sanitizeDocumentHtml } from '../../html/sanitize.js'
import { UUID_RE } from '../../http/paging.js'
import { renderCareer, renderCareerList } from '../../site/pages/careers.js'
import { renderCourse, renderCourseList } from '../../site/pages/courses.js'
import {
  careerCycles,
  careerSubjects,
  publishedCourseCategories,
  publishedCoursesPage,
  SITE_COURSES_PAGE_SIZE,
  siteCareer,
  siteCareerList,
} from '../../site/queries.js'
import type { App } from '../../types.js'
import { offeredPlans } from '../v2/courses/learner/queries.js'
import { planOf } from '../v2/courses/learner/views.js'
import { imageUrl } from '../website/files.js'
import { contextOf, Segment, SiteLangParams, sendNotFound, sendPage } from './pages.js'

/**
 * The public site's course and career pages (docs/website.md "Public course and career pages"):
 * only what learners may see before subscribing, from the published snapshot and the live plans,
 * prices as the server keeps them. Anything unknown (a malformed id, a draft, a removed course, a
 * career the site does not show, a page past the end) is the 404 page.
 */

const ListQuery = Type.Object({ page: Type.Optional(Segment), category: Type.Optional(Segment) })
const CourseParams = Type.Object({ site: Segment, lang: Segment, course: Segment })
const CareerParams = Type.Object({ site: Segment, lang: Segment, career: Segment })

/** `?page=` as a page number from 1 (absent: 1), or null for anything else. */
const pageOf = (value: string | undefined) => (value === undefined ? 1 : /^[1-9]\d{0,5}$/.test(value) ? Number(value) : null)

export default async function siteCataloguePages(app: App) {
  app.get('/site/:site/:lang/courses', { schema: { hide: true, params: SiteLangParams, querystring: ListQuery } }, async (request, reply) => {
    const c = await contextOf(app, request, request.params.site, request.params.lang)
    const page = pageOf(request.query.page)
    const category = request.query.category ?? null
    if (!c || page === null || (category !== null && !UUID_RE.test(category))) return sendNotFound(app, request, reply, c)
    const [{ rows, total }, categories] = await Promise.all([publishedCoursesPage(app.db, page, category), publishedCourseCategories(app.db)])
    const pages = Math.max(1, Math.ceil(total / SITE_COURSES_PAGE_SIZE))
    if (page > pages) return sendNotFound(app, request, reply, c)
    const courses = await Promise.all(
      rows.map(async (r) => ({
        uuid: r.uuid,
        name: r.name,
        briefDescription: r.brief_description,
        coverUrl: await imageUrl(app, r.thumbnail_path ?? r.cover_path),
        durationHours: r.duration_hours === null ? null : Number(r.duration_hours),
        difficulty: r.difficulty_name,
        category: r.category_name,
      })),
    )
    return sendPage(app, request, reply, c, renderCourseList(c, { courses, categories, category: category?.toLowerCase() ?? null, page, pages }))
  })

  app.get('/site/:site/:lang/courses/:course', { schema: { hide: true, params: CourseParams } }, async (request, reply) => {
    const c = await contextOf(app, request, request.params.site, request.params.lang)
    const uuid = request.params.course
    if (!c || !UUID_RE.test(uuid)) return sendNotFound(app, request, reply, c)
    // The newest published version of a live course: a draft is never read, a removed course has none.
    const snap = await publishedSnapshot(app.db, uuid.toLowerCase())
    if (!snap) return sendNotFound(app, request, reply, c)
    const course = snap.course
    const html = (value: string) => (value ? sanitizeDocumentHtml(value) : '')
    const plans = (await offeredPlans(app.db, course.uuid)).map((p) => planOf(p, course.salesEnabled))
    const page = renderCourse(c, {
      uuid: course.uuid,
      name: course.name,
      briefDescription: course.briefDescription,
      description: html(course.description),
      requirements: html(course.requirements),
      certificateDetails: html(course.certificateDetails),
      coverUrl: await imageUrl(app, course.cover),
      durationHours: course.durationHours,
      difficulty: course.difficulty?.name ?? null,
      category: course.category?.name ?? null,
      // A certificate is issued on completion from the course's own template or a catalogue design.
      certificate: course.certificate !== null || course.template !== null,
      outline: [...snap.sections]
        .sort((a, b) => a.position - b.position)
        .map((s) => ({
          id: s.id,
          title: s.title,
          blocks: [...s.blocks].sort((a, b) => a.position - b.position).map((b) => ({ id: b.id, title: blockTitle(b) })),
        })),
      plans,
    })
    return sendPage(app, request, reply, c, page)
  })

  app.get('/site/:site/:lang/careers', { schema: { hide: true, params: SiteLangParams } }, async (request, reply) => {
    const c = await contextOf(app, request, request.params.site, request.params.lang)
    if (!c) return sendNotFound(app, request, reply)
    return sendPage(app, request, reply, c, renderCareerList(c, await siteCareerList(app.db, c.site.id)))
  })

  app.get('/site/:site/:lang/careers/:career', { schema: { hide: true, params: CareerParams } }, async (request, reply) => {
    const c = await contextOf(app, request, request.params.site, request.params.lang)
    const id = request.params.career
    if (!c || !UUID_RE.test(id)) return sendNotFound(app, request, reply, c)
    const career = await siteCareer(app.db, c.site.id, id)
    if (!career) return sendNotFound(app, request, reply, c)
    const [cycles, subjects] = await Promise.all([careerCycles(app.db, career.id), careerSubjects(app.db, career.id)])
    return sendPage(
      app,
      request,
      reply,
      c,
      renderCareer(c, {
        ...career,
        cycles: cycles.map((y) => ({ id: y.id, name: y.name, startsOn: y.starts_on, endsOn: y.ends_on })),
        subjects,
      }),
    )
  })
}
