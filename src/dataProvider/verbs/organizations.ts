import type { AdminSubscription } from '../../../contracts/admin/subscriptions'
import type { ManagedOrganization, PeoplePage, PersonDetail, SeatsList } from '../../../contracts/organizations/managers'
import { downloadFile } from '../download'
import { httpClient } from '../http'

const base = (host: string) => `/api/v2/organizations/${encodeURIComponent(host)}`

/** The organisation managers' calls (`/api/v2/organizations/{host}/...`, decision 0038). */
export interface OrganizationVerbs {
  getManagedOrganization(host: string): Promise<ManagedOrganization>
  getOrganizationSeats(host: string): Promise<SeatsList['items']>
  getOrganizationPeople(host: string, search: string, paginationToken: string): Promise<PeoplePage>
  getOrganizationPerson(host: string, username: string): Promise<PersonDetail>
  subscribeOrganizationPerson(host: string, body: { username: string; course: string; plan: string }): Promise<AdminSubscription>
  downloadOrganizationReport(host: string): Promise<void>
}

export const organizationVerbs: OrganizationVerbs = {
  getManagedOrganization: async (host) => (await httpClient<{ Item: ManagedOrganization }>(base(host))).json.Item,
  getOrganizationSeats: async (host) => (await httpClient<SeatsList>(`${base(host)}/seats`)).json.items,
  getOrganizationPeople: async (host, search, paginationToken) =>
    (await httpClient<PeoplePage>(`${base(host)}/people?${new URLSearchParams({ search, paginationToken, sizePerPage: '20' })}`)).json,
  getOrganizationPerson: async (host, username) => (await httpClient<{ Item: PersonDetail }>(`${base(host)}/people/${encodeURIComponent(username)}`)).json.Item,
  subscribeOrganizationPerson: async (host, body) =>
    (await httpClient<{ Item: AdminSubscription }>(`${base(host)}/subscriptions`, { method: 'POST', body: JSON.stringify(body) })).json.Item,
  downloadOrganizationReport: (host) => downloadFile(`${base(host)}/report`, `${host}-report.csv`),
}
