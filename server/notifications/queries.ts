import { MAIL_DEFAULTS, NOTIFICATION_KINDS, type NotificationKind, type NotificationParams } from '../../contracts/notifications.js'
import type { Queryable } from '../db/index.js'

/**
 * SQL of notifications (migration 0034, decision 0032). The `notify*` functions run in the event's
 * transaction: the row exists exactly when the event committed, and the table's trigger announces it
 * to live streams at commit. Each is one statement, so an event on a hot path (a certificate) pays one
 * INSERT.
 */

export interface NotificationRow {
  id: string
  user_sub: string
  kind: NotificationKind
  params: NotificationParams | string
  link: string | null
  created_at: Date | string
  read_at: Date | string | null
}

const COLUMNS = 'id, user_sub, kind, params, link, created_at, read_at'

/** The mail default of each kind as a SQL array literal parameter pair (kinds, defaults). */
const DEFAULT_KINDS = NOTIFICATION_KINDS.filter((k) => MAIL_DEFAULTS[k])

/** `mail_pending` for a new row of `kind` for the user in column/param `who`: the user's choice, else the default. */
const mailPending = (who: string, kindParam: string) =>
  `COALESCE((SELECT p.by_mail FROM notification_preferences p WHERE p.user_sub = ${who} AND p.kind = ${kindParam}), ${kindParam} = ANY($MAILDEFAULTS::text[]))`

function withDefaults(sql: string, params: unknown[]): [string, unknown[]] {
  const index = params.length + 1
  return [sql.replaceAll('$MAILDEFAULTS', `$${index}`), [...params, DEFAULT_KINDS]]
}

/** One notification for one user. */
export async function notify(tx: Queryable, userSub: string, kind: NotificationKind, params: NotificationParams, link: string | null): Promise<void> {
  const [sql, values] = withDefaults(
    `INSERT INTO notifications (user_sub, kind, params, link, mail_pending)
     VALUES ($1, $2, $3::jsonb, $4, ${mailPending('$1', '$2::text')})`,
    [userSub, kind, JSON.stringify(params), link],
  )
  await tx.query(sql, values)
}

/**
 * One notification for one user unless the same one (kind, parameters, link) was made already: for an
 * event a job may come to again (an expiry reminder claimed again after its mail failed).
 */
export async function notifyOnce(tx: Queryable, userSub: string, kind: NotificationKind, params: NotificationParams, link: string | null): Promise<void> {
  const [sql, values] = withDefaults(
    `INSERT INTO notifications (user_sub, kind, params, link, mail_pending)
     SELECT $1, $2, $3::jsonb, $4, ${mailPending('$1', '$2::text')}
      WHERE NOT EXISTS (SELECT 1 FROM notifications WHERE user_sub = $1 AND kind = $2 AND params = $3::jsonb AND link IS NOT DISTINCT FROM $4)`,
    [userSub, kind, JSON.stringify(params), link],
  )
  await tx.query(sql, values)
}

/**
 * A new published version of a course: one row for every learner holding an active subscription to
 * it (course-updated), and one for every collaborator (its reviewers and co-creators) but the one who
 * published (review-published). One INSERT … SELECT each, whatever the number of learners.
 */
export async function notifyCoursePublished(tx: Queryable, course: { uuid: string; name: string; version: number }, publishedBy: string): Promise<void> {
  const params = JSON.stringify({ course: course.name, version: course.version })
  const [learners, learnerValues] = withDefaults(
    `INSERT INTO notifications (user_sub, kind, params, link, mail_pending)
     SELECT s.user_sub, 'course-updated', $2::jsonb, $3, ${mailPending('s.user_sub', "'course-updated'::text")}
       FROM (SELECT DISTINCT user_sub FROM subscriptions
              WHERE course_uuid = $1 AND revoked_at IS NULL AND created_at + duration_days * interval '1 day' > now()) s`,
    [course.uuid, params, `/galaxy/courses/overview/${course.uuid}`],
  )
  await tx.query(learners, learnerValues)
  const [reviewers, reviewerValues] = withDefaults(
    `INSERT INTO notifications (user_sub, kind, params, link, mail_pending)
     SELECT k.user_sub, 'review-published', $2::jsonb, $3, ${mailPending('k.user_sub', "'review-published'::text")}
       FROM course_collaborators k WHERE k.course_uuid = $1 AND k.user_sub <> $4`,
    [course.uuid, params, `/creator/courses/${course.uuid}`, publishedBy],
  )
  await tx.query(reviewers, reviewerValues)
}

/** A page of the user's notifications, newest first, after the keyset `after` (the last row's seq). */
export async function listNotifications(
  db: Queryable,
  userSub: string,
  limit: number,
  after: number | null,
): Promise<Array<NotificationRow & { seq: string }>> {
  const { rows } = await db.query<NotificationRow & { seq: string }>(
    `SELECT ${COLUMNS}, seq::text AS seq FROM notifications
      WHERE user_sub = $1 AND ($2::bigint IS NULL OR seq < $2::bigint)
      ORDER BY seq DESC LIMIT $3`,
    [userSub, after, limit],
  )
  return rows
}

export async function countNotifications(db: Queryable, userSub: string): Promise<number> {
  const { rows } = await db.query<{ n: string | number }>('SELECT count(*) AS n FROM notifications WHERE user_sub = $1', [userSub])
  return Number(rows[0]?.n ?? 0)
}

export async function countUnread(db: Queryable, userSub: string): Promise<number> {
  const { rows } = await db.query<{ n: string | number }>('SELECT count(*) AS n FROM notifications WHERE user_sub = $1 AND read_at IS NULL', [userSub])
  return Number(rows[0]?.n ?? 0)
}

