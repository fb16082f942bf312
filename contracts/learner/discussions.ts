import Type, { type Static } from 'typebox'
import { SIGNED_IN, type PolicyTable } from '../access.js'

/**
 * Course discussions (decision 0034): threads per course, optionally about one block, with replies,
 * quotes, mentions of course staff, an accepted answer, following, reports and the staff's moderation.
 * Readable by the course's active subscribers and its staff (capability 'grade'); the handlers check
 * that, so every route is open to any signed-in caller here.
 */

const Uuid = Type.String({ format: 'uuid' })
const DateTime = Type.String({ format: 'date-time' })
const Revision = Type.Integer({ minimum: 1, maximum: 2147483647 })

export const TITLE_MAX = 200
export const BODY_MAX = 10000
export const DISCUSSION_PAGE_SIZE = 20
/** How much of a quoted post a reply keeps. */
export const QUOTE_MAX = 300

export const THREAD_NOT_FOUND = 'Thread not found'
export const POST_NOT_FOUND = 'Post not found'
export const THREAD_LOCKED = 'This thread is locked'
export const POST_CHANGED = 'This post was changed elsewhere'
export const ALREADY_REPORTED = 'You already reported this post'
export const NOT_YOURS = 'Only its author can edit a post'
export const CANNOT_ACCEPT = 'Only the thread’s author or course staff can accept an answer'
export const STAFF_ONLY = 'Only course staff can moderate'
export const BLOCK_NOT_FOUND = 'Block not found'
export const EMPTY_TEXT = 'Write something'

/** A course staff member who can be mentioned. */
export const StaffMember = Type.Object({ sub: Type.String(), name: Type.String() })
export type StaffMember = Static<typeof StaffMember>

/** Who can be mentioned, and whether the caller is course staff (moderation and the reported posts). */
export const StaffList = Type.Object({ items: Type.Array(StaffMember), staff: Type.Boolean() })
export type StaffList = Static<typeof StaffList>

export const DiscussionPost = Type.Object({
  id: Uuid,
  threadId: Uuid,
  opening: Type.Boolean(),
  authorSub: Type.String(),
  authorName: Type.String(),
  /** Whether the author is course staff (shown beside the name). */
  authorStaff: Type.Boolean(),
  /** Plain text with line breaks; empty for a hidden post a learner reads. */
  body: Type.String(),
  quote: Type.Union([Type.Object({ postId: Type.Union([Uuid, Type.Null()]), excerpt: Type.String(), author: Type.String() }), Type.Null()]),
  mentions: Type.Array(StaffMember),
  hidden: Type.Boolean(),
  /** How many people reported it: staff only (0 for others). */
  reports: Type.Integer({ minimum: 0 }),
  /** Whether the caller reported it. */
  reportedByMe: Type.Boolean(),
  accepted: Type.Boolean(),
  revision: Revision,
  createdAt: DateTime,
  editedAt: Type.Union([DateTime, Type.Null()]),
})
export type DiscussionPost = Static<typeof DiscussionPost>

export const DiscussionThread = Type.Object({
  id: Uuid,
  course: Uuid,
  blockId: Type.Union([Uuid, Type.Null()]),
  title: Type.String(),
  authorSub: Type.String(),
  authorName: Type.String(),
  pinned: Type.Boolean(),
  locked: Type.Boolean(),
  answered: Type.Boolean(),
  replies: Type.Integer({ minimum: 0 }),
  createdAt: DateTime,
  lastActivityAt: DateTime,
})
export type DiscussionThread = Static<typeof DiscussionThread>

/** One thread with its opening post and what the caller may do. */
export const ThreadDetail = Type.Object({
  thread: DiscussionThread,
  opening: DiscussionPost,
  following: Type.Boolean(),
  /** The caller is course staff: moderation and accepting. */
  staff: Type.Boolean(),
  /** The caller may mark the accepted answer. */
  canAccept: Type.Boolean(),
})
export type ThreadDetail = Static<typeof ThreadDetail>

export const ThreadPage = Type.Object({
  items: Type.Array(DiscussionThread),
  paginationToken: Type.Union([Type.String(), Type.Null()]),
  estimated: Type.Integer({ minimum: 0 }),
})
export type ThreadPage = Static<typeof ThreadPage>

export const PostPage = Type.Object({
  items: Type.Array(DiscussionPost),
  paginationToken: Type.Union([Type.String(), Type.Null()]),
  estimated: Type.Integer({ minimum: 0 }),
})
export type PostPage = Static<typeof PostPage>

