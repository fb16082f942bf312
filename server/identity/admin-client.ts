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
  CreateGroupCommand,
  DescribeUserPoolCommand,
  ListGroupsCommand,
  ListUsersCommand,
  type AttributeType,
  type CognitoIdentityProviderClient,
  type DeviceType,
  type GroupType,
  type UserType,
} from '@aws-sdk/client-cognito-identity-provider'
import type { Queryable } from '../db/index.js'
import {
  IdentityAdminError,
  mapError,
  quoted,
  toPoolDevice,
  toPoolGroup,
  toPoolUser,
  type PoolDevice,
  type PoolGroup,
  type PoolUser,
  type UserQuery,
} from './admin-model.js'
import { listUsers, PAGE } from './admin-user-list.js'

export { cognitoAdminClient, embeddedAdminClient } from './admin-sdk.js'
export { IdentityAdminError, type PoolDevice, type PoolGroup, type PoolUser, type UserQuery } from './admin-model.js'

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

  /** Whether the pool is the embedded one, whose users are in the app's own database (null `db`: Amazon Cognito). */
  get embedded(): boolean {
    return this.db !== null
  }

  private async send<T>(command: { input: unknown }): Promise<T> {
    try {
      return (await this.client.send(command as never)) as T
    } catch (error) {
      throw mapError(error)
    }
  }

  /** One page of users; see `listUsers` in admin-user-list.ts for how filters are split with the pool. */
  listUsers(q: UserQuery): Promise<{ users: PoolUser[]; token: string | null }> {
    return listUsers({ poolId: this.poolId, db: this.db, send: (command) => this.send(command) }, q)
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
    const devices = (out.Devices ?? []).map(toPoolDevice)
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
  async setTemporaryPassword(user: Pick<PoolUser, 'username' | 'email'>, origin?: string): Promise<void> {
    await this.send(
      new AdminSetUserPasswordCommand({ UserPoolId: this.poolId, Username: user.username, Password: randomTemporaryPassword(), Permanent: false }),
    )
    // Resent by address: the pools sign in with the e-mail as the user name alias.
    await this.send(
      new AdminCreateUserCommand({ UserPoolId: this.poolId, Username: user.email, MessageAction: 'RESEND', ClientMetadata: originMetadata(origin) }),
    )
  }

  /**
   * Creates the account and mails the invitation with a temporary password (unless `suppressMail`).
   * `origin`: the platform's address for the mail's sign-in link when PUBLIC_URL is unset.
   */
  async createUser(p: { email: string; name: string; locale?: string; suppressMail?: boolean; origin?: string }): Promise<PoolUser> {
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
        ClientMetadata: originMetadata(p.origin),
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

  /** Creates the group unless the pool has it (an organisation's managers' group, decision 0038); true when it made it. */
  async ensureGroup(name: string, description: string): Promise<boolean> {
    if ((await this.allGroups()).some((g) => g.name === name)) return false
    try {
      await this.send(new CreateGroupCommand({ UserPoolId: this.poolId, GroupName: name, Description: description }))
      return true
    } catch (error) {
      // Another process made it meanwhile.
      if ((error as { name?: string }).name === 'GroupExistsException') return false
      throw error
    }
  }

  async addToGroup(username: string, group: string): Promise<void> {
    await this.send(new AdminAddUserToGroupCommand({ UserPoolId: this.poolId, Username: username, GroupName: group }))
  }
}

/** The origin the API was reached at, for the embedded pool's invitation link (ops/admin.ts `platformAddress`). */
const originMetadata = (origin: string | undefined) => (origin ? { 'aula:origin': origin } : undefined)

/** A password no one will know or type: it only moves the account to FORCE_CHANGE_PASSWORD. */
function randomTemporaryPassword(): string {
  return `${crypto.randomBytes(18).toString('base64url')}Aa1!`
}
