import crypto from 'node:crypto'
import {
  AdminAddUserToGroupCommand,
  AdminConfirmSignUpCommand,
  AdminCreateUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminGetUserCommand,
  AdminListDevicesCommand,
  AdminListGroupsForUserCommand,
  AdminRemoveUserFromGroupCommand,
  AdminResetUserPasswordCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
  DescribeUserPoolCommand,
  ListGroupsCommand,
  ListUsersCommand,
  ListUsersInGroupCommand,
  type AttributeType,
  type DeviceType,
  type GroupType,
  type UserType,
} from '@aws-sdk/client-cognito-identity-provider'
import type { FastifyInstance } from 'fastify'
import type { Queryable } from '../db/index.js'

/**
 * The SDK client the API server uses for admin operations. Embedded: signed with the service's own
 * key pair and delivered in-process through `app.inject` (no socket, works before `listen`), so it
 * goes through exactly the same SigV4 check as any outside caller. Real Cognito: the default AWS
 * credential chain (environment, profile, instance role).
 */
export function embeddedAdminClient(app: FastifyInstance, region: string, credentials: { accessKeyId: string; secretAccessKey: string }) {
  return new CognitoIdentityProviderClient({
    region,
    credentials,
    endpoint: 'http://identity.internal/identity/',
    requestHandler: {
      async handle(request: { method: string; path: string; query?: Record<string, string>; headers: Record<string, string>; body?: string | Uint8Array }) {
        const body = request.body
        // A view, not Buffer.from(body): the SDK's body adapter warns when it is read as a string.
        const payload = typeof body === 'string' ? body : body ? Buffer.from(body.buffer, body.byteOffset, body.byteLength) : undefined
        const res = await app.inject({ method: request.method as 'POST', url: request.path, headers: request.headers, payload })
        const headers: Record<string, string> = {}
        for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(',') : String(v)
        return { response: { statusCode: res.statusCode, headers, body: new Uint8Array(res.rawPayload) } }
      },
      updateHttpClientConfig() {},
      httpHandlerConfigs: () => ({}),
    } as never,
  })
}

export function cognitoAdminClient(region: string) {
  return new CognitoIdentityProviderClient({ region })
}

/** A pool user as the admin API sees it, whichever pool answers. */
export interface PoolUser {
  username: string
  email: string
  name: string
  status: string
  enabled: boolean
  emailVerified: boolean
  attributes: Record<string, string>
  createdAt: Date
  updatedAt: Date
}

export interface PoolGroup {
  name: string
  description: string | null
  precedence: number | null
  createdAt: Date
  updatedAt: Date
}

export interface PoolDevice {
  key: string
  name: string | null
  status: string | null
  lastIp: string | null
  createdAt: Date | null
  lastModifiedAt: Date | null
  lastAuthenticatedAt: Date | null
}

/** What a user list may be narrowed by; see `IdentityAdmin.listUsers`. */
export interface UserQuery {
  search?: string
  searchBy?: 'email' | 'name'
  group?: string
  enabled?: boolean
  status?: string
  limit: number
  /** Our continuation token (opaque to callers). */
  token?: string
}

/** An identity-service refusal the API answers as a client error (mapped by the routes). */
export class IdentityAdminError extends Error {
  constructor(
    readonly kind: 'not-found' | 'exists' | 'invalid' | 'state' | 'group-not-found',
    message: string,
  ) {
    super(message)
  }
}

const attr = (list: Array<{ Name?: string; Value?: string }> | undefined) =>
  Object.fromEntries((list ?? []).filter((a) => a.Name).map((a) => [a.Name!, a.Value ?? '']))

const date = (d: Date | number | undefined): Date => (d instanceof Date ? d : typeof d === 'number' ? new Date(d * 1000) : new Date(0))

function toPoolUser(u: {
  Username?: string
  Attributes?: AttributeType[]
  UserAttributes?: AttributeType[]
  UserStatus?: string
  Enabled?: boolean
  UserCreateDate?: Date
  UserLastModifiedDate?: Date
}): PoolUser {
  const attributes = attr(u.Attributes ?? u.UserAttributes)
  return {
    username: u.Username ?? '',
    email: attributes.email ?? '',
    name: attributes.name ?? '',
    status: u.UserStatus ?? 'UNKNOWN',
    enabled: u.Enabled !== false,
    emailVerified: attributes.email_verified === 'true',
    attributes,
    createdAt: date(u.UserCreateDate),
    updatedAt: date(u.UserLastModifiedDate),
  }
}

