import { ListUsersCommand, ListUsersInGroupCommand, type UserType } from '@aws-sdk/client-cognito-identity-provider'
import type { Queryable } from '../db/index.js'
import { IdentityAdminError, quoted, toPoolUser, type PoolUser, type UserQuery } from './admin-model.js'

/** What a listing needs of the adapter: its pool, its signed send, and the embedded pool's database (null on Cognito). */
export interface PoolAccess {
  readonly poolId: string
  readonly db: Queryable | null
  send<T>(command: { input: unknown }): Promise<T>
}

/** Our list token: the identity service's token of the page being read, and how many of its users were already given. */
interface ListCursor {
  t: string | null
  s: number
}
function readCursor(token: string | undefined): ListCursor {
  if (!token) return { t: null, s: 0 }
  try {
    const v = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as unknown
    if (v && typeof v === 'object' && 's' in v && 't' in v) {
      const { t, s } = v as { t: unknown; s: unknown }
      if ((t === null || (typeof t === 'string' && t.length > 0 && t.length < 2048)) && Number.isInteger(s) && (s as number) >= 0 && (s as number) <= 60)
        return { t: t as string | null, s: s as number }
    }
  } catch {
    // answered below
  }
  throw new IdentityAdminError('invalid', 'Invalid pagination token')
}
const writeCursor = (c: ListCursor) => Buffer.from(JSON.stringify(c)).toString('base64url')

/** How many pages of the identity service one list request reads at most when filtering on our side. */
const MAX_SCAN_PAGES = 20
export const PAGE = 60

/**
 * One page of users. The identity service filters on one thing (a group, else the search prefix,
 * else the status, else enabled); the rest is checked here, reading at most MAX_SCAN_PAGES pages, so
 * a page may be short while a token still follows.
 */
export async function listUsers(pool: PoolAccess, q: UserQuery): Promise<{ users: PoolUser[]; token: string | null }> {
  const cursor = readCursor(q.token)
  const search = q.search?.trim() ?? ''
  const searchBy = q.searchBy ?? 'email'
  const searchValue = searchBy === 'email' ? search.toLowerCase() : search
  let serverFilter: string | undefined
  const checks: Array<(u: PoolUser) => boolean> = []
  const prefix = (u: PoolUser) => (searchBy === 'email' ? u.email.toLowerCase() : u.name).startsWith(searchValue)
  let memberOf: string | undefined
  const members = new Set<string>()
  if (q.group && search && pool.db) {
    // Embedded: the prefix search narrows far more than a group does, so the pool searches and
    // membership is checked here, one query per page read.
    serverFilter = `${searchBy} ^= ${quoted(searchValue)}`
    memberOf = q.group
    if (q.status) checks.push((u) => u.status === q.status)
  } else if (q.group) {
    if (search) checks.push(prefix)
    if (q.status) checks.push((u) => u.status === q.status)
  } else if (search) {
    serverFilter = `${searchBy} ^= ${quoted(searchValue)}`
    if (q.status) checks.push((u) => u.status === q.status)
  } else if (q.status) {
    serverFilter = `cognito:user_status = ${quoted(q.status)}`
  }
  if (memberOf) checks.push((u) => members.has(u.username))
  if (q.enabled !== undefined) {
    if (!serverFilter && !q.group) serverFilter = `status = ${quoted(q.enabled ? 'Enabled' : 'Disabled')}`
    else checks.push((u) => u.enabled === q.enabled)
  }
  const limit = checks.length > 0 ? PAGE : q.limit
  const users: PoolUser[] = []
  let pageToken = cursor.t
  let skip = cursor.s
  for (let pages = 0; pages < MAX_SCAN_PAGES; pages++) {
    const { list, next } = await rawPage(pool, { group: memberOf ? undefined : q.group, filter: serverFilter, limit, token: pageToken })
    if (memberOf && pool.db && list.length) {
      const { rows } = await pool.db.query<{ username: string }>(
        'SELECT username FROM identity_user_groups WHERE group_name = $1 AND username = ANY($2::text[])',
        [memberOf, list.map((u) => u.username)],
      )
      members.clear()
      for (const r of rows) members.add(r.username)
    }
    for (let i = skip; i < list.length; i++) {
      const user = list[i]
      if (!checks.every((c) => c(user))) continue
      users.push(user)
      if (users.length === q.limit) {
        const rest = i + 1 < list.length ? { t: pageToken, s: i + 1 } : next ? { t: next, s: 0 } : null
        return { users, token: rest ? writeCursor(rest) : null }
      }
    }
    skip = 0
    if (!next) return { users, token: null }
    pageToken = next
    if (checks.length === 0) return { users, token: writeCursor({ t: next, s: 0 }) }
  }
  return { users, token: pageToken ? writeCursor({ t: pageToken, s: 0 }) : null }
}

async function rawPage(
  pool: PoolAccess,
  p: { group?: string; filter?: string; limit: number; token: string | null },
): Promise<{ list: PoolUser[]; next: string | null }> {
  if (p.group) {
    const out = await pool.send<{ Users?: UserType[]; NextToken?: string }>(
      new ListUsersInGroupCommand({ UserPoolId: pool.poolId, GroupName: p.group, Limit: p.limit, NextToken: p.token ?? undefined }),
    )
    return { list: (out.Users ?? []).map(toPoolUser), next: out.NextToken ?? null }
  }
  const out = await pool.send<{ Users?: UserType[]; PaginationToken?: string }>(
    new ListUsersCommand({ UserPoolId: pool.poolId, Limit: p.limit, Filter: p.filter, PaginationToken: p.token ?? undefined }),
  )
  return { list: (out.Users ?? []).map(toPoolUser), next: out.PaginationToken ?? null }
}
