import { CATALOGUE_PAGE_SIZE, CountResponse, UuidParams } from '../../../contracts/admin/common.js'
import {
  AdminCourseResponse,
  AdminCoursesPage,
  AdminCoursesParams,
  CloneCourseBody,
  CloneCourseResponse,
  type AdminCourse,
} from '../../../contracts/courses/admin.js'
import { errorResponses } from '../../../contracts/errors.js'
import type { App } from '../../types.js'
import { actorOf } from '../../http/actor.js'
import { iso, isoOrNull } from '../../http/dates.js'
import { notFound } from '../../http/errors.js'
import { recordAudit } from '../admin-audit/queries.js'
import { cloneCourse } from './clone.js'
import { peopleOf, personOf } from './people.js'
import { collaboratorsOf, countCourses, findCourse, listCourses, plansOf, subscriptionCounts } from './queries.js'

const tags = ['admin: courses']
const text = (v: unknown) => (typeof v === 'string' ? v : '')
const num = (v: string | number | null) => (v === null ? null : Number(v))
const ref = (id: string | null, name: string | null) => (id && name !== null ? { id, name } : null)

/**
 * Course administration (requirements §7 "Courses (admin)"): every course, whoever owns it, under
 * `/api/v2/admin/courses`; a course's learners and their forms are ./learners.ts.
 */
export default async function adminCourseRoutes(app: App) {
  const pool = app.identityUsers
  for (const suffix of ['', '/:search']) {
    app.get(
      `/all/:page${suffix}`,
      {
        schema: {
          tags,
          summary: 'One page of every course, changed last first; search by name or keywords (accents and case ignored) or the uuid',
          params: AdminCoursesParams,
          response: { 200: AdminCoursesPage, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => {
        const rows = await listCourses(app.db, request.params.page, request.params.search ?? '')
        const people = await peopleOf(
          pool,
          rows.map((r) => r.created_by),
        )
        return {
          items: rows.map((r) => ({
            uuid: r.uuid,
            name: r.name,
            owner: r.created_by ? personOf(people, r.created_by) : null,
            status: r.status,
            organization: r.organization || null,
            publishedVersion: r.published_version,
            activeLearners: Number(r.active_learners),
            createdAt: iso(r.created_at),
            updatedAt: iso(r.updated_at),
          })),
        }
      },
    )
    app.get(
      `/count/:page${suffix}`,
      {
        schema: {
          tags,
          summary: 'How many courses match the search',
          params: AdminCoursesParams,
          response: { 200: CountResponse, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => {
        const count = await countCourses(app.db, request.params.search ?? '')
        return { count, pageSize: CATALOGUE_PAGE_SIZE, pages: Math.ceil(count / CATALOGUE_PAGE_SIZE) }
      },
    )
  }

  app.get(
    `/course/:id`,
    {
      schema: {
        tags,
        summary: 'One course with its owner, collaborators, plans, published version and subscription counts',
        params: UuidParams,
        response: { 200: AdminCourseResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { id } = request.params
      const row = await findCourse(app.db, id)
      if (!row) throw notFound('Course not found')
      const [plans, collaborators, subscriptions] = await Promise.all([plansOf(app.db, id), collaboratorsOf(app.db, id), subscriptionCounts(app.db, id)])
      const people = await peopleOf(pool, [row.created_by, ...collaborators.map((c) => c.user_sub)])
      const details = typeof row.details === 'string' ? (JSON.parse(row.details) as Record<string, unknown>) : row.details
      const item: AdminCourse = {
        uuid: row.uuid,
        name: row.name,
        revision: row.revision,
        briefDescription: text(details.ShortDescription),
        description: row.description ?? '',
        requirements: row.requirements ?? '',
        certificateDetails: row.certificate_details ?? '',
        durationHours: num(row.duration_hours),
        keywords: row.keywords ?? [],
        tags: row.tags ?? [],
        salesEnabled: row.sales_enabled ?? false,
        status: ref(row.status_id, row.status_name),
        difficulty: ref(row.difficulty_id, row.difficulty_name),
        category: ref(row.category_id, row.category_name),
        organization: ref(row.organization_id, row.organization_name),
        owner: row.created_by ? personOf(people, row.created_by) : null,
        collaborators: collaborators.map((c) => {
          const person = personOf(people, c.user_sub)
          return { username: c.username || c.user_sub, email: person.email, name: person.name ?? (c.name || null), addedAt: iso(c.added_at) }
        }),
        plans: plans.map((p) => ({
          id: p.id,
          name: p.name,
          durationDays: p.duration_days,
          price: num(p.price),
          currency: p.currency,
          archived: p.archived_at !== null,
        })),
        publishedVersion: row.published_version,
        publishedAt: isoOrNull(row.published_at),
        subscriptions,
        createdAt: iso(row.created_at),
        updatedAt: iso(row.updated_at),
      }
      return { Item: item }
    },
  )

  app.post(
    `/course/clone`,
    {
      schema: {
        tags,
        summary: 'Copies any course into a new draft the admin owns ("<name> (copy)"): general data, media, FAQ, tags, live plans and every section and block',
        body: CloneCourseBody,
        response: { 201: CloneCourseResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request)
      const from = request.body.uuid
      const copy = await app.db.transaction(async (tx) => {
        const source = await findCourse(tx, from)
        if (!source) throw notFound('Course not found')
        const made = await cloneCourse(tx, app.storage, from, actor)
        await recordAudit(tx, actor, {
          action: 'courses.clone',
          targetType: 'course',
          targetId: made.uuid,
          before: null,
          after: { uuid: made.uuid, clonedFrom: from, name: source.name },
        })
        return made
      })
      return reply.status(201).send(copy)
    },
  )
}