/** ListUsers filter value: quotes and backslashes escaped as Cognito's filter grammar wants. */
const quoted = (v: string) => `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`

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
const PAGE = 60

/**
 * The one adapter every admin user and group route goes through. It speaks only the Cognito admin API
 * (SigV4-signed), so it behaves the same against the embedded pool and against real Amazon Cognito.
 * `db` is given in embedded mode only, for the counts the embedded pool keeps in the same database
 * (Cognito answers them with DescribeUserPool, or not at all for a group's size).
 */
export class IdentityAdmin {
  private estimate: { at: number; value: number } | null = null

  constructor(
    private readonly client: CognitoIdentityProviderClient,
    readonly poolId: string,
    private readonly db: Queryable | null,
  ) {}

  private async send<T>(command: { input: unknown }): Promise<T> {
    try {
      return (await this.client.send(command as never)) as T
    } catch (error) {
      throw mapError(error)
    }
  }

  /**
   * One page of users. The identity service filters on one thing (a group, else the search prefix,
   * else the status, else enabled); the rest is checked here, reading at most MAX_SCAN_PAGES pages, so
   * a page may be short while a token still follows.
   */
  async listUsers(q: UserQuery): Promise<{ users: PoolUser[]; token: string | null }> {
    const cursor = readCursor(q.token)
    const search = q.search?.trim() ?? ''
    const searchBy = q.searchBy ?? 'email'
    const searchValue = searchBy === 'email' ? search.toLowerCase() : search
    let serverFilter: string | undefined
    const checks: Array<(u: PoolUser) => boolean> = []
    const prefix = (u: PoolUser) => (searchBy === 'email' ? u.email.toLowerCase() : u.name).startsWith(searchValue)
    let memberOf: string | undefined
    const members = new Set<string>()
    if (q.group && search && this.db) {
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
      const { list, next } = await this.rawPage({ group: memberOf ? undefined : q.group, filter: serverFilter, limit, token: pageToken })
      if (memberOf && this.db && list.length) {
        const { rows } = await this.db.query<{ username: string }>(
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

  private async rawPage(p: { group?: string; filter?: string; limit: number; token: string | null }): Promise<{ list: PoolUser[]; next: string | null }> {
    if (p.group) {
      const out = await this.send<{ Users?: UserType[]; NextToken?: string }>(
        new ListUsersInGroupCommand({ UserPoolId: this.poolId, GroupName: p.group, Limit: p.limit, NextToken: p.token ?? undefined }),
      )
      return { list: (out.Users ?? []).map(toPoolUser), next: out.NextToken ?? null }
    }
    const out = await this.send<{ Users?: UserType[]; PaginationToken?: string }>(
      new ListUsersCommand({ UserPoolId: this.poolId, Limit: p.limit, Filter: p.filter, PaginationToken: p.token ?? undefined }),
    )
    return { list: (out.Users ?? []).map(toPoolUser), next: out.PaginationToken ?? null }
  }

  /** Users in the pool: Cognito's estimate, or the embedded pool's count (cached for 10 s, cleared on create). */
  async estimatedUsers(): Promise<number> {
    if (this.estimate && Date.now() - this.estimate.at < 10_000) return this.estimate.value
    let value: number
    if (this.db) {
      const { rows } = await this.db.query<{ n: string | number }>('SELECT count(*) AS n FROM identity_users')
      value = Number(rows[0]?.n ?? 0)
    } else {
      const out = await this.send<{ UserPool?: { EstimatedNumberOfUsers?: number } }>(new DescribeUserPoolCommand({ UserPoolId: this.poolId }))
      value = out.UserPool?.EstimatedNumberOfUsers ?? 0
    }
    this.estimate = { at: Date.now(), value }
    return value
  }

  /** Members of a group; null where the identity service cannot count them (real Cognito). */
  async groupSize(group: string): Promise<number | null> {
    if (!this.db) return null
    const { rows } = await this.db.query<{ n: string | number }>('SELECT count(*) AS n FROM identity_user_groups WHERE group_name = $1', [group])
    return Number(rows[0]?.n ?? 0)
  }

  /** By username (sub) or e-mail; null when no such user. */
  async getUser(id: string): Promise<PoolUser | null> {
    try {
      const out = await this.send<UserType & { UserAttributes?: AttributeType[] }>(new AdminGetUserCommand({ UserPoolId: this.poolId, Username: id }))
      return toPoolUser(out)
    } catch (error) {
      if (error instanceof IdentityAdminError && error.kind === 'not-found') return null
      throw error
    }
  }

  /** Like getUser, but an unknown user is an IdentityAdminError('not-found'). */
  async requireUser(id: string): Promise<PoolUser> {
    const user = await this.getUser(id)
    if (!user) throw new IdentityAdminError('not-found', 'User not found')
    return user
  }

  async updateAttributes(username: string, attributes: Record<string, string>): Promise<void> {
    const list = Object.entries(attributes).map(([Name, Value]) => ({ Name, Value }))
    if (list.length) await this.send(new AdminUpdateUserAttributesCommand({ UserPoolId: this.poolId, Username: username, UserAttributes: list }))
  }

  async groupsOf(username: string): Promise<string[]> {
    const groups: string[] = []
    let token: string | undefined
    do {
      const out = await this.send<{ Groups?: Array<{ GroupName?: string }>; NextToken?: string }>(
        new AdminListGroupsForUserCommand({ UserPoolId: this.poolId, Username: username, Limit: PAGE, NextToken: token }),
      )
      for (const g of out.Groups ?? []) if (g.GroupName) groups.push(g.GroupName)
      token = out.NextToken
    } while (token)
    return groups.sort()
  }

  /** Makes the user's groups exactly `groups`; unknown groups are refused before anything changes. */
  async setGroups(username: string, groups: string[]): Promise<{ before: string[]; after: string[] }> {
    const before = await this.groupsOf(username)
    const known = new Set((await this.allGroups()).map((g) => g.name))
    const unknown = groups.filter((g) => !known.has(g))
    if (unknown.length) throw new IdentityAdminError('group-not-found', `Unknown group: ${unknown.join(', ')}`)
    for (const g of groups)
      if (!before.includes(g)) await this.send(new AdminAddUserToGroupCommand({ UserPoolId: this.poolId, Username: username, GroupName: g }))
    for (const g of before)
      if (!groups.includes(g)) await this.send(new AdminRemoveUserFromGroupCommand({ UserPoolId: this.poolId, Username: username, GroupName: g }))
    return { before, after: [...groups].sort() }
  }

  async listGroups(limit: number, token?: string): Promise<{ groups: PoolGroup[]; token: string | null }> {
    const out = await this.send<{ Groups?: GroupType[]; NextToken?: string }>(
      new ListGroupsCommand({ UserPoolId: this.poolId, Limit: limit, NextToken: token || undefined }),
    )
    return { groups: (out.Groups ?? []).map(toPoolGroup), token: out.NextToken ?? null }
  }

  async allGroups(): Promise<PoolGroup[]> {
    const all: PoolGroup[] = []
    let token: string | undefined
    do {
      const page = await this.listGroups(PAGE, token)
      all.push(...page.groups)
      token = page.token ?? undefined
    } while (token)
    return all
  }

  async listDevices(username: string, token?: string): Promise<{ devices: PoolDevice[]; token: string | null }> {
    const out = await this.send<{ Devices?: DeviceType[]; PaginationToken?: string }>(
      new AdminListDevicesCommand({ UserPoolId: this.poolId, Username: username, Limit: PAGE, PaginationToken: token || undefined }),
    )
    const devices = (out.Devices ?? []).map((d) => {
      const a = attr(d.DeviceAttributes)
      return {
        key: d.DeviceKey ?? '',
        name: a.device_name ?? null,
        status: a.device_status ?? null,
        lastIp: a.last_ip_used ?? null,
        createdAt: d.DeviceCreateDate ? date(d.DeviceCreateDate) : null,
        lastModifiedAt: d.DeviceLastModifiedDate ? date(d.DeviceLastModifiedDate) : null,
        lastAuthenticatedAt: d.DeviceLastAuthenticatedDate ? date(d.DeviceLastAuthenticatedDate) : null,
      }
    })
    return { devices, token: out.PaginationToken ?? null }
  }

  confirm = (username: string) => this.send(new AdminConfirmSignUpCommand({ UserPoolId: this.poolId, Username: username }))
  enable = (username: string) => this.send(new AdminEnableUserCommand({ UserPoolId: this.poolId, Username: username }))
  disable = (username: string) => this.send(new AdminDisableUserCommand({ UserPoolId: this.poolId, Username: username }))
  forceLogout = (username: string) => this.send(new AdminUserGlobalSignOutCommand({ UserPoolId: this.poolId, Username: username }))
  /** Mails the user a reset code; their password must be chosen again at the next sign-in. */
  resetPassword = (username: string) => this.send(new AdminResetUserPasswordCommand({ UserPoolId: this.poolId, Username: username }))

  /**
   * Gives the user a fresh temporary password that nobody sees: the account moves to
   * FORCE_CHANGE_PASSWORD, then the invitation is sent again, carrying a new temporary password.
   */
  async setTemporaryPassword(user: Pick<PoolUser, 'username' | 'email'>): Promise<void> {
    await this.send(
      new AdminSetUserPasswordCommand({ UserPoolId: this.poolId, Username: user.username, Password: randomTemporaryPassword(), Permanent: false }),
    )
    // Resent by address: the pools sign in with the e-mail as the user name alias.
    await this.send(new AdminCreateUserCommand({ UserPoolId: this.poolId, Username: user.email, MessageAction: 'RESEND' }))
  }

  /** Creates the account and mails the invitation with a temporary password (unless `suppressMail`). */
  async createUser(p: { email: string; name: string; locale?: string; suppressMail?: boolean }): Promise<PoolUser> {
    const attributes = [
      { Name: 'email', Value: p.email },
      { Name: 'email_verified', Value: 'true' },
      { Name: 'name', Value: p.name },
      ...(p.locale ? [{ Name: 'locale', Value: p.locale }] : []),
    ]
    const out = await this.send<{ User?: UserType }>(
      new AdminCreateUserCommand({
        UserPoolId: this.poolId,
        Username: p.email,
        UserAttributes: attributes,
        DesiredDeliveryMediums: ['EMAIL'],
        ...(p.suppressMail ? { MessageAction: 'SUPPRESS' as const } : {}),
      }),
    )
    this.estimate = null
    return toPoolUser(out.User ?? {})
  }

  /**
   * Which of these addresses have an account (lower-cased). Embedded: one query over the pool's
   * table; Cognito: one exact-match ListUsers per address, a few at a time.
   */
  async existingEmails(emails: string[]): Promise<Set<string>> {
    const wanted = [...new Set(emails.map((e) => e.toLowerCase()))]
    if (this.db) {
      const { rows } = await this.db.query<{ email_lower: string }>('SELECT email_lower FROM identity_users WHERE email_lower = ANY($1::text[])', [wanted])
      return new Set(rows.map((r) => r.email_lower))
    }
    const found = new Set<string>()
    for (let i = 0; i < wanted.length; i += 5) {
      await Promise.all(
        wanted.slice(i, i + 5).map(async (email) => {
          const out = await this.send<{ Users?: UserType[] }>(new ListUsersCommand({ UserPoolId: this.poolId, Limit: 1, Filter: `email = ${quoted(email)}` }))
          if (out.Users?.length) found.add(email)
        }),
      )
    }
    return found
  }

  async addToGroup(username: string, group: string): Promise<void> {
    await this.send(new AdminAddUserToGroupCommand({ UserPoolId: this.poolId, Username: username, GroupName: group }))
  }
}

function toPoolGroup(g: GroupType): PoolGroup {
  return {
    name: g.GroupName ?? '',
    description: g.Description ?? null,
    precedence: g.Precedence ?? null,
    createdAt: date(g.CreationDate),
    updatedAt: date(g.LastModifiedDate),
  }
}

/** A password no one will know or type: it only moves the account to FORCE_CHANGE_PASSWORD. */
function randomTemporaryPassword(): string {
  return `${crypto.randomBytes(18).toString('base64url')}Aa1!`
}

/** Cognito's refusals as the admin API answers them; anything else stays a server error. */
function mapError(error: unknown): unknown {
  const name = (error as { name?: string }).name ?? ''
  const message = (error as { message?: string }).message || 'Invalid request'
  switch (name) {
    case 'UserNotFoundException':
      return new IdentityAdminError('not-found', 'User not found')
    case 'UsernameExistsException':
    case 'AliasExistsException':
      return new IdentityAdminError('exists', 'An account with the given email already exists.')
    case 'InvalidParameterException':
    case 'InvalidPasswordException':
      return new IdentityAdminError('invalid', message)
    case 'NotAuthorizedException':
    case 'UnsupportedUserStateException':
    case 'InvalidEmailRoleAccessPolicyException':
      return new IdentityAdminError('state', message)
    case 'ResourceNotFoundException':
      return new IdentityAdminError('group-not-found', message)
    default:
      return error
  }
}
