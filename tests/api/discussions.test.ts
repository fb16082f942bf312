import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_CALLER, courseApp, shareCourse, type Caller, type CourseApi } from '../helpers/courses.js'
import { publishCourse, subscribe, type PublishedCourse } from '../helpers/learner.js'

/**
 * Course discussions (decision 0034) through the API, with each role: learners with and without a
 * subscription, collaborator, grader, owner, reviewer (not staff) and administrator.
 */

const D = (course: string) => `/api/v2/courses/discussions/${course}`

type Who = Caller & { username: string; name: string }
let api: CourseApi
let course: PublishedCourse
let other: PublishedCourse
let owner: Who, collaborator: Who, grader: Who, reviewer: Who, learner: Who, learner2: Who, outsider: Who

beforeAll(async () => {
  api = await courseApp()
  owner = await api.user('Olga Owner', ['creator'])
  collaborator = await api.user('Carl Collaborator', ['creator'])
  grader = await api.user('Gina Grader', ['creator'])
  reviewer = await api.user('Rex Reviewer', ['reviewer'])
  learner = await api.user('Lena Learner', ['general'])
  learner2 = await api.user('Leo Learner', ['general'])
  outsider = await api.user('Nadia Nosub', ['general'])
  course = await publishCourse(api, owner, { name: 'Astronomía' })
  other = await publishCourse(api, owner, { name: 'Química' })
  await shareCourse(api, owner, course.uuid, collaborator)
  await api.db.query(`INSERT INTO course_collaborators (course_uuid, user_sub, username, name, added_by, role) VALUES ($1, $2, $3, $4, $5, 'grader')`, [
    course.uuid,
    grader.sub,
    grader.username,
    grader.name,
    owner.sub,
  ])
  await subscribe(api, learner, course)
  await subscribe(api, learner2, course)
})
afterAll(() => api.close())

async function ok(res: { statusCode: number; body: string; json(): unknown }, status = 200) {
  expect(res.statusCode, res.body).toBe(status)
  return res.json() as any // eslint-disable-line @typescript-eslint/no-explicit-any -- test answers are read loosely
}
const newThread = (who: Caller, body: Record<string, unknown>, c = course.uuid) => api.call(who, 'POST', `${D(c)}/threads`, body)
const reply = (who: Caller, thread: string, body: Record<string, unknown>) => api.call(who, 'POST', `${D(course.uuid)}/threads/${thread}/posts`, body)
async function kinds(who: Caller) {
  const res = await ok(await api.call(who, 'GET', '/api/v2/notifications'))
  return (res.items as Array<{ kind: string; params: Record<string, unknown>; link: string }>).filter((i) => i.kind.startsWith('discussion-'))
}

