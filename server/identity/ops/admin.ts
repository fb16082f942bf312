import crypto from 'node:crypto'
import { attributeList, attributeWrites, isEmail, userType, type IdentityContext } from '../context.js'
import type { GroupRow, User } from '../users.js'
import { CognitoError, Errors, invalidParameter } from '../errors.js'
import { normaliseEmail } from '../lookalikes.js'
import type { Input } from '../schemas.js'
import { devicePage } from './devices.js'
import { mfaSettingsOf } from './mfa.js'
import { afterKey, pageToken } from './page-token.js'

const epoch = (d: Date | string) => new Date(d).getTime() / 1000

async function existing(ctx: IdentityContext, poolId: string, username: string): Promise<User> {
  ctx.checkPool(poolId)
  const user = await ctx.users.find(ctx.db, username)
  if (!user) throw Errors.userNotFound()
  return user
}

async function existingGroup(ctx: IdentityContext, name: string) {
  const group = await ctx.users.group(ctx.db, name)
  if (!group) throw new CognitoError('ResourceNotFoundException', 'Group not found.')
  return group
}

function groupType(ctx: IdentityContext, g: GroupRow) {
  return {
    GroupName: g.name,
    UserPoolId: ctx.settings.poolId,
    ...(g.description !== null ? { Description: g.description } : {}),
    ...(g.precedence !== null ? { Precedence: g.precedence } : {}),
    LastModifiedDate: epoch(g.updated_at),
    CreationDate: epoch(g.created_at),
  }
}

/** ClientMetadata key by which the API names the origin it was reached at (Cognito passes ClientMetadata to its triggers). */
const ORIGIN_METADATA = 'aula:origin'

/**
 * The platform's address the invitation links to: PUBLIC_URL, else the origin the administrator's
 * call was made at (`aula:origin` in ClientMetadata, an http(s) origin), else none.
 */
function platformAddress(ctx: IdentityContext, metadata: Record<string, string> | undefined): string | undefined {
  if (ctx.settings.publicUrl) return ctx.settings.publicUrl
  const origin = metadata?.[ORIGIN_METADATA]
  if (!origin) return undefined
  try {
    const url = new URL(origin)
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === origin ? origin : undefined
  } catch {
    return undefined
  }
}

export async function adminCreateUser(ctx: IdentityContext, input: Input<'AdminCreateUser'>) {
  const url = platformAddress(ctx, input.ClientMetadata)
  ctx.checkPool(input.UserPoolId)
  const attributes = attributeWrites(input.UserAttributes ?? [], { admin: true })
  const email = normaliseEmail(attributes.email ?? input.Username)
  if (!isEmail(email) || (isEmail(input.Username) && email !== normaliseEmail(input.Username))) throw invalidParameter('Username should be an email.')

  if (input.MessageAction === 'RESEND') {
    const user = await ctx.users.find(ctx.db, input.Username)
    if (!user) throw Errors.userNotFound()
    if (user.status !== 'FORCE_CHANGE_PASSWORD')
      throw new CognitoError('UnsupportedUserStateException', `Resend not possible. ${user.username} status is not FORCE_CHANGE_PASSWORD`)
    const password = input.TemporaryPassword ?? ctx.temporaryPassword()
    await ctx.setPassword(ctx.db, user.username, password, 'FORCE_CHANGE_PASSWORD')
    await ctx.mailTo(user, { kind: 'temporary-password', username: user.email, password, days: ctx.settings.temporaryPasswordDays, url })
    return { User: userType((await ctx.users.find(ctx.db, user.username))!) }
  }

  const username = crypto.randomUUID()
  const password = input.TemporaryPassword ?? ctx.temporaryPassword()
  const verifier = ctx.verifierFor(username, password)
  if (await ctx.users.emailTaken(ctx.db, email)) throw Errors.userAccountExists()
  try {
    await ctx.db.transaction(async (tx) => {
      await ctx.users.create(tx, {
        username,
        email,
        status: 'FORCE_CHANGE_PASSWORD',
        ...verifier,
        tempPasswordExpiresAt: new Date(Date.now() + ctx.settings.temporaryPasswordDays * 86400_000),
        // The administrator vouches for the address the temporary password is sent to.
        attributes: { email_verified: 'true', ...attributes, email },
      })
    })
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw Errors.userAccountExists()
    throw error
  }
  const user = (await ctx.users.find(ctx.db, username))!
  if (input.MessageAction !== 'SUPPRESS') {
    await ctx.mailTo(user, { kind: 'temporary-password', username: email, password, days: ctx.settings.temporaryPasswordDays, url })
  }
  return { User: userType(user) }
}

