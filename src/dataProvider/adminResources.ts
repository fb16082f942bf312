import type {
  CreateParams,
  CreateResult,
  GetListParams,
  GetListResult,
  GetOneParams,
  GetOneResult,
  Identifier,
  RaRecord,
  UpdateParams,
  UpdateResult,
} from 'react-admin'
import type { CountResponse } from '../../contracts/admin/common'
import { CATALOGUE_SINGULAR, CATALOGUES, catalogueSchemas, type Catalogue } from '../../contracts/admin/catalogues'
import type { AuditListQuery } from '../../contracts/admin/audit'
import type { CareerCycleBody, CareerSubjectBody, SubjectCourseBody } from '../../contracts/admin/catalogues'
import type { AdminDocument, AdminDocumentResponse, DocumentCreateBody, DocumentPublishBody, DocumentUpdateBody } from '../../contracts/admin/documents'
import type { GroupUsersBody, GroupsListBody } from '../../contracts/admin/groups'
import type {
  ImportFileBody,
  ImportJob,
  ImportJobResponse,
  ImportJobRowsPage,
  ImportJobRowsQuery,
  ImportJobsPage,
  ImportPreview,
} from '../../contracts/admin/import'
import type {
  AdminSubscription,
  AdminSubscriptionResponse,
  RevokeByCourseBody,
  RevokedSubscriptions,
  SubscriptionsListBody,
} from '../../contracts/admin/subscriptions'
import type { MigrationsResponse } from '../../contracts/admin/support'
import type {
  DeviceLogPage,
  SupportAction,
  SupportActionBody,
  SupportActionResponse,
  UserGroups,
  UserSubscriptionsList,
  UsersListBody,
} from '../../contracts/admin/users'
import { httpClient } from './http'

/**
 * The administration resources of requirements §2 mapped onto the API paths of requirements §7, in one table. This
 * module is loaded on the first admin call only (see `./index.ts`), so the public screens do not
 * carry it.
 *
 * Two kinds of list:
 * - token-paged (`{ items, paginationToken, estimated }`): react-admin's partial pagination; page N is
 *   reached by walking the tokens of pages 1…N-1, which are remembered per list and filter;
 * - page-numbered catalogues (`{ items }` + the count route), with react-admin's full pagination.
 */

/** What token-paged lists add to react-admin's list answer; `TokenPagination` shows it. */
export interface TokenListMeta {
  /** The server's estimate of the whole list; null where it cannot count (real Cognito group members). */
  estimated: number | null
}

interface TokenQuery {
  search: string
  filter: Record<string, unknown>
  token: string
  perPage: number
}

interface Call {
  method: 'GET' | 'POST' | 'PUT'
  url: string
  body?: unknown
}

interface TokenList {
  kind: 'token'
  list(q: TokenQuery): Call
  /** The react-admin id of a row. */
  id(row: Record<string, unknown>): Identifier
  one?(id: Identifier): string
  create?: string
  update?(id: Identifier): string
  /** The fields an update sends (the form holds read-only ones too). */
  updateFields?: readonly string[]
}

interface CatalogueList {
  kind: 'catalogue'
  base: string
  singular: string
  /** The fields an update sends besides the revision. */
  writable: readonly string[]
  /** The fields a create sends, when not the same. */
  createFields?: readonly string[]
}

type AdminResource = TokenList | CatalogueList

const enc = encodeURIComponent
const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '')
const post = (url: string, body: unknown): Call => ({ method: 'POST', url, body })

/** The names react-admin knows the admin resources by: their screen paths without the leading '/'. */
export const ADMIN_RESOURCES = {
  users: 'admin/users',
  groups: 'admin/groups',
  groupUsers: 'admin/groups/users',
  subscriptions: 'admin/subscriptions',
  documents: 'admin/documents',
  audit: 'admin/audit',
} as const

