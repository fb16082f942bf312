import type { Identifier } from 'react-admin'
import { httpClient } from '../http'

/**
 * What every administration resource group shares: the shape of a resource's entry in the table
 * (`./index.ts`), the remembered tokens of token-paged lists, and how a call is sent.
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

export interface TokenQuery {
  search: string
  filter: Record<string, unknown>
  token: string
  perPage: number
}

export interface Call {
  method: 'GET' | 'POST' | 'PUT'
  url: string
  body?: unknown
}

export interface TokenList {
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

export interface CatalogueList {
  kind: 'catalogue'
  base: string
  singular: string
  /** The fields an update sends besides the revision. */
  writable: readonly string[]
  /** The fields a create sends, when not the same. */
  createFields?: readonly string[]
}

export type AdminResource = TokenList | CatalogueList

export const enc = encodeURIComponent
export const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '')
export const post = (url: string, body: unknown): Call => ({ method: 'POST', url, body })
export const json = (body: unknown) => JSON.stringify(body)

/** The names react-admin knows the admin resources by: their screen paths without the leading '/'. */
export const ADMIN_RESOURCES = {
  users: 'admin/users',
  groups: 'admin/groups',
  groupUsers: 'admin/groups/users',
  subscriptions: 'admin/subscriptions',
  documents: 'admin/documents',
  audit: 'admin/audit',
} as const

/** Remembered tokens of each token list: `tokens.get(key)[n]` opens page n + 1 (page 1 is ''). */
export const tokens = new Map<string, Array<string | null>>()

/** Forget the remembered tokens of a resource's lists (after a write changes what they hold). */
export const forget = (resource: string) => {
  for (const key of tokens.keys()) if (key.startsWith(`["${resource}"`)) tokens.delete(key)
}

export async function send<T>(call: Call): Promise<T> {
  const { json } = await httpClient<T>(call.url, { method: call.method, body: call.body === undefined ? undefined : JSON.stringify(call.body) })
  return json
}
