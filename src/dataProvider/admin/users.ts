import type { GroupUsersBody, GroupsListBody } from '../../../contracts/admin/groups'
import type {
  ImportFileBody,
  ImportJob,
  ImportJobResponse,
  ImportJobRowsPage,
  ImportJobRowsQuery,
  ImportJobsPage,
  ImportPreview,
} from '../../../contracts/admin/import'
import type {
  DeviceLogPage,
  SupportAction,
  SupportActionBody,
  SupportActionResponse,
  UserGroups,
  UserSubscriptionsList,
  UsersListBody,
} from '../../../contracts/admin/users'
import { httpClient } from '../http'
import { ADMIN_RESOURCES, enc, forget, json, post, text, type AdminResource } from './common'

/** Users and groups (requirements §7 "Users", "Groups"): their lists, a user's groups, devices and support actions, and the import. */
export const userResources: Record<string, AdminResource> = {
  [ADMIN_RESOURCES.users]: {
    kind: 'token',
    list: ({ search, filter, token, perPage }) => {
      const filters: UsersListBody['filters'] = {}
      if (text(filter.group)) filters.group = text(filter.group)
      // Select inputs give 'true' / 'false'.
      if (filter.enabled === true || filter.enabled === 'true') filters.enabled = true
      else if (filter.enabled === false || filter.enabled === 'false') filters.enabled = false
      if (filter.searchBy === 'name') filters.searchBy = 'name'
      const body: UsersListBody = { filters, sizePerPage: Math.min(perPage, 60), searchText: search, paginationToken: token }
      return post('/api/admin/users/all', body)
    },
    id: (row) => row.username as string,
    one: (id) => `/api/admin/users/user/${enc(String(id))}`,
    create: '/api/admin/users/create',
    update: (id) => `/api/admin/users/user/${enc(String(id))}`,
    updateFields: ['name', 'email', 'emailVerified', 'locale'],
  },
  [ADMIN_RESOURCES.groups]: {
    kind: 'token',
    list: ({ token, perPage }) => post('/api/v2/admin/groups/all', { sizePerPage: Math.min(perPage, 60), paginationToken: token } satisfies GroupsListBody),
    id: (row) => row.name as string,
  },
  [ADMIN_RESOURCES.groupUsers]: {
    kind: 'token',
    list: ({ search, filter, token, perPage }) =>
      post('/api/v2/admin/groups/users', {
        group: text(filter.group),
        searchText: search,
        paginationToken: token,
        sizePerPage: Math.min(perPage, 60),
      } satisfies GroupUsersBody),
    id: (row) => row.username as string,
  },
}

export const userVerbs = {
  async getUserGroups(username: string): Promise<UserGroups> {
    return (await httpClient<UserGroups>(`/api/admin/users/groups/${enc(username)}`)).json
  },
  async setUserGroups(username: string, groups: string[]): Promise<UserGroups> {
    forget(ADMIN_RESOURCES.users)
    forget(ADMIN_RESOURCES.groupUsers)
    return (await httpClient<UserGroups>(`/api/admin/users/groups/${enc(username)}`, { method: 'PUT', body: json({ groups } satisfies UserGroups) })).json
  },
  async getUserDevices(username: string, paginationToken = ''): Promise<DeviceLogPage> {
    const q = new URLSearchParams({ paginationToken })
    return (await httpClient<DeviceLogPage>(`/api/admin/users/device-tracking-log/${enc(username)}?${q}`)).json
  },
  async getUserSubscriptionsOf(username: string): Promise<UserSubscriptionsList> {
    return (await httpClient<UserSubscriptionsList>(`/api/admin/users/subscriptions/${enc(username)}`)).json
  },
  async supportAction(action: SupportAction, username: string): Promise<SupportActionResponse> {
    forget(ADMIN_RESOURCES.users)
    return (await httpClient<SupportActionResponse>(`/api/admin/users/${action}`, { method: 'PUT', body: json({ username } satisfies SupportActionBody) })).json
  },
  async previewImport(file: ImportFileBody): Promise<ImportPreview> {
    return (await httpClient<ImportPreview>('/api/v2/admin/users/import/preview', { method: 'POST', body: json(file) })).json
  },
  async startImport(file: ImportFileBody): Promise<ImportJob> {
    forget(ADMIN_RESOURCES.users)
    return (await httpClient<ImportJobResponse>('/api/v2/admin/users/import/jobs', { method: 'POST', body: json(file) })).json.Item
  },
  async getImportJobs(paginationToken = ''): Promise<ImportJobsPage> {
    const q = new URLSearchParams({ sizePerPage: '20', paginationToken })
    return (await httpClient<ImportJobsPage>(`/api/v2/admin/users/import/jobs?${q}`)).json
  },
  async getImportJob(id: string): Promise<ImportJob> {
    return (await httpClient<ImportJobResponse>(`/api/v2/admin/users/import/jobs/${enc(id)}`)).json.Item
  },
  async getImportJobRows(id: string, outcome: ImportJobRowsQuery['outcome'], paginationToken = ''): Promise<ImportJobRowsPage> {
    const q = new URLSearchParams({ paginationToken })
    if (outcome) q.set('outcome', outcome)
    return (await httpClient<ImportJobRowsPage>(`/api/v2/admin/users/import/jobs/${enc(id)}/rows?${q}`)).json
  },
}