export async function adminGetUser(ctx: IdentityContext, input: Input<'AdminGetUser'>) {
  const user = await existing(ctx, input.UserPoolId, input.Username)
  return {
    Username: user.username,
    UserAttributes: attributeList(user),
    UserCreateDate: epoch(user.createdAt),
    UserLastModifiedDate: epoch(user.updatedAt),
    Enabled: user.enabled,
    UserStatus: user.status,
    MFAOptions: [],
    ...(await mfaSettingsOf(ctx, user.username)),
  }
}

/** ListUsers filter: `attribute = "value"` or `attribute ^= "prefix"` (Cognito's searchable attributes). */
const FILTERABLE = new Set([
  'username',
  'email',
  'phone_number',
  'name',
  'given_name',
  'family_name',
  'preferred_username',
  'cognito:user_status',
  'status',
  'sub',
])
function parseFilter(filter: string | undefined) {
  if (!filter || !filter.trim()) return undefined
  const m = /^\s*([\w:]+)\s*(=|\^=)\s*"((?:[^"\\]|\\.)*)"\s*$/.exec(filter)
  if (!m || !FILTERABLE.has(m[1])) throw invalidParameter('Invalid search filter')
  return { attribute: m[1], op: m[2] as '=' | '^=', value: m[3].replace(/\\(.)/g, '$1') }
}

export async function listUsers(ctx: IdentityContext, input: Input<'ListUsers'>) {
  ctx.checkPool(input.UserPoolId)
  const limit = input.Limit || 60
  const users = await ctx.users.list(ctx.db, { limit, after: afterKey(input.PaginationToken, 'PaginationToken'), filter: parseFilter(input.Filter) })
  return {
    Users: users.map((u) => userType(u, input.AttributesToGet)),
    ...(users.length === limit ? { PaginationToken: pageToken(users[users.length - 1].username) } : {}),
  }
}

export async function adminUpdateUserAttributes(ctx: IdentityContext, input: Input<'AdminUpdateUserAttributes'>) {
  const user = await existing(ctx, input.UserPoolId, input.Username)
  const writes = attributeWrites(input.UserAttributes, { admin: true })
  if (writes.email !== undefined && (await ctx.users.emailTaken(ctx.db, writes.email, user.username))) {
    throw new CognitoError('AliasExistsException', 'An account with the given email already exists.')
  }
  await ctx.changeAccess(user.username, { write: (tx) => ctx.users.setAttributes(tx, user.username, writes) })
  return {}
}

export async function adminEnableUser(ctx: IdentityContext, input: Input<'AdminEnableUser'>) {
  const user = await existing(ctx, input.UserPoolId, input.Username)
  await ctx.changeAccess(user.username, { write: (tx) => ctx.users.setEnabled(tx, user.username, true) })
  return {}
}

export async function adminDisableUser(ctx: IdentityContext, input: Input<'AdminDisableUser'>) {
  const user = await existing(ctx, input.UserPoolId, input.Username)
  await ctx.changeAccess(user.username, { write: (tx) => ctx.users.setEnabled(tx, user.username, false), endSessions: 'all' })
  return {}
}

export async function adminConfirmSignUp(ctx: IdentityContext, input: Input<'AdminConfirmSignUp'>) {
  const user = await existing(ctx, input.UserPoolId, input.Username)
  if (user.status !== 'UNCONFIRMED') throw new CognitoError('NotAuthorizedException', `User cannot be confirmed. Current status is ${user.status}`)
  await ctx.db.transaction(async (tx) => {
    await ctx.users.setStatus(tx, user.username, 'CONFIRMED')
    // An administrator confirming the account vouches for its address (so password resets work).
    await ctx.users.setAttributes(tx, user.username, { email_verified: 'true' })
  })
  return {}
}

