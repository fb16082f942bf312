import '../account/eng'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import type { AdminPost, Site, Slide } from '../../../contracts/website/website'
import { renderAt, signedInAs, useFakeNetwork } from '../account/harness'

const net = useFakeNetwork()
const API = '*/api/v2/admin/sites'

const site: Site = {
  id: '11111111-1111-4111-8111-111111111111',
  slug: 'website',
  name: 'Aula',
  defaultLanguage: 'mx',
  languages: ['mx', 'eng'],
  baseUrl: null,
  isDefault: true,
  revision: 1,
}
const slide = (over: Partial<Slide>): Slide => ({
  id: '22222222-2222-4222-8222-222222222222',
  title: 'Open enrolment',
  text: 'Come',
  link: null,
  imagePath: null,
  imageUrl: null,
  startsAt: null,
  endsAt: null,
  position: 1,
  revision: 1,
  live: true,
  ...over,
})
const post = (over: Partial<AdminPost>): AdminPost => ({
  id: '33333333-3333-4333-8333-333333333333',
  kind: 'news',
  language: 'mx',
  sourceId: null,
  sourceRevision: null,
  outdated: false,
  slug: 'nuevo-ciclo',
  title: 'Nuevo ciclo',
  summary: '',
  body: '<p>Hola</p>',
  coverPath: null,
  coverUrl: null,
  category: null,
  tags: [],
  author: '',
  state: 'draft',
  effectiveState: 'draft',
  publishAt: null,
  revision: 1,
  updatedAt: '2026-11-20T10:00:00.000Z',
  translations: [],
  ...over,
})

const admin = () => signedInAs(net.identity.add({ email: 'ada@example.test', groups: ['admin'] }))

describe('website editors', { timeout: 60_000 }, () => {
  it('shows the empty carousel and says the sign-in screen keeps its slogans', async () => {
    await admin()
    net.server.use(http.get(`${API}/website/slides`, () => HttpResponse.json({ items: [], orderRevision: 1 })))
    renderAt('/admin/website/carousel')
    expect(await screen.findByRole('heading', { level: 1, name: 'Carousel' })).toBeInTheDocument()
    expect(await screen.findByText(/This site has no slides yet/)).toBeInTheDocument()
  })

  it('reorders slides with the Move buttons, sending the order revision', async () => {
    await admin()
    const a = slide({ id: '22222222-2222-4222-8222-000000000001', title: 'First' })
    const b = slide({ id: '22222222-2222-4222-8222-000000000002', title: 'Second', live: false, startsAt: '2999-01-01T00:00:00.000Z' })
    const orders: unknown[] = []
    net.server.use(
      http.get(`${API}/website/slides`, () => HttpResponse.json({ items: [a, b], orderRevision: 4 })),
      http.put(`${API}/website/slides-order`, async ({ request }) => {
        orders.push(await request.json())
        return HttpResponse.json({ items: [b, a], orderRevision: 5 })
      }),
    )
    renderAt('/admin/website/carousel')
    const list = await screen.findByRole('list', { name: 'Slides in the order they appear' })
    expect(within(list).getByText('Scheduled')).toBeInTheDocument()
    expect(within(list).getByRole('button', { name: 'Move up: First' })).toBeDisabled()
    await userEvent.setup().click(within(list).getByRole('button', { name: 'Move down: First' }))
    await waitFor(() => expect(orders).toEqual([{ ids: [b.id, a.id], orderRevision: 4 }]))
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('heading', { level: 2 })
          .map((h) => h.textContent),
      ).toEqual(['Second', 'First']),
    )
  })

  it('lists posts with state and outdated-translation marks, filtered by the category in the address', async () => {
    await admin()
    const asked: string[] = []
    net.server.use(
      http.get(`${API}/website/posts`, ({ request }) => {
        asked.push(new URL(request.url).search)
        return HttpResponse.json({
          items: [
            post({ title: 'Organigrama 2027', category: 'organization-chart' }),
            post({
              id: '33333333-3333-4333-8333-000000000002',
              title: 'Org chart 2027',
              language: 'eng',
              outdated: true,
              sourceId: '33333333-3333-4333-8333-333333333333',
              sourceRevision: 1,
            }),
          ],
        })
      }),
    )
    renderAt('/admin/website/news?category=organization-chart')
    expect(await screen.findByRole('heading', { level: 1, name: 'News · Organization Chart' })).toBeInTheDocument()
    expect(await screen.findByRole('link', { name: 'Org chart 2027' })).toBeInTheDocument()
    expect(screen.getByText('Outdated translation')).toBeInTheDocument()
    expect(asked[0]).toContain('category=organization-chart')
    expect(asked[0]).toContain('kind=news')
  })

  it('shows the outdated mark in the editor and offers the conflict dialog on a stale save', async () => {
    await admin()
    const tr = post({
      id: '33333333-3333-4333-8333-000000000002',
      title: 'Org chart',
      language: 'eng',
      outdated: true,
      sourceId: '33333333-3333-4333-8333-333333333333',
      sourceRevision: 1,
      revision: 2,
    })
    net.server.use(
      http.get(`${API}`, () => HttpResponse.json({ items: [site] })),
      http.get(`${API}/website/posts/${tr.id}`, () => HttpResponse.json({ Item: tr })),
      http.get(`${API}/website/posts/${tr.id}/revisions`, () => HttpResponse.json({ items: [] })),
      http.put(`${API}/website/posts/${tr.id}`, () =>
        HttpResponse.json({ message: 'The item was changed by someone else since you opened it', code: 'STALE_REVISION' }, { status: 409 }),
      ),
    )
    renderAt(`/admin/website/news/${tr.id}`)
    expect(
      await screen.findByText('The original post changed after this translation was made. Review it and save it to mark it up to date.'),
    ).toBeInTheDocument()
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Save' }))
    const dialog = await screen.findByRole('dialog', { name: 'Someone else saved this post' })
    expect(within(dialog).getByRole('button', { name: 'Save mine over it' })).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Load the saved version' })).toBeInTheDocument()
  })

  it("shows the default site's live slides on the sign-in screen instead of the slogans", async () => {
    net.server.use(
      http.get('*/api/v2/site/website/slides', () =>
        HttpResponse.json({
          items: [{ id: '22222222-2222-4222-8222-222222222222', title: 'Open enrolment', text: 'Come and see', link: '/register', imageUrl: null }],
        }),
      ),
    )
    renderAt('/login')
    expect(await screen.findByRole('link', { name: 'Open enrolment' })).toHaveAttribute('href', '/register')
    expect(screen.getByText('Come and see')).toBeInTheDocument()
    expect(screen.getAllByRole('button', { name: /Go to slide/ })).toHaveLength(1)
  })
})
