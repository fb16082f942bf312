import {
  CATALOGUES,
  CATALOGUE_SINGULAR,
  CATEGORY_NAME_MESSAGE,
  CATEGORY_NAME_PATTERN,
  CareerCycleBody,
  CareerSubjectBody,
  SubjectCourseBody,
  catalogueItemResponse,
  cataloguePage,
  catalogueSchemas,
  type Catalogue,
  type CatalogueItem,
} from '../../../contracts/admin/catalogues.js'
import { CATALOGUE_PAGE_SIZE, CountResponse, PageSearchParams, UuidParams } from '../../../contracts/admin/common.js'
import { errorResponses } from '../../../contracts/errors.js'
import type { Queryable } from '../../db/index.js'
import { HttpError } from '../../http/http-error.js'
import type { App } from '../../types.js'
import { actorOf } from '../../http/actor.js'
import { iso } from '../../http/dates.js'
import { notFound, stale } from '../../http/errors.js'
import { recordAudit } from '../admin-audit/queries.js'
import { identity } from '../../http/identity-errors.js'
import {
  LINKS,
  TABLES,
  countMatching,
  findRow,
  insertRow,
  link,
  linkedOf,
  listPage,
  otherExists,
  unlink,
  updateRow,
  type LinkTable,
  type Row,
} from './queries.js'
import { catalogueUploadRoutes, requireCatalogueFile, withFileUrl } from './uploads.js'

/** Rows are mapped by the catalogue's table description; the response schema checks the shape. */
type AnyItem = CatalogueItem<Catalogue>

/** Words for the messages. */
const LABEL: Record<Catalogue, string> = {
  categories: 'category',
  collaborators: 'collaborator',
  tags: 'tag',
  difficulties: 'difficulty',
  certificates: 'certificate',
  organizations: 'organization',
  statuses: 'status',
  'school-cycles': 'school cycle',
  careers: 'career',
  'school-subjects': 'school subject',
}

/** The unique index a duplicate hit, as a field error. */
function duplicate(error: unknown, c: Catalogue): HttpError | null {
  const e = error as { code?: string; constraint?: string }
  if (e.code !== '23505') return null
  const field = e.constraint?.endsWith('_level') ? 'level' : e.constraint?.endsWith('_domain') ? 'domain' : e.constraint?.endsWith('_code') ? 'code' : 'name'
  const message = `Another ${LABEL[c]} has this ${field === 'name' ? 'name' : field} already`
  return new HttpError(409, message, 'DUPLICATE', { [field]: message })
}

/** Checks the schemas cannot express, with the screens' wording. */
function check(c: Catalogue, body: Record<string, unknown>) {
  const errors: Record<string, string> = {}
  const name = String(body.name ?? '').trim()
  if (!name) errors.name = 'Required'
  if (c === 'categories' && name && !CATEGORY_NAME_PATTERN.test(name)) errors.name = CATEGORY_NAME_MESSAGE
  if (c === 'school-cycles' && body.startsOn && body.endsOn && String(body.endsOn) < String(body.startsOn))
    errors.endsOn = 'The end date must not be before the start date'
  if (Object.keys(errors).length) throw new HttpError(400, 'Invalid request', 'VALIDATION', errors)
  return { ...body, name, description: String(body.description ?? '').trim() }
}

/** Rows as items: base fields, own fields by API name, and the links careers and subjects show. */
async function toItems(db: Queryable, c: Catalogue, rows: Row[]): Promise<AnyItem[]> {
  const t = TABLES[c]
  const ids = rows.map((r) => r.id)
  const links: Record<string, Map<string, unknown[]>> = {}
  if (c === 'careers') {
    links.schoolCycles = await linkedOf(db, LINKS.careerCycles, ids)
    links.schoolSubjects = await linkedOf(db, LINKS.careerSubjects, ids)
  }
  if (c === 'school-subjects') links.courses = await linkedOf(db, LINKS.subjectCourses, ids)
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    revision: r.revision,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
    ...Object.fromEntries(Object.entries(t.columns).map(([field, col]) => [field, r[col] ?? null])),
    ...Object.fromEntries(Object.entries(links).map(([field, map]) => [field, map.get(r.id) ?? []])),
  })) as AnyItem[]
}

async function itemOf(db: Queryable, c: Catalogue, id: string) {
  const row = await findRow(db, TABLES[c], id)
  if (!row) throw notFound(`${LABEL[c].charAt(0).toUpperCase()}${LABEL[c].slice(1)} not found`)
  return (await toItems(db, c, [row]))[0]
}

/**
 * An organisation's managers are the pool group named as its domain (decision 0038): saving the
 * organisation makes that group when the pool lacks it, so administrators can add people to it at once.
 */
async function ensureManagersGroup(app: App, c: Catalogue, item: AnyItem) {
  if (c !== 'organizations' || !('domain' in item)) return
  await identity(() => app.identityUsers.ensureGroup(item.domain, `Managers of the organization ${item.name}`))
}

