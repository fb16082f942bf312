import { GroupUsersBody, GroupUsersPage, GroupsListBody, GroupsPage } from '../../../contracts/admin/groups.js'
import { errorResponses } from '../../../contracts/errors.js'
import type { App } from '../../types.js'
import { iso } from '../../http/dates.js'
import { notFound } from '../../http/errors.js'
import { identity } from '../../http/identity-errors.js'
import { toAdminUser } from './views.js'

const tags = ['admin: groups']

/** Groups (requirements §7 "Groups"): the pool's groups and their members, through the identity admin adapter. */
export default async function adminGroupRoutes(app: App) {
  const pool = app.identityUsers

  app.post(
    '/all',
    {
      schema: { tags, summary: 'The groups of the user pool, by name', body: GroupsListBody, response: { 200: GroupsPage, ...errorResponses(400, 401, 403) } },
    },
    async (request) => {
      const { sizePerPage, paginationToken } = request.body
      const [page, all] = await Promise.all([
        identity(() => pool.listGroups(sizePerPage, paginationToken || undefined), 'paginationToken'),
        // Groups are few (roles plus the organisation group): counting them reads one or two pages.
        identity(() => pool.allGroups()),
      ])
      return {
        items: page.groups.map((g) => ({ ...g, createdAt: iso(g.createdAt), updatedAt: iso(g.updatedAt) })),
        paginationToken: page.token,
        estimated: all.length,
      }
    },
  )

  app.post(
    '/users',
    {
      schema: {
        tags,
        summary: "A group's members, searched by e-mail prefix, token-paged",
        body: GroupUsersBody,
        response: { 200: GroupUsersPage, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { group, paginationToken, searchText, sizePerPage } = request.body
      try {
        const [page, estimated] = await Promise.all([
          identity(() => pool.listUsers({ group, search: searchText, limit: sizePerPage, token: paginationToken || undefined }), 'searchText'),
          pool.groupSize(group),
        ])
        return { items: page.users.map(toAdminUser), paginationToken: page.token, estimated }
      } catch (error) {
        // An unknown group is a missing resource here, not a bad field.
        if ((error as { errors?: Record<string, string> }).errors?.groups) throw notFound('Group not found')
        throw error
      }
    },
  )
}