describe('who may read and write', () => {
  it('learners with a subscription and every kind of course staff read and write; others are refused', async () => {
    for (const who of [learner, learner2, collaborator, grader, owner, ADMIN_CALLER]) {
      await ok(await api.call(who, 'GET', `${D(course.uuid)}/threads`))
    }
    const started = await ok(await newThread(learner, { title: 'Hello', body: 'First question' }), 201)
    for (const who of [collaborator, grader, owner, ADMIN_CALLER]) {
      await ok(await reply(who, started.thread.id, { body: `Answer by ${who.sub}` }), 201)
      expect((await ok(await api.call(who, 'GET', `${D(course.uuid)}/threads/${started.thread.id}`))).staff).toBe(true)
    }
    expect((await ok(await api.call(learner2, 'GET', `${D(course.uuid)}/threads/${started.thread.id}`))).staff).toBe(false)
    // Not subscribed, and a reviewer who is not course staff: 403; a course that is not there: 404; no token: 401.
    expect((await api.call(outsider, 'GET', `${D(course.uuid)}/threads`)).statusCode).toBe(403)
    expect((await api.call(reviewer, 'GET', `${D(course.uuid)}/threads`)).statusCode).toBe(403)
    expect((await newThread(reviewer, { title: 'x', body: 'y' })).statusCode).toBe(403)
    expect((await api.call(learner, 'GET', `${D('00000000-0000-4000-8000-000000000000')}/threads`)).statusCode).toBe(404)
    expect((await api.call(null, 'GET', `${D(course.uuid)}/threads`)).statusCode).toBe(401)
    expect((await api.call(learner, 'GET', `${D('not-a-uuid')}/threads`)).statusCode).toBe(400)
  })

  it('a thread or post id of another course is a 404 (no reading across courses)', async () => {
    await subscribe(api, learner, other)
    const elsewhere = await ok(await newThread(learner, { title: 'Elsewhere', body: 'In the other course' }, other.uuid), 201)
    expect((await api.call(learner, 'GET', `${D(course.uuid)}/threads/${elsewhere.thread.id}`)).statusCode).toBe(404)
    expect((await reply(learner, elsewhere.thread.id, { body: 'x' })).statusCode).toBe(404)
    expect((await api.call(owner, 'PUT', `${D(course.uuid)}/posts/${elsewhere.opening.id}/hidden`, { hidden: true })).statusCode).toBe(404)
    expect((await api.call(learner2, 'POST', `${D(course.uuid)}/posts/${elsewhere.opening.id}/report`, {})).statusCode).toBe(404)
  })
})

