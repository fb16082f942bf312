import { errorResponses } from '../../../../../contracts/errors.js'
import {
  ALREADY_REPORTED,
  AcceptBody,
  BLOCK_NOT_FOUND,
  CANNOT_ACCEPT,
  CourseParams,
  DISCUSSION_PAGE_SIZE,
  DiscussionPost,
  EMPTY_TEXT,
  EditPostBody,
  FollowBody,
  Following,
  HideBody,
  ModerateThreadBody,
  NOT_YOURS,
  NewPostBody,
  NewThreadBody,
  POST_CHANGED,
  POST_NOT_FOUND,
  PageQuery,
  PostPage,
  PostParams,
  QUOTE_MAX,
  ReportBody,
  ReportedPage,
  STAFF_ONLY,
  StaffList,
  THREAD_LOCKED,
  THREAD_NOT_FOUND,
  ThreadDetail,
  ThreadPage,
  ThreadParams,
  ThreadsQuery,
  type StaffMember,
} from '../../../../../contracts/learner/discussions.js'
import { searchQuery } from '../../../../courses/catalogue/index.js'
import * as q from '../../../../courses/discussions/queries.js'
import type { Queryable } from '../../../../db/index.js'
import { sanitizePlainText } from '../../../../html/sanitize.js'
import { actorOf } from '../../../../http/actor.js'
import { HttpError } from '../../../../http/http-error.js'
import { UUID_RE, decodeToken, encodeToken } from '../../../../http/paging.js'
import { notify, notifyThreadFollowers } from '../../../../notifications/queries.js'
import type { App, Principal } from '../../../../types.js'
import { requireDiscussion } from './access.js'
import { toPost, toThread } from './views.js'

const tags = ['learner: discussions']
const BASE = '/v2/courses/discussions/:course'

const threadGone = () => new HttpError(404, THREAD_NOT_FOUND, 'NOT_FOUND')
const postGone = () => new HttpError(404, POST_NOT_FOUND, 'NOT_FOUND')
const staffOnly = () => new HttpError(403, STAFF_ONLY, 'CANNOT_MANAGE')
const locked = () => new HttpError(409, THREAD_LOCKED, 'THREAD_LOCKED')

/** Text as stored: markup removed; nothing left is a 400 on the field. */
function cleanText(text: string, field: string): string {
  const clean = sanitizePlainText(text)
  if (!clean) throw new HttpError(400, 'Invalid request', 'VALIDATION', { [field]: EMPTY_TEXT })
  return clean
}

const isThreadKey = (v: unknown[]): v is q.ThreadKey =>
  v.length === 3 && (v[0] === 0 || v[0] === 1) && typeof v[1] === 'string' && /^\d{1,19}$/.test(v[1]) && typeof v[2] === 'string' && UUID_RE.test(v[2])
const isSeqKey = (v: unknown[]): v is [string] => v.length === 1 && typeof v[0] === 'string' && /^\d{1,19}$/.test(v[0])

/** The web app's path of a thread (notification links). */
export const threadPath = (course: string, thread: string) => `/galaxy/courses/discussions/${course}/${thread}`

/**
 * Course discussions (decision 0034, docs/teaching.md): threads, replies, quotes, mentions of course
 * staff, accepted answers, following, reports and moderation. Every route first checks that the caller
 * may read the course's discussion (`requireDiscussion`) and then names the course in every statement,
 * so a thread or post id of another course is a 404. Writes that change a post carry its revision.
 */