export async function adminResetUserPassword(ctx: IdentityContext, input: Input<'AdminResetUserPassword'>) {
  const user = await existing(ctx, input.UserPoolId, input.Username)
  if (user.status === 'FORCE_CHANGE_PASSWORD') throw Errors.cannotReset()
  if (user.attributes.email_verified !== 'true') throw Errors.noVerifiedEmail()
  const code = await ctx.db.transaction(async (tx) => {
    // The old password is no longer trusted: neither are the sessions opened with it.
    await ctx.changeAccess(user.username, { write: (q) => ctx.users.setStatus(q, user.username, 'RESET_REQUIRED'), endSessions: 'all' }, tx)
    return ctx.codes.issue(tx, user.username, 'forgot')
  })
  await ctx.mailTo(user, { kind: 'reset-code', code })
  return {}
}

export async function adminSetUserPassword(ctx: IdentityContext, input: Input<'AdminSetUserPassword'>) {
  const user = await existing(ctx, input.UserPoolId, input.Username)
  await ctx.changeAccess(user.username, {
    write: (tx) => ctx.setPassword(tx, user.username, input.Password, input.Permanent ? 'CONFIRMED' : 'FORCE_CHANGE_PASSWORD'),
    endSessions: 'all',
  })
  return {}
}

export async function adminUserGlobalSignOut(ctx: IdentityContext, input: Input<'AdminUserGlobalSignOut'>) {
  const user = await existing(ctx, input.UserPoolId, input.Username)
  await ctx.changeAccess(user.username, { endSessions: 'all' })
  return {}
}

export async function adminAddUserToGroup(ctx: IdentityContext, input: Input<'AdminAddUserToGroup'>) {
  const user = await existing(ctx, input.UserPoolId, input.Username)
  await existingGroup(ctx, input.GroupName)
  await ctx.changeAccess(user.username, { write: (tx) => ctx.users.addToGroup(tx, user.username, input.GroupName) })
  return {}
}

export async function adminRemoveUserFromGroup(ctx: IdentityContext, input: Input<'AdminRemoveUserFromGroup'>) {
  const user = await existing(ctx, input.UserPoolId, input.Username)
  await existingGroup(ctx, input.GroupName)
  await ctx.changeAccess(user.username, { write: (tx) => ctx.users.removeFromGroup(tx, user.username, input.GroupName) })
  return {}
}

export async function adminListGroupsForUser(ctx: IdentityContext, input: Input<'AdminListGroupsForUser'>) {
  const user = await existing(ctx, input.UserPoolId, input.Username)
  const limit = input.Limit || 60
  const groups = await ctx.users.listGroups(ctx.db, { limit, after: afterKey(input.NextToken), username: user.username })
  return { Groups: groups.map((g) => groupType(ctx, g)), ...(groups.length === limit ? { NextToken: pageToken(groups[groups.length - 1].name) } : {}) }
}

export async function listUsersInGroup(ctx: IdentityContext, input: Input<'ListUsersInGroup'>) {
  ctx.checkPool(input.UserPoolId)
  await existingGroup(ctx, input.GroupName)
  const limit = input.Limit || 60
  const users = await ctx.users.list(ctx.db, { limit, after: afterKey(input.NextToken), group: input.GroupName })
  return { Users: users.map((u) => userType(u)), ...(users.length === limit ? { NextToken: pageToken(users[users.length - 1].username) } : {}) }
}

export async function listGroups(ctx: IdentityContext, input: Input<'ListGroups'>) {
  ctx.checkPool(input.UserPoolId)
  const limit = input.Limit || 60
  const groups = await ctx.users.listGroups(ctx.db, { limit, after: afterKey(input.NextToken) })
  return { Groups: groups.map((g) => groupType(ctx, g)), ...(groups.length === limit ? { NextToken: pageToken(groups[groups.length - 1].name) } : {}) }
}

export async function createGroup(ctx: IdentityContext, input: Input<'CreateGroup'>) {
  ctx.checkPool(input.UserPoolId)
  const created = await ctx.users.createGroup(ctx.db, { name: input.GroupName, description: input.Description, precedence: input.Precedence })
  if (!created) throw new CognitoError('GroupExistsException', `A group with the name ${input.GroupName} already exists.`)
  return { Group: groupType(ctx, (await ctx.users.group(ctx.db, input.GroupName))!) }
}

export async function adminListDevices(ctx: IdentityContext, input: Input<'AdminListDevices'>) {
  const user = await existing(ctx, input.UserPoolId, input.Username)
  return devicePage(ctx, user.username, input.Limit, input.PaginationToken)
}
