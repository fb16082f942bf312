import Type, { type Static } from 'typebox'
import { DateTime, PaginationToken } from './common.js'
import { AdminUser, GroupName } from './users.js'

/** A pool group (requirements §6: roles are group memberships). */
export const AdminGroup = Type.Object({
  name: Type.String(),
  description: Type.Union([Type.String(), Type.Null()]),
  precedence: Type.Union([Type.Integer(), Type.Null()]),
  createdAt: DateTime,
  updatedAt: DateTime,
})
export type AdminGroup = Static<typeof AdminGroup>

/** `POST /api/v2/admin/groups/all`. */
export const GroupsListBody = Type.Object({
  sizePerPage: Type.Integer({ minimum: 1, maximum: 60, default: 60 }),
  paginationToken: PaginationToken,
})
export type GroupsListBody = Static<typeof GroupsListBody>

export const GroupsPage = Type.Object({
  items: Type.Array(AdminGroup),
  paginationToken: Type.Union([Type.String(), Type.Null()]),
  estimated: Type.Integer({ minimum: 0 }),
})
export type GroupsPage = Static<typeof GroupsPage>

/** `POST /api/v2/admin/groups/users`: the members of a group, searched by e-mail prefix. */
export const GroupUsersBody = Type.Object({
  group: GroupName,
  paginationToken: PaginationToken,
  searchText: Type.String({ maxLength: 100, default: '' }),
  sizePerPage: Type.Integer({ minimum: 1, maximum: 60, default: 20 }),
})
export type GroupUsersBody = Static<typeof GroupUsersBody>

/** Members of a group. `estimated` is null where the identity service cannot count them (real Cognito). */
export const GroupUsersPage = Type.Object({
  items: Type.Array(AdminUser),
  paginationToken: Type.Union([Type.String(), Type.Null()]),
  estimated: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
})
export type GroupUsersPage = Static<typeof GroupUsersPage>
