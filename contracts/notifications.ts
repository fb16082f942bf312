import Type, { type Static } from 'typebox'
import { SIGNED_IN, type PolicyTable } from './access.js'

/**
 * Notifications (decision 0032): per-user rows the server makes when something happens to the user;
 * the web app renders their text from `kind` and `params` in the reader's language. Under
 * `/api/v2/notifications`, every route only ever sees the caller's own rows.
 */

/** What a notification is about. */
export const NOTIFICATION_KINDS = [
  'subscription-added',
  'subscription-revoked',
  'certificate-issued',
  'course-updated',
  'import-finished',
  'avatar-ready',
  'review-published',
  'expiry-soon',
  'discussion-reply',
  'discussion-mention',
  'assignment-graded',
  'assignment-returned',
  'essay-graded',
] as const
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]

/** Whether a kind is also mailed when the user has not chosen (in the app: always). */
export const MAIL_DEFAULTS: Record<NotificationKind, boolean> = {
  'subscription-added': true,
  'subscription-revoked': true,
  'certificate-issued': true,
  'course-updated': false,
  'import-finished': false,
  'avatar-ready': false,
  'review-published': false,
  // The expiry reminder is its mail already (docs/mail.md).
  'expiry-soon': false,
  'discussion-reply': false,
  'discussion-mention': false,
  'assignment-graded': true,
  'assignment-returned': true,
  // A learner waiting for a grade hears of it in the app (decision 0035).
  'essay-graded': false,
}

/**
 * The groups whose members can get a kind (absent: everyone); the settings pane offers only those.
 * Imports are started by creators (cartridges) and administrators (users); avatars are experimental;
 * reviews are the builder's.
 */
export const KIND_GROUPS: Partial<Record<NotificationKind, readonly string[]>> = {
  'import-finished': ['creator', 'admin'],
  'avatar-ready': ['experimental', 'admin'],
  'review-published': ['creator', 'reviewer', 'admin'],
}

/** Whether a user in `groups` can get notifications of `kind`. */
export const kindFor = (kind: NotificationKind, groups: readonly string[]) => !KIND_GROUPS[kind] || KIND_GROUPS[kind].some((g) => groups.includes(g))

/** The variable parts of a text; every value is a short string or number. */
export const NotificationParams = Type.Record(Type.String({ maxLength: 40 }), Type.Union([Type.String({ maxLength: 500 }), Type.Number()]))
export type NotificationParams = Static<typeof NotificationParams>

export const Notification = Type.Object({
  id: Type.String({ format: 'uuid' }),
  kind: Type.Enum([...NOTIFICATION_KINDS]),
  params: NotificationParams,
  /** A path in the web app, or null. */
  link: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
  readAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
})
export type Notification = Static<typeof Notification>

export const NOTIFICATIONS_PAGE_SIZE = 20

export const NotificationsQuery = Type.Object(
  {
    paginationToken: Type.Optional(Type.String({ maxLength: 200 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })),
  },
  { additionalProperties: false },
)
export type NotificationsQuery = Static<typeof NotificationsQuery>

/** Newest first, token-paged; `estimated` is the caller's total. */
export const NotificationsPage = Type.Object({
  items: Type.Array(Notification),
  paginationToken: Type.Union([Type.String(), Type.Null()]),
  estimated: Type.Integer({ minimum: 0 }),
})
export type NotificationsPage = Static<typeof NotificationsPage>

export const UnreadCount = Type.Object({ unread: Type.Integer({ minimum: 0 }) })
export type UnreadCount = Static<typeof UnreadCount>

export const NotificationIdParams = Type.Object({ id: Type.String({ format: 'uuid' }) })

/** Marking all read: how many changed. */
export const MarkedRead = Type.Object({ marked: Type.Integer({ minimum: 0 }) })

export const NotificationPreference = Type.Object({ kind: Type.Enum([...NOTIFICATION_KINDS]), byMail: Type.Boolean() }, { additionalProperties: false })
export type NotificationPreference = Static<typeof NotificationPreference>

/** Every kind, with its mail choice (in the app: always). */
export const NotificationPreferences = Type.Object({ items: Type.Array(NotificationPreference) })
export type NotificationPreferences = Static<typeof NotificationPreferences>

/** PUT: the kinds to change (others stay as they are). */
export const NotificationPreferencesBody = Type.Object(
  { items: Type.Array(NotificationPreference, { minItems: 1, maxItems: NOTIFICATION_KINDS.length }) },
  { additionalProperties: false },
)
export type NotificationPreferencesBody = Static<typeof NotificationPreferencesBody>

/** Live streams one user may hold open at once (tabs and devices); the next one is refused with 429. */
export const MAX_STREAMS_PER_USER = 5

export const notificationsPolicy = {
  'GET /api/v2/notifications': SIGNED_IN,
  'GET /api/v2/notifications/unread-count': SIGNED_IN,
  'GET /api/v2/notifications/stream': SIGNED_IN,
  'PUT /api/v2/notifications/:id/read': SIGNED_IN,
  'PUT /api/v2/notifications/read-all': SIGNED_IN,
  'GET /api/v2/notifications/preferences': SIGNED_IN,
  'PUT /api/v2/notifications/preferences': SIGNED_IN,
} as const satisfies PolicyTable
