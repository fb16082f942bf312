import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../db/index.js'
import type { IdentityAdmin } from '../identity/admin-client.js'
import type { Mailer } from '../mail/index.js'
import { notificationOf } from './hub.js'
import { claimMail } from './queries.js'
import { mailSigningKey } from '../reminders/queries.js'
import { unsubscribeToken } from '../reminders/unsubscribe.js'

const BATCH = 20
/** Rows waiting are looked for this often even without an announcement (one missed, or a PGlite restart). */
const POLL_MS = 60_000

/**
 * Mails the notifications their users want by mail (decision 0032), after the event committed and
 * outside its transaction: a mail that fails is logged and never undoes or fails the event. Every
 * process runs one; each row is claimed by one of them (`claimMail`, SKIP LOCKED). Woken by the
 * announcements, and by a slow poll.
 */
export class NotificationMailer {
  private timer: NodeJS.Timeout | null = null
  private poll: NodeJS.Timeout | null = null
  private running: Promise<void> | null = null
  private again = false
  private stopped = false
  private signingKey: Buffer | null = null

  constructor(
    private readonly db: Db,
    private readonly users: IdentityAdmin,
    private readonly mailer: Mailer,
    private readonly log: FastifyBaseLogger,
    private readonly publicUrl: string | undefined,
  ) {}

  /** The key of the one-click unsubscribe links (the reminders' key, kept in the database). */
  private async key(): Promise<Buffer> {
    this.signingKey ??= await mailSigningKey(this.db)
    return this.signingKey
  }

  start(): void {
    this.poll = setInterval(() => this.wake(), POLL_MS)
    this.poll.unref()
    this.wake()
  }

  async stop(): Promise<void> {
    this.stopped = true
    if (this.timer) clearTimeout(this.timer)
    if (this.poll) clearInterval(this.poll)
    await this.running
  }

  /** Runs a pass soon (announcements arrive in bursts: one pass takes them all). */
  wake(): void {
    if (this.stopped || this.timer) return
    this.timer = setTimeout(() => {
      this.timer = null
      if (this.running) {
        this.again = true
        return
      }
      this.running = this.pass().finally(() => {
        this.running = null
        if (this.again) {
          this.again = false
          this.wake()
        }
      })
    }, 50)
  }

  /** Resolves once every row waiting now has been sent or given up (tests). */
  async drain(): Promise<void> {
    await this.running
    await this.pass()
  }

  private async pass(): Promise<void> {
    try {
      for (;;) {
        const rows = await claimMail(this.db, BATCH)
        for (const row of rows) {
          const n = notificationOf(row)
          try {
            const user = await this.users.getUser(row.user_sub)
            if (!user?.email || !user.enabled) continue
            const url = this.publicUrl && n.link ? `${this.publicUrl.replace(/\/$/, '')}${n.link}` : undefined
            const unsubscribeUrl = this.publicUrl
              ? `${this.publicUrl.replace(/\/$/, '')}/api/v2/mail/unsubscribe?token=${encodeURIComponent(unsubscribeToken(await this.key(), row.user_sub, 'notifications'))}`
              : undefined
            await this.mailer.send(
              user.email,
              { kind: 'notification', about: n.kind, params: n.params, ...(url ? { url } : {}) },
              user.attributes.locale,
              unsubscribeUrl ? { unsubscribeUrl } : undefined,
            )
          } catch (err) {
            this.log.warn({ err, notification: row.id }, 'a notification could not be mailed')
          }
        }
        if (rows.length < BATCH || this.stopped) return
      }
    } catch (err) {
      this.log.warn({ err }, 'notification mail pass failed; the next one retries')
    }
  }
}
