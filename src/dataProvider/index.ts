import simpleRestProvider from 'ra-data-simple-rest'
import type { DataProvider } from 'react-admin'
import type { DocumentItem, DocumentResponse } from '../../contracts/documents'
import type { UserCoursesPage, UserSubscriptionsPage } from '../../contracts/subscriptions'
import { httpClient } from './http'

export { httpClient, ApiError, errorFor } from './http'

/** The calls that are not react-admin CRUD, typed once; use them through `useDataProvider<AppDataProvider>()`. */
export interface AppDataProvider extends DataProvider {
  getUserSubscriptions(page: number): Promise<UserSubscriptionsPage>
  getUserCourses(paginationToken: string): Promise<UserCoursesPage>
  /** A published document (`GET /api/documents/{id}`) in `locale`, or in the default language where it has no translation. */
  getDocument(id: string, locale: string): Promise<DocumentItem>
}

const base = simpleRestProvider('/api', (url, options) => httpClient(url, options as RequestInit))

export const dataProvider: AppDataProvider = {
  ...base,
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