describe('threads and replies', () => {
  it('sanitises text on save: a <script> never comes back', async () => {
    const t = await ok(await newThread(learner, { title: '<b>Bold</b> title', body: 'a < b\n<script>alert(1)</script>&lt;script&gt;x&lt;/script&gt;ok' }), 201)
    expect(t.thread.title).toBe('Bold title')
    expect(t.opening.body).toBe('a < b\nok')
    const r = await ok(await reply(learner2, t.thread.id, { body: '<img src=x onerror=alert(1)>fine' }), 201)
    expect(r.body).toBe('fine')
    const only = await newThread(learner, { title: 'Empty', body: '<script>alert(1)</script>' })
    expect(only.statusCode).toBe(400)
    expect(only.json().errors).toEqual({ body: 'Write something' })
    const page = await ok(await api.call(learner, 'GET', `${D(course.uuid)}/threads/${t.thread.id}/posts`))
    expect(JSON.stringify(page)).not.toMatch(/<script/i)
  })

  it('quotes a post of the thread with its excerpt and author; a post of another thread is a 404', async () => {
    const t = await ok(await newThread(learner, { title: 'Quotes', body: 'Original words' }), 201)
    const q = await ok(await reply(learner2, t.thread.id, { body: 'I agree', quote: t.opening.id }), 201)
    expect(q.quote).toEqual({ postId: t.opening.id, excerpt: 'Original words', author: 'Lena Learner' })
    const u = await ok(await newThread(learner, { title: 'Other', body: 'Other words' }), 201)
    expect((await reply(learner2, t.thread.id, { body: 'x', quote: u.opening.id })).statusCode).toBe(404)
  })

  it('edits carry a revision: a stale one is a 409, only the author edits', async () => {
    const t = await ok(await newThread(learner, { title: 'Edit me', body: 'v1' }), 201)
    const edited = await ok(await api.call(learner, 'PUT', `${D(course.uuid)}/posts/${t.opening.id}`, { body: 'v2', title: 'Edited', revision: 1 }))
    expect(edited.revision).toBe(2)
    expect(edited.editedAt).not.toBeNull()
    const stale = await api.call(learner, 'PUT', `${D(course.uuid)}/posts/${t.opening.id}`, { body: 'v3', revision: 1 })
    expect(stale.statusCode).toBe(409)
    expect(stale.json()).toMatchObject({ code: 'STALE_REVISION', message: 'This post was changed elsewhere' })
    expect((await api.call(learner2, 'PUT', `${D(course.uuid)}/posts/${t.opening.id}`, { body: 'mine', revision: 2 })).statusCode).toBe(403)
    const read = await ok(await api.call(learner2, 'GET', `${D(course.uuid)}/threads/${t.thread.id}`))
    expect(read.thread.title).toBe('Edited')
    expect(read.opening.body).toBe('v2')
  })

  it('pages threads pinned first, newest activity next, with a token; a forged token is a 400', async () => {
    const c = await publishCourse(api, owner, { name: 'Paging' })
    await subscribe(api, learner, c)
    const ids: string[] = []
    for (let i = 0; i < 5; i++) ids.push((await ok(await newThread(learner, { title: `T${i}`, body: 'b' }, c.uuid), 201)).thread.id)
    await ok(await api.call(owner, 'PUT', `${D(c.uuid)}/threads/${ids[1]}/moderation`, { pinned: true }))
    await ok(await api.call(learner, 'POST', `${D(c.uuid)}/threads/${ids[0]}/posts`, { body: 'bump' }), 201)
    const first = await ok(await api.call(learner, 'GET', `${D(c.uuid)}/threads?limit=2`))
    expect(first.items.map((t: { title: string }) => t.title)).toEqual(['T1', 'T0'])
    expect(first.items[0].pinned).toBe(true)
    expect(first.estimated).toBe(5)
    const second = await ok(await api.call(learner, 'GET', `${D(c.uuid)}/threads?limit=2&paginationToken=${first.paginationToken}`))
    expect(second.items.map((t: { title: string }) => t.title)).toEqual(['T4', 'T3'])
    const third = await ok(await api.call(learner, 'GET', `${D(c.uuid)}/threads?limit=2&paginationToken=${second.paginationToken}`))
    expect(third.items.map((t: { title: string }) => t.title)).toEqual(['T2'])
    expect(third.paginationToken).toBeNull()
    expect((await api.call(learner, 'GET', `${D(c.uuid)}/threads?paginationToken=bm90LWpzb24`)).statusCode).toBe(400)
  })

  it('searches titles and posts, accents and case folded; hidden posts are searched for staff only', async () => {
    const c = await publishCourse(api, owner, { name: 'Search' })
    await subscribe(api, learner, c)
    await ok(await newThread(learner, { title: 'Órbitas elípticas', body: 'Kepler' }, c.uuid), 201)
    const t = await ok(await newThread(learner, { title: 'Telescopios', body: 'Which one to buy?' }, c.uuid), 201)
    const r = await ok(await api.call(learner, 'POST', `${D(c.uuid)}/threads/${t.thread.id}/posts`, { body: 'A refractor is simple' }), 201)
    const search = async (who: Caller, s: string) =>
      (await ok(await api.call(who, 'GET', `${D(c.uuid)}/threads?search=${encodeURIComponent(s)}`))).items.map((i: { title: string }) => i.title)
    expect(await search(learner, 'orbita')).toEqual(['Órbitas elípticas'])
    expect(await search(learner, 'REFRACTOR')).toEqual(['Telescopios'])
    expect(await search(learner, 'nothing-like-this')).toEqual([])
    expect(await search(learner, '&|!')).toEqual([])
    await ok(await api.call(owner, 'PUT', `${D(c.uuid)}/posts/${r.id}/hidden`, { hidden: true }))
    expect(await search(learner, 'refractor')).toEqual([])
    expect(await search(owner, 'refractor')).toEqual(['Telescopios'])
  })

  it('a thread can be about a block of the course; a block of another course is a 404', async () => {
    const block = course.blocks[0][0]
    const t = await ok(await newThread(learner, { title: 'About this block', body: 'b', blockId: block }), 201)
    expect(t.thread.blockId).toBe(block)
    const list = await ok(await api.call(learner, 'GET', `${D(course.uuid)}/threads?block=${block}`))
    expect(list.items.map((i: { id: string }) => i.id)).toEqual([t.thread.id])
    expect((await newThread(learner, { title: 'x', body: 'y', blockId: other.blocks[0][0] })).statusCode).toBe(404)
  })
})

