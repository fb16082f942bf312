import type { Notification, NotificationPreference, NotificationPreferences, NotificationsPage, UnreadCount } from '../../../contracts/notifications'
import { httpClient } from '../http'

/** The caller's notifications (decision 0032), `/api/v2/notifications`: the bell, its page and its settings pane. */
export const NOTIFICATIONS_API = '/api/v2/notifications'

export interface NotificationVerbs {
  listNotifications(limit: number, paginationToken?: string | null): Promise<NotificationsPage>
  unreadNotifications(): Promise<number>
  markNotificationRead(id: string): Promise<Notification>
  markAllNotificationsRead(): Promise<number>
  getNotificationPreferences(): Promise<NotificationPreference[]>
  saveNotificationPreferences(items: NotificationPreference[]): Promise<NotificationPreference[]>
}

export const notificationVerbs: NotificationVerbs = {
  async listNotifications(limit, paginationToken) {
    const query = new URLSearchParams({ limit: String(limit) })
    if (paginationToken) query.set('paginationToken', paginationToken)
    return (await httpClient<NotificationsPage>(`${NOTIFICATIONS_API}?${query}`)).json
  },
  async unreadNotifications() {
    return (await httpClient<UnreadCount>(`${NOTIFICATIONS_API}/unread-count`)).json.unread
  },
  async markNotificationRead(id) {
    return (await httpClient<Notification>(`${NOTIFICATIONS_API}/${encodeURIComponent(id)}/read`, { method: 'PUT' })).json
  },
  async markAllNotificationsRead() {
    return (await httpClient<{ marked: number }>(`${NOTIFICATIONS_API}/read-all`, { method: 'PUT' })).json.marked
  },
  async getNotificationPreferences() {
    return (await httpClient<NotificationPreferences>(`${NOTIFICATIONS_API}/preferences`)).json.items
  },
  async saveNotificationPreferences(items) {
    return (await httpClient<NotificationPreferences>(`${NOTIFICATIONS_API}/preferences`, { method: 'PUT', body: JSON.stringify({ items }) })).json.items
  },
}
