import '../account/eng'
import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { i18nProvider } from '../../../src/i18n'
import { path, phoneMatchMedia, renderAt, signedInAs, useFakeNetwork } from '../account/harness'
import { BEGINNER, card, COURSE, OTHER, SCIENCE } from './fixtures'
import { preloadForTests } from '../preload'

await preloadForTests({ locales: ['gr'] })

const net = useFakeNetwork()
const learner = () => signedInAs(net.identity.add({ email: 'ana@example.test', groups: ['general'] }))
const filters = () =>
  net.server.use(
    http.get('*/api/v2/courses/catalogue/filters', () =>
      HttpResponse.json({
        categories: [{ ...SCIENCE, count: 2 }],
        difficulties: [{ ...BEGINNER, count: 1 }],
        organizations: [],
        tags: [{ name: 'lab', count: 1 }],
      }),
    ),
  )

describe('course catalogue', () => {
  it('lists the published courses as cards leading to their overview', async () => {
    await learner()
    filters()
    net.server.use(
      http.get('*/api/v2/courses/all/:page', ({ params }) =>
        HttpResponse.json({
          items: [card(), card({ uuid: OTHER, name: 'Astronomy', durationHours: null, difficulty: null })],
          total: params.page === '1' ? 2 : 0,
        }),
      ),
    )
    renderAt('/galaxy')
    expect(await screen.findByRole('heading', { level: 1, name: 'Course catalogue' })).toBeInTheDocument()
    expect(await screen.findByText('2 courses')).toBeInTheDocument()
    const link = screen.getByRole('link', { name: /Chemistry at home/ })
    expect(link).toHaveAttribute('href', `/galaxy/courses/overview/${COURSE}`)
    expect(within(link).getByText('Safe experiments with what is in your kitchen.')).toBeInTheDocument()
    expect(within(link).getByText('6 hours')).toBeInTheDocument()
    expect(within(link).getByText('Beginner')).toBeInTheDocument()
    // No chrome layout: no menu of the shell around the catalogue.
    expect(screen.queryByRole('navigation', { name: /menu/i })).not.toBeInTheDocument()
  })

  it('searches with the words the top bar sent, and with new words typed here', async () => {
    await learner()
    filters()
    const asked: string[] = []
    net.server.use(
      http.get('*/api/v2/courses/all/:page/:search', ({ params }) => {
        asked.push(String(params.search))
        return HttpResponse.json({ items: params.search === 'química' ? [card()] : [], total: params.search === 'química' ? 1 : 0 })
      }),
    )
    renderAt('/courses?search=química')
    expect(await screen.findByText('1 course')).toBeInTheDocument()
    const box = screen.getByRole('searchbox', { name: 'Search courses' })
    expect(box).toHaveValue('química')
    await userEvent.clear(box)
    await userEvent.type(box, 'volcanoes{Enter}')
    expect(await screen.findByText('No course matches your search')).toBeInTheDocument()
    expect(asked).toEqual(['química', 'volcanoes'])
    expect(window.location.search).toBe('?search=volcanoes')
  })

  it('filters by category through the API query and pages through the results', async () => {
    await learner()
    filters()
    const urls: URL[] = []
    net.server.use(
      http.get('*/api/v2/courses/all/:page', ({ request, params }) => {
        urls.push(new URL(request.url))
        const page = Number(params.page)
        return HttpResponse.json({ items: [card({ name: `Course on page ${page}` })], total: 30 })
      }),
    )
    renderAt('/galaxy')
    expect(await screen.findByText('Course on page 1')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('combobox', { name: 'Category' }))
    await userEvent.click(await screen.findByRole('option', { name: 'Science (2)' }))
    expect(await screen.findByText('30 courses')).toBeInTheDocument()
    expect(urls.at(-1)?.searchParams.get('category')).toBe(SCIENCE.id)
    const pages = screen.getByRole('navigation', { name: 'Catalogue pages' })
    await userEvent.click(within(pages).getByRole('button', { name: /page 3/i }))
    expect(await screen.findByText('Course on page 3')).toBeInTheDocument()
    expect(urls.at(-1)?.pathname).toMatch(/\/all\/3$/)
    expect(urls.at(-1)?.searchParams.get('category')).toBe(SCIENCE.id)
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }))
    expect(await screen.findByText('Course on page 1')).toBeInTheDocument()
    expect(urls.at(-1)?.search).toBe('')
    expect(path()).toBe('/galaxy')
  })

  it('says so when nothing is published, and shows an error with a retry when the API fails', async () => {
    await learner()
    filters()
    let fail = true
    net.server.use(
      http.get('*/api/v2/courses/all/:page', () =>
        fail ? HttpResponse.json({ message: 'boom' }, { status: 500 }) : HttpResponse.json({ items: [], total: 0 }),
      ),
    )
    renderAt('/galaxy')
    expect(await screen.findByRole('alert')).toBeInTheDocument()
    fail = false
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    // The button is gone: the keyboard lands on what came back, not on the page's top.
    await vi.waitFor(() => expect(screen.getByText('No course has been published yet')).toHaveFocus())
  })

  it('after a retry that fails again, the focus stays on the new "Try again"', async () => {
    await learner()
    filters()
    net.server.use(http.get('*/api/v2/courses/all/:page', () => HttpResponse.error()))
    renderAt('/galaxy')
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }))
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Try again' })).toHaveFocus())
  })

  it('a page past the end (an old link) leads back to the first page', async () => {
    await learner()
    filters()
    net.server.use(http.get('*/api/v2/courses/all/:page', ({ params }) => HttpResponse.json({ items: params.page === '1' ? [card()] : [], total: 1 })))
    renderAt('/galaxy?page=7')
    expect(await screen.findByText('Page number 7 out of boundaries')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Go to first page' }))
    expect(await screen.findByRole('link', { name: /Chemistry at home/ })).toBeInTheDocument()
    expect(window.location.search).toBe('')
  })

  it('changes language with the menu, the learner texts included (German, formal)', async () => {
    await learner()
    filters()
    net.server.use(http.get('*/api/v2/courses/all/:page/:search', () => HttpResponse.json({ items: [], total: 0 })))
    renderAt('/courses?search=xyz')
    expect(await screen.findByText('No course matches your search')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: /^Language: English/ }))
    await userEvent.click(await screen.findByRole('menuitem', { name: /Deutsch/ }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Kurskatalog' })).toBeInTheDocument()
    expect(screen.getByText('Kein Kurs entspricht Ihrer Suche')).toBeInTheDocument()
    // The language is the app's, not the test's: back to English for the tests that follow.
    await act(() => i18nProvider.changeLocale('eng'))
  })

  it('has no chrome, but leads a signed-in learner back to the dashboard, the settings and signing out', async () => {
    await learner()
    filters()
    net.server.use(http.get('*/api/v2/courses/all/:page', () => HttpResponse.json({ items: [], total: 0 })))
    renderAt('/galaxy')
    const nav = await screen.findByRole('navigation', { name: 'Your account' })
    expect(within(nav).getByRole('link', { name: 'My courses' })).toHaveAttribute('href', '/dashboard')
    expect(within(nav).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings/profile')
    expect(within(nav).getByRole('link', { name: 'Sign out' })).toHaveAttribute('href', '/logout')
    await userEvent.click(within(nav).getByRole('link', { name: 'My courses' }))
    expect(path()).toBe('/dashboard')
  })

  it('on a phone, the same ways back sit behind one menu button, reachable with the keyboard', async () => {
    const desktop = window.matchMedia
    window.matchMedia = phoneMatchMedia
    onTestFinished(() => {
      window.matchMedia = desktop
    })
    await learner()
    filters()
    net.server.use(http.get('*/api/v2/courses/all/:page', () => HttpResponse.json({ items: [], total: 0 })))
    renderAt('/galaxy')
    const button = await screen.findByRole('button', { name: 'Your account' })
    button.focus()
    await userEvent.keyboard('{Enter}')
    const menu = await screen.findByRole('menu')
    expect(within(menu).getByRole('menuitem', { name: 'My courses' })).toHaveAttribute('href', '/dashboard')
    expect(within(menu).getByRole('menuitem', { name: 'Settings' })).toHaveAttribute('href', '/settings/profile')
    expect(within(menu).getByRole('menuitem', { name: 'Sign out' })).toHaveAttribute('href', '/logout')
  })

  it('keeps people outside the general group out', async () => {
    await signedInAs(net.identity.add({ email: 'admin@example.test', groups: ['admin'] }))
    renderAt('/galaxy')
    expect(await screen.findByRole('heading', { name: 'Permission denied' })).toBeInTheDocument()
  })
})
