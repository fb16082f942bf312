import crypto from 'node:crypto'
import { DEFAULT_REMINDER_DAYS } from '../../contracts/mail.js'
import type { Queryable } from '../db/index.js'

/** SQL of the expiry reminders, the weekly digest and the learners' mail preferences (migration 0035, docs/mail.md). */

/**
 * The advisory lock that keeps one scheduled run at a time across processes (the sweeps' space plus
 * two; the xAPI claim lock is plus one). The claim rows' keys make each mail once even without it.
 */
export const REMINDER_LOCK = [7261022, 'mail-reminders'] as const

/** A subscription without a plan (gone) is reminded at the default thresholds. */
export interface ClaimedReminder {
  subscription_id: string
  user_sub: string
  course_uuid: string
  course_name: string
  threshold_days: number
  expires_at: Date | string
}

/**
 * Claims the expiry reminders due at `now`, in the caller's transaction: the rows inserted are the
 * mails to send once it commits. Per learner and course only the subscription ending last counts (a
 * renewal is a new subscription, so the old end is never reminded of); a threshold of `d` days is due
 * once the whole days left (as the subscriptions pane counts them) are `d` or fewer, and only the
 * tightest due threshold is sent (a run that was down for days sends one reminder, not three).
 * Thresholds not shorter than the subscription's duration are skipped (no "14 days left" the moment
 * a 14-day plan is taken). Learners who turned reminders off are left out.
 */
export async function claimDueReminders(tx: Queryable, now: Date, limit: number): Promise<ClaimedReminder[]> {
  const { rows } = await tx.query<ClaimedReminder>(
    `WITH latest AS (
       SELECT DISTINCT ON (s.user_sub, s.course_uuid)
              s.id, s.user_sub, s.course_uuid, s.duration_days, s.plan_id,
              s.created_at + make_interval(days => s.duration_days) AS expires_at
         FROM subscriptions s
        -- An ended subscription is never the one reminded of: left out before the sort.
        WHERE s.revoked_at IS NULL AND s.created_at + make_interval(days => s.duration_days) > $1::timestamptz
        ORDER BY s.user_sub, s.course_uuid, s.created_at + make_interval(days => s.duration_days) DESC, s.id
     ),
     tightest AS (
       SELECT l.id, l.user_sub, l.course_uuid, l.expires_at, min(t.d) AS threshold_days
         FROM latest l
         LEFT JOIN subscription_plans p ON p.id = l.plan_id
         CROSS JOIN LATERAL unnest(COALESCE(p.reminder_days, $3::int[])) AS t(d)
        WHERE l.expires_at > $1::timestamptz
          AND t.d < l.duration_days
          AND l.expires_at - make_interval(days => t.d + 1) < $1::timestamptz
          AND NOT EXISTS (SELECT 1 FROM mail_preferences m WHERE m.user_sub = l.user_sub AND NOT m.expiry_reminders)
        GROUP BY l.id, l.user_sub, l.course_uuid, l.expires_at
     ),
     due AS (
       SELECT * FROM tightest g
        WHERE NOT EXISTS (SELECT 1 FROM subscription_reminders r
                           WHERE r.subscription_id = g.id AND r.threshold_days = g.threshold_days
                             AND r.expires_on = (g.expires_at AT TIME ZONE 'UTC')::date)
        ORDER BY g.expires_at, g.id
        LIMIT $2
     ),
     claimed AS (
       INSERT INTO subscription_reminders (subscription_id, threshold_days, expires_on)
       SELECT id, threshold_days, (expires_at AT TIME ZONE 'UTC')::date FROM due
       ON CONFLICT DO NOTHING
       RETURNING subscription_id, threshold_days
     )
     SELECT d.id AS subscription_id, d.user_sub, d.course_uuid, c.name AS course_name, d.threshold_days, d.expires_at
       FROM claimed k JOIN due d ON d.id = k.subscription_id JOIN courses c ON c.uuid = d.course_uuid
      ORDER BY d.user_sub, d.course_uuid`,
    [now.toISOString(), limit, DEFAULT_REMINDER_DAYS],
  )
  return rows
}

/** The ISO 8601 week of `at` (UTC), as '2026-W48'. */
export function isoWeek(at: Date): string {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()))
  const weekday = day.getUTCDay() || 7
  day.setUTCDate(day.getUTCDate() + 4 - weekday)
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1)
  const week = Math.ceil(((day.getTime() - yearStart) / 86400000 + 1) / 7)
  return `${day.getUTCFullYear()}-W${String(week).padStart(2, '0')}`
}

