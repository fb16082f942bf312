import type { FastifyBaseLogger } from 'fastify'
import { MAX_STREAMS_PER_USER, type Notification } from '../../contracts/notifications.js'
import type { Db, Listener } from '../db/index.js'
import { iso } from '../http/dates.js'
import { findNotification, type NotificationRow } from './queries.js'

/** The channel migration 0034's trigger announces new rows on (suffixed with the schema by the db layer). */
export const NOTIFICATIONS_CHANNEL = 'aula_notifications'

/** One open live stream: what the hub writes to it. */
export interface NotificationStream {
  /** A new notification of the stream's user. */
  notification(n: Notification): void
  /** Announcements may have been missed (the notification connection was lost): reload the count. */
  resync(): void
  /** The server is closing: end the stream. */
  end(): void
}

export function notificationOf(r: NotificationRow): Notification {
  return {
    id: r.id,
    kind: r.kind,
    params: typeof r.params === 'string' ? JSON.parse(r.params) : r.params,
    link: r.link,
    createdAt: iso(r.created_at),
    readAt: r.read_at === null ? null : iso(r.read_at),
  }
}

/**
 * The live streams this process holds, by user, and the delivery of new rows to them (decision 0032).
 * Every row the trigger announces reaches every process: on PostgreSQL through LISTEN on a dedicated
 * connection (a row made by process A reaches a stream held by process B), on PGlite — one process —
 * through PGlite's own LISTEN. A process reads the row only when it holds a stream of its user.
 */
export class NotificationHub {
  private readonly streams = new Map<string, Set<NotificationStream>>()
  private listener: Listener | null = null
  private listening = false
  private readonly announced = new Set<() => void>()

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    const handlers = {
      message: (payload: string) => this.onAnnounce(payload),
      state: (listening: boolean) => {
        // Back after a loss: rows made meanwhile were not announced; every stream reloads its count.
        if (listening && this.listening === false && this.listener) for (const set of this.streams.values()) for (const s of set) s.resync()
        if (!listening) this.log.warn('notification announcements lost: live streams resync when they are back')
        this.listening = listening
      },
    }
    try {
      if (this.db.listen) this.listener = await this.db.listen(NOTIFICATIONS_CHANNEL, handlers)
      else if (this.db.localListen) {
        this.listener = await this.db.localListen(NOTIFICATIONS_CHANNEL, handlers.message)
        this.listening = true
      }
    } catch (err) {
      // The database is not there (yet): the server still starts; streams show what they load and
      // resync on their next connection, and /api/health says the database is unavailable.
      this.log.warn({ err }, 'notification announcements unavailable: live streams only load on connection')
      this.listening = false
    }
  }

  async stop(): Promise<void> {
    for (const set of this.streams.values()) for (const s of set) s.end()
    this.streams.clear()
    await this.listener?.close().catch((err: unknown) => this.log.warn({ err }, 'the notification listener did not close cleanly'))
    this.listener = null
  }

  /** Calls `fn` on every announcement (the mail sender wakes up on them). */
  onAnnouncement(fn: () => void): void {
    this.announced.add(fn)
  }

  /** Adds a stream of `userSub`; false when the user already holds the most streams allowed. */
  add(userSub: string, stream: NotificationStream): boolean {
    let set = this.streams.get(userSub)
    if (!set) this.streams.set(userSub, (set = new Set()))
    if (set.size >= MAX_STREAMS_PER_USER) return false
    set.add(stream)
    return true
  }

  remove(userSub: string, stream: NotificationStream): void {
    const set = this.streams.get(userSub)
    if (!set) return
    set.delete(stream)
    if (set.size === 0) this.streams.delete(userSub)
  }

  /** Streams open in this process (metrics and tests). */
  get size(): number {
    let n = 0
    for (const set of this.streams.values()) n += set.size
    return n
  }

  private onAnnounce(payload: string) {
    for (const fn of this.announced) fn()
    const [userSub, id] = payload.split(' ')
    if (!userSub || !id || !this.streams.has(userSub)) return
    findNotification(this.db, userSub, id).then(
      (row) => {
        if (!row) return
        const n = notificationOf(row)
        for (const s of this.streams.get(userSub) ?? []) s.notification(n)
      },
      (err: unknown) => this.log.warn({ err }, 'a new notification could not be read for its live streams'),
    )
  }
}
