import type {
  DiscussionPost,
  NewPostBody,
  NewThreadBody,
  PostPage,
  ReportedPage,
  StaffList,
  ThreadDetail,
  ThreadPage,
} from '../../../contracts/learner/discussions'
import { httpClient } from '../http'

/** A course's discussion (decision 0034), `/api/v2/courses/discussions/{course}/...`. */
const base = (course: string) => `/api/v2/courses/discussions/${encodeURIComponent(course)}`
const put = (body: unknown) => ({ method: 'PUT', body: JSON.stringify(body) })
const post = (body: unknown) => ({ method: 'POST', body: JSON.stringify(body) })

export interface DiscussionVerbs {
  listThreads(course: string, options: { search?: string; block?: string; paginationToken?: string | null; limit?: number }): Promise<ThreadPage>
  startThread(course: string, body: NewThreadBody): Promise<ThreadDetail>
  getThread(course: string, thread: string): Promise<ThreadDetail>
  listReplies(course: string, thread: string, paginationToken?: string | null): Promise<PostPage>
  replyToThread(course: string, thread: string, body: NewPostBody): Promise<DiscussionPost>
  editPost(course: string, post: string, body: { body: string; title?: string; revision: number }): Promise<DiscussionPost>
  acceptAnswer(course: string, thread: string, post: string | null): Promise<ThreadDetail>
  followThread(course: string, thread: string, following: boolean): Promise<boolean>
  moderateThread(course: string, thread: string, change: { pinned?: boolean; locked?: boolean }): Promise<ThreadDetail>
  hidePost(course: string, post: string, hidden: boolean): Promise<DiscussionPost>
  reportPost(course: string, post: string, reason?: string): Promise<DiscussionPost>
  listReported(course: string, paginationToken?: string | null): Promise<ReportedPage>
  /** Who can be mentioned, and whether the caller is course staff. */
  getDiscussionStaff(course: string): Promise<StaffList>
}

export const discussionVerbs: DiscussionVerbs = {
  async listThreads(course, { search, block, paginationToken, limit }) {
    const query = new URLSearchParams()
    if (search?.trim()) query.set('search', search.trim())
    if (block) query.set('block', block)
    if (paginationToken) query.set('paginationToken', paginationToken)
    if (limit) query.set('limit', String(limit))
    return (await httpClient<ThreadPage>(`${base(course)}/threads${query.size ? `?${query}` : ''}`)).json
  },
  async startThread(course, body) {
    return (await httpClient<ThreadDetail>(`${base(course)}/threads`, post(body))).json
  },
  async getThread(course, thread) {
    return (await httpClient<ThreadDetail>(`${base(course)}/threads/${encodeURIComponent(thread)}`)).json
  },
  async listReplies(course, thread, paginationToken) {
    const query = paginationToken ? `?${new URLSearchParams({ paginationToken })}` : ''
    return (await httpClient<PostPage>(`${base(course)}/threads/${encodeURIComponent(thread)}/posts${query}`)).json
  },
  async replyToThread(course, thread, body) {
    return (await httpClient<DiscussionPost>(`${base(course)}/threads/${encodeURIComponent(thread)}/posts`, post(body))).json
  },
  async editPost(course, id, body) {
    return (await httpClient<DiscussionPost>(`${base(course)}/posts/${encodeURIComponent(id)}`, put(body))).json
  },
  async acceptAnswer(course, thread, id) {
    return (await httpClient<ThreadDetail>(`${base(course)}/threads/${encodeURIComponent(thread)}/accepted`, put({ post: id }))).json
  },
  async followThread(course, thread, following) {
    return (await httpClient<{ following: boolean }>(`${base(course)}/threads/${encodeURIComponent(thread)}/follow`, put({ following }))).json.following
  },
  async moderateThread(course, thread, change) {
    return (await httpClient<ThreadDetail>(`${base(course)}/threads/${encodeURIComponent(thread)}/moderation`, put(change))).json
  },
  async hidePost(course, id, hidden) {
    return (await httpClient<DiscussionPost>(`${base(course)}/posts/${encodeURIComponent(id)}/hidden`, put({ hidden }))).json
  },
  async reportPost(course, id, reason) {
    return (await httpClient<DiscussionPost>(`${base(course)}/posts/${encodeURIComponent(id)}/report`, post(reason ? { reason } : {}))).json
  },
  async listReported(course, paginationToken) {
    const query = paginationToken ? `?${new URLSearchParams({ paginationToken })}` : ''
    return (await httpClient<ReportedPage>(`${base(course)}/reported${query}`)).json
  },
  async getDiscussionStaff(course) {
    return (await httpClient<StaffList>(`${base(course)}/staff`)).json
  },
}
