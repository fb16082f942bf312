import { ALREADY_OWNER_MESSAGE, CourseIdParams, courseErrorResponses } from '../../../../../contracts/courses/common.js'
import {
  CHOICE_CATALOGUES,
  COURSE_PAGE_SIZE,
  ChoicesResponse,
  CloneBody,
  CloneResponse,
  CollaboratorList,
  CollaboratorsResponse,
  CollaboratorsUpdateBody,
  CourseCountResponse,
  CourseDraftResponse,
  CourseListParams,
  CourseListResponse,
  CreatorsQuery,
  CURRENCY_REQUIRED_MESSAGE,
  DraftWriteResponse,
  FaqResponse,
  FaqUpdateBody,
  INVALID_DURATION_MESSAGE,
  InvitableList,
  LEGACY_ACTIONS,
  LegacyActionParams,
  LegacyBuilderBody,
  MAX_PLAN_DAYS,
  NOT_A_CREATOR_MESSAGE,
  PlansResponse,
  ShareBody,
  StartBody,
  StartResponse,
  SubscriptionUpdateBody,
  TagsResponse,
  TagsUpdateBody,
  UNKNOWN_CURRENCY_MESSAGE,
  UpdateGeneralBody,
  USER_NOT_FOUND_MESSAGE,
  type ChoiceCatalogue,
  type CourseFilter,
  type FaqItem,
  type Invitable,
  type PlanInput,
} from '../../../../../contracts/courses/creator.js'
import { randomUUID } from 'node:crypto'
import type { Queryable } from '../../../../db/index.js'
import { IdentityAdmin, type PoolUser } from '../../../../identity/admin-client.js'
import { fieldErrors, HttpError } from '../../../../plugins/errors.js'
import type { App, Principal } from '../../../../types.js'
import { actorOf, identity } from '../../../admin/common.js'
import { bumpRevision, courseWrite, notAuthorized, requireCourse, type CourseRole } from './access.js'
import { cloneCourseWithContent } from '../../../../courses/clone.js'
import { mediaRoutes, urlReader } from './media.js'
import {
  addCollaborator,
  choiceExists,
  countCourses,
  findCourse,
  insertCourse,
  insertPlan,
  listChoices,
  listCollaborators,
  listCourses,
  listPlans,
  removeCollaborator,
  removePlan,
  setFaq,
  setTags,
  updateGeneral,
  updatePlan,
  type CollaboratorRow,
  type ListScope,
  type PlanValues,
} from '../../../../courses/model/queries.js'
import { toCollaborator, toDraft, toPlan, toSummary, type UrlOf } from './views.js'

/** The two mount points: v2, and the legacy paths of spec §7 served as aliases (decisions.md). */
export const CREATOR_PREFIXES = ['/v2/courses/creator', '/courses/creator'] as const

const CHOICE_LABEL: Record<ChoiceCatalogue, string> = {
  difficulties: 'difficulty',
  categories: 'category',
  organizations: 'organization',
  certificates: 'certificate',
  statuses: 'status',
}
const CHOICE_FIELDS: Record<string, ChoiceCatalogue> = {
  statusId: 'statuses',
  difficultyId: 'difficulties',
  categoryId: 'categories',
  organizationId: 'organizations',
  certificateId: 'certificates',
}

const invalid = (errors: Record<string, string>) => new HttpError(400, 'Invalid request', 'VALIDATION', errors)
/** Lower case without diacritics, for matching what people type against names. */
const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
/** Case-insensitive de-duplication of trimmed, non-empty strings, first spelling kept. */
function distinct(values: string[]): string[] {
  const seen = new Set<string>()
  const out: string[] = []
  for (const v of values.map((s) => s.trim()).filter(Boolean)) {
    const key = v.toLowerCase()
    if (seen.has(key)) continue
    seen.add(key)
    out.push(v)
  }
  return out
}

const CURRENCIES = new Set(Intl.supportedValuesOf('currency'))

/** Checks one plan as the screens word it; returns the values to store. */
function checkPlan(p: PlanInput, i: number, errors: Record<string, string>): PlanValues {
  const name = p.name.trim()
  if (!name) errors[`items.${i}.name`] = 'Required'
  if (!Number.isInteger(p.durationDays) || p.durationDays < 1 || p.durationDays > MAX_PLAN_DAYS) errors[`items.${i}.durationDays`] = INVALID_DURATION_MESSAGE
  const price = p.price === undefined || p.price === null ? null : Math.round(p.price * 100) / 100
  let currency = p.currency ? p.currency.trim().toUpperCase() : null
  if (currency && !CURRENCIES.has(currency)) errors[`items.${i}.currency`] = UNKNOWN_CURRENCY_MESSAGE
  if (price !== null && !currency) errors[`items.${i}.currency`] = CURRENCY_REQUIRED_MESSAGE
  if (price === null) currency = null
  return { name, durationDays: p.durationDays, price, currency }
}

