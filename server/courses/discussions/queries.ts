import type { StaffMember } from '../../../contracts/learner/discussions.js'
import type { Queryable } from '../../db/index.js'
import type { When } from '../../http/dates.js'

/**
 * SQL of course discussions (migration 0038, decision 0034). Every statement names the course, so an
 * id of another course's thread or post finds nothing. Search runs on the GIN index of each post's
 * folded words (`fold_search`, as the catalogue does), which PGlite and PostgreSQL both serve.
 */

export interface ThreadRow {
  id: string
  course_uuid: string
  block_id: string | null
  author_sub: string
  author_name: string
  title: string
  pinned: boolean
  locked: boolean
  accepted_post: string | null
  replies: number
  activity: string | number
  last_activity_at: When
  created_at: When
}

export interface PostRow {
  id: string
  seq: string | number
  thread_id: string
  opening: boolean
  author_sub: string
  author_name: string
  author_staff: boolean
  body: string
  quote_post: string | null
  quote_excerpt: string | null
  quote_author: string | null
  mentions: StaffMember[] | string
  hidden_at: When | null
  reports: number
  revision: number
  created_at: When
  edited_at: When | null
  accepted: boolean
  reported_by_me: boolean
}

const THREAD = `t.id, t.course_uuid, t.block_id, t.author_sub, t.author_name, t.title, t.pinned, t.locked, t.accepted_post,
  t.replies, t.activity, t.last_activity_at, t.created_at`

/** A post's columns with whether it is its thread's accepted answer and whether `$me` reported it. */
const post = (me: string) => `p.id, p.seq, p.thread_id, p.opening, p.author_sub, p.author_name, p.author_staff, p.body, p.quote_post,
  p.quote_excerpt, p.quote_author, p.mentions, p.hidden_at, p.reports, p.revision, p.created_at, p.edited_at,
  (t.accepted_post IS NOT DISTINCT FROM p.id) AS accepted,
  EXISTS (SELECT 1 FROM discussion_reports r WHERE r.post_id = p.id AND r.user_sub = ${me}) AS reported_by_me`

/** The words of a text for the search index. */
const searchOf = (param: string) => `to_tsvector('simple', fold_search(${param}))`

export interface ThreadFilter {
  course: string
  block?: string
  /** A `to_tsquery` text (see `searchQuery`), or null. */
  query: string | null
  /** Whether hidden posts count for the search (staff). */
  staff: boolean
}

export type ThreadKey = [pinned: number, activity: string, id: string]

function threadWhere(f: ThreadFilter, params: unknown[]): string {
  params.push(f.course)
  let where = 't.course_uuid = $1'
  if (f.block) {
    params.push(f.block)
    where += ` AND t.block_id = $${params.length}`
  }
  if (f.query) {
    params.push(f.query)
    where += ` AND EXISTS (SELECT 1 FROM discussion_posts p WHERE p.thread_id = t.id AND p.course_uuid = t.course_uuid
                 AND p.search @@ to_tsquery('simple', fold_search($${params.length}))${f.staff ? '' : ' AND p.hidden_at IS NULL'})`
  }
  return where
}

/** One page of a course's threads: pinned first, then the newest activity first. */
export async function listThreads(db: Queryable, f: ThreadFilter, after: ThreadKey | null, limit: number): Promise<ThreadRow[]> {
  const params: unknown[] = []
  let where = threadWhere(f, params)
  if (after) {
    params.push(after[0], after[1], after[2])
    const n = params.length
    where += ` AND (t.pinned::int, t.activity, t.id) < ($${n - 2}::int, $${n - 1}::bigint, $${n}::uuid)`
  }
  params.push(limit + 1)
  const { rows } = await db.query<ThreadRow>(
    `SELECT ${THREAD} FROM discussion_threads t WHERE ${where} ORDER BY t.pinned DESC, t.activity DESC, t.id DESC LIMIT $${params.length}`,
    params,
  )
  return rows
}

