import type { AdminSubscription } from '../../contracts/admin/subscriptions'
import type { ManagedOrganization, PeoplePage, PersonDetail, SeatsList } from '../../contracts/organizations/managers'
import { downloadFile } from '../dataProvider/download'
import { httpClient } from '../dataProvider/http'

/** The organisation managers' calls (`/api/v2/organizations/{host}/...`, decision 0038). */
const base = (host: string) => `/api/v2/organizations/${encodeURIComponent(host)}`

export const organizationApi = {
  organization: async (host: string) => (await httpClient<{ Item: ManagedOrganization }>(base(host))).json.Item,
  seats: async (host: string) => (await httpClient<SeatsList>(`${base(host)}/seats`)).json.items,
  people: async (host: string, search: string, paginationToken: string) =>
    (await httpClient<PeoplePage>(`${base(host)}/people?${new URLSearchParams({ search, paginationToken, sizePerPage: '20' })}`)).json,
  person: async (host: string, username: string) =>
    (await httpClient<{ Item: PersonDetail }>(`${base(host)}/people/${encodeURIComponent(username)}`)).json.Item,
  subscribe: async (host: string, body: { username: string; course: string; plan: string }) =>
    (await httpClient<{ Item: AdminSubscription }>(`${base(host)}/subscriptions`, { method: 'POST', body: JSON.stringify(body) })).json.Item,
  report: (host: string) => downloadFile(`${base(host)}/report`, `${host}-report.csv`),
}
