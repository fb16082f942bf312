/** The signed-in account screens' chunk (the settings panes). */
export { SettingsPage } from '../account/settings/SettingsPage'
export { NotificationsPage } from '../account/notifications/NotificationsPage'
