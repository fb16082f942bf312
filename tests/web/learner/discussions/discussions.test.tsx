import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { AdminContext, memoryStore, type AuthProvider } from 'react-admin'
import { MemoryRouter, Route, Routes } from 'react-router-dom'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { DiscussionPost, DiscussionThread, ThreadDetail } from '../../../../contracts/learner/discussions'
import { dataProvider } from '../../../../src/dataProvider'
import { i18nProvider } from '../../../../src/i18n'
import { DiscussionPage, ThreadPage } from '../../../../src/learner/discussions'
import { preloadPlayerTexts } from '../../../../src/learner/player/texts'

/**
 * The course discussion's screens (decision 0034) over a fake discussion API: the list with its
 * search, a new question with an @ mention of staff, a thread with quoting, accepting, reporting,
 * a locked thread, and the placeholder of a hidden post.
 */

const COURSE = '11111111-1111-4111-8111-111111111111'
const THREAD = '44444444-4444-4444-8444-444444444444'
const ME = 'learner-sub'
const GRADER = { sub: 'grader-sub', name: 'Gina Grader' }
const BASE = `*/api/v2/courses/discussions/${COURSE}`

const thread = (over: Partial<DiscussionThread> = {}): DiscussionThread => ({
  id: THREAD,
  course: COURSE,
  blockId: null,
  title: 'How do I compute a mean?',
  authorSub: ME,
  authorName: 'Lena Learner',
  pinned: false,
  locked: false,
  answered: false,
  replies: 2,
  createdAt: '2026-11-20T10:00:00.000Z',
  lastActivityAt: '2026-11-20T11:00:00.000Z',
  ...over,
})
const post = (n: number, over: Partial<DiscussionPost> = {}): DiscussionPost => ({
  id: `55555555-5555-4555-8555-${String(n).padStart(12, '0')}`,
  threadId: THREAD,
  opening: n === 0,
  authorSub: ME,
  authorName: 'Lena Learner',
  authorStaff: false,
  body: `Post ${n}`,
  quote: null,
  mentions: [],
  hidden: false,
  reports: 0,
  reportedByMe: false,
  accepted: false,
  revision: 1,
  createdAt: '2026-11-20T10:00:00.000Z',
  editedAt: null,
  ...over,
})

class FakeDiscussion {
  threads = [thread({ id: '66666666-6666-4666-8666-000000000001', title: 'Pinned rules', pinned: true, authorName: 'Olga Owner' }), thread()]
  detail: ThreadDetail = { thread: thread(), opening: post(0, { body: 'Sum the values, then what?' }), following: true, staff: false, canAccept: true }
  replies = [
    post(1, { authorSub: GRADER.sub, authorName: GRADER.name, authorStaff: true, body: 'Divide by how many there are.' }),
    post(2, { authorSub: 'other', authorName: 'Leo Learner', hidden: true, body: '' }),
  ]
  sent: Array<{ url: string; body: unknown }> = []
  searched: string[] = []

  handlers() {
    const record = async (request: Request) => {
      const body = request.method === 'GET' ? null : await request.json()
      this.sent.push({ url: `${request.method} ${new URL(request.url).pathname}`, body })
      return body as Record<string, unknown>
    }
    return [
      http.get(`${BASE}/threads`, ({ request }) => {
        const search = new URL(request.url).searchParams.get('search') ?? ''
        this.searched.push(search)
        const items = search ? this.threads.filter((t) => t.title.toLowerCase().includes(search.toLowerCase())) : this.threads
        return HttpResponse.json({ items, paginationToken: null, estimated: items.length })
      }),
      http.get(`${BASE}/staff`, () => HttpResponse.json({ items: [{ sub: 'owner-sub', name: 'Olga Owner' }, GRADER], staff: false })),
      http.post(`${BASE}/threads`, async ({ request }) => {
        const body = await record(request)
        this.detail = { ...this.detail, thread: thread({ title: String(body.title) }) }
        return HttpResponse.json(this.detail, { status: 201 })
      }),
      http.get(`${BASE}/threads/:thread`, () => HttpResponse.json(this.detail)),
      http.get(`${BASE}/threads/:thread/posts`, () => HttpResponse.json({ items: this.replies, paginationToken: null, estimated: this.replies.length })),
      http.post(`${BASE}/threads/:thread/posts`, async ({ request }) => {
        const body = await record(request)
        if (this.detail.thread.locked) return HttpResponse.json({ message: 'This thread is locked', code: 'THREAD_LOCKED' }, { status: 409 })
        const made = post(9, {
          body: String(body.body),
          quote: body.quote ? { postId: String(body.quote), excerpt: 'Divide by how many there are.', author: GRADER.name } : null,
        })
        this.replies = [...this.replies, made]
        return HttpResponse.json(made, { status: 201 })
      }),
      http.put(`${BASE}/threads/:thread/accepted`, async ({ request }) => {
        const body = await record(request)
        this.detail = { ...this.detail, thread: { ...this.detail.thread, answered: body.post !== null } }
        return HttpResponse.json(this.detail)
      }),
      http.post(`${BASE}/posts/:post/report`, async ({ request, params }) => {
        await record(request)
        return HttpResponse.json({ ...this.replies.find((p) => p.id === params.post)!, reportedByMe: true }, { status: 201 })
      }),
    ]
  }
}