/** Catalogues (requirements §7 "Catalogues"): page, count, get, create, update; remove is not exposed. */
export default async function catalogueRoutes(app: App) {
  await catalogueUploadRoutes(app)
  for (const c of CATALOGUES) {
    const t = TABLES[c]
    const schemas = catalogueSchemas[c]
    const tags = [`admin: ${c}`]
    const base = `/${c}`

    const listHandler = async (request: { params: { page: number; search?: string } }) => {
      const rows = await listPage(app.db, t, request.params.page, (request.params.search ?? '').trim())
      return { items: await toItems(app.db, c, rows) }
    }
    const countHandler = async (request: { params: { search?: string } }) => {
      const count = await countMatching(app.db, t, (request.params.search ?? '').trim())
      return { count, pageSize: CATALOGUE_PAGE_SIZE, pages: Math.ceil(count / CATALOGUE_PAGE_SIZE) }
    }
    for (const suffix of ['', '/:search']) {
      app.get(
        `${base}/all/:page${suffix}`,
        {
          schema: {
            tags,
            summary: `One page of ${c} by name (search in name and description; may be empty)`,
            params: PageSearchParams,
            response: { 200: cataloguePage(c), ...errorResponses(400, 401, 403) },
          },
        },
        listHandler,
      )
      app.get(
        `${base}/count/:page${suffix}`,
        {
          schema: {
            tags,
            summary: `How many ${c} match the search`,
            params: PageSearchParams,
            response: { 200: CountResponse, ...errorResponses(400, 401, 403) },
          },
        },
        countHandler,
      )
    }

    app.get(
      `${base}/${CATALOGUE_SINGULAR[c]}/:id`,
      { schema: { tags, summary: `One ${LABEL[c]}`, params: UuidParams, response: { 200: catalogueItemResponse(c), ...errorResponses(400, 401, 403, 404) } } },
      async (request) => ({ Item: await withFileUrl(app, c, await itemOf(app.db, c, request.params.id)) }),
    )

    app.post(
      `${base}/create`,
      {
        schema: {
          tags,
          summary: `Creates a ${LABEL[c]}`,
          body: schemas.Create,
          response: { 201: catalogueItemResponse(c), ...errorResponses(400, 401, 403, 409) },
        },
      },
      async (request, reply) => {
        const values = check(c, request.body as Record<string, unknown>)
        await requireCatalogueFile(app, c, values)
        const actor = actorOf(request)
        try {
          const item = await app.db.transaction(async (tx) => {
            const id = await insertRow(tx, t, values)
            const created = await itemOf(tx, c, id)
            await recordAudit(tx, actor, { action: 'catalogues.create', targetType: LABEL[c], targetId: id, before: null, after: created })
            return created
          })
          await ensureManagersGroup(app, c, item)
          return reply.status(201).send({ Item: await withFileUrl(app, c, item) })
        } catch (error) {
          throw duplicate(error, c) ?? error
        }
      },
    )

    app.put(
      `${base}/update/:id`,
      {
        schema: {
          tags,
          summary: `Updates a ${LABEL[c]} (stale revision: 409)`,
          params: UuidParams,
          body: schemas.Update,
          response: { 200: catalogueItemResponse(c), ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        const { revision, ...rest } = request.body as Record<string, unknown> & { revision: number }
        const values = check(c, rest)
        const actor = actorOf(request)
        const { id } = request.params
        await requireCatalogueFile(app, c, values, await itemOf(app.db, c, id))
        try {
          const item = await app.db.transaction(async (tx) => {
            const before = await itemOf(tx, c, id)
            if (!(await updateRow(tx, t, id, revision, values))) throw stale()
            const after = await itemOf(tx, c, id)
            await recordAudit(tx, actor, { action: 'catalogues.update', targetType: LABEL[c], targetId: id, before, after })
            return after
          })
          await ensureManagersGroup(app, c, item)
          return { Item: await withFileUrl(app, c, item) }
        } catch (error) {
          throw duplicate(error, c) ?? error
        }
      },
    )
  }

  /** Link routes: the owner (career, subject) and the other side exist, then the link is added or removed. */
  const linkRoute = (
    path: string,
    owner: Catalogue,
    l: LinkTable,
    body: typeof CareerCycleBody | typeof CareerSubjectBody | typeof SubjectCourseBody,
    keys: [string, string],
    otherLabel: string,
    add: boolean,
  ) =>
    app.post(
      path,
      {
        schema: {
          tags: [`admin: ${owner}`],
          summary: `${add ? 'Links' : 'Unlinks'} a ${otherLabel} ${add ? 'to' : 'from'} a ${LABEL[owner]}`,
          body,
          response: { 200: catalogueItemResponse(owner), ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const b = request.body as Record<string, string>
        const [ownerId, otherId] = [b[keys[0]], b[keys[1]]]
        const actor = actorOf(request)
        const item = await app.db.transaction(async (tx) => {
          const before = await itemOf(tx, owner, ownerId)
          if (!(await otherExists(tx, l, otherId))) throw notFound(`${otherLabel.charAt(0).toUpperCase()}${otherLabel.slice(1)} not found`)
          const changed = add ? await link(tx, l, ownerId, otherId) : await unlink(tx, l, ownerId, otherId)
          const after = await itemOf(tx, owner, ownerId)
          if (changed) {
            await recordAudit(tx, actor, {
              action: add ? 'catalogues.associate' : 'catalogues.disassociate',
              targetType: LABEL[owner],
              targetId: ownerId,
              before,
              after,
            })
          }
          return after
        })
        return { Item: item }
      },
    )

  for (const add of [true, false]) {
    const verb = add ? 'associate' : 'disassociate'
    linkRoute(`/careers/cycle-${verb}`, 'careers', LINKS.careerCycles, CareerCycleBody, ['career', 'cycle'], 'school cycle', add)
    linkRoute(`/careers/subject-${verb}`, 'careers', LINKS.careerSubjects, CareerSubjectBody, ['career', 'subject'], 'school subject', add)
    linkRoute(`/school-subjects/course-${verb}`, 'school-subjects', LINKS.subjectCourses, SubjectCourseBody, ['subject', 'course'], 'course', add)
  }
}
