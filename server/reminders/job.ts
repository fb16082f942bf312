import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../db/index.js'
import type { IdentityAdmin } from '../identity/admin-client.js'
import type { Mailer } from '../mail/index.js'
import type { MailProgress } from '../mail/notices.js'
import { progressOfCourses } from '../courses/progress/queries.js'
import { percentOf } from '../courses/progress/rules.js'
import { iso } from '../http/dates.js'
import { notifyOnce } from '../notifications/queries.js'
import type { NotificationParams } from '../../contracts/notifications.js'
import {
  activeCoursesOf,
  claimDigests,
  claimDueReminders,
  isoWeek,
  mailSigningKey,
  releaseDigest,
  releaseReminder,
  REMINDER_LOCK,
  type ClaimedReminder,
} from './queries.js'
import { unsubscribeToken, type UnsubscribeTopic } from './unsubscribe.js'

export interface ReminderJobOptions {
  /** How often a process runs the job (default 15 minutes); the first run is `firstMs` after start. */
  everyMs?: number
  firstMs?: number
  /** Reminders and digests claimed in one run at most (the rest wait for the next run). */
  batch?: number
}

export interface ReminderRun {
  /** False when another process was running the job (this one did nothing). */
  ran: boolean
  reminders: number
  digests: number
}

interface Deps {
  db: Db
  log: FastifyBaseLogger
  mailer: Mailer
  users: IdentityAdmin
  now: () => Date
  /** PUBLIC_URL: the address the mails link to. */
  publicUrl: string
}

/**
 * The scheduled job of the mail sent unasked (decision 0030, docs/mail.md): expiry reminders and
 * weekly digests. Every process schedules it; a run claims its mails in one transaction holding an
 * advisory lock (a second process finding it held does nothing) by inserting one row per mail whose
 * key says which mail it is, then sends them after the commit. So a mail is sent at most once, by
 * whichever process claimed it; a send that fails gives its claim back (the next run tries again);
 * a process that dies between commit and send loses those mails (the next threshold still comes).
 */
export class ReminderJob {
  private timer: NodeJS.Timeout | null = null
  private running: Promise<unknown> | null = null
  private key: Promise<Buffer> | null = null
  private readonly everyMs: number
  private readonly firstMs: number
  private readonly batch: number

  constructor(
    private readonly deps: Deps,
    options: ReminderJobOptions = {},
  ) {
    this.everyMs = options.everyMs ?? 15 * 60_000
    this.firstMs = options.firstMs ?? 60_000
    this.batch = Math.max(1, options.batch ?? 200)
  }

  start() {
    if (this.timer) return
    const tick = () => {
      this.timer = setTimeout(
        () => {
          this.running = this.runOnce()
            .catch((err: unknown) => this.deps.log.warn({ err }, 'reminder mail run failed; it runs again at its next time'))
            .finally(() => {
              this.running = null
              if (this.timer) tick()
            })
        },
        this.timer ? this.everyMs : this.firstMs,
      )
      this.timer.unref()
    }
    this.timer = null
    tick()
  }

  async stop() {
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    await this.running
  }

