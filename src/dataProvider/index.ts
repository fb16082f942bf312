import simpleRestProvider from 'ra-data-simple-rest'
import type { DataProvider } from 'react-admin'
import type { DocumentItem, DocumentResponse } from '../../contracts/documents'
import type { UserCoursesPage, UserSubscriptionsPage } from '../../contracts/subscriptions'
import type { AdminVerbs } from './adminResources'
export type { CatalogueLink, TokenListMeta } from './adminResources'
import { httpClient } from './http'

export { httpClient, ApiError, errorFor } from './http'

/** The calls that are not react-admin CRUD, typed once; use them through `useDataProvider<AppDataProvider>()`. */
export interface AppDataProvider extends DataProvider, AdminVerbs {
  getUserSubscriptions(page: number): Promise<UserSubscriptionsPage>
  getUserCourses(paginationToken: string): Promise<UserCoursesPage>
  /** A published document (`GET /api/documents/{id}`) in `locale`, or in the default language where it has no translation. */
  getDocument(id: string, locale: string): Promise<DocumentItem>
}

const base = simpleRestProvider('/api', (url, options) => httpClient(url, options as RequestInit))

/**
 * The administration resources (`admin/...`, named after their screen paths) and their verbs live in
 * `./adminResources`, loaded on first use so that the public screens do not carry them.
 */
const admin = () => import('./adminResources')
const isAdmin = (resource: string) => resource.startsWith('admin/')
const verb =
  <K extends keyof AdminVerbs>(name: K) =>
  async (...args: Parameters<AdminVerbs[K]>): Promise<Awaited<ReturnType<AdminVerbs[K]>>> =>
    // One call per verb: the spread keeps each verb's own parameter list.
    ((await admin()).adminVerbs[name] as (...a: Parameters<AdminVerbs[K]>) => Promise<Awaited<ReturnType<AdminVerbs[K]>>>)(...args)

export const dataProvider: AppDataProvider = {
  ...base,
  getList: async (resource, params) => (isAdmin(resource) ? (await admin()).adminProvider.getList(resource, params) : base.getList(resource, params)),
  getOne: async (resource, params) => (isAdmin(resource) ? (await admin()).adminProvider.getOne(resource, params) : base.getOne(resource, params)),
  create: async (resource, params) => (isAdmin(resource) ? (await admin()).adminProvider.create(resource, params) : base.create(resource, params)),
  update: async (resource, params) => (isAdmin(resource) ? (await admin()).adminProvider.update(resource, params) : base.update(resource, params)),
  getUserGroups: verb('getUserGroups'),
  setUserGroups: verb('setUserGroups'),
  getUserDevices: verb('getUserDevices'),
  getUserSubscriptionsOf: verb('getUserSubscriptionsOf'),
  supportAction: verb('supportAction'),
  revokeSubscription: verb('revokeSubscription'),
  liftSubscriptionBlock: verb('liftSubscriptionBlock'),
  linkCatalogue: verb('linkCatalogue'),
  publishDocument: verb('publishDocument'),
  previewImport: verb('previewImport'),
  startImport: verb('startImport'),
  getImportJobs: verb('getImportJobs'),
  getImportJob: verb('getImportJob'),
  getImportJobRows: verb('getImportJobRows'),
  exportAuditCsv: verb('exportAuditCsv'),
  getMigrations: verb('getMigrations'),
  getAll: verb('getAll'),
  async getUserSubscriptions(page) {
    return (await httpClient<UserSubscriptionsPage>(`/api/v2/user/subscriptions?page=${page}`)).json
  },
  async getUserCourses(paginationToken) {
    return (await httpClient<UserCoursesPage>(`/api/v2/user/courses?paginationToken=${encodeURIComponent(paginationToken)}`)).json
  },
  async getDocument(id, locale) {
    const query = new URLSearchParams({ locale })
    const { json } = await httpClient<DocumentResponse>(`/api/documents/${encodeURIComponent(id)}?${query}`, { anonymous: true })
    return json.Item
  },
}