/** A reported post as staff see it, with its thread. */
export const ReportedPost = Type.Object({ post: DiscussionPost, threadTitle: Type.String() })
export const ReportedPage = Type.Object({
  items: Type.Array(ReportedPost),
  paginationToken: Type.Union([Type.String(), Type.Null()]),
  estimated: Type.Integer({ minimum: 0 }),
})
export type ReportedPage = Static<typeof ReportedPage>

export const CourseParams = Type.Object({ course: Uuid })
export const ThreadParams = Type.Object({ course: Uuid, thread: Uuid })
export const PostParams = Type.Object({ course: Uuid, post: Uuid })

const Token = Type.String({ maxLength: 200 })
const Limit = Type.Integer({ minimum: 1, maximum: 50 })

export const ThreadsQuery = Type.Object(
  {
    search: Type.Optional(Type.String({ maxLength: 200 })),
    block: Type.Optional(Uuid),
    paginationToken: Type.Optional(Token),
    limit: Type.Optional(Limit),
  },
  { additionalProperties: false },
)
export type ThreadsQuery = Static<typeof ThreadsQuery>

export const PageQuery = Type.Object({ paginationToken: Type.Optional(Token), limit: Type.Optional(Limit) }, { additionalProperties: false })
export type PageQuery = Static<typeof PageQuery>

const Title = Type.String({ minLength: 1, maxLength: TITLE_MAX })
const Body = Type.String({ minLength: 1, maxLength: BODY_MAX })
/** Staff subs the writer picked with `@`; anyone else is ignored (the name stays plain text). */
const Mentions = Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: 20 })

export const NewThreadBody = Type.Object(
  { title: Title, body: Body, blockId: Type.Optional(Type.Union([Uuid, Type.Null()])), mentions: Type.Optional(Mentions) },
  { additionalProperties: false },
)
export type NewThreadBody = Static<typeof NewThreadBody>

export const NewPostBody = Type.Object(
  { body: Body, quote: Type.Optional(Type.Union([Uuid, Type.Null()])), mentions: Type.Optional(Mentions) },
  { additionalProperties: false },
)
export type NewPostBody = Static<typeof NewPostBody>

/** Editing one's own post; the opening post may change the thread's title too. */
export const EditPostBody = Type.Object({ body: Body, title: Type.Optional(Title), revision: Revision }, { additionalProperties: false })
export type EditPostBody = Static<typeof EditPostBody>

export const AcceptBody = Type.Object({ post: Type.Union([Uuid, Type.Null()]) }, { additionalProperties: false })
export const FollowBody = Type.Object({ following: Type.Boolean() }, { additionalProperties: false })
export const ModerateThreadBody = Type.Object(
  { pinned: Type.Optional(Type.Boolean()), locked: Type.Optional(Type.Boolean()) },
  { additionalProperties: false, minProperties: 1 },
)
export type ModerateThreadBody = Static<typeof ModerateThreadBody>
export const HideBody = Type.Object({ hidden: Type.Boolean() }, { additionalProperties: false })
export const ReportBody = Type.Object({ reason: Type.Optional(Type.String({ maxLength: 500 })) }, { additionalProperties: false })
export const Following = Type.Object({ following: Type.Boolean() })

export const discussionsPolicy = {
  'GET /api/v2/courses/discussions/:course/threads': SIGNED_IN,
  'POST /api/v2/courses/discussions/:course/threads': SIGNED_IN,
  'GET /api/v2/courses/discussions/:course/threads/:thread': SIGNED_IN,
  'GET /api/v2/courses/discussions/:course/threads/:thread/posts': SIGNED_IN,
  'POST /api/v2/courses/discussions/:course/threads/:thread/posts': SIGNED_IN,
  'PUT /api/v2/courses/discussions/:course/threads/:thread/accepted': SIGNED_IN,
  'PUT /api/v2/courses/discussions/:course/threads/:thread/follow': SIGNED_IN,
  'PUT /api/v2/courses/discussions/:course/threads/:thread/moderation': SIGNED_IN,
  'PUT /api/v2/courses/discussions/:course/posts/:post': SIGNED_IN,
  'PUT /api/v2/courses/discussions/:course/posts/:post/hidden': SIGNED_IN,
  'POST /api/v2/courses/discussions/:course/posts/:post/report': SIGNED_IN,
  'GET /api/v2/courses/discussions/:course/reported': SIGNED_IN,
  'GET /api/v2/courses/discussions/:course/staff': SIGNED_IN,
} as const satisfies PolicyTable
