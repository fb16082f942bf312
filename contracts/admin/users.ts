import Type, { type Static } from 'typebox'
import { LANGUAGES } from '../config.js'
import { DateTime, ItemResponse, NullableDateTime, PaginationToken, TokenPage } from './common.js'
import { AdminSubscription } from './subscriptions.js'

/**
 * A user's state in the pool. Cognito's own values: the embedded pool uses the first four, a real
 * Cognito pool may also answer the others.
 */
export const USER_STATUSES = [
  'UNCONFIRMED',
  'CONFIRMED',
  'FORCE_CHANGE_PASSWORD',
  'RESET_REQUIRED',
  'EXTERNAL_PROVIDER',
  'ARCHIVED',
  'COMPROMISED',
  'UNKNOWN',
] as const
export type UserStatus = (typeof USER_STATUSES)[number]

/** A pool group name as Cognito allows it (role groups and the organisation-domain group). */
export const GroupName = Type.String({ minLength: 1, maxLength: 128, pattern: '^[\\p{L}\\p{M}\\p{S}\\p{N}\\p{P}]+$' })

/** A user as the admin screens show it (requirements §3 "User": username, attributes, groups, statuses). */
export const AdminUser = Type.Object({
  /** Canonical username (a UUID equal to `sub`). */
  username: Type.String(),
  email: Type.String(),
  name: Type.String(),
  /** CONFIRMED / UNCONFIRMED … (the badge shows CONFIRMED or UNCONFIRMED; others are shown as they are). */
  status: Type.Enum([...USER_STATUSES]),
  /** Enabled or Disabled badge. */
  enabled: Type.Boolean(),
  /** Verified or Unverified e-mail badge. */
  emailVerified: Type.Boolean(),
  /** Every attribute as the pool holds it (sub, email, name, locale, custom:* …). */
  attributes: Type.Record(Type.String(), Type.String()),
  createdAt: DateTime,
  updatedAt: DateTime,
})
export type AdminUser = Static<typeof AdminUser>

export const AdminUserResponse = ItemResponse(AdminUser)
export type AdminUserResponse = Static<typeof AdminUserResponse>

/**
 * `POST /api/admin/users/all` filters. They combine with each other and with the search text; the
 * identity service filters on one of them and the server the rest, so a page may hold fewer than
 * `sizePerPage` users while a `paginationToken` still follows.
 */
export const UserFilters = Type.Object({
  /** Only members of this group. */
  group: Type.Optional(GroupName),
  /** Only enabled (true) or disabled (false) accounts. */
  enabled: Type.Optional(Type.Boolean()),
  status: Type.Optional(Type.Enum([...USER_STATUSES])),
  /** Which attribute the search text is a prefix of (Cognito searches prefixes); e-mail by default. */
  searchBy: Type.Optional(Type.Enum(['email', 'name'])),
})
export type UserFilters = Static<typeof UserFilters>

/** `POST /api/admin/users/all`. */
export const UsersListBody = Type.Object({
  filters: Type.Optional(UserFilters),
  sizePerPage: Type.Integer({ minimum: 1, maximum: 60, default: 20 }),
  searchText: Type.String({ maxLength: 100, default: '', description: 'Prefix of the e-mail (or name, see filters.searchBy); empty lists everyone.' }),
  paginationToken: PaginationToken,
})
export type UsersListBody = Static<typeof UsersListBody>

export const UsersPage = TokenPage(AdminUser)
export type UsersPage = Static<typeof UsersPage>

/** `{id}` of the user routes: the username (sub) or the e-mail address. */
export const UserIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 254 }) })
export type UserIdParams = Static<typeof UserIdParams>

/** `PUT /api/admin/users/user/{id}`: the attributes an administrator edits. Absent fields stay as they are. */
export const UserUpdateBody = Type.Object({
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  email: Type.Optional(Type.String({ format: 'email', maxLength: 254 })),
  emailVerified: Type.Optional(Type.Boolean()),
  /** Interface language of the user's mail. */
  locale: Type.Optional(Type.Enum([...LANGUAGES])),
})
export type UserUpdateBody = Static<typeof UserUpdateBody>

/** `GET|PUT /api/admin/users/groups/{id}`: the user's groups, the whole list (PUT replaces it). */
export const UserGroups = Type.Object({ groups: Type.Array(GroupName, { maxItems: 50, uniqueItems: true }) })
export type UserGroups = Static<typeof UserGroups>

/** One remembered or seen device (requirements §3 "Device"). */
export const AdminDevice = Type.Object({
  key: Type.String(),
  name: Type.Union([Type.String(), Type.Null()]),
  /** remembered / not_remembered. */
  status: Type.Union([Type.String(), Type.Null()]),
  lastIp: Type.Union([Type.String(), Type.Null()]),
  createdAt: NullableDateTime,
  lastModifiedAt: NullableDateTime,
  lastAuthenticatedAt: NullableDateTime,
})
export type AdminDevice = Static<typeof AdminDevice>

export const DeviceLogQuery = Type.Object({ paginationToken: PaginationToken })
export type DeviceLogQuery = Static<typeof DeviceLogQuery>

/** `GET /api/admin/users/device-tracking-log/{id}`: the user's devices, most recently used first. */
export const DeviceLogPage = Type.Object({
  items: Type.Array(AdminDevice),
  paginationToken: Type.Union([Type.String(), Type.Null()]),
})
export type DeviceLogPage = Static<typeof DeviceLogPage>

/** The six support actions, `PUT /api/admin/users/{action}` with `{ username }`. */
export const SUPPORT_ACTIONS = ['confirm', 'enable', 'disable', 'force-logout', 'reset-password', 'set-temporal-password'] as const
export type SupportAction = (typeof SUPPORT_ACTIONS)[number]

export const SupportActionBody = Type.Object({ username: Type.String({ minLength: 1, maxLength: 254 }) })
export type SupportActionBody = Static<typeof SupportActionBody>

/** The result of a support action: what happened, in a sentence, and the user as it is now. */
export const SupportActionResponse = Type.Object({ message: Type.String(), Item: AdminUser })
export type SupportActionResponse = Static<typeof SupportActionResponse>

/**
 * `POST /api/admin/users/create`: the invitation with a temporary password is mailed to the address.
 * Answers 201 with the user; the screens then open `/admin/users/update/{username}/{email}`.
 */
export const UserCreateBody = Type.Object({
  email: Type.String({ format: 'email', maxLength: 254 }),
  name: Type.String({ minLength: 1, maxLength: 200 }),
  groups: Type.Optional(Type.Array(GroupName, { maxItems: 50, uniqueItems: true })),
  locale: Type.Optional(Type.Enum([...LANGUAGES])),
})
export type UserCreateBody = Static<typeof UserCreateBody>

/** `GET /api/admin/users/subscriptions/{id}`: the user's subscriptions, newest first. */
export const UserSubscriptionsList = Type.Object({ items: Type.Array(AdminSubscription) })
export type UserSubscriptionsList = Static<typeof UserSubscriptionsList>