/** The audit list's filters as query parameters (shared by the list and its CSV export). */
export function auditQuery(filter: Record<string, unknown>): URLSearchParams {
  const q = new URLSearchParams()
  if (text(filter.actor)) q.set('actor', text(filter.actor))
  if (text(filter.action)) q.set('action', text(filter.action))
  // Dates are whole days in the browser's time zone: from its start, to the start of the next day.
  const day = (v: unknown, next: boolean) => {
    const d = new Date(`${text(v)}T00:00:00`)
    if (next) d.setDate(d.getDate() + 1)
    return d.toISOString()
  }
  if (text(filter.from)) q.set('from', day(filter.from, false))
  if (text(filter.to)) q.set('to', day(filter.to, true))
  return q
}

const catalogueEntry = (c: Catalogue): CatalogueList => {
  const { revision: _revision, ...writable } = catalogueSchemas[c].Update.properties
  return { kind: 'catalogue', base: `/api/v2/admin/${c}`, singular: CATALOGUE_SINGULAR[c], writable: Object.keys(writable) }
}

export const TABLE: Record<string, AdminResource> = {
  [ADMIN_RESOURCES.users]: {
    kind: 'token',
    list: ({ search, filter, token, perPage }) => {
      const filters: UsersListBody['filters'] = {}
      if (text(filter.group)) filters.group = text(filter.group)
      // Select inputs give 'true' / 'false'.
      if (filter.enabled === true || filter.enabled === 'true') filters.enabled = true
      else if (filter.enabled === false || filter.enabled === 'false') filters.enabled = false
      if (filter.searchBy === 'name') filters.searchBy = 'name'
      const body: UsersListBody = { filters, sizePerPage: Math.min(perPage, 60), searchText: search, paginationToken: token }
      return post('/api/admin/users/all', body)
    },
    id: (row) => row.username as string,
    one: (id) => `/api/admin/users/user/${enc(String(id))}`,
    create: '/api/admin/users/create',
    update: (id) => `/api/admin/users/user/${enc(String(id))}`,
    updateFields: ['name', 'email', 'emailVerified', 'locale'],
  },
  [ADMIN_RESOURCES.groups]: {
    kind: 'token',
    list: ({ token, perPage }) => post('/api/v2/admin/groups/all', { sizePerPage: Math.min(perPage, 60), paginationToken: token } satisfies GroupsListBody),
    id: (row) => row.name as string,
  },
  [ADMIN_RESOURCES.groupUsers]: {
    kind: 'token',
    list: ({ search, filter, token, perPage }) =>
      post('/api/v2/admin/groups/users', {
        group: text(filter.group),
        searchText: search,
        paginationToken: token,
        sizePerPage: Math.min(perPage, 60),
      } satisfies GroupUsersBody),
    id: (row) => row.username as string,
  },
  [ADMIN_RESOURCES.subscriptions]: {
    kind: 'token',
    list: ({ search, token, perPage }) =>
      post('/api/admin/subscriptions/all', { sizePerPage: Math.min(perPage, 100), searchText: search, paginationToken: token } satisfies SubscriptionsListBody),
    // A subscription is known by its id and its course's id, as its detail route says.
    id: (row) => `${row.id as string}/${row.courseId as string}`,
    one: (id) => {
      const [subscriptionId, courseId] = String(id).split('/')
      return `/api/admin/subscriptions/subscription/${enc(subscriptionId)}/${enc(courseId ?? '')}`
    },
  },
  [ADMIN_RESOURCES.audit]: {
    kind: 'token',
    list: ({ filter, token, perPage }) => {
      const q = auditQuery(filter)
      q.set('sizePerPage', String(Math.min(perPage, 100) satisfies AuditListQuery['sizePerPage']))
      q.set('paginationToken', token)
      return { method: 'GET', url: `/api/v2/admin/audit/all?${q}` }
    },
    id: (row) => row.id as string,
  },
  ...Object.fromEntries(CATALOGUES.map((c) => [`admin/${c}`, catalogueEntry(c)])),
  [ADMIN_RESOURCES.documents]: {
    kind: 'catalogue',
    base: '/api/v2/admin/documents',
    singular: 'document',
    writable: ['name', 'content', 'translations'] satisfies Array<keyof DocumentUpdateBody>,
    createFields: ['id', 'name', 'content', 'translations'] satisfies Array<keyof DocumentCreateBody>,
  },
}

