import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { i18nProvider } from '../../../../src/i18n'
import { preloadPlayerTexts } from '../../../../src/learner/player/texts'
import { api, COURSE, FILE, location, onScreen, renderPlayer, server, SIM, TEXT, useFakePlayer, VIDEO } from './playerFixture'

useFakePlayer()

describe('course player: resuming, moving, access and language', () => {
  it('resumes at the block last opened, records it as opened and ticks it in the index', async () => {
    renderPlayer(`/galaxy/courses/player/${COURSE}`)
    expect(await screen.findByRole('heading', { level: 1, name: 'Handout' })).toBeInTheDocument()
    expect(screen.getByLabelText('location')).toHaveTextContent(`/galaxy/courses/player/${COURSE}/${FILE}`)
    await waitFor(() => expect(api.opened).toEqual([FILE]))
    const index = screen.getByRole('navigation', { name: 'Course index' })
    const current = within(index).getByRole('link', { name: /Handout/ })
    expect(current).toHaveAttribute('aria-current', 'page')
    await waitFor(() => expect(within(current).getByTitle('Completed')).toBeInTheDocument())
    expect(within(index).getByRole('link', { name: /Welcome/ })).toContainElement(within(index).getAllByTitle('Not completed yet')[0])
    expect(await screen.findAllByText('20 % complete')).not.toHaveLength(0)
    // The attachment downloads under its own name.
    const download = screen.getByRole('link', { name: 'Download handout.pdf' })
    expect(download).toHaveAttribute('href', '/files/handout.pdf')
    expect(download).toHaveAttribute('download', 'handout.pdf')
    expect(screen.getByText('Size: 2.0 KB')).toBeInTheDocument()
    // The learner's grades and what remains are one click away.
    expect(screen.getByRole('link', { name: 'My grades' })).toHaveAttribute('href', `/galaxy/courses/progress/${COURSE}`)
  })

  it('shows text sanitized, and moves with the keyboard alone to the next block with focus on its title', async () => {
    api.resume = null
    const user = userEvent.setup()
    renderPlayer(`/galaxy/courses/player/${COURSE}`)
    const heading = await screen.findByRole('heading', { level: 1, name: 'Welcome' })
    // The title takes the focus in an effect after the block is drawn.
    await waitFor(() => expect(heading).toHaveFocus())
    expect(await screen.findByText('Read me')).toBeInTheDocument()
    // The author's h1 sits under the block's own title; no script or handler survives.
    expect(screen.getByRole('heading', { level: 2, name: 'Hello' })).toBeInTheDocument()
    expect(document.querySelector('main script, main img[onerror]')).toBeNull()
    expect(screen.queryByRole('link', { name: 'Previous' })).toBeNull()
    const next = screen.getByRole('link', { name: 'Next' })
    while (document.activeElement !== next) await user.tab()
    await user.keyboard('{Enter}')
    const second = await screen.findByRole('heading', { level: 1, name: 'Watch this' })
    await waitFor(() => expect(second).toHaveFocus())
    expect(location()).toHaveTextContent(VIDEO)
    expect(screen.getByRole('link', { name: 'Previous' })).toHaveAttribute('href', `/galaxy/courses/player/${COURSE}/${TEXT}`)
  })

  it("nests the text's headings under the block's title without skipping a level, sanitised as before", async () => {
    api.html =
      '<h3>Before you start</h3><p>Read me</p><h5 onclick="window.hacked = true">Materials<script>window.hacked = true</script></h5>' +
      '<h6>Paper</h6><h2>Session one</h2><h4>Warm-up</h4>'
    const { container } = renderPlayer(`/galaxy/courses/player/${COURSE}/${TEXT}`)
    await screen.findByText('Read me')
    const main = screen.getByRole('main')
    const outline = within(main)
      .getAllByRole('heading')
      .map((h) => `${h.tagName} ${h.textContent}`)
    // The block's threads follow the block under their own second-level heading.
    expect(outline).toEqual(['H1 Welcome', 'H2 Before you start', 'H3 Materials', 'H4 Paper', 'H2 Session one', 'H3 Warm-up', 'H2 Questions about this block'])
    expect(main.querySelector('script, [onclick]')).toBeNull()
    const axe = (await import('axe-core')).default
    const results = await axe.run(container, { runOnly: ['heading-order'] })
    expect(results.violations).toEqual([])
  })

  it("titles the tab with the course's name once it is known, and with the path before and after", async () => {
    let answer: () => void = () => undefined
    const loaded = new Promise<void>((resolve) => (answer = resolve))
    server.use(http.get('*/api/v2/courses/course/index/:id', async () => void (await loaded)))
    const user = userEvent.setup()
    renderPlayer(`/galaxy/courses/player/${COURSE}/${TEXT}`)
    // The path's title (in the language stored, here the default).
    await waitFor(() => expect(document.title).toMatch(/ \/ Player \| Aula$/))
    answer()
    await screen.findByRole('heading', { level: 1, name: 'Welcome' })
    await waitFor(() => expect(document.title).toBe('Statistics for everyone | Aula'))
    // Moving on in the course keeps its name; leaving the player gives the path back.
    await user.click(await screen.findByRole('link', { name: 'Next' }))
    await screen.findByRole('heading', { level: 1, name: 'Watch this' })
    expect(document.title).toBe('Statistics for everyone | Aula')
    await user.click(screen.getByRole('link', { name: 'See the course overview' }))
    await screen.findByText('Overview page')
    await waitFor(() => expect(document.title).toMatch(/ \/ Overview \| Aula$/))
  })

  it.each([
    ['SUBSCRIPTION_EXPIRED', 'Your subscription to this course has expired.'],
    ['SUBSCRIPTION_REVOKED', 'Your subscription to this course was revoked.'],
    ['NOT_SUBSCRIBED', 'Subscribe to this course to study it.'],
  ])('refuses without an active subscription (%s) and links to the overview', async (code, message) => {
    api.refusal = code
    const user = userEvent.setup()
    renderPlayer(`/galaxy/courses/player/${COURSE}`)
    expect(await screen.findByText(message)).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'You cannot study this course' })).toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: 'See the course overview' }))
    expect(await screen.findByText('Overview page')).toBeInTheDocument()
  })

  it.each([
    [404, 'a course id that names no course'],
    [400, 'an address that is no course id'],
  ])('says plainly that the course does not exist (%s: %s), without offering to try again', async (status) => {
    server.use(http.get('*/api/v2/courses/course/index/:id', () => HttpResponse.json({ message: 'Course not found' }, { status })))
    const user = userEvent.setup()
    renderPlayer(`/galaxy/courses/player/${COURSE}`)
    expect(await screen.findByRole('heading', { level: 1, name: 'This course does not exist' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull()
    expect(screen.queryByText('The course could not be loaded.')).toBeNull()
    await user.click(screen.getByRole('link', { name: 'Browse courses' }))
    expect(location()).toHaveTextContent(/^\/galaxy$/)
  })

  it('offers to try again when the server fails, and loads the course then', async () => {
    let failures = 1
    server.use(http.get('*/api/v2/courses/course/index/:id', () => (failures-- > 0 ? HttpResponse.json({ message: 'down' }, { status: 503 }) : undefined)))
    const user = userEvent.setup()
    renderPlayer(`/galaxy/courses/player/${COURSE}/${TEXT}`)
    expect(await screen.findByText('The course could not be loaded.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome' })).toBeInTheDocument()
  })

  it("shows the university's brand for its courses and the centre's otherwise", async () => {
    api.organization = 'Universidad Nacional'
    const first = renderPlayer(`/galaxy/courses/player/${COURSE}/${TEXT}`)
    await waitFor(() => expect(screen.getByTestId('player-brand')).toHaveTextContent('Universidad Nacional'))
    first.unmount()
    api.organization = 'Centre'
    renderPlayer(`/galaxy/courses/player/${COURSE}/${TEXT}`)
    await screen.findByRole('heading', { level: 1, name: 'Welcome' })
    expect(screen.getByTestId('player-brand')).toHaveTextContent('Aula')
  })

  it('speaks German with the formal address', async () => {
    api.refusal = 'SUBSCRIPTION_EXPIRED'
    await preloadPlayerTexts('gr')
    await i18nProvider.changeLocale('gr')
    try {
      renderPlayer(`/galaxy/courses/player/${COURSE}`)
      expect(await screen.findByText('Ihr Abonnement dieses Kurses ist abgelaufen.')).toBeInTheDocument()
    } finally {
      await i18nProvider.changeLocale('eng')
    }
  })

  it('on a phone keeps the index in a drawer that closes when a block is chosen', async () => {
    onScreen(390)
    const user = userEvent.setup()
    renderPlayer(`/galaxy/courses/player/${COURSE}/${TEXT}`)
    await screen.findByRole('heading', { level: 1, name: 'Welcome' })
    expect(screen.queryByRole('navigation', { name: 'Course index' })).toBeNull()
    // The button as it is once the page has settled (focus on one replaced by a later render would be lost).
    await waitFor(() => {
      const open = screen.getByRole('button', { name: 'Open the course index' })
      open.focus()
      expect(open).toHaveFocus()
    })
    await user.keyboard('{Enter}')
    const index = await screen.findByRole('navigation', { name: 'Course index' })
    await user.click(within(index).getByRole('link', { name: /Try it/ }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Try it' })).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Course index' })).toBeNull())
  })

  it('offers to try again when a block cannot be loaded', async () => {
    let failures = 1
    server.use(
      http.get('*/api/v2/courses/course/page/:course/:block', () => (failures-- > 0 ? HttpResponse.json({ message: 'down' }, { status: 500 }) : undefined)),
    )
    const user = userEvent.setup()
    renderPlayer(`/galaxy/courses/player/${COURSE}/${SIM}`)
    expect(await screen.findByText('This block could not be loaded.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByTitle('Simulation: Try it')).toBeInTheDocument()
  })
})