export default async function discussionRoutes(app: App) {
  /** The caller's display name, from the user pool (their username when the pool does not know them). */
  async function nameOf(principal: Principal): Promise<string> {
    const user = await app.identityUsers.getUser(principal.username).catch(() => null)
    return user?.name || principal.username
  }

  /** Who can be mentioned: the owner and the collaborators (collaborators and graders). */
  async function staffOf(db: Queryable, course: string): Promise<StaffMember[]> {
    const { owner, collaborators } = await q.courseStaff(db, course)
    const list = [...collaborators]
    if (owner && !list.some((s) => s.sub === owner)) {
      const user = await app.identityUsers.getUser(owner).catch(() => null)
      list.unshift({ sub: owner, name: user?.name || user?.email || owner })
    }
    return list
  }

  /** The mentions kept: picked subs that are course staff, in the order picked. */
  async function mentionsOf(db: Queryable, course: string, picked: string[] | undefined): Promise<StaffMember[]> {
    if (!picked?.length) return []
    const staff = await staffOf(db, course)
    return [...new Set(picked)].flatMap((sub) => staff.filter((s) => s.sub === sub))
  }

  async function notifyMentions(tx: Queryable, mentions: StaffMember[], author: string, params: Record<string, string>, link: string) {
    for (const m of mentions) if (m.sub !== author) await notify(tx, m.sub, 'discussion-mention', params, link)
  }

  app.get(
    `${BASE}/threads`,
    {
      schema: {
        tags,
        summary: "A course's threads: pinned first, then the newest activity; a search in titles and posts; a block's threads (token paging)",
        params: CourseParams,
        querystring: ThreadsQuery,
        response: { 200: ThreadPage, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const principal = actorOf(request)
      const { course } = request.params
      const { staff } = await requireDiscussion(app.db, principal, course)
      const limit = request.query.limit ?? DISCUSSION_PAGE_SIZE
      const after = request.query.paginationToken ? decodeToken(request.query.paginationToken, isThreadKey) : null
      const filter = { course, block: request.query.block, query: searchQuery(request.query.search), staff }
      if (request.query.search?.trim() && !filter.query) return { items: [], paginationToken: null, estimated: 0 }
      const rows = await q.listThreads(app.db, filter, after, limit)
      const page = rows.slice(0, limit)
      const last = page.at(-1)
      return {
        items: page.map(toThread),
        paginationToken: rows.length > limit && last ? encodeToken([last.pinned ? 1 : 0, String(last.activity), last.id]) : null,
        estimated: await q.countThreads(app.db, filter),
      }
    },
  )

  app.post(
    `${BASE}/threads`,
    {
      schema: {
        tags,
        summary: 'Starts a thread (about the course, or one of its blocks); its author follows it; mentioned staff are notified',
        params: CourseParams,
        body: NewThreadBody,
        response: { 201: ThreadDetail, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const principal = actorOf(request)
      const { course } = request.params
      const { staff } = await requireDiscussion(app.db, principal, course)
      const title = cleanText(request.body.title, 'title')
      const body = cleanText(request.body.body, 'body')
      const block = request.body.blockId ?? null
      if (block && !(await q.isCourseBlock(app.db, course, block))) throw new HttpError(404, BLOCK_NOT_FOUND, 'NOT_FOUND')
      const mentions = await mentionsOf(app.db, course, request.body.mentions)
      const author = { sub: principal.sub, name: await nameOf(principal), staff }
      const id = await app.db.transaction(async (tx) => {
        const thread = await q.insertThread(tx, { course, block, author, title, body, mentions })
        const params = { author: author.name, thread: title.slice(0, 200), course: (await q.courseName(tx, course)).slice(0, 300) }
        await notifyMentions(tx, mentions, principal.sub, params, threadPath(course, thread))
        return thread
      })
      reply.code(201)
      return detail(principal, course, id, staff)
    },
  )

  async function detail(principal: Principal, course: string, id: string, staff: boolean) {
    const thread = await q.findThread(app.db, course, id)
    if (!thread) throw threadGone()
    return {
      thread: toThread(thread),
      opening: toPost(await q.openingPost(app.db, id, principal.sub), staff),
      following: await q.isFollowing(app.db, id, principal.sub),
      staff,
      canAccept: staff || thread.author_sub === principal.sub,
    }
  }

  app.get(
    `${BASE}/threads/:thread`,
    {
      schema: {
        tags,
        summary: 'A thread with its opening post, whether the caller follows it and what they may do',
        params: ThreadParams,
        response: { 200: ThreadDetail, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const principal = actorOf(request)
      const { course, thread } = request.params
      const { staff } = await requireDiscussion(app.db, principal, course)
      return detail(principal, course, thread, staff)
    },
  )

  app.get(
    `${BASE}/threads/:thread/posts`,
    {
      schema: {
        tags,
        summary: "A thread's replies, oldest first (token paging); hidden ones are shown to staff and as a placeholder to others",
        params: ThreadParams,
        querystring: PageQuery,
        response: { 200: PostPage, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const principal = actorOf(request)
      const { course, thread: id } = request.params
      const { staff } = await requireDiscussion(app.db, principal, course)
      const thread = await q.findThread(app.db, course, id)
      if (!thread) throw threadGone()
      const limit = request.query.limit ?? DISCUSSION_PAGE_SIZE
      const after = request.query.paginationToken ? Number(decodeToken(request.query.paginationToken, isSeqKey)[0]) : null
      const rows = await q.listReplies(app.db, id, principal.sub, after, limit)
      const page = rows.slice(0, limit)
      const last = page.at(-1)
      return {
        items: page.map((p) => toPost(p, staff)),
        paginationToken: rows.length > limit && last ? encodeToken([String(last.seq)]) : null,
        estimated: thread.replies,
      }
    },
  )

  app.post(
    `${BASE}/threads/:thread/posts`,
    {
      schema: {
        tags,
        summary: 'Replies to a thread, optionally quoting one of its posts; notifies its followers and the mentioned staff; 409 when the thread is locked',
        params: ThreadParams,
        body: NewPostBody,
        response: { 201: DiscussionPost, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const principal = actorOf(request)
      const { course, thread: threadId } = request.params
      const { staff } = await requireDiscussion(app.db, principal, course)
      const body = cleanText(request.body.body, 'body')
      const mentions = await mentionsOf(app.db, course, request.body.mentions)
      const author = { sub: principal.sub, name: await nameOf(principal), staff }
      const id = await app.db.transaction(async (tx) => {
        const thread = await q.findThread(tx, course, threadId, true)
        if (!thread) throw threadGone()
        if (thread.locked) throw locked()
        let quote: q.NewPost['quote'] = null
        if (request.body.quote) {
          const quoted = await q.findPost(tx, course, request.body.quote, principal.sub)
          if (!quoted || quoted.thread_id !== threadId || (quoted.hidden_at !== null && !staff)) throw postGone()
          quote = { post: quoted.id, excerpt: quoted.body.slice(0, QUOTE_MAX), author: quoted.author_name }
        }
        const post = await q.insertReply(tx, { course, thread: threadId, author, body, quote, mentions })
        const params = { author: author.name, thread: thread.title, course: (await q.courseName(tx, course)).slice(0, 300) }
        const link = threadPath(course, threadId)
        await notifyMentions(tx, mentions, principal.sub, params, link)
        await notifyThreadFollowers(tx, threadId, [principal.sub, ...mentions.map((m) => m.sub)], params, link)
        return post
      })
      reply.code(201)
      return toPost((await q.findPost(app.db, course, id, principal.sub))!, staff)
    },
  )

  app.put(
    `${BASE}/posts/:post`,
    {
      schema: {
        tags,
        summary:
          "Edits the caller's own post at its revision (the opening post may retitle the thread); 409 when it was changed meanwhile or the thread is locked",
        params: PostParams,
        body: EditPostBody,
        response: { 200: DiscussionPost, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const principal = actorOf(request)
      const { course, post: id } = request.params
      const { staff } = await requireDiscussion(app.db, principal, course)
      const body = cleanText(request.body.body, 'body')
      const title = request.body.title === undefined ? null : cleanText(request.body.title, 'title')
      await app.db.transaction(async (tx) => {
        const post = await q.findPost(tx, course, id, principal.sub)
        if (!post || (post.hidden_at !== null && !staff)) throw postGone()
        if (post.author_sub !== principal.sub) throw new HttpError(403, NOT_YOURS, 'NOT_AUTHOR')
        const thread = await q.findThread(tx, course, post.thread_id, true)
        if (thread?.locked) throw locked()
        if (!(await q.editPost(tx, course, id, request.body.revision, body, post.opening ? title : null)))
          throw new HttpError(409, POST_CHANGED, 'STALE_REVISION')
      })
      return toPost((await q.findPost(app.db, course, id, principal.sub))!, staff)
    },
  )

  app.put(
    `${BASE}/threads/:thread/accepted`,
    {
      schema: {
        tags,
        summary: "Marks a reply as the thread's accepted answer (null: none), by the thread's author or course staff",
        params: ThreadParams,
        body: AcceptBody,
        response: { 200: ThreadDetail, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const principal = actorOf(request)
      const { course, thread: threadId } = request.params
      const { staff } = await requireDiscussion(app.db, principal, course)
      await app.db.transaction(async (tx) => {
        const thread = await q.findThread(tx, course, threadId, true)
        if (!thread) throw threadGone()
        if (!staff && thread.author_sub !== principal.sub) throw new HttpError(403, CANNOT_ACCEPT, 'CANNOT_ACCEPT')
        const chosen = request.body.post
        if (chosen) {
          const post = await q.findPost(tx, course, chosen, principal.sub)
          if (!post || post.thread_id !== threadId || (post.hidden_at !== null && !staff)) throw postGone()
          if (post.opening || post.hidden_at !== null) throw new HttpError(409, 'Only a visible reply can be the accepted answer', 'INVALID_OPERATION')
        }
        await q.setAccepted(tx, threadId, chosen)
      })
      return detail(principal, course, threadId, staff)
    },
  )

  app.put(
    `${BASE}/threads/:thread/follow`,
    {
      schema: {
        tags,
        summary: 'Follows or unfollows a thread (followers are notified of replies)',
        params: ThreadParams,
        body: FollowBody,
        response: { 200: Following, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const principal = actorOf(request)
      const { course, thread } = request.params
      await requireDiscussion(app.db, principal, course)
      if (!(await q.findThread(app.db, course, thread))) throw threadGone()
      await q.follow(app.db, thread, principal.sub, request.body.following)
      return { following: request.body.following }
    },
  )

  app.put(
    `${BASE}/threads/:thread/moderation`,
    {
      schema: {
        tags,
        summary: 'Course staff pin or unpin, lock or unlock a thread (a locked thread takes no replies or edits)',
        params: ThreadParams,
        body: ModerateThreadBody,
        response: { 200: ThreadDetail, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const principal = actorOf(request)
      const { course, thread } = request.params
      const { staff } = await requireDiscussion(app.db, principal, course)
      if (!staff) throw staffOnly()
      if (!(await q.findThread(app.db, course, thread))) throw threadGone()
      await q.moderateThread(app.db, thread, request.body)
      return detail(principal, course, thread, staff)
    },
  )

  app.put(
    `${BASE}/posts/:post/hidden`,
    {
      schema: {
        tags,
        summary: 'Course staff hide or show a post (learners then see a placeholder)',
        params: PostParams,
        body: HideBody,
        response: { 200: DiscussionPost, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const principal = actorOf(request)
      const { course, post } = request.params
      const { staff } = await requireDiscussion(app.db, principal, course)
      if (!staff) throw staffOnly()
      if (!(await q.findPost(app.db, course, post, principal.sub))) throw postGone()
      await q.setHidden(app.db, course, post, request.body.hidden ? principal.sub : null)
      return toPost((await q.findPost(app.db, course, post, principal.sub))!, staff)
    },
  )

  app.post(
    `${BASE}/posts/:post/report`,
    {
      schema: {
        tags,
        summary: 'Reports a post to the course staff, once per person (409 the second time)',
        params: PostParams,
        body: ReportBody,
        response: { 201: DiscussionPost, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const principal = actorOf(request)
      const { course, post: id } = request.params
      const { staff } = await requireDiscussion(app.db, principal, course)
      await app.db.transaction(async (tx) => {
        const post = await q.findPost(tx, course, id, principal.sub)
        if (!post || (post.hidden_at !== null && !staff)) throw postGone()
        const reason = request.body.reason ? sanitizePlainText(request.body.reason) || null : null
        if (!(await q.report(tx, id, principal.sub, reason))) throw new HttpError(409, ALREADY_REPORTED, 'ALREADY_REPORTED')
      })
      reply.code(201)
      return toPost((await q.findPost(app.db, course, id, principal.sub))!, staff)
    },
  )

  app.get(
    `${BASE}/reported`,
    {
      schema: {
        tags,
        summary: 'Course staff: the posts people reported, with how many reported each (token paging)',
        params: CourseParams,
        querystring: PageQuery,
        response: { 200: ReportedPage, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const principal = actorOf(request)
      const { course } = request.params
      const { staff } = await requireDiscussion(app.db, principal, course)
      if (!staff) throw staffOnly()
      const limit = request.query.limit ?? DISCUSSION_PAGE_SIZE
      const after = request.query.paginationToken ? Number(decodeToken(request.query.paginationToken, isSeqKey)[0]) : null
      const rows = await q.listReported(app.db, course, principal.sub, after, limit)
      const page = rows.slice(0, limit)
      const last = page.at(-1)
      return {
        items: page.map((p) => ({ post: toPost(p, true), threadTitle: p.thread_title })),
        paginationToken: rows.length > limit && last ? encodeToken([String(last.seq)]) : null,
        estimated: await q.countReported(app.db, course),
      }
    },
  )

  app.get(
    `${BASE}/staff`,
    {
      schema: {
        tags,
        summary: 'The course staff a post can mention with @ (the owner and the collaborators), and whether the caller is course staff',
        params: CourseParams,
        response: { 200: StaffList, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const principal = actorOf(request)
      const { course } = request.params
      const { staff } = await requireDiscussion(app.db, principal, course)
      return { items: await staffOf(app.db, course), staff }
    },
  )
}
