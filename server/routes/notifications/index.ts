import Type from 'typebox'
import { errorResponses } from '../../../contracts/errors.js'
import {
  MarkedRead,
  Notification,
  NotificationIdParams,
  NotificationPreferences,
  NotificationPreferencesBody,
  NOTIFICATIONS_PAGE_SIZE,
  NotificationsPage,
  NotificationsQuery,
  UnreadCount,
} from '../../../contracts/notifications.js'
import { actorOf } from '../../http/actor.js'
import { decodeToken, encodeToken } from '../../http/paging.js'
import { notificationOf, type NotificationStream } from '../../notifications/hub.js'
import {
  countNotifications,
  countUnread,
  listNotifications,
  markAllRead,
  markRead,
  preferencesOf,
  savePreferences,
  unreadAtOpen,
} from '../../notifications/queries.js'
import { HttpError } from '../../plugins/errors.js'
import type { App } from '../../types.js'

const tags = ['notifications']
/** A comment line this often keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 25_000

const isKey = (v: unknown[]): v is [string] => v.length === 1 && typeof v[0] === 'string' && /^[1-9]\d{0,17}$/.test(v[0])

const notFound = () => new HttpError(404, 'Notification not found', 'NOT_FOUND')

/** The caller's own notifications (decision 0032), mounted at `/api/v2/notifications`. */
export default async function notificationRoutes(app: App) {
  app.get(
    '/',
    {
      schema: {
        tags,
        summary: "The caller's notifications, newest first (token paging)",
        querystring: NotificationsQuery,
        response: { 200: NotificationsPage, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const { sub } = actorOf(request)
      const limit = request.query.limit ?? NOTIFICATIONS_PAGE_SIZE
      const after = request.query.paginationToken ? Number(decodeToken(request.query.paginationToken, isKey)[0]) : null
      const [rows, estimated] = await Promise.all([listNotifications(app.db, sub, limit + 1, after), countNotifications(app.db, sub)])
      const page = rows.slice(0, limit)
      const last = page[page.length - 1]
      return {
        items: page.map(notificationOf),
        paginationToken: rows.length > limit && last ? encodeToken([last.seq]) : null,
        estimated,
      }
    },
  )

  app.get(
    '/unread-count',
    { schema: { tags, summary: "How many of the caller's notifications are unread", response: { 200: UnreadCount, ...errorResponses(401) } } },
    async (request) => ({ unread: await countUnread(app.db, actorOf(request).sub) }),
  )

  app.put(
    '/:id/read',
    {
      schema: {
        tags,
        summary: "Marks one of the caller's notifications read (another user's: 404)",
        params: NotificationIdParams,
        response: { 200: Notification, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const row = await markRead(app.db, actorOf(request).sub, request.params.id)
      if (!row) throw notFound()
      return notificationOf(row)
    },
  )

  app.put(
    '/read-all',
    { schema: { tags, summary: "Marks every notification of the caller's read", response: { 200: MarkedRead, ...errorResponses(401) } } },
    async (request) => ({ marked: await markAllRead(app.db, actorOf(request).sub) }),
  )

  app.get(
    '/preferences',
    {
      schema: {
        tags,
        summary: 'Per kind of notification, whether the caller also gets it by mail (in the app: always)',
        response: { 200: NotificationPreferences, ...errorResponses(401) },
      },
    },
    async (request) => ({ items: await preferencesOf(app.db, actorOf(request).sub) }),
  )

  app.put(
    '/preferences',
    {
      schema: {
        tags,
        summary: 'Changes the mail choice of the kinds given; answers every kind',
        body: NotificationPreferencesBody,
        response: { 200: NotificationPreferences, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const { sub } = actorOf(request)
      await savePreferences(app.db, sub, request.body.items)
      return { items: await preferencesOf(app.db, sub) }
    },
  )

  app.get(
    '/stream',
    {
      schema: {
        tags,
        summary:
          'Server-sent events (Accept: text/event-stream, bearer token in Authorization): `unread` with the count on open, `notification` with each new one, `resync` when some may have been missed; a comment line every 25 s. At most 5 streams per user (429).',
        response: { 200: Type.String({ description: 'text/event-stream' }), ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const { sub } = actorOf(request)
      if (!(request.headers.accept ?? '').includes('text/event-stream')) throw new HttpError(400, 'Ask for text/event-stream', 'VALIDATION')
      const raw = reply.raw
      let heartbeat: NodeJS.Timeout | null = null
      let closed = false
      const write = (chunk: string) => {
        if (!closed) raw.write(chunk)
      }
      // Until the opening count is written, new notifications wait; one the count already holds (its announcement
      // can arrive after the stream is added) is not delivered again.
      let waiting: Array<Notification | 'resync'> | null = []
      let counted = new Set<string>()
      const deliver = (n: Notification | 'resync') => {
        if (n === 'resync') write('event: resync\ndata: {}\n\n')
        else if (!counted.has(n.id)) write(`event: notification\nid: ${n.id}\ndata: ${JSON.stringify(n)}\n\n`)
      }
      const stream: NotificationStream = {
        notification: (n) => {
          if (waiting) waiting.push(n)
          else deliver(n)
        },
        resync: () => {
          if (waiting) waiting.push('resync')
          else deliver('resync')
        },
        end: () => close(),
      }
      const close = () => {
        if (closed) return
        closed = true
        if (heartbeat) clearInterval(heartbeat)
        app.notifications.hub.remove(sub, stream)
        raw.end()
      }
      if (!app.notifications.hub.add(sub, stream)) throw new HttpError(429, 'Too many notification streams open; close another tab', 'TOO_MANY_STREAMS')
      let unread: number
      try {
        ;({ unread, counted } = await unreadAtOpen(app.db, sub))
      } catch (error) {
        app.notifications.hub.remove(sub, stream)
        throw error
      }
      reply.hijack()
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        // nginx: pass events through as they come.
        'x-accel-buffering': 'no',
      })
      write(`retry: 5000\nevent: unread\ndata: ${JSON.stringify({ unread })}\n\n`)
      for (const n of waiting) deliver(n)
      waiting = null
      heartbeat = setInterval(() => write(': ping\n\n'), HEARTBEAT_MS)
      heartbeat.unref()
      request.raw.on('close', close)
      raw.on('error', close)
    },
  )
}
