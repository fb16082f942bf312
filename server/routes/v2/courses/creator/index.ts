import { CourseIdParams, courseErrorResponses } from '../../../../../contracts/courses/common.js'
import {
  CHOICE_CATALOGUES,
  COURSE_PAGE_SIZE,
  ChoicesResponse,
  CloneBody,
  CloneResponse,
  CourseCountResponse,
  CourseDraftResponse,
  CourseListParams,
  CourseListResponse,
  DraftWriteResponse,
  LEGACY_ACTIONS,
  LegacyActionParams,
  LegacyBuilderBody,
  StartBody,
  StartResponse,
  UpdateGeneralBody,
  type CourseFilter,
} from '../../../../../contracts/courses/creator.js'
import { cloneCourseWithContent } from '../../../../courses/clone.js'
import {
  choiceExists,
  countCourses,
  findCourse,
  insertCourse,
  listChoices,
  listCollaborators,
  listCourses,
  listPlans,
  updateGeneral,
  type ListScope,
} from '../../../../courses/model/queries.js'
import { bumpRevision, notAuthorized } from '../../../../courses/revisions.js'
import type { Queryable } from '../../../../db/index.js'
import type { App, Principal } from '../../../../types.js'
import { actorOf } from '../../../../http/actor.js'
import { requireCourse, type CourseRole } from './access.js'
import { cartridgeRoutes } from './cartridge.js'
import { collaboratorRoutes } from './collaborators.js'
import { listRoutes } from './lists.js'
import { mediaRoutes, urlReader } from './media.js'
import { CHOICE_FIELDS, CHOICE_LABEL, distinct, invalid } from './rules.js'
import { toDraft, toSummary, type UrlOf } from './views.js'

/** The two mount points: v2, and the legacy paths of requirements §7 served as aliases (docs/decisions/0016-legacy-paths-as-aliases.md). */
export const CREATOR_PREFIXES = ['/v2/courses/creator', '/courses/creator'] as const