describe('answers, following and notifications', () => {
  it('staff are mentioned and notified, followers are notified of replies, the author never', async () => {
    const staff = await ok(await api.call(learner, 'GET', `${D(course.uuid)}/staff`))
    expect(staff.items.map((s: { name: string }) => s.name).sort()).toEqual(['Carl Collaborator', 'Gina Grader', 'Olga Owner'])
    expect(staff.staff).toBe(false)
    expect((await ok(await api.call(grader, 'GET', `${D(course.uuid)}/staff`))).staff).toBe(true)
    expect((await ok(await api.call(ADMIN_CALLER, 'GET', `${D(course.uuid)}/staff`))).staff).toBe(true)
    const t = await ok(await newThread(learner, { title: 'Need help', body: '@Gina Grader could you look?', mentions: [grader.sub, learner2.sub] }), 201)
    expect(t.opening.mentions).toEqual([{ sub: grader.sub, name: 'Gina Grader' }])
    expect(t.following).toBe(true)
    const link = `/galaxy/courses/discussions/${course.uuid}/${t.thread.id}`
    expect(await kinds(grader)).toEqual([{ ...(await kinds(grader))[0], kind: 'discussion-mention', link }])
    expect((await kinds(grader))[0].params).toEqual({ author: 'Lena Learner', thread: 'Need help', course: 'Astronomía' })
    expect((await kinds(learner2)).filter((n) => n.link === link)).toEqual([])
    // learner2 follows; the grader answers mentioning the owner: the author and learner2 get a reply notice, the owner a mention.
    await ok(await api.call(learner2, 'PUT', `${D(course.uuid)}/threads/${t.thread.id}/follow`, { following: true }))
    const before = (await kinds(grader)).length
    await ok(await reply(grader, t.thread.id, { body: 'Sure. @Olga Owner FYI', mentions: [owner.sub] }), 201)
    const here = async (who: Caller) => (await kinds(who)).filter((n) => n.link === link).map((n) => n.kind)
    expect(await here(learner)).toEqual(['discussion-reply'])
    expect(await here(learner2)).toEqual(['discussion-reply'])
    expect((await kinds(owner)).filter((n) => n.link === link).map((n) => n.kind)).toEqual(['discussion-mention'])
    expect((await kinds(grader)).length).toBe(before)
    // Unfollowing stops them.
    await ok(await api.call(learner2, 'PUT', `${D(course.uuid)}/threads/${t.thread.id}/follow`, { following: false }))
    await ok(await reply(learner, t.thread.id, { body: 'Thanks' }), 201)
    expect(await here(learner2)).toEqual(['discussion-reply'])
    expect(await here(learner)).toEqual(['discussion-reply'])
  })

  it('the thread’s author or staff accept an answer; another learner cannot', async () => {
    const t = await ok(await newThread(learner, { title: 'Accept', body: 'Question' }), 201)
    const a = await ok(await reply(collaborator, t.thread.id, { body: 'Answer' }), 201)
    expect(a.authorStaff).toBe(true)
    expect((await api.call(learner2, 'PUT', `${D(course.uuid)}/threads/${t.thread.id}/accepted`, { post: a.id })).statusCode).toBe(403)
    const accepted = await ok(await api.call(learner, 'PUT', `${D(course.uuid)}/threads/${t.thread.id}/accepted`, { post: a.id }))
    expect(accepted.thread.answered).toBe(true)
    const replies = await ok(await api.call(learner2, 'GET', `${D(course.uuid)}/threads/${t.thread.id}/posts`))
    expect(replies.items[0].accepted).toBe(true)
    expect((await api.call(learner, 'PUT', `${D(course.uuid)}/threads/${t.thread.id}/accepted`, { post: t.opening.id })).statusCode).toBe(409)
    await ok(await api.call(grader, 'PUT', `${D(course.uuid)}/threads/${t.thread.id}/accepted`, { post: null }))
  })
})