export async function countThreads(db: Queryable, f: ThreadFilter): Promise<number> {
  const params: unknown[] = []
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM discussion_threads t WHERE ${threadWhere(f, params)}`, params)
  return rows[0].n
}

/** A thread of the course (locked for the change when `forUpdate`). */
export async function findThread(db: Queryable, course: string, id: string, forUpdate = false): Promise<ThreadRow | null> {
  const { rows } = await db.query<ThreadRow>(
    `SELECT ${THREAD} FROM discussion_threads t WHERE t.id = $1 AND t.course_uuid = $2${forUpdate ? ' FOR UPDATE' : ''}`,
    [id, course],
  )
  return rows[0] ?? null
}

/** A post of the course, as `me` reads it. */
export async function findPost(db: Queryable, course: string, id: string, me: string): Promise<PostRow | null> {
  const { rows } = await db.query<PostRow>(
    `SELECT ${post('$3')} FROM discussion_posts p JOIN discussion_threads t ON t.id = p.thread_id WHERE p.id = $1 AND p.course_uuid = $2`,
    [id, course, me],
  )
  return rows[0] ?? null
}

export async function openingPost(db: Queryable, thread: string, me: string): Promise<PostRow> {
  const { rows } = await db.query<PostRow>(
    `SELECT ${post('$2')} FROM discussion_posts p JOIN discussion_threads t ON t.id = p.thread_id WHERE p.thread_id = $1 AND p.opening`,
    [thread, me],
  )
  return rows[0]
}

/** One page of a thread's replies, oldest first. */
export async function listReplies(db: Queryable, thread: string, me: string, after: number | null, limit: number): Promise<PostRow[]> {
  const { rows } = await db.query<PostRow>(
    `SELECT ${post('$2')} FROM discussion_posts p JOIN discussion_threads t ON t.id = p.thread_id
      WHERE p.thread_id = $1 AND NOT p.opening AND ($3::bigint IS NULL OR p.seq > $3::bigint)
      ORDER BY p.seq LIMIT $4`,
    [thread, me, after, limit + 1],
  )
  return rows
}

/** One page of the course's reported posts, most recent post first. */
export async function listReported(db: Queryable, course: string, me: string, after: number | null, limit: number) {
  const { rows } = await db.query<PostRow & { thread_title: string }>(
    `SELECT ${post('$2')}, t.title AS thread_title FROM discussion_posts p JOIN discussion_threads t ON t.id = p.thread_id
      WHERE p.course_uuid = $1 AND p.reports > 0 AND ($3::bigint IS NULL OR p.seq < $3::bigint)
      ORDER BY p.seq DESC LIMIT $4`,
    [course, me, after, limit + 1],
  )
  return rows
}

export async function countReported(db: Queryable, course: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM discussion_posts WHERE course_uuid = $1 AND reports > 0', [course])
  return rows[0].n
}

export interface NewPost {
  course: string
  thread: string
  author: { sub: string; name: string; staff: boolean }
  body: string
  /** Words of the thread's title, for the opening post. */
  title?: string
  quote?: { post: string; excerpt: string; author: string } | null
  mentions: StaffMember[]
}

async function insertPost(tx: Queryable, p: NewPost, opening: boolean): Promise<{ id: string; seq: string }> {
  const { rows } = await tx.query<{ id: string; seq: string }>(
    `INSERT INTO discussion_posts (thread_id, course_uuid, opening, author_sub, author_name, author_staff, body, quote_post, quote_excerpt, quote_author, mentions, search)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb, ${searchOf("$12 || ' ' || $7")})
     RETURNING id, seq::text AS seq`,
    [
      p.thread,
      p.course,
      opening,
      p.author.sub,
      p.author.name,
      p.author.staff,
      p.body,
      p.quote?.post ?? null,
      p.quote?.excerpt ?? null,
      p.quote?.author ?? null,
      JSON.stringify(p.mentions),
      p.title ?? '',
    ],
  )
  return rows[0]
}

/** A new thread with its opening post; its author follows it. Returns the thread's id. */
export async function insertThread(tx: Queryable, p: Omit<NewPost, 'thread' | 'quote'> & { title: string; block: string | null }): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    'INSERT INTO discussion_threads (course_uuid, block_id, author_sub, author_name, title) VALUES ($1, $2, $3, $4, $5) RETURNING id',
    [p.course, p.block, p.author.sub, p.author.name, p.title],
  )
  const thread = rows[0].id
  const opening = await insertPost(tx, { ...p, thread }, true)
  await tx.query('UPDATE discussion_threads SET activity = $2::bigint WHERE id = $1', [thread, opening.seq])
  await follow(tx, thread, p.author.sub, true)
  return thread
}

/** A reply: the thread's count and activity move on with it. */
export async function insertReply(tx: Queryable, p: NewPost): Promise<string> {
  const reply = await insertPost(tx, p, false)
  await tx.query('UPDATE discussion_threads SET replies = replies + 1, activity = $2::bigint, last_activity_at = now() WHERE id = $1', [p.thread, reply.seq])
  return reply.id
}

/**
 * The author's edit of their post at `revision`; the opening post's edit may retitle the thread.
 * False when the post was changed meanwhile (the caller answers 409).
 */
export async function editPost(tx: Queryable, course: string, id: string, revision: number, body: string, title: string | null): Promise<boolean> {
  const { rows } = await tx.query<{ thread_id: string; opening: boolean }>(
    `UPDATE discussion_posts p SET body = $4, revision = p.revision + 1, edited_at = now(),
            search = ${searchOf("CASE WHEN p.opening THEN coalesce($5, (SELECT title FROM discussion_threads WHERE id = p.thread_id)) ELSE '' END || ' ' || $4")}
      WHERE p.id = $1 AND p.course_uuid = $2 AND p.revision = $3
      RETURNING p.thread_id, p.opening`,
    [id, course, revision, body, title],
  )
  const row = rows[0]
  if (!row) return false
  if (row.opening && title !== null) await tx.query('UPDATE discussion_threads SET title = $2 WHERE id = $1', [row.thread_id, title])
  return true
}

export async function setAccepted(tx: Queryable, thread: string, postId: string | null): Promise<void> {
  await tx.query('UPDATE discussion_threads SET accepted_post = $2 WHERE id = $1', [thread, postId])
}

export async function follow(tx: Queryable, thread: string, sub: string, following: boolean): Promise<void> {
  if (following) await tx.query('INSERT INTO discussion_follows (thread_id, user_sub) VALUES ($1, $2) ON CONFLICT DO NOTHING', [thread, sub])
  else await tx.query('DELETE FROM discussion_follows WHERE thread_id = $1 AND user_sub = $2', [thread, sub])
}

export async function isFollowing(db: Queryable, thread: string, sub: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM discussion_follows WHERE thread_id = $1 AND user_sub = $2', [thread, sub])
  return rows.length > 0
}

export async function moderateThread(tx: Queryable, thread: string, change: { pinned?: boolean; locked?: boolean }): Promise<void> {
  await tx.query('UPDATE discussion_threads SET pinned = coalesce($2, pinned), locked = coalesce($3, locked) WHERE id = $1', [
    thread,
    change.pinned ?? null,
    change.locked ?? null,
  ])
}

export async function setHidden(tx: Queryable, course: string, id: string, by: string | null): Promise<void> {
  await tx.query(
    'UPDATE discussion_posts SET hidden_at = CASE WHEN $3::text IS NULL THEN NULL ELSE now() END, hidden_by = $3 WHERE id = $1 AND course_uuid = $2',
    [id, course, by],
  )
}

/** One report per person and post: false when this person reported it already. */
export async function report(tx: Queryable, id: string, sub: string, reason: string | null): Promise<boolean> {
  const { rows } = await tx.query('INSERT INTO discussion_reports (post_id, user_sub, reason) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING post_id', [
    id,
    sub,
    reason,
  ])
  if (rows.length === 0) return false
  await tx.query('UPDATE discussion_posts SET reports = reports + 1 WHERE id = $1', [id])
  return true
}

/** The course's owner and its collaborators (collaborators and graders): who can be mentioned. */
export async function courseStaff(db: Queryable, course: string): Promise<{ owner: string | null; collaborators: StaffMember[] }> {
  const { rows } = await db.query<{ created_by: string | null }>('SELECT created_by FROM courses WHERE uuid = $1', [course])
  const collaborators = await db.query<{ user_sub: string; name: string; username: string }>(
    'SELECT user_sub, name, username FROM course_collaborators WHERE course_uuid = $1 ORDER BY name, username',
    [course],
  )
  return { owner: rows[0]?.created_by ?? null, collaborators: collaborators.rows.map((r) => ({ sub: r.user_sub, name: r.name || r.username })) }
}

/** Whether a block (not a section) of the course has this id. */
export async function isCourseBlock(db: Queryable, course: string, block: string): Promise<boolean> {
  const { rows } = await db.query("SELECT 1 FROM course_items WHERE course_uuid = $1 AND id = $2 AND kind <> 'section'", [course, block])
  return rows.length > 0
}

export async function courseName(db: Queryable, course: string): Promise<string> {
  const { rows } = await db.query<{ name: string }>('SELECT name FROM courses WHERE uuid = $1', [course])
  return rows[0]?.name ?? ''
}