/** The course creator's routes (requirements §7 "Course creator"): courses, general data, lists, sharing, media and clone. */
export default async function creatorRoutes(app: App) {
  const urlOf: UrlOf = urlReader(app)

  /** The whole draft as the caller sees it. */
  async function draftOf(db: Queryable, uuid: string, role: CourseRole) {
    const row = await findCourse(db, uuid)
    if (!row) throw notAuthorized()
    const [plans, collaborators] = await Promise.all([listPlans(db, uuid), listCollaborators(db, uuid)])
    return toDraft(row, { plans, collaborators, role, urlOf })
  }

  const scopeOf = (principal: Principal, params: { filter?: CourseFilter; search?: string }): ListScope => ({
    sub: principal.sub,
    seesAll: principal.groups.includes('admin') || principal.groups.includes('reviewer'),
    filter: params.filter ?? 'all',
    search: params.search ?? '',
  })

  for (const base of CREATOR_PREFIXES) {
    const legacy = base !== CREATOR_PREFIXES[0]
    const tags = [legacy ? 'course creator (legacy paths)' : 'course creator']

    app.post(
      `${base}/start`,
      {
        schema: {
          tags,
          summary: 'Starts a course; the caller becomes its owner',
          body: StartBody,
          response: { 201: StartResponse, ...courseErrorResponses(400, 401, 403) },
        },
      },
      async (request, reply) => {
        const name = request.body.name.trim()
        if (!name) throw invalid({ name: 'Required' })
        const created = await app.db.transaction((tx) => insertCourse(tx, name, actorOf(request).sub))
        return reply.status(201).send(created)
      },
    )

    for (const suffix of ['/:page', '/:page/:filter', '/:page/:filter/:search']) {
      app.get(
        `${base}/all${suffix}`,
        {
          schema: {
            tags,
            summary: 'One page of the courses the caller may see (mine, shared with me, or all), most recently changed first; search in names and keywords',
            params: CourseListParams,
            response: { 200: CourseListResponse, ...courseErrorResponses(400, 401, 403) },
          },
        },
        async (request) => {
          const principal = actorOf(request)
          const rows = await listCourses(app.db, scopeOf(principal, request.params), request.params.page)
          return { items: await Promise.all(rows.map((r) => toSummary(r, principal, urlOf))) }
        },
      )
      app.get(
        `${base}/count${suffix}`,
        {
          schema: {
            tags,
            summary: 'How many courses the same list holds',
            params: CourseListParams,
            response: { 200: CourseCountResponse, ...courseErrorResponses(400, 401, 403) },
          },
        },
        async (request) => {
          const count = await countCourses(app.db, scopeOf(actorOf(request), request.params))
          return { count, pageSize: COURSE_PAGE_SIZE, pages: Math.ceil(count / COURSE_PAGE_SIZE) }
        },
      )
    }

    app.get(
      `${base}/builder/:id`,
      {
        schema: {
          tags,
          summary: "The draft with the caller's role; 'Not authorized!' (404) for an unknown course or one the caller has no role in",
          params: CourseIdParams,
          response: { 200: CourseDraftResponse, ...courseErrorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const role = await requireCourse(app.db, actorOf(request), request.params.id, 'read')
        return { Item: await draftOf(app.db, request.params.id, role) }
      },
    )

    app.put(
      `${base}/builder/update-general`,
      {
        schema: {
          tags,
          summary: 'Saves any of the general fields (name, duration, descriptions, choices, keywords, sales)',
          body: UpdateGeneralBody,
          response: { 200: DraftWriteResponse, ...courseErrorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        const { uuid, revision, ...given } = request.body
        const fields: Record<string, unknown> = { ...given }
        const errors: Record<string, string> = {}
        if (given.name !== undefined) {
          fields.name = given.name.trim()
          if (!fields.name) errors.name = 'Required'
        }
        if (given.keywords !== undefined) fields.keywords = distinct(given.keywords)
        if (given.durationHours !== undefined && given.durationHours !== null) fields.durationHours = Math.round(given.durationHours * 100) / 100
        for (const key of ['briefDescription', 'description', 'requirements', 'certificateDetails'] as const)
          if (given[key] !== undefined) fields[key] = given[key].trim()
        const principal = actorOf(request)
        return app.db.transaction(async (tx) => {
          const role = await requireCourse(tx, principal, uuid, 'edit')
          for (const [field, catalogue] of Object.entries(CHOICE_FIELDS)) {
            const id = fields[field]
            if (typeof id === 'string' && !(await choiceExists(tx, catalogue, id))) errors[field] = `Unknown ${CHOICE_LABEL[catalogue]}`
          }
          if (Object.keys(errors).length) throw invalid(errors)
          const next = await bumpRevision(tx, uuid, revision)
          await updateGeneral(tx, uuid, fields)
          return { revision: next, Item: await draftOf(tx, uuid, role) }
        })
      },
    )

    for (const c of CHOICE_CATALOGUES) {
      app.get(
        `${base}/${c}/all`,
        { schema: { tags, summary: `The ${c} a course can choose from`, response: { 200: ChoicesResponse, ...courseErrorResponses(401, 403) } } },
        async () => {
          const rows = await listChoices(app.db, c)
          return {
            items: rows.map((r) => ({
              id: String(r.id),
              name: String(r.name),
              description: String(r.description ?? ''),
              ...(r.level !== undefined ? { level: Number(r.level) } : {}),
              ...(r.code !== undefined ? { code: String(r.code) } : {}),
              ...(r.domain !== undefined ? { domain: String(r.domain), logoPath: r.logo_path === null ? null : String(r.logo_path) } : {}),
              ...(r.template_path !== undefined ? { templatePath: String(r.template_path) } : {}),
            })),
          }
        },
      )
    }

    if (!legacy) await listRoutes(app, { base, tags })
    if (!legacy) await cartridgeRoutes(app, { base, tags })
    await collaboratorRoutes(app, { base, tags, legacy })

    app.post(
      `${base}/builder/clone`,
      {
        schema: {
          tags,
          summary:
            'Copies a course the caller edits (general data, media, FAQ, tags, plans, every section and block) into a new draft the caller owns, named "<name> (copy)"',
          body: CloneBody,
          response: { 201: CloneResponse, ...courseErrorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        const principal = actorOf(request)
        const created = await app.db.transaction(async (tx) => {
          await requireCourse(tx, principal, request.body.uuid, 'edit')
          return cloneCourseWithContent(tx, app.storage, request.body.uuid, principal)
        })
        return reply.status(201).send(created)
      },
    )

    await mediaRoutes(app, { base, tags })
  }

  // The legacy builder writes: {uuid, id, cuid, updates} become the v2 body and are answered by the
  // v2 route itself (same checks, same messages, same status codes).
  app.post(
    '/courses/creator/builder/:action',
    {
      schema: {
        tags: ['course creator (legacy paths)'],
        summary: `Legacy builder write (${Object.keys(LEGACY_ACTIONS).join(', ')}): answered as the v2 route answers`,
        params: LegacyActionParams,
        body: LegacyBuilderBody,
      },
    },
    async (request, reply) => {
      const target = LEGACY_ACTIONS[request.params.action]
      const { uuid, revision, updates, items } = request.body
      const fields = updates && !Array.isArray(updates) ? updates : {}
      const list = target.path.endsWith('-update')
      const payload = list
        ? { uuid, revision: revision ?? fields.revision, items: items ?? (Array.isArray(updates) ? updates : fields.items) }
        : { ...fields, uuid, revision: revision ?? fields.revision }
      const res = await app.inject({
        method: target.method,
        url: `/api${CREATOR_PREFIXES[0]}/${target.path}`,
        headers: { ...(request.headers.authorization ? { authorization: request.headers.authorization } : {}), 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      })
      return reply
        .status(res.statusCode)
        .type(String(res.headers['content-type'] ?? 'application/json; charset=utf-8'))
        .send(res.body)
    },
  )
}