describe('moderation', () => {
  it('staff lock a thread: no replies or edits (409) until unlocked; learners cannot moderate', async () => {
    const t = await ok(await newThread(learner, { title: 'Lock', body: 'b' }), 201)
    expect((await api.call(learner, 'PUT', `${D(course.uuid)}/threads/${t.thread.id}/moderation`, { locked: true })).statusCode).toBe(403)
    expect((await ok(await api.call(grader, 'PUT', `${D(course.uuid)}/threads/${t.thread.id}/moderation`, { locked: true }))).thread.locked).toBe(true)
    const refused = await reply(learner2, t.thread.id, { body: 'late' })
    expect(refused.statusCode).toBe(409)
    expect(refused.json().code).toBe('THREAD_LOCKED')
    expect((await api.call(learner, 'PUT', `${D(course.uuid)}/posts/${t.opening.id}`, { body: 'x', revision: 1 })).statusCode).toBe(409)
    await ok(await api.call(owner, 'PUT', `${D(course.uuid)}/threads/${t.thread.id}/moderation`, { locked: false }))
    await ok(await reply(learner2, t.thread.id, { body: 'now' }), 201)
    expect((await api.call(owner, 'PUT', `${D(course.uuid)}/threads/${t.thread.id}/moderation`, {})).statusCode).toBe(400)
  })

  it('hidden posts: staff see them marked, learners a placeholder without the text', async () => {
    const t = await ok(await newThread(learner, { title: 'Hide', body: 'b' }), 201)
    const r = await ok(await reply(learner2, t.thread.id, { body: 'rude words' }), 201)
    expect((await api.call(learner, 'PUT', `${D(course.uuid)}/posts/${r.id}/hidden`, { hidden: true })).statusCode).toBe(403)
    await ok(await api.call(collaborator, 'PUT', `${D(course.uuid)}/posts/${r.id}/hidden`, { hidden: true }))
    const seen = async (who: Caller) => (await ok(await api.call(who, 'GET', `${D(course.uuid)}/threads/${t.thread.id}/posts`))).items[0]
    expect(await seen(learner)).toMatchObject({ hidden: true, body: '' })
    expect(await seen(owner)).toMatchObject({ hidden: true, body: 'rude words' })
    expect((await reply(learner, t.thread.id, { body: 'q', quote: r.id })).statusCode).toBe(404)
    await ok(await api.call(ADMIN_CALLER, 'PUT', `${D(course.uuid)}/posts/${r.id}/hidden`, { hidden: false }))
    expect(await seen(learner)).toMatchObject({ hidden: false, body: 'rude words' })
  })

  it('any reader reports a post once; staff see the reported posts with the count', async () => {
    const t = await ok(await newThread(learner, { title: 'Report', body: 'b' }), 201)
    const r = await ok(await reply(learner, t.thread.id, { body: 'spam spam' }), 201)
    const mine = await ok(await api.call(learner2, 'POST', `${D(course.uuid)}/posts/${r.id}/report`, { reason: 'spam' }), 201)
    expect(mine).toMatchObject({ reportedByMe: true, reports: 0 })
    expect((await api.call(learner2, 'POST', `${D(course.uuid)}/posts/${r.id}/report`, {})).statusCode).toBe(409)
    await ok(await api.call(grader, 'POST', `${D(course.uuid)}/posts/${r.id}/report`, {}), 201)
    expect((await api.call(learner, 'GET', `${D(course.uuid)}/reported`)).statusCode).toBe(403)
    const reported = await ok(await api.call(owner, 'GET', `${D(course.uuid)}/reported`))
    expect(reported.items[0]).toMatchObject({ threadTitle: 'Report', post: { id: r.id, reports: 2 } })
  })
})