const server = setupServer()
let api = new FakeDiscussion()

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' })
  await i18nProvider.changeLocale('eng')
  await preloadPlayerTexts('eng')
})
beforeEach(() => {
  api = new FakeDiscussion()
  server.resetHandlers(...api.handlers())
})
afterAll(() => server.close())

function renderAt(path: string) {
  const authProvider: AuthProvider = {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: async () => ['general'],
    getIdentity: async () => ({ id: ME, fullName: 'Lena Learner' }),
  }
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext i18nProvider={i18nProvider} dataProvider={dataProvider} authProvider={authProvider} store={memoryStore()}>
        <Routes>
          <Route path="/galaxy/courses/discussions/:uuid" element={<DiscussionPage />} />
          <Route path="/galaxy/courses/discussions/:uuid/:thread" element={<ThreadPage />} />
        </Routes>
      </AdminContext>
    </MemoryRouter>,
  )
}

describe('course discussion', () => {
  it('lists threads pinned first with their marks, and searches', async () => {
    const user = userEvent.setup()
    renderAt(`/galaxy/courses/discussions/${COURSE}`)
    const list = await screen.findByRole('list', { name: 'Threads' })
    const titles = within(list)
      .getAllByRole('heading')
      .map((h) => h.textContent)
    expect(titles).toEqual(['Pinned rules', 'How do I compute a mean?'])
    expect(within(list).getByText('Pinned')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'See reported posts' })).toBeNull()
    await user.type(screen.getByRole('searchbox', { name: 'Search the discussion' }), 'mean')
    await user.click(screen.getByRole('button', { name: 'Search' }))
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Threads' })).getAllByRole('heading')).toHaveLength(1))
    expect(api.searched.at(-1)).toBe('mean')
    await user.clear(screen.getByRole('searchbox', { name: 'Search the discussion' }))
    await user.type(screen.getByRole('searchbox', { name: 'Search the discussion' }), 'zebra{Enter}')
    expect(await screen.findByText('Nothing matches your search.')).toBeTruthy()
  })

  it('asks a question mentioning course staff picked after @', async () => {
    const user = userEvent.setup()
    renderAt(`/galaxy/courses/discussions/${COURSE}`)
    await user.click(await screen.findByRole('button', { name: 'New question' }))
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Stuck on block 2')
    const body = screen.getByRole('textbox', { name: 'Your question' })
    await user.type(body, 'Hello @gi')
    await user.click(await screen.findByRole('button', { name: 'Mention Gina Grader' }))
    expect((body as HTMLTextAreaElement).value).toBe('Hello @Gina Grader ')
    await user.type(body, 'can you help?')
    await user.click(screen.getByRole('button', { name: 'Post' }))
    await waitFor(() => expect(api.sent).toHaveLength(1))
    expect(api.sent[0].body).toEqual({ title: 'Stuck on block 2', body: 'Hello @Gina Grader can you help?', mentions: [GRADER.sub] })
    expect(await screen.findByRole('heading', { level: 1, name: 'Stuck on block 2' })).toBeTruthy()
  })

  it('shows a thread: staff marked, a hidden post as a placeholder; quotes, accepts and reports', async () => {
    const user = userEvent.setup()
    renderAt(`/galaxy/courses/discussions/${COURSE}/${THREAD}`)
    const replies = await screen.findByRole('list', { name: 'Replies' })
    const [answer, hidden] = within(replies).getAllByRole('article')
    expect(within(answer).getByText('Course staff')).toBeTruthy()
    expect(within(hidden).getByText('This post was hidden by the course staff.')).toBeTruthy()
    expect(within(hidden).queryByRole('button')).toBeNull()

    await user.click(within(answer).getByRole('button', { name: 'Mark as the accepted answer' }))
    await waitFor(() =>
      expect(api.sent.at(-1)).toEqual({ url: `PUT /api/v2/courses/discussions/${COURSE}/threads/${THREAD}/accepted`, body: { post: api.replies[0].id } }),
    )
    expect(await within(answer).findByText('Accepted answer')).toBeTruthy()

    await user.click(within(answer).getByRole('button', { name: 'Report' }))
    expect(await within(answer).findByText('You reported this post')).toBeTruthy()

    await user.click(within(answer).getByRole('button', { name: 'Quote' }))
    expect(screen.getByText('Quoting Gina Grader')).toBeTruthy()
    await user.type(screen.getByRole('textbox', { name: 'Your reply' }), 'Thank you!')
    await user.click(screen.getByRole('button', { name: 'Reply' }))
    const mine = await within(screen.getByRole('list', { name: 'Replies' })).findByText('Thank you!')
    expect(within(mine.closest('article')!).getByText('Gina Grader wrote:')).toBeTruthy()
    expect(api.sent.at(-1)?.body).toEqual({ body: 'Thank you!', mentions: [], quote: api.replies[0].id })
    expect((screen.getByRole('textbox', { name: 'Your reply' }) as HTMLTextAreaElement).value).toBe('')
  })

  it('keeps the reply when the thread was locked meanwhile, and says so', async () => {
    const user = userEvent.setup()
    renderAt(`/galaxy/courses/discussions/${COURSE}/${THREAD}`)
    const field = await screen.findByRole('textbox', { name: 'Your reply' })
    api.detail = { ...api.detail, thread: { ...api.detail.thread, locked: true } }
    await user.type(field, 'Too late?')
    await user.click(screen.getByRole('button', { name: 'Reply' }))
    expect(await screen.findByText('This thread is locked: it takes no new replies.')).toBeTruthy()
    expect(screen.getByText('This thread was locked: it takes no more replies.')).toBeTruthy()
    expect((screen.getByRole('textbox', { name: 'Your reply' }) as HTMLTextAreaElement).value).toBe('Too late?')
    expect((screen.getByRole('button', { name: 'Reply' }) as HTMLButtonElement).disabled).toBe(true)
  })

  it('gives staff the moderation: pin and lock, hidden posts marked with their text', async () => {
    const user = userEvent.setup()
    api.detail = { ...api.detail, staff: true }
    api.replies[1] = { ...api.replies[1], body: 'Rude words', reports: 2 }
    server.use(
      http.get(`${BASE}/staff`, () => HttpResponse.json({ items: [GRADER], staff: true })),
      http.put(`${BASE}/threads/:thread/moderation`, async ({ request }) => {
        const body = (await request.json()) as { pinned?: boolean; locked?: boolean }
        api.detail = { ...api.detail, thread: { ...api.detail.thread, ...body } }
        return HttpResponse.json(api.detail)
      }),
    )
    renderAt(`/galaxy/courses/discussions/${COURSE}/${THREAD}`)
    const [, hidden] = within(await screen.findByRole('list', { name: 'Replies' })).getAllByRole('article')
    expect(within(hidden).getByText('Hidden from learners')).toBeTruthy()
    expect(within(hidden).getByText('Rude words')).toBeTruthy()
    expect(within(hidden).getByText('Reported 2 times')).toBeTruthy()
    expect(within(hidden).getByRole('button', { name: 'Show again' })).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Pin' }))
    expect(await screen.findByRole('button', { name: 'Unpin' })).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Lock the thread' }))
    expect(await screen.findByText('This thread is locked: it takes no new replies.')).toBeTruthy()
    expect(screen.queryByRole('textbox', { name: 'Your reply' })).toBeNull()
  })

  it('lists the reported posts for staff with their count and thread', async () => {
    const user = userEvent.setup()
    server.use(
      http.get(`${BASE}/staff`, () => HttpResponse.json({ items: [GRADER], staff: true })),
      http.get(`${BASE}/reported`, () =>
        HttpResponse.json({
          items: [{ post: { ...api.replies[1], body: 'Rude words', reports: 3 }, threadTitle: 'How do I compute a mean?' }],
          paginationToken: null,
          estimated: 1,
        }),
      ),
    )
    renderAt(`/galaxy/courses/discussions/${COURSE}`)
    await user.click(await screen.findByRole('button', { name: 'See reported posts' }))
    const section = await screen.findByRole('region', { name: 'Reported posts' })
    expect(within(section).getByText('Rude words')).toBeTruthy()
    expect(within(section).getByText(/Reported 3 times/)).toBeTruthy()
    expect(within(section).getByRole('link', { name: 'In "How do I compute a mean?"' })).toBeTruthy()
  })

  it('tells a reader without access why, rather than an empty list', async () => {
    server.use(http.get(`${BASE}/threads`, () => HttpResponse.json({ message: 'Not subscribed', code: 'NOT_SUBSCRIBED' }, { status: 403 })))
    renderAt(`/galaxy/courses/discussions/${COURSE}`)
    expect(await screen.findByText('Only subscribed learners and the course staff can read this discussion.')).toBeTruthy()
  })
})
