import { EstimatedResponse } from '../../../contracts/admin/common.js'
import {
  AdminUserResponse,
  DeviceLogPage,
  DeviceLogQuery,
  SUPPORT_ACTIONS,
  SupportActionBody,
  SupportActionResponse,
  UserCreateBody,
  UserGroups,
  UserIdParams,
  UserSubscriptionsList,
  UserUpdateBody,
  UsersListBody,
  UsersPage,
  type SupportAction,
} from '../../../contracts/admin/users.js'
import type { AuditAction } from '../../../contracts/admin/audit.js'
import { errorResponses } from '../../../contracts/errors.js'
import type { IdentityAdmin, PoolUser } from '../../identity/admin-client.js'
import type { App } from '../../types.js'
import { recordAudit } from '../admin-audit/queries.js'
import { HttpError } from '../../http/http-error.js'
import { actorOf } from '../../http/actor.js'
import { identity } from '../../http/identity-errors.js'
import { subscriptionsOfUser, toAdminSubscription } from '../admin-subscriptions/queries.js'
import { platformAddress, toAdminUser } from './views.js'
import { isoOrNull } from '../../http/dates.js'

const badRequest = (message: string, errors?: Record<string, string>) => new HttpError(400, message, 'VALIDATION', errors)

/** What the audit log keeps of a user. */
const snapshot = (u: PoolUser) => ({ email: u.email, name: u.name, status: u.status, enabled: u.enabled, emailVerified: u.emailVerified })

/** The six support actions: the identity call and the sentence the screen shows. */
const ACTIONS: Record<SupportAction, { run: (a: IdentityAdmin, user: PoolUser, site: string | undefined) => Promise<unknown>; done: string }> = {
  confirm: { run: (a, u) => a.confirm(u.username), done: 'Account confirmed' },
  enable: { run: (a, u) => a.enable(u.username), done: 'User enabled' },
  disable: { run: (a, u) => a.disable(u.username), done: 'User disabled: their sessions have ended and sign-in is refused' },
  'force-logout': { run: (a, u) => a.forceLogout(u.username), done: 'The user was signed out of every device' },
  'reset-password': { run: (a, u) => a.resetPassword(u.username), done: 'A password reset code was mailed to the user' },
  'set-temporal-password': { run: (a, u, site) => a.setTemporaryPassword(u, site), done: 'A new temporary password was mailed to the user' },
}

const tags = ['admin: users']