function entry(resource: string): AdminResource {
  const found = TABLE[resource]
  if (!found) throw new Error(`No API for the admin resource ${resource}`)
  return found
}

/** Remembered tokens of each token list: `tokens.get(key)[n]` opens page n + 1 (page 1 is ''). */
const tokens = new Map<string, Array<string | null>>()

async function send<T>(call: Call): Promise<T> {
  const { json } = await httpClient<T>(call.url, { method: call.method, body: call.body === undefined ? undefined : JSON.stringify(call.body) })
  return json
}

interface TokenAnswer {
  items: Array<Record<string, unknown>>
  paginationToken: string | null
  estimated?: number | null
}

async function getTokenList(resource: string, spec: TokenList, params: GetListParams): Promise<GetListResult> {
  const page = params.pagination?.page ?? 1
  const perPage = params.pagination?.perPage ?? 10
  const filter = { ...(params.filter as Record<string, unknown>) }
  const search = text(filter.q)
  delete filter.q
  const key = JSON.stringify([resource, search, filter, perPage])
  const known = tokens.get(key) ?? ['']
  tokens.set(key, known)
  // Walk forward from the last page whose token is known (after a reload on page 3, say).
  let at = Math.min(page, known.length)
  while (at < page) {
    const token = known[at - 1]
    if (token === null) break
    const answer = await send<TokenAnswer>(spec.list({ search, filter, token, perPage }))
    known[at] = answer.paginationToken
    at += 1
  }
  const token = known[page - 1]
  if (token === null || token === undefined) {
    return { data: [], pageInfo: { hasNextPage: false, hasPreviousPage: page > 1 }, meta: { estimated: null } }
  }
  const answer = await send<TokenAnswer>(spec.list({ search, filter, token, perPage }))
  known[page] = answer.paginationToken
  known.length = page + 1
  return {
    data: answer.items.map((row) => ({ ...row, id: spec.id(row) })),
    pageInfo: { hasNextPage: answer.paginationToken !== null, hasPreviousPage: page > 1 },
    meta: { estimated: answer.estimated ?? null } satisfies TokenListMeta,
  }
}

async function getCatalogueList(spec: CatalogueList, params: GetListParams): Promise<GetListResult> {
  const page = params.pagination?.page ?? 1
  const search = text((params.filter as Record<string, unknown>)?.q)
  // An empty search is the route without its last segment.
  const tail = search ? `${page}/${enc(search)}` : String(page)
  const [list, count] = await Promise.all([
    send<{ items: RaRecord[] }>({ method: 'GET', url: `${spec.base}/all/${tail}` }),
    send<CountResponse>({ method: 'GET', url: `${spec.base}/count/${tail}` }),
  ])
  return { data: list.items, total: count.count }
}

/** Every row of a token list with this filter, page by page (CSV exports). */
export async function getAll(resource: string, filter: Record<string, unknown>, perPage = 60): Promise<RaRecord[]> {
  const spec = entry(resource)
  if (spec.kind !== 'token') throw new Error(`${resource} is not a token list`)
  const rest = { ...filter }
  const search = text(rest.q)
  delete rest.q
  const rows: RaRecord[] = []
  let token: string | null = ''
  while (token !== null) {
    const answer: TokenAnswer = await send<TokenAnswer>(spec.list({ search, filter: rest, token, perPage }))
    rows.push(...answer.items.map((row) => ({ ...row, id: spec.id(row) })))
    token = answer.paginationToken
  }
  return rows
}

/** Optional catalogue fields that an emptied input clears (null), rather than sends as ''. */
const NULLABLE = new Set(['email', 'role', 'logoPath', 'startsOn', 'endsOn', 'code'])

const pick = (data: Record<string, unknown>, fields: readonly string[]) =>
  Object.fromEntries(
    fields.filter((f) => data[f] !== undefined).map((f) => [f, (data[f] === '' || data[f] === null) && NULLABLE.has(f) ? null : (data[f] ?? '')]),
  )

