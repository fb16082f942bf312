import type { DiscussionPost, DiscussionThread, StaffMember } from '../../../../../contracts/learner/discussions.js'
import type { PostRow, ThreadRow } from '../../../../courses/discussions/queries.js'
import { iso, isoOrNull } from '../../../../http/dates.js'

/** A thread as the API answers it. */
export function toThread(t: ThreadRow): DiscussionThread {
  return {
    id: t.id,
    course: t.course_uuid,
    blockId: t.block_id,
    title: t.title,
    authorSub: t.author_sub,
    authorName: t.author_name,
    pinned: t.pinned,
    locked: t.locked,
    answered: t.accepted_post !== null,
    replies: t.replies,
    createdAt: iso(t.created_at),
    lastActivityAt: iso(t.last_activity_at),
  }
}

/**
 * A post as `staff` or a learner reads it: a hidden post keeps its place, but a learner gets no body,
 * quote or mentions (the web app shows a placeholder); only staff see how often it was reported.
 */
export function toPost(p: PostRow, staff: boolean): DiscussionPost {
  const hidden = p.hidden_at !== null
  const shown = staff || !hidden
  const mentions = typeof p.mentions === 'string' ? (JSON.parse(p.mentions) as StaffMember[]) : p.mentions
  return {
    id: p.id,
    threadId: p.thread_id,
    opening: p.opening,
    authorSub: p.author_sub,
    authorName: p.author_name,
    authorStaff: p.author_staff,
    body: shown ? p.body : '',
    quote: shown && p.quote_excerpt !== null ? { postId: p.quote_post, excerpt: p.quote_excerpt, author: p.quote_author ?? '' } : null,
    mentions: shown ? mentions : [],
    hidden,
    reports: staff ? p.reports : 0,
    reportedByMe: p.reported_by_me,
    accepted: p.accepted,
    revision: p.revision,
    createdAt: iso(p.created_at),
    editedAt: isoOrNull(p.edited_at),
  }
}