export interface DigestCourse {
  course_uuid: string
  course_name: string
  expires_at: Date | string
}

/**
 * Claims this week's digests, in the caller's transaction: one per learner who turned it on and holds
 * an active subscription now. The learners whose row was inserted are the mails to send after commit.
 */
export async function claimDigests(tx: Queryable, now: Date, week: string, limit: number): Promise<string[]> {
  const { rows } = await tx.query<{ user_sub: string }>(
    `INSERT INTO digest_mails (user_sub, iso_week)
     SELECT m.user_sub, $2::text FROM mail_preferences m
      WHERE m.weekly_digest
        AND EXISTS (SELECT 1 FROM subscriptions s WHERE s.user_sub = m.user_sub AND s.revoked_at IS NULL
                       AND s.created_at + make_interval(days => s.duration_days) > $1::timestamptz)
        AND NOT EXISTS (SELECT 1 FROM digest_mails d WHERE d.user_sub = m.user_sub AND d.iso_week = $2)
      ORDER BY m.user_sub
      LIMIT $3
     ON CONFLICT DO NOTHING
     RETURNING user_sub`,
    [now.toISOString(), week, limit],
  )
  return rows.map((r) => r.user_sub)
}

/** A learner's active courses at `now`, each with the end of its last subscription, by name. */
export async function activeCoursesOf(db: Queryable, sub: string, now: Date): Promise<DigestCourse[]> {
  const { rows } = await db.query<DigestCourse>(
    `SELECT s.course_uuid, c.name AS course_name, max(s.created_at + make_interval(days => s.duration_days)) AS expires_at
       FROM subscriptions s JOIN courses c ON c.uuid = s.course_uuid
      WHERE s.user_sub = $1 AND s.revoked_at IS NULL AND s.created_at + make_interval(days => s.duration_days) > $2::timestamptz
      GROUP BY s.course_uuid, c.name
      ORDER BY c.name, s.course_uuid`,
    [sub, now.toISOString()],
  )
  return rows
}

export interface MailPreferencesRow {
  expiry_reminders: boolean
  weekly_digest: boolean
}

export async function preferencesOf(db: Queryable, sub: string): Promise<MailPreferencesRow> {
  const { rows } = await db.query<MailPreferencesRow>('SELECT expiry_reminders, weekly_digest FROM mail_preferences WHERE user_sub = $1', [sub])
  return rows[0] ?? { expiry_reminders: true, weekly_digest: false }
}

/** Sets the given preferences (the others keep their value) and answers all of them. */
export async function setPreferences(db: Queryable, sub: string, p: { expiryReminders?: boolean; weeklyDigest?: boolean }): Promise<MailPreferencesRow> {
  const { rows } = await db.query<MailPreferencesRow>(
    `INSERT INTO mail_preferences AS m (user_sub, expiry_reminders, weekly_digest) VALUES ($1, COALESCE($2::boolean, true), COALESCE($3::boolean, false))
     ON CONFLICT (user_sub) DO UPDATE SET expiry_reminders = COALESCE($2, m.expiry_reminders), weekly_digest = COALESCE($3, m.weekly_digest), updated_at = now()
     RETURNING expiry_reminders, weekly_digest`,
    [sub, p.expiryReminders ?? null, p.weeklyDigest ?? null],
  )
  return rows[0]
}

/** The unsubscribe links' signing key: the stored one, or a new one stored by the first process that asks. */
export async function mailSigningKey(db: Queryable): Promise<Buffer> {
  await db.query('INSERT INTO mail_signing_key (id, key) VALUES (1, $1) ON CONFLICT (id) DO NOTHING', [crypto.randomBytes(32).toString('hex')])
  const { rows } = await db.query<{ key: string }>('SELECT key FROM mail_signing_key WHERE id = 1')
  return Buffer.from(rows[0].key, 'hex')
}

/** Gives a claimed reminder back after its mail could not be sent: the next run claims it again. */
export async function releaseReminder(db: Queryable, r: { subscription_id: string; threshold_days: number; expires_at: Date | string }): Promise<void> {
  await db.query(
    `DELETE FROM subscription_reminders WHERE subscription_id = $1 AND threshold_days = $2 AND expires_on = ($3::timestamptz AT TIME ZONE 'UTC')::date`,
    [r.subscription_id, r.threshold_days, new Date(r.expires_at).toISOString()],
  )
}

/** Gives a claimed digest back after its mail could not be sent. */
export async function releaseDigest(db: Queryable, sub: string, week: string): Promise<void> {
  await db.query('DELETE FROM digest_mails WHERE user_sub = $1 AND iso_week = $2', [sub, week])
}