/** Forget the remembered tokens of a resource's lists (after a write changes what they hold). */
const forget = (resource: string) => {
  for (const key of tokens.keys()) if (key.startsWith(`["${resource}"`)) tokens.delete(key)
}

export const adminProvider = {
  async getList(resource: string, params: GetListParams): Promise<GetListResult> {
    const spec = entry(resource)
    return spec.kind === 'token' ? getTokenList(resource, spec, params) : getCatalogueList(spec, params)
  },

  async getOne<R extends RaRecord>(resource: string, params: GetOneParams): Promise<GetOneResult<R>> {
    const spec = entry(resource)
    const url = spec.kind === 'token' ? spec.one?.(params.id) : `${spec.base}/${spec.singular}/${enc(String(params.id))}`
    if (!url) throw new Error(`${resource} has no single-item route`)
    const { Item } = await send<{ Item: Record<string, unknown> }>({ method: 'GET', url })
    return { data: { ...Item, id: spec.kind === 'token' ? spec.id(Item) : (Item.id as Identifier) } as unknown as R }
  },

  async create<R extends RaRecord>(resource: string, params: CreateParams): Promise<CreateResult<R>> {
    const spec = entry(resource)
    const url = spec.kind === 'token' ? spec.create : `${spec.base}/create`
    if (!url) throw new Error(`${resource} cannot be created`)
    const body = spec.kind === 'catalogue' ? pick(params.data, spec.createFields ?? spec.writable) : params.data
    const { Item } = await send<{ Item: Record<string, unknown> }>({ method: 'POST', url, body })
    forget(resource)
    return { data: { ...Item, id: spec.kind === 'token' ? spec.id(Item) : (Item.id as Identifier) } as unknown as R }
  },

  async update<R extends RaRecord>(resource: string, params: UpdateParams): Promise<UpdateResult<R>> {
    const spec = entry(resource)
    const data = params.data as Record<string, unknown>
    const call: Call =
      spec.kind === 'token'
        ? {
            method: 'PUT',
            url: spec.update?.(params.id) ?? '',
            // Absent fields stay as they are: an input left empty (no language chosen) sends nothing.
            body: Object.fromEntries(Object.entries(pick(data, spec.updateFields ?? [])).filter(([, v]) => v !== '' && v !== null)),
          }
        : {
            method: 'PUT',
            url: `${spec.base}/update/${enc(String(params.id))}`,
            // The revision the edit started from: a stale one is refused (409) and the form keeps the edits.
            body: { ...pick(data, spec.writable), revision: (params.previousData as { revision?: number })?.revision ?? data.revision },
          }
    if (!call.url) throw new Error(`${resource} cannot be updated`)
    const { Item } = await send<{ Item: Record<string, unknown> }>(call)
    forget(resource)
    return { data: { ...Item, id: spec.kind === 'token' ? spec.id(Item) : (Item.id as Identifier) } as unknown as R }
  },
}

const json = (body: unknown) => JSON.stringify(body)