export default async function creatorRoutes(app: App) {
  const pool = new IdentityAdmin(app.identityAdmin, app.config.IDENTITY_USER_POOL_ID, app.config.IDENTITY_MODE === 'embedded' ? app.db : null)
  const urlOf: UrlOf = urlReader(app)

  /** The whole draft as the caller sees it. */
  async function draftOf(db: Queryable, uuid: string, role: CourseRole) {
    const row = await findCourse(db, uuid)
    if (!row) throw notAuthorized()
    const [plans, collaborators] = await Promise.all([listPlans(db, uuid), listCollaborators(db, uuid)])
    return toDraft(row, { plans, collaborators, role, urlOf })
  }

  /**
   * A user the course can be shared with: found by username or e-mail, enabled, and a creator or
   * reviewer (the builder's people); the owner is refused with the spec's message.
   */
  async function invitee(username: string, owner: string | null): Promise<{ sub: string; username: string; name: string }> {
    const user = await identity(() => pool.getUser(username.trim()))
    if (!user || !user.enabled) throw new HttpError(404, USER_NOT_FOUND_MESSAGE, 'NOT_FOUND', { username: USER_NOT_FOUND_MESSAGE })
    const sub = user.attributes.sub || user.username
    if (owner !== null && sub === owner) throw new HttpError(409, ALREADY_OWNER_MESSAGE, 'ALREADY_OWNER', { username: ALREADY_OWNER_MESSAGE })
    const groups = await identity(() => pool.groupsOf(user.username))
    if (!groups.includes('creator') && !groups.includes('reviewer')) throw new HttpError(400, NOT_A_CREATOR_MESSAGE, 'NOT_A_CREATOR', { username: NOT_A_CREATOR_MESSAGE })
    return { sub, username: user.username, name: user.name }
  }

  /** The collaborator row a username (or e-mail) names, if the course has one. */
  async function collaboratorNamed(db: Queryable, uuid: string, username: string): Promise<CollaboratorRow | null> {
    const rows = await listCollaborators(db, uuid)
    const wanted = username.trim().toLowerCase()
    const direct = rows.find((r) => r.username.toLowerCase() === wanted)
    if (direct) return direct
    const user = await identity(() => pool.getUser(username.trim()))
    if (!user) return null
    const sub = user.attributes.sub || user.username
    return rows.find((r) => r.user_sub === sub) ?? null
  }

  /** Creators and reviewers not yet on the course, matching `search` in name, e-mail or username. */
  async function invitable(uuid: string, owner: string | null, search: string): Promise<Invitable[]> {
    const taken = new Set((await listCollaborators(app.db, uuid)).map((c) => c.user_sub))
    if (owner) taken.add(owner)
    const q = fold(search.trim())
    const found = new Map<string, PoolUser>()
    for (const group of ['creator', 'reviewer']) {
      let token: string | undefined
      // Builder groups are small; a few pages of the identity service cover them.
      for (let pages = 0; pages < 10; pages++) {
        const page = await identity(() => pool.listUsers({ group, limit: 60, token }))
        for (const u of page.users) {
          const sub = u.attributes.sub || u.username
          if (!u.enabled || taken.has(sub) || found.has(u.username)) continue
          if (q && ![u.name, u.email, u.username].some((v) => fold(v).includes(q))) continue
          found.set(u.username, u)
        }
        if (!page.token) break
        token = page.token
      }
    }
    return [...found.values()]
      .sort((a, b) => a.name.localeCompare(b.name) || a.email.localeCompare(b.email))
      .slice(0, 25)
      .map((u) => ({ username: u.username, name: u.name, email: u.email }))
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
      { schema: { tags, summary: 'Starts a course; the caller becomes its owner', body: StartBody, response: { 201: StartResponse, ...courseErrorResponses(400, 401, 403) } } },
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
        { schema: { tags, summary: 'How many courses the same list holds', params: CourseListParams, response: { 200: CourseCountResponse, ...courseErrorResponses(400, 401, 403) } } },
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
        for (const key of ['briefDescription', 'description', 'requirements', 'certificateDetails'] as const) if (given[key] !== undefined) fields[key] = given[key].trim()
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

    if (!legacy) {
      // The legacy builder writes reach these through `POST /api/courses/creator/builder/:action`.
      app.post(
        `${base}/builder/faq-update`,
        { schema: { tags, summary: 'Replaces the FAQ', body: FaqUpdateBody, response: { 200: FaqResponse, ...courseErrorResponses(400, 401, 403, 404, 409) } } },
        async (request) => {
          const { uuid, revision, items } = request.body
          const errors: Record<string, string> = {}
          const ids = new Set<string>()
          const faq: FaqItem[] = items.map((item, i) => {
            const question = item.question.trim()
            const answer = item.answer.trim()
            if (!question) errors[`items.${i}.question`] = 'Required'
            if (!answer) errors[`items.${i}.answer`] = 'Required'
            const id = item.id && !ids.has(item.id) ? item.id : randomUUID()
            ids.add(id)
            return { id, question, answer }
          })
          if (Object.keys(errors).length) throw invalid(errors)
          const principal = actorOf(request)
          return courseWrite(app.db, principal, uuid, 'edit', revision, async (tx, next) => {
            await setFaq(tx, uuid, faq)
            return { revision: next, items: faq }
          })
        },
      )

      app.post(
        `${base}/builder/tags-update`,
        { schema: { tags, summary: 'Replaces the tags (duplicates ignoring case are dropped)', body: TagsUpdateBody, response: { 200: TagsResponse, ...courseErrorResponses(400, 401, 403, 404, 409) } } },
        async (request) => {
          const { uuid, revision } = request.body
          const items = distinct(request.body.items)
          const principal = actorOf(request)
          return courseWrite(app.db, principal, uuid, 'edit', revision, async (tx, next) => {
            await setTags(tx, uuid, items)
            return { revision: next, items }
          })
        },
      )

      app.post(
        `${base}/builder/subscription-update`,
        {
          schema: {
            tags,
            summary: "Replaces the subscription plans; a removed plan that learners hold is archived. An invalid duration answers 'Invalid duration time'",
            body: SubscriptionUpdateBody,
            response: { 200: PlansResponse, ...courseErrorResponses(400, 401, 403, 404, 409) },
          },
          // Validation errors are answered by the handler, so every bad duration gets the spec's message.
          attachValidation: true,
        },
        async (request) => {
          if (request.validationError) {
            const errors = fieldErrors((request.validationError as unknown as { validation: Parameters<typeof fieldErrors>[0] }).validation)
            for (const key of Object.keys(errors)) if (/^items\.\d+\.durationDays$/.test(key)) errors[key] = INVALID_DURATION_MESSAGE
            throw invalid(errors)
          }
          const { uuid, revision, items } = request.body
          const errors: Record<string, string> = {}
          const values = items.map((p, i) => checkPlan(p, i, errors))
          const names = new Set<string>()
          values.forEach((v, i) => {
            const key = v.name.toLowerCase()
            if (names.has(key)) errors[`items.${i}.name`] = 'Another plan has this name'
            names.add(key)
          })
          if (Object.keys(errors).length) throw invalid(errors)
          const principal = actorOf(request)
          return app.db.transaction(async (tx) => {
            await requireCourse(tx, principal, uuid, 'edit')
            const current = await listPlans(tx, uuid)
            const byId = new Map(current.map((p) => [p.id, p]))
            const unknown: Record<string, string> = {}
            items.forEach((p, i) => {
              if (p.id && !byId.has(p.id)) unknown[`items.${i}.id`] = 'This plan is not in the course (reload it)'
            })
            if (Object.keys(unknown).length) throw invalid(unknown)
            const next = await bumpRevision(tx, uuid, revision)
            const kept = new Set(items.map((p) => p.id).filter(Boolean))
            for (const p of current) if (!kept.has(p.id)) await removePlan(tx, p)
            for (const [i, p] of items.entries()) {
              if (p.id) await updatePlan(tx, p.id, values[i], i)
              else await insertPlan(tx, uuid, values[i], i)
            }
            return { revision: next, items: (await listPlans(tx, uuid)).map(toPlan) }
          })
        },
      )

      app.post(
        `${base}/builder/collaborators-update`,
        {
          schema: {
            tags,
            summary: 'Replaces the people the course is shared with (owner and admins)',
            body: CollaboratorsUpdateBody,
            response: { 200: CollaboratorsResponse, ...courseErrorResponses(400, 401, 403, 404, 409) },
          },
        },
        async (request) => {
          const { uuid, revision, items } = request.body
          const principal = actorOf(request)
          await requireCourse(app.db, principal, uuid, 'manage')
          const course = await findCourse(app.db, uuid)
          if (!course) throw notAuthorized()
          const current = await listCollaborators(app.db, uuid)
          const wanted = new Map<string, { sub: string; username: string; name: string }>()
          for (const { username } of items) {
            const known = current.find((c) => c.username.toLowerCase() === username.trim().toLowerCase())
            const who = known ? { sub: known.user_sub, username: known.username, name: known.name } : await invitee(username, course.created_by)
            wanted.set(who.sub, who)
          }
          return courseWrite(app.db, principal, uuid, 'manage', revision, async (tx, next) => {
            for (const c of await listCollaborators(tx, uuid)) if (!wanted.has(c.user_sub)) await removeCollaborator(tx, uuid, c.user_sub)
            for (const who of wanted.values()) await addCollaborator(tx, uuid, who, principal.sub)
            return { revision: next, items: (await listCollaborators(tx, uuid)).map(toCollaborator) }
          })
        },
      )
    }

    app.put(
      `${base}/builder/share/add/collaborators/:id`,
      {
        schema: {
          tags,
          summary: "Shares the course with a creator or reviewer by username or e-mail (owner and admins); the owner: 409 \"You're already owner of the course\"",
          params: CourseIdParams,
          body: ShareBody,
          response: { 200: CollaboratorsResponse, ...courseErrorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        const uuid = request.params.id
        const { username, revision } = request.body
        const principal = actorOf(request)
        await requireCourse(app.db, principal, uuid, 'manage')
        const course = await findCourse(app.db, uuid)
        if (!course) throw notAuthorized()
        const who = await invitee(username, course.created_by)
        return courseWrite(app.db, principal, uuid, 'manage', revision, async (tx, next) => {
          await addCollaborator(tx, uuid, who, principal.sub)
          return { revision: next, items: (await listCollaborators(tx, uuid)).map(toCollaborator) }
        })
      },
    )

    app.put(
      `${base}/builder/share/remove/collaborators/:id`,
      {
        schema: {
          tags,
          summary: 'Stops sharing the course with a collaborator (owner and admins); removing someone who is not one changes nothing',
          params: CourseIdParams,
          body: ShareBody,
          response: { 200: CollaboratorsResponse, ...courseErrorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        const uuid = request.params.id
        const { username, revision } = request.body
        const principal = actorOf(request)
        await requireCourse(app.db, principal, uuid, 'manage')
        const row = await collaboratorNamed(app.db, uuid, username)
        return courseWrite(app.db, principal, uuid, 'manage', revision, async (tx, next) => {
          if (row) await removeCollaborator(tx, uuid, row.user_sub)
          return { revision: next, items: (await listCollaborators(tx, uuid)).map(toCollaborator) }
        })
      },
    )

    app.get(
      `${base}/share/collaborators/:id`,
      { schema: { tags, summary: 'The people the course is shared with', params: CourseIdParams, response: { 200: CollaboratorList, ...courseErrorResponses(400, 401, 403, 404) } } },
      async (request) => {
        await requireCourse(app.db, actorOf(request), request.params.id, 'read')
        return { items: (await listCollaborators(app.db, request.params.id)).map(toCollaborator) }
      },
    )

    app.get(
      `${base}/share/creators/:id`,
      {
        schema: {
          tags,
          summary: 'Creators and reviewers the course can be shared with (owner and admins), optionally matching ?search= in name, e-mail or username',
          params: CourseIdParams,
          querystring: CreatorsQuery,
          response: { 200: InvitableList, ...courseErrorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        await requireCourse(app.db, actorOf(request), request.params.id, 'manage')
        const course = await findCourse(app.db, request.params.id)
        if (!course) throw notAuthorized()
        return { items: await invitable(request.params.id, course.created_by, request.query.search ?? '') }
      },
    )

    app.post(
      `${base}/builder/clone`,
      {
        schema: {
          tags,
          summary: 'Copies a course the caller edits (general data, media, FAQ, tags, plans, every section and block) into a new draft the caller owns, named "<name> (copy)"',
          body: CloneBody,
          response: { 201: CloneResponse, ...courseErrorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        const principal = actorOf(request)
        const created = await app.db.transaction(async (tx) => {
          await requireCourse(tx, principal, request.body.uuid, 'edit')
          return cloneCourseWithContent(tx, request.body.uuid, principal)
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
      return reply.status(res.statusCode).type(String(res.headers['content-type'] ?? 'application/json; charset=utf-8')).send(res.body)
    },
  )
}
