import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { AdminContext, memoryStore, type AuthProvider } from 'react-admin'
import { MemoryRouter } from 'react-router-dom'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Notification, NotificationPreference } from '../../../contracts/notifications'
import { NotificationsPage } from '../../../src/account/notifications/NotificationsPage'
import { NotificationsPane } from '../../../src/account/settings/NotificationsPane'
import { dataProvider } from '../../../src/dataProvider'
import { createI18nProvider, LANGUAGE_KEY } from '../../../src/i18n'
import { config } from '../account/fakeIdentity'
import { renderShell, useWideScreen } from './renderShell'

const API = '*/api/v2/notifications'
const note = (id: number, over: Partial<Notification> = {}): Notification => ({
  id: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
  kind: 'subscription-added',
  params: { course: `Course ${id}`, plan: 'Free month' },
  link: `/galaxy/courses/overview/c${id}`,
  createdAt: '2026-11-20T10:00:00.000Z',
  readAt: null,
  ...over,
})

const server = setupServer()
let push: (chunk: string) => void = () => {}
let end: () => void = () => {}
let opens = 0
let reads: string[] = []
let stored: Notification[] = []
let prefs: NotificationPreference[] = []
const encoder = new TextEncoder()

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
beforeEach(() => {
  useWideScreen()
  localStorage.setItem(LANGUAGE_KEY, 'eng')
  localStorage.setItem('jwt', 'token-1')
  reads = []
  opens = 0
  stored = [note(2), note(1, { kind: 'certificate-issued', params: { course: 'Course 1' }, readAt: '2026-11-19T10:00:00.000Z' })]
  prefs = [
    { kind: 'subscription-added', byMail: true },
    { kind: 'course-updated', byMail: false },
  ]
  server.use(
    http.get('*/api/config', () => HttpResponse.json(config)),
    http.get(`${API}/stream`, ({ request }) => {
      expect(request.headers.get('authorization')).toBe('Bearer token-1')
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          opens += 1
          push = (chunk) => controller.enqueue(encoder.encode(chunk))
          end = () => controller.close()
          push(`event: unread\ndata: {"unread":${stored.filter((n) => !n.readAt).length}}\n\n`)
        },
      })
      return new HttpResponse(body, { headers: { 'content-type': 'text/event-stream' } })
    }),
    http.get(`${API}/unread-count`, () => HttpResponse.json({ unread: stored.filter((n) => !n.readAt).length })),
    http.get(API, ({ request }) => {
      const token = new URL(request.url).searchParams.get('paginationToken')
      return token
        ? HttpResponse.json({ items: [note(0, { params: { course: 'Older', plan: 'Year' } })], paginationToken: null, estimated: 3 })
        : HttpResponse.json({ items: stored, paginationToken: 'next', estimated: 3 })
    }),
    http.put(`${API}/read-all`, () => HttpResponse.json({ marked: 1 })),
    http.put(`${API}/:id/read`, ({ params }) => {
      reads.push(String(params.id))
      return HttpResponse.json({ ...note(2), readAt: '2026-11-21T00:00:00.000Z' })
    }),
    http.get(`${API}/preferences`, () => HttpResponse.json({ items: prefs })),
    http.put(`${API}/preferences`, async ({ request }) => {
      const { items } = (await request.json()) as { items: NotificationPreference[] }
      prefs = prefs.map((p) => items.find((i) => i.kind === p.kind) ?? p)
      return HttpResponse.json({ items: prefs })
    }),
  )
})
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

