import '../account/eng'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import type { FeaturedCourse, Site, SiteAnalyticsReply, SiteCareer } from '../../../contracts/website/website'
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
const course = (n: number, name: string): FeaturedCourse => ({
  uuid: `44444444-4444-4444-8444-00000000000${n}`,
  name,
  briefDescription: `About ${name}`,
  coverUrl: null,
})
const physics = course(1, 'Physics')
const chemistry = course(2, 'Chemistry')
const history = course(3, 'History')
const career = (n: number, name: string, over: Partial<SiteCareer> = {}): SiteCareer => ({
  id: `55555555-5555-4555-8555-00000000000${n}`,
  name,
  description: `Study ${name}`,
  cycles: 2,
  subjects: 1,
  courses: 3,
  ...over,
})

const admin = () => signedInAs(net.identity.add({ email: 'ada@example.test', groups: ['admin'] }))
const names = (list: HTMLElement) =>
  within(list)
    .getAllByRole('heading', { level: 2 })
    .map((h) => h.textContent)

describe('site catalogue and analytics screens', { timeout: 60_000 }, () => {
  it('reorders, removes and adds featured courses, then saves the whole list with its revision', async () => {
    await admin()
    const saves: unknown[] = []
    net.server.use(
      http.get(`${API}/website/featured-courses`, () => HttpResponse.json({ items: [physics, chemistry], revision: 3 })),
      http.get(`${API}/website/featured-courses/candidates`, () => HttpResponse.json({ items: [physics, history] })),
      http.put(`${API}/website/featured-courses`, async ({ request }) => {
        const body = (await request.json()) as { courses: string[]; revision: number }
        saves.push(body)
        const all = [physics, chemistry, history]
        return HttpResponse.json({ items: body.courses.map((id) => all.find((c) => c.uuid === id)), revision: 4 })
      }),
    )
    renderAt('/admin/website/courses')
    expect(await screen.findByRole('heading', { level: 1, name: 'Featured courses' })).toBeInTheDocument()
    const list = await screen.findByRole('list', { name: 'Featured courses in the order they appear' })
    const save = screen.getByRole('button', { name: 'Save' })
    expect(save).toBeDisabled()
    const user = userEvent.setup()
    expect(within(list).getByRole('button', { name: 'Move up: Physics' })).toBeDisabled()
    await user.click(within(list).getByRole('button', { name: 'Move down: Physics' }))
    expect(names(list)).toEqual(['Chemistry', 'Physics'])
    expect(screen.getByText('This list has unsaved changes.')).toBeInTheDocument()
    // The picker offers published courses not listed yet.
    await user.click(screen.getByRole('combobox', { name: 'Add a course' }))
    await user.keyboard('Hi')
    const option = await screen.findByRole('option', { name: 'History' })
    expect(screen.queryByRole('option', { name: 'Physics' })).not.toBeInTheDocument()
    await user.click(option)
    await user.click(within(list).getByRole('button', { name: 'Remove: Chemistry' }))
    expect(names(list)).toEqual(['Physics', 'History'])
    await user.click(save)
    await waitFor(() => expect(saves).toEqual([{ courses: [physics.uuid, history.uuid], revision: 3 }]))
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled())
    expect(screen.queryByText('This list has unsaved changes.')).not.toBeInTheDocument()
  })

  it('opens the conflict dialog on a stale save; "save mine over it" saves with the latest revision', async () => {
    await admin()
    const saves: Array<{ revision: number }> = []
    let revision = 3
    net.server.use(
      http.get(`${API}/website/featured-courses`, () => HttpResponse.json({ items: [physics, chemistry], revision })),
      http.put(`${API}/website/featured-courses`, async ({ request }) => {
        const body = (await request.json()) as { courses: string[]; revision: number }
        saves.push(body)
        if (body.revision !== revision) return HttpResponse.json({ message: 'Changed by someone else', code: 'STALE_REVISION' }, { status: 409 })
        revision++
        return HttpResponse.json({ items: [chemistry, physics], revision })
      }),
    )
    renderAt('/admin/website/courses')
    const list = await screen.findByRole('list', { name: 'Featured courses in the order they appear' })
    revision = 5 // someone else saved meanwhile
    const user = userEvent.setup()
    await user.click(within(list).getByRole('button', { name: 'Move up: Chemistry' }))
    await user.click(screen.getByRole('button', { name: 'Save' }))
    const dialog = await screen.findByRole('dialog', { name: 'Someone else saved this list' })
    expect(within(dialog).getByRole('button', { name: 'Load the saved list' })).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Save mine over it' }))
    await waitFor(() => expect(saves.map((s) => s.revision)).toEqual([3, 5]))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('shows the empty state of featured courses', async () => {
    await admin()
    net.server.use(http.get(`${API}/website/featured-courses`, () => HttpResponse.json({ items: [], revision: 1 })))
    renderAt('/admin/website/courses')
    expect(await screen.findByText(/This site features no course yet/)).toBeInTheDocument()
  })

  it('lists careers with their counts and a link to their public page; reorders by the keyboard-reachable buttons', async () => {
    await admin()
    const saves: unknown[] = []
    const a = career(1, 'Engineering')
    const b = career(2, 'Nursing', { cycles: 1, subjects: 0, courses: 1 })
    net.server.use(
      http.get(API, () => HttpResponse.json({ items: [site] })),
      http.get(`${API}/website/careers`, () => HttpResponse.json({ items: [a, b], revision: 2 })),
      http.put(`${API}/website/careers`, async ({ request }) => {
        saves.push(await request.json())
        return HttpResponse.json({ items: [b, a], revision: 3 })
      }),
    )
    renderAt('/admin/website/careers')
    const list = await screen.findByRole('list', { name: 'Careers in the order they appear' })
    expect(within(list).getByText('2 school cycles')).toBeInTheDocument()
    expect(within(list).getByText('1 published course')).toBeInTheDocument()
    expect(await within(list).findByRole('link', { name: 'View Nursing on the site' })).toHaveAttribute('href', `/site/website/mx/careers/${b.id}`)
    const user = userEvent.setup()
    within(list).getByRole('button', { name: 'Move up: Nursing' }).focus()
    await user.keyboard('{Enter}')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(saves).toEqual([{ careers: [b.id, a.id], revision: 2 }]))
  })

  it('shows the analytics figures of the range in the address, with translated languages and direct visits named', async () => {
    await admin()
    const asked: string[] = []
    const report: SiteAnalyticsReply = {
      from: '2026-11-01',
      to: '2026-11-03',
      total: 12,
      days: [
        { day: '2026-11-01', views: 5 },
        { day: '2026-11-02', views: 0 },
        { day: '2026-11-03', views: 7 },
      ],
      pages: [{ path: '/site/website/mx/news', views: 9 }],
      referrers: [
        { host: '', views: 8 },
        { host: 'www.example.org', views: 4 },
      ],
      languages: [{ language: 'eng', views: 12 }],
    }
    net.server.use(
      http.get(`${API}/website/analytics`, ({ request }) => {
        asked.push(new URL(request.url).search)
        return HttpResponse.json(report)
      }),
    )
    renderAt('/admin/website/analytics?from=2026-11-01&to=2026-11-03')
    expect(await screen.findByRole('heading', { level: 1, name: 'Site analytics' })).toBeInTheDocument()
    expect(screen.getByText('Visits are counted without cookies or personal data.')).toBeInTheDocument()
    expect(await screen.findByText('12', { selector: 'p' })).toBeInTheDocument()
    expect(asked[0]).toBe('?from=2026-11-01&to=2026-11-03')
    expect(screen.getByRole('figure', { name: 'Chart: Views per day. The table view shows the same data.' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: '/site/website/mx/news' })).toHaveAttribute('href', '/site/website/mx/news')
    const referrers = screen.getByRole('table', { name: 'Where visitors come from' })
    expect(within(referrers).getByText('Direct or unknown')).toBeInTheDocument()
    expect(within(screen.getByRole('table', { name: 'Languages' })).getByText('English')).toBeInTheDocument()
    // The chart's text alternative: the same days as a table.
    await userEvent.setup().click(screen.getByRole('button', { name: 'Table' }))
    const perDay = within(screen.getByRole('region', { name: 'Table: Views per day' })).getByRole('table')
    expect(within(perDay).getAllByRole('row')).toHaveLength(4)
    expect(within(perDay).getByText('7')).toBeInTheDocument()
  })

  it('shows the empty state when nobody visited', async () => {
    await admin()
    net.server.use(
      http.get(`${API}/website/analytics`, () =>
        HttpResponse.json({ from: '2026-11-01', to: '2026-11-01', total: 0, days: [{ day: '2026-11-01', views: 0 }], pages: [], referrers: [], languages: [] }),
      ),
    )
    renderAt('/admin/website/analytics')
    expect(await screen.findByText('No data for this period')).toBeInTheDocument()
  })

  it('"load the saved list" drops the unsaved order and shows what was saved', async () => {
    await admin()
    let saved = { items: [physics, chemistry], revision: 3 }
    net.server.use(
      http.get(`${API}/website/featured-courses`, () => HttpResponse.json(saved)),
      http.put(`${API}/website/featured-courses`, () => HttpResponse.json({ message: 'Changed', code: 'STALE_REVISION' }, { status: 409 })),
    )
    renderAt('/admin/website/courses')
    const list = await screen.findByRole('list', { name: 'Featured courses in the order they appear' })
    saved = { items: [history], revision: 4 }
    const user = userEvent.setup()
    await user.click(within(list).getByRole('button', { name: 'Remove: Physics' }))
    await user.click(screen.getByRole('button', { name: 'Save' }))
    const dialog = await screen.findByRole('dialog', { name: 'Someone else saved this list' })
    await user.click(within(dialog).getByRole('button', { name: 'Load the saved list' }))
    await waitFor(() => expect(names(screen.getByRole('list', { name: 'Featured courses in the order they appear' }))).toEqual(['History']))
    expect(screen.queryByText('This list has unsaved changes.')).not.toBeInTheDocument()
  })

  it('asks for the last 30 days when the address holds no valid period, and shows a refusal with a retry', async () => {
    await admin()
    const asked: string[] = []
    net.server.use(
      http.get(`${API}/website/analytics`, ({ request }) => {
        asked.push(new URL(request.url).search)
        return HttpResponse.json({ message: 'Invalid request', code: 'VALIDATION', errors: { from: 'The range is too long' } }, { status: 400 })
      }),
    )
    renderAt('/admin/website/analytics?from=2026-11-10&to=2026-11-01')
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument()
    const [from, to] = [...new URLSearchParams(asked[0]).values()]
    expect(Date.parse(to) - Date.parse(from)).toBe(29 * 86_400_000)
  })
})