/** Users (requirements §7 "Auth and users"), all through the identity admin adapter. */
export default async function adminUserRoutes(app: App) {
  const pool = app.identityUsers

  app.post(
    '/all',
    {
      schema: {
        tags,
        summary: 'One page of users: e-mail (or name) prefix search, group and status filters, token paging',
        body: UsersListBody,
        response: { 200: UsersPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { filters = {}, sizePerPage, searchText, paginationToken } = request.body
      const [page, estimated] = await Promise.all([
        identity(() => pool.listUsers({ ...filters, search: searchText, limit: sizePerPage, token: paginationToken || undefined }), 'searchText'),
        filters.group ? pool.groupSize(filters.group).then((n) => n ?? 0) : pool.estimatedUsers(),
      ])
      return { items: page.users.map(toAdminUser), paginationToken: page.token, estimated }
    },
  )

  app.get(
    '/estimated',
    { schema: { tags, summary: 'Estimated number of users in the pool', response: { 200: EstimatedResponse, ...errorResponses(401, 403) } } },
    async () => ({ estimated: await pool.estimatedUsers() }),
  )

  app.get(
    '/user/:id',
    {
      schema: {
        tags,
        summary: 'One user by username (sub) or e-mail',
        params: UserIdParams,
        response: { 200: AdminUserResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ Item: toAdminUser(await identity(() => pool.requireUser(request.params.id))) }),
  )

  app.put(
    '/user/:id',
    {
      schema: {
        tags,
        summary: "Updates a user's attributes (name, e-mail, verified flag, language)",
        params: UserIdParams,
        body: UserUpdateBody,
        response: { 200: AdminUserResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const before = await identity(() => pool.requireUser(request.params.id))
      const b = request.body
      const writes: Record<string, string> = {}
      if (b.name !== undefined && b.name !== before.name) writes.name = b.name.trim()
      if (b.email !== undefined && b.email.toLowerCase() !== before.email.toLowerCase()) writes.email = b.email
      if (b.emailVerified !== undefined && b.emailVerified !== before.emailVerified) writes.email_verified = String(b.emailVerified)
      if (b.locale !== undefined && b.locale !== before.attributes.locale) writes.locale = b.locale
      if (Object.keys(writes).length === 0) return { Item: toAdminUser(before) }
      await identity(() => pool.updateAttributes(before.username, writes), 'email')
      const after = await identity(() => pool.requireUser(before.username))
      await recordAudit(app.db, actorOf(request), {
        action: 'users.update',
        targetType: 'user',
        targetId: before.username,
        before: { ...snapshot(before), locale: before.attributes.locale ?? null },
        after: { ...snapshot(after), locale: after.attributes.locale ?? null },
      })
      return { Item: toAdminUser(after) }
    },
  )

  app.get(
    '/groups/:id',
    { schema: { tags, summary: "The user's groups", params: UserIdParams, response: { 200: UserGroups, ...errorResponses(400, 401, 403, 404) } } },
    async (request) => {
      const user = await identity(() => pool.requireUser(request.params.id))
      return { groups: await identity(() => pool.groupsOf(user.username)) }
    },
  )

  app.put(
    '/groups/:id',
    {
      schema: {
        tags,
        summary: "Replaces the user's groups with the list given",
        params: UserIdParams,
        body: UserGroups,
        response: { 200: UserGroups, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const actor = actorOf(request)
      const user = await identity(() => pool.requireUser(request.params.id))
      if (user.username === actor.username && !request.body.groups.includes('admin')) {
        throw badRequest('Invalid request', { groups: 'You cannot remove yourself from the admin group' })
      }
      const { before, after } = await identity(() => pool.setGroups(user.username, request.body.groups), 'groups')
      if (before.join() !== after.join()) {
        await recordAudit(app.db, actor, {
          action: 'users.groups',
          targetType: 'user',
          targetId: user.username,
          before: { groups: before },
          after: { groups: after },
        })
      }
      return { groups: after }
    },
  )

  app.get(
    '/device-tracking-log/:id',
    {
      schema: {
        tags,
        summary: "The user's devices: name, remembered status, last IP and dates",
        params: UserIdParams,
        querystring: DeviceLogQuery,
        response: { 200: DeviceLogPage, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const user = await identity(() => pool.requireUser(request.params.id))
      const page = await identity(() => pool.listDevices(user.username, request.query.paginationToken || undefined), 'paginationToken')
      return {
        items: page.devices.map((d) => ({
          ...d,
          createdAt: isoOrNull(d.createdAt),
          lastModifiedAt: isoOrNull(d.lastModifiedAt),
          lastAuthenticatedAt: isoOrNull(d.lastAuthenticatedAt),
        })),
        paginationToken: page.token,
      }
    },
  )

  for (const action of SUPPORT_ACTIONS) {
    app.put(
      `/${action}`,
      {
        schema: {
          tags,
          summary: `Support action: ${action}`,
          body: SupportActionBody,
          response: { 200: SupportActionResponse, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        const actor = actorOf(request)
        const before = await identity(() => pool.requireUser(request.body.username))
        if (before.username === actor.username && (action === 'disable' || action === 'force-logout')) {
          throw new HttpError(409, 'You cannot disable or sign out your own account here', 'INVALID_OPERATION')
        }
        if (action === 'reset-password' && before.status === 'FORCE_CHANGE_PASSWORD') {
          // The pool refuses it in words meant for developers; the screen offers the action that helps (requirements §4).
          throw new HttpError(409, 'This user has never signed in, so there is no password to reset: send a new temporary password instead', 'NEVER_SIGNED_IN')
        }
        await identity(() => ACTIONS[action].run(pool, before, platformAddress(app, request) ?? undefined))
        const after = await identity(() => pool.requireUser(before.username))
        await recordAudit(app.db, actor, {
          action: `users.${action}` as AuditAction,
          targetType: 'user',
          targetId: before.username,
          before: snapshot(before),
          after: snapshot(after),
        })
        return { message: ACTIONS[action].done, Item: toAdminUser(after) }
      },
    )
  }

  app.post(
    '/create',
    {
      schema: {
        tags,
        summary: 'Creates a user and mails the invitation with a temporary password',
        body: UserCreateBody,
        response: { 201: AdminUserResponse, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const b = request.body
      const groups = b.groups ?? []
      if (groups.length) {
        const known = new Set((await identity(() => pool.allGroups())).map((g) => g.name))
        const unknown = groups.filter((g) => !known.has(g))
        if (unknown.length) throw badRequest('Invalid request', { groups: `Unknown group: ${unknown.join(', ')}` })
      }
      const created = await identity(
        () => pool.createUser({ email: b.email, name: b.name.trim(), locale: b.locale, origin: platformAddress(app, request) ?? undefined }),
        'email',
      )
      for (const g of groups) await identity(() => pool.addToGroup(created.username, g))
      await recordAudit(app.db, actorOf(request), {
        action: 'users.create',
        targetType: 'user',
        targetId: created.username,
        before: null,
        after: { ...snapshot(created), groups },
      })
      return reply.status(201).send({ Item: toAdminUser(created) })
    },
  )

  app.get(
    '/subscriptions/:id',
    {
      schema: {
        tags,
        summary: "The user's subscriptions, newest first",
        params: UserIdParams,
        response: { 200: UserSubscriptionsList, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const user = await identity(() => pool.requireUser(request.params.id))
      const now = new Date()
      return { items: (await subscriptionsOfUser(app.db, user.username)).map((r) => toAdminSubscription(r, now)) }
    },
  )
}