/** The calls of the admin screens that are not react-admin CRUD; typed in `AppDataProvider`. */
export const adminVerbs = {
  async getUserGroups(username: string): Promise<UserGroups> {
    return (await httpClient<UserGroups>(`/api/admin/users/groups/${enc(username)}`)).json
  },
  async setUserGroups(username: string, groups: string[]): Promise<UserGroups> {
    forget(ADMIN_RESOURCES.users)
    forget(ADMIN_RESOURCES.groupUsers)
    return (await httpClient<UserGroups>(`/api/admin/users/groups/${enc(username)}`, { method: 'PUT', body: json({ groups } satisfies UserGroups) })).json
  },
  async getUserDevices(username: string, paginationToken = ''): Promise<DeviceLogPage> {
    const q = new URLSearchParams({ paginationToken })
    return (await httpClient<DeviceLogPage>(`/api/admin/users/device-tracking-log/${enc(username)}?${q}`)).json
  },
  async getUserSubscriptionsOf(username: string): Promise<UserSubscriptionsList> {
    return (await httpClient<UserSubscriptionsList>(`/api/admin/users/subscriptions/${enc(username)}`)).json
  },
  async supportAction(action: SupportAction, username: string): Promise<SupportActionResponse> {
    forget(ADMIN_RESOURCES.users)
    return (await httpClient<SupportActionResponse>(`/api/admin/users/${action}`, { method: 'PUT', body: json({ username } satisfies SupportActionBody) })).json
  },
  async revokeSubscription(username: string, course: string): Promise<RevokedSubscriptions> {
    forget(ADMIN_RESOURCES.subscriptions)
    const body: RevokeByCourseBody = { username, course }
    return (await httpClient<RevokedSubscriptions>('/api/admin/courses/course/subscriptors/revoke', { method: 'PUT', body: json(body) })).json
  },
  /** Lets the learner of a revoked subscription subscribe to its course by themselves again. */
  async liftSubscriptionBlock(subscriptionId: string, courseId: string): Promise<AdminSubscription> {
    forget(ADMIN_RESOURCES.subscriptions)
    const url = `/api/admin/subscriptions/subscription/${enc(subscriptionId)}/${enc(courseId)}/lift-block`
    return (await httpClient<AdminSubscriptionResponse>(url, { method: 'PUT' })).json.Item
  },
  async linkCatalogue(link: CatalogueLink, associate: boolean, body: CareerCycleBody | CareerSubjectBody | SubjectCourseBody): Promise<void> {
    const [base, verb] = LINKS[link]
    await httpClient(`/api/v2/admin/${base}/${verb}-${associate ? 'associate' : 'disassociate'}`, { method: 'POST', body: json(body) })
  },
  async publishDocument(id: string, revision: number): Promise<AdminDocument> {
    const body: DocumentPublishBody = { id, revision }
    return (await httpClient<AdminDocumentResponse>('/api/v2/admin/documents/publish', { method: 'POST', body: json(body) })).json.Item
  },
  async previewImport(file: ImportFileBody): Promise<ImportPreview> {
    return (await httpClient<ImportPreview>('/api/v2/admin/users/import/preview', { method: 'POST', body: json(file) })).json
  },
  async startImport(file: ImportFileBody): Promise<ImportJob> {
    forget(ADMIN_RESOURCES.users)
    return (await httpClient<ImportJobResponse>('/api/v2/admin/users/import/jobs', { method: 'POST', body: json(file) })).json.Item
  },
  async getImportJobs(paginationToken = ''): Promise<ImportJobsPage> {
    const q = new URLSearchParams({ sizePerPage: '20', paginationToken })
    return (await httpClient<ImportJobsPage>(`/api/v2/admin/users/import/jobs?${q}`)).json
  },
  async getImportJob(id: string): Promise<ImportJob> {
    return (await httpClient<ImportJobResponse>(`/api/v2/admin/users/import/jobs/${enc(id)}`)).json.Item
  },
  async getImportJobRows(id: string, outcome: ImportJobRowsQuery['outcome'], paginationToken = ''): Promise<ImportJobRowsPage> {
    const q = new URLSearchParams({ paginationToken })
    if (outcome) q.set('outcome', outcome)
    return (await httpClient<ImportJobRowsPage>(`/api/v2/admin/users/import/jobs/${enc(id)}/rows?${q}`)).json
  },
  async exportAuditCsv(filter: Record<string, unknown>): Promise<string> {
    return (await httpClient(`/api/v2/admin/audit/export?${auditQuery(filter)}`, { headers: { Accept: 'text/csv' } })).body
  },
  async getMigrations(): Promise<MigrationsResponse> {
    return (await httpClient<MigrationsResponse>('/api/v2/admin/support/migrations')).json
  },
  getAll,
}

/** The association routes: which catalogue and which verb prefix. */
const LINKS = {
  careerCycle: ['careers', 'cycle'],
  careerSubject: ['careers', 'subject'],
  subjectCourse: ['school-subjects', 'course'],
} as const
export type CatalogueLink = keyof typeof LINKS

export type AdminVerbs = typeof adminVerbs