  /** One run: claims what is due now and sends it. */
  async runOnce(): Promise<ReminderRun> {
    const { db, now } = this.deps
    const at = now()
    const claimed = await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ locked: boolean }>('SELECT pg_try_advisory_xact_lock($1::int, hashtext($2)) AS locked', [...REMINDER_LOCK])
      if (rows[0]?.locked !== true) return null
      const week = isoWeek(at)
      const reminders = await claimDueReminders(tx, at, this.batch)
      // Each reminder shows in the learner's notifications too (once, even when its mail is tried again).
      for (const r of reminders) await notifyOnce(tx, r.user_sub, 'expiry-soon', expiryParams(r, at), `/galaxy/courses/overview/${r.course_uuid}`)
      return { reminders, week, digests: await claimDigests(tx, at, week, this.batch) }
    })
    if (!claimed) return { ran: false, reminders: 0, digests: 0 }
    let reminders = 0
    let digests = 0
    for (const r of claimed.reminders) {
      if (
        await this.attempt(
          () => this.sendReminder(r),
          () => releaseReminder(db, r),
          { subscription: r.subscription_id, threshold: r.threshold_days },
        )
      )
        reminders++
    }
    for (const sub of claimed.digests) {
      if (
        await this.attempt(
          () => this.sendDigest(sub, at),
          () => releaseDigest(db, sub, claimed.week),
          { digest: claimed.week },
        )
      )
        digests++
    }
    return { ran: true, reminders, digests }
  }

  /** Sends one mail; a failure is logged and the claim given back for the next run. */
  private async attempt(send: () => Promise<boolean>, release: () => Promise<void>, what: Record<string, unknown>): Promise<boolean> {
    try {
      return await send()
    } catch (err) {
      this.deps.log.warn({ err, ...what }, 'a reminder mail could not be sent; the next run tries again')
      await release().catch((e: unknown) => this.deps.log.warn({ err: e, ...what }, 'a reminder claim could not be given back; that mail is lost'))
      return false
    }
  }

  private async unsubscribeUrl(sub: string, topic: UnsubscribeTopic): Promise<string> {
    this.key ??= mailSigningKey(this.deps.db)
    const token = unsubscribeToken(await this.key, sub, topic)
    return `${this.deps.publicUrl}/api/v2/mail/unsubscribe?token=${encodeURIComponent(token)}`
  }

  private courseUrl(uuid: string) {
    return `${this.deps.publicUrl}/galaxy/courses/overview/${uuid}`
  }

  private async progressOf(sub: string, courses: string[]): Promise<Map<string, MailProgress>> {
    const counted = await progressOfCourses(this.deps.db, sub, courses)
    return new Map(
      courses.map((c) => {
        const p = counted.get(c) ?? { done: 0, total: 0 }
        return [c, { ...p, percent: percentOf(p.done, p.total) }]
      }),
    )
  }

  /** A learner the pool has, enabled, with an address; else nothing is sent (and nothing retried). */
  private async recipient(sub: string) {
    const user = await this.deps.users.getUser(sub)
    if (!user || !user.enabled || !user.email) {
      this.deps.log.info({ sub }, 'no reminder mail: the learner has no enabled account with an e-mail address')
      return null
    }
    return user
  }

  private async sendReminder(r: ClaimedReminder): Promise<boolean> {
    const user = await this.recipient(r.user_sub)
    if (!user) return false
    const progress = (await this.progressOf(r.user_sub, [r.course_uuid])).get(r.course_uuid)!
    const unsubscribeUrl = await this.unsubscribeUrl(r.user_sub, 'reminders')
    await this.deps.mailer.send(
      user.email,
      {
        kind: 'expiry-reminder',
        course: r.course_name,
        expiresAt: iso(r.expires_at),
        daysLeft: r.threshold_days,
        progress,
        renewUrl: this.courseUrl(r.course_uuid),
        unsubscribeUrl,
      },
      user.attributes.locale,
      { unsubscribeUrl },
    )
    return true
  }

  private async sendDigest(sub: string, at: Date): Promise<boolean> {
    const user = await this.recipient(sub)
    if (!user) return false
    const courses = await activeCoursesOf(this.deps.db, sub, at)
    if (courses.length === 0) return false
    const progress = await this.progressOf(
      sub,
      courses.map((c) => c.course_uuid),
    )
    const unsubscribeUrl = await this.unsubscribeUrl(sub, 'digest')
    await this.deps.mailer.send(
      user.email,
      {
        kind: 'weekly-digest',
        courses: courses.map((c) => ({
          name: c.course_name,
          url: this.courseUrl(c.course_uuid),
          expiresAt: iso(c.expires_at),
          progress: progress.get(c.course_uuid)!,
        })),
        unsubscribeUrl,
      },
      user.attributes.locale,
      { unsubscribeUrl },
    )
    return true
  }
}

/** An expiry notice's parameters: the course, the whole days left (at least one) and the end's date. */
function expiryParams(r: ClaimedReminder, at: Date): NotificationParams {
  const ends = new Date(r.expires_at)
  return { course: r.course_name, smart_count: Math.max(1, Math.ceil((ends.getTime() - at.getTime()) / 86_400_000)), date: ends.toISOString().slice(0, 10) }
}