describe('the bell', () => {
  it('names the unread count, counts a new one from the stream, and its menu marks one read and links to all', async () => {
    renderShell()
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' })
    push(`event: notification\ndata: ${JSON.stringify(note(3, { kind: 'course-updated', params: { course: 'Geology', version: 2 } }))}\n\n`)
    await screen.findByRole('button', { name: 'Notifications, 2 unread' })
    await userEvent.click(bell)
    const menu = await screen.findByRole('menu')
    const items = within(menu).getAllByRole('menuitem')
    expect(items[0]).toHaveTextContent('Unread: The course "Geology" has a new version (2).')
    expect(items[1]).toHaveTextContent('You now have access to the course "Course 2" (Free month).')
    expect(items[1]).toHaveAttribute('href', '/galaxy/courses/overview/c2')
    expect(within(menu).getByRole('menuitem', { name: 'See all' })).toHaveAttribute('href', '/account/notifications')
    await userEvent.click(items[1])
    await screen.findByRole('button', { name: 'Notifications, 1 unread' })
    await waitFor(() => expect(reads).toEqual([note(2).id]))
  })

  it('reconnects when the stream ends and takes the count made meanwhile', async () => {
    renderShell()
    await screen.findByRole('button', { name: 'Notifications, 1 unread' })
    // A deploy restarts the process: the stream ends, and two notifications are made before it is back.
    stored = [note(5), note(4), ...stored]
    end()
    expect(await screen.findByRole('button', { name: 'Notifications, 3 unread' })).toBeInTheDocument()
    expect(opens).toBe(2)
  })

  it('marks all read from the menu, by keyboard', async () => {
    renderShell()
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' })
    bell.focus()
    await userEvent.keyboard('{Enter}')
    const markAll = await screen.findByRole('menuitem', { name: 'Mark all as read' })
    markAll.focus()
    await userEvent.keyboard('{Enter}')
    expect(await screen.findByRole('button', { name: 'Notifications, 0 unread' })).toBeInTheDocument()
  })
})

function renderInAdmin(ui: React.ReactNode, groups?: string[]) {
  const authProvider: AuthProvider | undefined = groups && {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: async () => groups,
  }
  return render(
    <MemoryRouter>
      <AdminContext dataProvider={dataProvider} authProvider={authProvider} i18nProvider={createI18nProvider()} store={memoryStore()}>
        {ui}
      </AdminContext>
    </MemoryRouter>,
  )
}

describe('the notifications page', () => {
  it('lists them newest first, loads more, and marks one read', async () => {
    renderInAdmin(<NotificationsPage />)
    expect(await screen.findByRole('heading', { name: 'Notifications' })).toBeInTheDocument()
    const list = await screen.findByRole('list')
    expect(within(list).getAllByRole('listitem')).toHaveLength(2)
    expect(list).toHaveTextContent('You have earned the certificate of the course "Course 1".')
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }))
    expect(await screen.findByText('You now have access to the course "Older" (Year).')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Mark as read: You now have access to the course "Course 2" (Free month).' }))
    await waitFor(() => expect(reads).toEqual([note(2).id]))
    expect(screen.queryByRole('button', { name: /^Mark as read: You now have access to the course "Course 2"/ })).not.toBeInTheDocument()
  })
})

describe('the preferences pane', () => {
  it('shows the mail choice per kind and saves a change from the keyboard', async () => {
    renderInAdmin(<NotificationsPane />)
    const updated = await screen.findByRole('switch', { name: 'By e-mail: Course updated' })
    expect(updated).not.toBeChecked()
    expect(screen.getByRole('switch', { name: 'By e-mail: New subscription' })).toBeChecked()
    updated.focus()
    await userEvent.keyboard(' ')
    await waitFor(() => expect(prefs.find((p) => p.kind === 'course-updated')?.byMail).toBe(true))
    expect(screen.getByRole('switch', { name: 'By e-mail: Course updated' })).toBeChecked()
  })

  it('offers a learner only the kinds a learner can get', async () => {
    prefs = [
      { kind: 'subscription-added', byMail: true },
      { kind: 'import-finished', byMail: false },
      { kind: 'review-published', byMail: false },
      { kind: 'course-updated', byMail: false },
    ]
    renderInAdmin(<NotificationsPane />, ['general'])
    await screen.findByRole('switch', { name: 'By e-mail: Course updated' })
    await waitFor(() =>
      expect(screen.getAllByRole('switch').map((s) => s.getAttribute('aria-label'))).toEqual(['By e-mail: New subscription', 'By e-mail: Course updated']),
    )
  })
})
