import simpleRestProvider from 'ra-data-simple-rest'
import type { DataProvider } from 'react-admin'
import type { UserCoursesPage, UserSubscriptionsPage } from '../../contracts/subscriptions'
import { httpClient } from './http'

export { httpClient, ApiError, errorFor } from './http'

/** A document as `GET /api/documents/{id}` answers it under `Item` (spec §3). */
export interface DocumentItem {
  Name: string
  Content: string
  Revision?: number
  published_at?: string
}

/** The calls that are not react-admin CRUD, typed once; use them through `useDataProvider<AppDataProvider>()`. */
export interface AppDataProvider extends DataProvider {
  getUserSubscriptions(page: number): Promise<UserSubscriptionsPage>
  getUserCourses(paginationToken: string): Promise<UserCoursesPage>
  getDocument(id: string): Promise<DocumentItem>
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
  async getDocument(id) {
    const { json } = await httpClient<{ Item: DocumentItem }>(`/api/documents/${encodeURIComponent(id)}`, { anonymous: true })
    return json.Item
  },
}
