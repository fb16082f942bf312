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
import type { CountResponse } from '../../../contracts/admin/common'
import { auditResources, auditVerbs } from './audit'
import { catalogueResources, catalogueVerbs } from './catalogues'
import { forget, send, text, tokens, enc, type AdminResource, type Call, type CatalogueList, type TokenList, type TokenListMeta } from './common'
import { courseVerbs } from './courses'
import { subscriptionResources, subscriptionVerbs } from './subscriptions'
import { userResources, userVerbs } from './users'

/**
 * The administration resources of requirements §2 mapped onto the API paths of requirements §7, one
 * table made of each resource group's entries. This module is loaded on the first admin call only (see
 * `../index.ts`), so the public screens do not carry it.
 */
export { ADMIN_RESOURCES, type TokenListMeta } from './common'
export type { CatalogueLink } from './catalogues'

export const TABLE: Record<string, AdminResource> = { ...userResources, ...subscriptionResources, ...auditResources, ...catalogueResources }

function entry(resource: string): AdminResource {
  const found = TABLE[resource]
  if (!found) throw new Error(`No API for the admin resource ${resource}`)
  return found
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

/** The calls of the admin screens that are not react-admin CRUD; typed in `AppDataProvider`. */
export const adminVerbs = { ...userVerbs, ...subscriptionVerbs, ...catalogueVerbs, ...auditVerbs, ...courseVerbs, getAll }

export type AdminVerbs = typeof adminVerbs