/**
 * What a live stream opens with: the unread count, and the ids of the notifications it already counts that
 * were made in the last minutes — their announcements may still be on the way and must not count twice.
 */
export async function unreadAtOpen(db: Queryable, userSub: string): Promise<{ unread: number; counted: Set<string> }> {
  const { rows } = await db.query<{ n: string | number; recent: string[] | null }>(
    `SELECT count(*) AS n, array_agg(id::text) FILTER (WHERE created_at > now() - interval '5 minutes') AS recent
       FROM notifications WHERE user_sub = $1 AND read_at IS NULL`,
    [userSub],
  )
  return { unread: Number(rows[0]?.n ?? 0), counted: new Set(rows[0]?.recent ?? []) }
}

/** One of the user's notifications (another user's id finds nothing). */
export async function findNotification(db: Queryable, userSub: string, id: string): Promise<NotificationRow | null> {
  const { rows } = await db.query<NotificationRow>(`SELECT ${COLUMNS} FROM notifications WHERE id = $1 AND user_sub = $2`, [id, userSub])
  return rows[0] ?? null
}

/** Marks one of the user's notifications read (kept as first read); null when it is not theirs. */
export async function markRead(db: Queryable, userSub: string, id: string): Promise<NotificationRow | null> {
  const { rows } = await db.query<NotificationRow>(
    `UPDATE notifications SET read_at = COALESCE(read_at, now()) WHERE id = $1 AND user_sub = $2 RETURNING ${COLUMNS}`,
    [id, userSub],
  )
  return rows[0] ?? null
}

export async function markAllRead(db: Queryable, userSub: string): Promise<number> {
  const { rows } = await db.query<{ id: string }>('UPDATE notifications SET read_at = now() WHERE user_sub = $1 AND read_at IS NULL RETURNING id', [userSub])
  return rows.length
}

/** The user's mail choice per kind (every kind, defaults filled in). */
export async function preferencesOf(db: Queryable, userSub: string): Promise<Array<{ kind: NotificationKind; byMail: boolean }>> {
  const { rows } = await db.query<{ kind: string; by_mail: boolean }>('SELECT kind, by_mail FROM notification_preferences WHERE user_sub = $1', [userSub])
  const chosen = new Map(rows.map((r) => [r.kind, r.by_mail]))
  return NOTIFICATION_KINDS.map((kind) => ({ kind, byMail: chosen.get(kind) ?? MAIL_DEFAULTS[kind] }))
}

export async function savePreferences(db: Queryable, userSub: string, given: Array<{ kind: NotificationKind; byMail: boolean }>): Promise<void> {
  // A kind named twice counts once, as last given (one row may not be changed twice by one statement).
  const items = [...new Map(given.map((i) => [i.kind, i])).values()]
  await db.query(
    `INSERT INTO notification_preferences (user_sub, kind, by_mail)
     SELECT $1, k, m FROM unnest($2::text[], $3::boolean[]) AS t(k, m)
     ON CONFLICT (user_sub, kind) DO UPDATE SET by_mail = EXCLUDED.by_mail, updated_at = now()`,
    [userSub, items.map((i) => i.kind), items.map((i) => i.byMail)],
  )
}

/** Turns every kind's mail off for the user (a notification mail's one-click unsubscribe), and drops what waits to be mailed. */
export async function stopNotificationMail(db: Queryable, userSub: string): Promise<void> {
  await savePreferences(
    db,
    userSub,
    NOTIFICATION_KINDS.map((kind) => ({ kind, byMail: false })),
  )
  await db.query('UPDATE notifications SET mail_pending = false WHERE user_sub = $1 AND mail_pending', [userSub])
}

/**
 * Takes up to `limit` rows waiting to be mailed (made at least `minAgeMs` ago) and clears their flag,
 * in the caller's transaction: with several processes, SKIP LOCKED gives each row to one sender.
 */
export async function claimMail(tx: Queryable, limit: number): Promise<NotificationRow[]> {
  const { rows } = await tx.query<NotificationRow>(
    `UPDATE notifications SET mail_pending = false
      WHERE id IN (SELECT id FROM notifications WHERE mail_pending ORDER BY seq LIMIT $1 FOR UPDATE SKIP LOCKED)
      RETURNING ${COLUMNS}`,
    [limit],
  )
  return rows
}

/** How long a notification is kept; older ones are deleted by the periodic sweep. */
export const KEEP_DAYS = 365

/** Deletes notifications older than KEEP_DAYS (their mail, if still pending, is no longer worth sending). */
export async function pruneNotifications(tx: Queryable): Promise<void> {
  await tx.query(`DELETE FROM notifications WHERE created_at < now() - $1::int * interval '1 day'`, [KEEP_DAYS])
}

/**
 * A reply in a discussion thread (decision 0034): one discussion-reply for every follower of the
 * thread but the people in `except` (the reply's author, and those it mentions, who get their own).
 * One INSERT … SELECT, whatever the number of followers.
 */
export async function notifyThreadFollowers(tx: Queryable, thread: string, except: string[], params: NotificationParams, link: string): Promise<void> {
  const [sql, values] = withDefaults(
    `INSERT INTO notifications (user_sub, kind, params, link, mail_pending)
     SELECT f.user_sub, 'discussion-reply', $2::jsonb, $3, ${mailPending('f.user_sub', "'discussion-reply'::text")}
       FROM discussion_follows f WHERE f.thread_id = $1 AND NOT (f.user_sub = ANY($4::text[]))`,
    [thread, JSON.stringify(params), link, except],
  )
  await tx.query(sql, values)
}
