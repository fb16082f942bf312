import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { AdminContext, memoryStore, type AuthProvider } from 'react-admin'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import type { FormResult, LearnerForm } from '../../../../contracts/learner/forms'
import type { PlayerIndex, PlayerPage as PageData } from '../../../../contracts/learner/player'
import { resetPublicConfig } from '../../../../src/authProvider/config'
import { dataProvider } from '../../../../src/dataProvider'
import { i18nProvider } from '../../../../src/i18n'
import { PlayerPage } from '../../../../src/learner/player'
import { preloadPlayerTexts } from '../../../../src/learner/player/texts'

const COURSE = '11111111-1111-4111-8111-111111111111'
const SECTION = '22222222-2222-4222-8222-222222222222'
const id = (n: number) => `33333333-3333-4333-8333-${String(n).padStart(12, '0')}`
const TEXT = id(1)
const VIDEO = id(2)
const SIM = id(3)
const FILE = id(4)
const FORM = id(5)
const ORDER = [TEXT, VIDEO, SIM, FILE, FORM]
const KINDS = { [TEXT]: 'text', [VIDEO]: 'video', [SIM]: 'simulation', [FILE]: 'attachment', [FORM]: 'form' } as const
const TITLES = { [TEXT]: 'Welcome', [VIDEO]: 'Watch this', [SIM]: 'Try it', [FILE]: 'Handout', [FORM]: 'Final check' }

/** The learner API over one course of five blocks, recording what the player sends. */
class FakePlayer {
  completed = new Set<string>()
  resume: string | null = FILE
  refusal: string | null = null
  organization = 'Centre'
  university: string | undefined = 'Universidad Nacional'
  certificate: PlayerIndex['progress']['certificate'] = null
  attempts: boolean[] = []
  opened: string[] = []
  positions: Array<Record<string, unknown>> = []
  submitted: Array<Record<string, unknown>> = []

  progress(): PlayerIndex['progress'] {
    const done = this.completed.size
    return {
      done,
      total: ORDER.length,
      percent: Math.floor((done * 100) / ORDER.length),
      completed: done === ORDER.length,
      completedAt: null,
      certificate: this.certificate,
    }
  }
  index(): PlayerIndex {
    return {
      course: {
        uuid: COURSE,
        name: 'Statistics for everyone',
        version: 1,
        organization: { id: id(99), name: this.organization },
        Details: { Organization: this.organization },
      },
      sections: [
        {
          id: SECTION,
          title: 'Getting started',
          blocks: ORDER.map((b) => ({ id: b, kind: KINDS[b], title: TITLES[b], required: true, completed: this.completed.has(b) })),
        },
      ],
      progress: this.progress(),
      resume: this.resume ? { block: this.resume, seconds: 0 } : null,
      subscription: { expiresAt: '2030-01-01T00:00:00.000Z', remainingDays: 100 },
    }
  }
  page(block: string): PageData {
    const i = ORDER.indexOf(block)
    const values: PageData['block']['values'] = { title: TITLES[block], required: true }
    const urls: Record<string, string> = {}
    if (block === TEXT) values.html = '<h1>Hello</h1><p>Read me</p><script>window.hacked = true</script><img src=x onerror="window.hacked = true">'
    if (block === VIDEO) {
      urls.path = '/files/video.mp4'
      values.duration = 100
    }
    if (block === SIM) urls.entry = '/files/sim/index.html'
    if (block === FILE) {
      Object.assign(values, { fileName: 'handout.pdf', size: 2048 })
      urls.path = '/files/handout.pdf'
    }
    return {
      course: COURSE,
      section: { id: SECTION, title: 'Getting started' },
      block: {
        id: block,
        kind: KINDS[block],
        values,
        urls,
        completed: this.completed.has(block),
        watchedSeconds: 0,
        positionSeconds: block === VIDEO ? 12 : 0,
      },
      previous: ORDER[i - 1] ?? null,
      next: ORDER[i + 1] ?? null,
    }
  }
  standing() {
    const used = this.attempts.length
    return {
      attemptsUsed: used,
      attemptsLeft: 3 - used,
      bestScore: used ? (this.attempts.some(Boolean) ? 100 : 50) : null,
      passed: this.attempts.some(Boolean),
    }
  }
  form(): LearnerForm {
    return {
      course: COURSE,
      id: FORM,
      name: 'Final check',
      section: SECTION,
      required: true,
      tries: 3,
      requiredScore: 80,
      questions: [
        {
          id: 'q1',
          type: 'single',
          text: 'What is a mean?',
          options: [
            { id: 'a', text: 'An average' },
            { id: 'b', text: 'A colour' },
          ],
        },
        {
          id: 'q2',
          type: 'multiple',
          text: 'Which are charts?',
          options: [
            { id: 'c', text: 'Bar' },
            { id: 'd', text: 'Pie' },
            { id: 'e', text: 'Soup' },
          ],
        },
      ],
      ...this.standing(),
    }
  }

  handlers() {
    const refused = () => (this.refusal ? HttpResponse.json({ message: 'refused', code: this.refusal }, { status: 403 }) : null)
    return [
      http.get('*/api/config', () => HttpResponse.json({ universityOrganization: this.university })),
      http.get('*/api/v2/courses/course/index/:id', () => refused() ?? HttpResponse.json({ Item: this.index() })),
      http.get('*/api/v2/courses/course/page/:course/:block', ({ params }) => refused() ?? HttpResponse.json({ Item: this.page(String(params.block)) })),
      http.get('*/api/v2/courses/metrics/re/:course/:block', ({ params }) => {
        const block = String(params.block)
        this.opened.push(block)
        if (KINDS[block] !== 'video' && KINDS[block] !== 'form') this.completed.add(block)
        return HttpResponse.json({ block: { id: block, completed: this.completed.has(block), watchedSeconds: 0 }, progress: this.progress() })
      }),
      http.put('*/api/v2/courses/metrics/position', async ({ request }) => {
        const body = (await request.json()) as { block: string; seconds: number }
        this.positions.push(body)
        // The server's rule in short: played to the end of its own length (100 s here), within 10 s.
        if (body.seconds >= 90) this.completed.add(body.block)
        return HttpResponse.json({
          block: { id: body.block, completed: this.completed.has(body.block), watchedSeconds: body.seconds },
          progress: this.progress(),
        })
      }),
      http.post('*/api/v2/courses/forms/request', () => HttpResponse.json(this.form())),
      http.post('*/api/v2/courses/forms/completed', async ({ request }) => {
        const body = (await request.json()) as { answers: Record<string, string[]> }
        this.submitted.push(body)
        const q1 = body.answers.q1?.join() === 'a'
        const q2 = [...(body.answers.q2 ?? [])].sort().join() === 'c,d'
        const passed = q1 && q2
        this.attempts.push(passed)
        if (passed) {
          this.completed.add(FORM)
          this.certificate = { code: 'ABCD-EFGH-JKLM', issuedAt: '2026-11-22T10:00:00.000Z', url: `/api/v2/courses/certificates/${COURSE}` }
        }
        const result: FormResult = {
          course: COURSE,
          id: FORM,
          score: (Number(q1) + Number(q2)) * 50,
          passed,
          requiredScore: 80,
          questions: [
            { id: 'q1', right: q1 },
            { id: 'q2', right: q2 },
          ],
          standing: this.standing(),
          certificate: this.certificate,
        }
        return HttpResponse.json(result)
      }),
    ]
  }
}

const server = setupServer()
let api = new FakePlayer()
beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' })
  await i18nProvider.changeLocale('eng')
  await preloadPlayerTexts('eng')
})
beforeEach(() => {
  api = new FakePlayer()
  resetPublicConfig()
  server.resetHandlers(...api.handlers())
})
afterEach(() => localStorage.clear())
afterAll(() => server.close())

function Where() {
  const { pathname } = useLocation()
  return <output aria-label="location">{pathname}</output>
}

function renderPlayer(path: string) {
  const authProvider: AuthProvider = {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: async () => ['general'],
  }
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext i18nProvider={i18nProvider} dataProvider={dataProvider} authProvider={authProvider} store={memoryStore()}>
        <Routes>
          <Route path="/galaxy/courses/player/:uuid" element={<PlayerPage />} />
          <Route path="/galaxy/courses/player/:uuid/:block" element={<PlayerPage />} />
          <Route path="/galaxy/courses/overview/:uuid" element={<p>Overview page</p>} />
        </Routes>
        <Where />
      </AdminContext>
    </MemoryRouter>,
  )
}

/** `matchMedia` answering as a screen `width` pixels wide (jsdom has none). */
const matchMediaAt =
  (width: number) =>
  (query: string): MediaQueryList => {
    const min = /min-width:\s*([\d.]+)px/.exec(query)
    const max = /max-width:\s*([\d.]+)px/.exec(query)
    const matches = (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]))
    return {
      matches,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }
  }
function onScreen(width: number) {
  const before = window.matchMedia
  window.matchMedia = matchMediaAt(width)
  onTestFinished(() => {
    window.matchMedia = before
  })
}

const location = () => screen.getByRole('status', { hidden: true, name: 'location' })

describe('course player', () => {
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

  it('plays a video from the second reached, reports whole seconds without a length of its own, and ticks it once played to the end', async () => {
    const { container } = renderPlayer(`/galaxy/courses/player/${COURSE}/${VIDEO}`)
    await screen.findByRole('heading', { level: 1, name: 'Watch this' })
    const video = await waitFor(() => {
      const v = container.querySelector('video')
      if (!v) throw new Error('no video yet')
      return v
    })
    expect(video).toHaveAttribute('controls')
    expect(video).toHaveAttribute('src', '/files/video.mp4')
    expect(screen.getByText('The video counts as watched once you have played it to the end.', { exact: false })).toBeInTheDocument()
    // The browser's idea of the length does not matter: the server's (100 s) does.
    Object.defineProperty(video, 'duration', { value: 250, configurable: true })
    fireEvent.loadedMetadata(video)
    expect(video.currentTime).toBe(12)
    video.currentTime = 50.7
    fireEvent.timeUpdate(video)
    await waitFor(() => expect(api.positions).toEqual([{ course: COURSE, block: VIDEO, seconds: 50 }]))
    expect(await screen.findByText(/Watched: 50 %/)).toBeInTheDocument()
    video.currentTime = 80
    fireEvent.pause(video)
    await waitFor(() => expect(api.positions).toHaveLength(2))
    expect(await screen.findByText(/Watched: 80 %/)).toBeInTheDocument()
    const index = screen.getByRole('navigation', { name: 'Course index' })
    expect(within(index).getByRole('link', { name: /Watch this/ })).not.toContainElement(within(index).queryByTitle('Completed'))
    video.currentTime = 99.6
    fireEvent.ended(video)
    await waitFor(() => expect(api.positions.at(-1)).toEqual({ course: COURSE, block: VIDEO, seconds: 100 }))
    await waitFor(() => expect(within(within(index).getByRole('link', { name: /Watch this/ })).getByTitle('Completed')).toBeInTheDocument())
    // Under the video the rule gives way to its completion.
    await waitFor(() => expect(screen.queryByText(/played it to the end/)).not.toBeInTheDocument())
  })

  it('runs a simulation in a frame allowed scripts only', async () => {
    renderPlayer(`/galaxy/courses/player/${COURSE}/${SIM}`)
    const frame = await screen.findByTitle('Simulation: Try it')
    expect(frame.tagName).toBe('IFRAME')
    expect(frame).toHaveAttribute('sandbox', 'allow-scripts')
    expect(frame).toHaveAttribute('src', '/files/sim/index.html')
  })

  it('takes an evaluation: a failed attempt shows which questions were right, the next one passes and the certificate appears', async () => {
    const user = userEvent.setup()
    renderPlayer(`/galaxy/courses/player/${COURSE}/${FORM}`)
    expect(await screen.findByText('You have not taken this evaluation yet.')).toBeInTheDocument()
    expect(screen.getByText('80 %')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Submit answers' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Question 1 has no answer yet.')
    expect(api.submitted).toHaveLength(0)

    await user.click(screen.getByRole('radio', { name: 'An average' }))
    await user.click(screen.getByRole('checkbox', { name: 'Bar' }))
    await user.click(screen.getByRole('button', { name: 'Submit answers' }))
    expect(await screen.findByText('You did not reach the required score.')).toBeInTheDocument()
    expect(screen.getByText('Your score in this attempt: 50 %')).toBeInTheDocument()
    expect(api.submitted[0]).toEqual({ course: COURSE, id: FORM, answers: { q1: ['a'], q2: ['c'] } })
    const q1 = screen.getByRole('group', { name: /What is a mean/ })
    const q2 = screen.getByRole('group', { name: /Which are charts/ })
    expect(within(q1).getByText('Right')).toBeInTheDocument()
    expect(within(q2).getByText('Wrong')).toBeInTheDocument()
    expect(screen.getByText('Not passed')).toBeInTheDocument()
    expect(screen.getByText('1 / 3')).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Download the certificate' })).toBeNull()

    await user.click(screen.getByRole('button', { name: 'Try again' }))
    await user.click(screen.getByRole('radio', { name: 'An average' }))
    await user.click(screen.getByRole('checkbox', { name: 'Bar' }))
    await user.click(screen.getByRole('checkbox', { name: 'Pie' }))
    await user.click(screen.getByRole('button', { name: 'Submit answers' }))
    expect(await screen.findByText('You passed the evaluation!')).toBeInTheDocument()
    expect(screen.getByText('Passed')).toBeInTheDocument()
    expect(screen.getByText('100 %')).toBeInTheDocument()
    expect(await screen.findByRole('button', { name: 'Download the certificate' })).toBeInTheDocument()
    expect(screen.getByText(/You completed the course! Your certificate is ready\. Verification code: ABCD-EFGH-JKLM/)).toBeInTheDocument()
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
    const open = screen.getByRole('button', { name: 'Open the course index' })
    open.focus()
    await user.keyboard('{Enter}')
    const index = await screen.findByRole('navigation', { name: 'Course index' })
    await user.click(within(index).getByRole('link', { name: /Try it/ }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Try it' })).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Course index' })).toBeNull())
  })

  it("downloads the certificate with the session's token", async () => {
    api.certificate = { code: 'ABCD-EFGH-JKLM', issuedAt: '2026-11-22T10:00:00.000Z', url: `/api/v2/courses/certificates/${COURSE}` }
    localStorage.setItem('jwt', 'token-ana')
    const auth: Array<string | null> = []
    server.use(
      http.get('*/api/v2/courses/certificates/:course', ({ request }) => {
        auth.push(request.headers.get('Authorization'))
        return new HttpResponse(new Uint8Array([0x25, 0x50, 0x44, 0x46]), { headers: { 'Content-Type': 'application/pdf' } })
      }),
    )
    const created = vi.fn((blob: Blob) => (void blob, 'blob:certificate'))
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: () => undefined })
    const clicked: string[] = []
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download)
    })
    onTestFinished(() => click.mockRestore())
    const user = userEvent.setup()
    renderPlayer(`/galaxy/courses/player/${COURSE}/${TEXT}`)
    await user.click(await screen.findByRole('button', { name: 'Download the certificate' }))
    await waitFor(() => expect(clicked).toEqual(['Statistics for everyone - ABCD-EFGH-JKLM.pdf']))
    expect(auth).toEqual(['Bearer token-ana'])
    expect(created.mock.calls[0][0].type).toBe('application/pdf')
  })

  it('keeps the answers when sending fails, and sends them again', async () => {
    let failures = 1
    server.use(http.post('*/api/v2/courses/forms/completed', () => (failures-- > 0 ? HttpResponse.json({ message: 'down' }, { status: 503 }) : undefined)))
    const user = userEvent.setup()
    renderPlayer(`/galaxy/courses/player/${COURSE}/${FORM}`)
    await user.click(await screen.findByRole('radio', { name: 'An average' }))
    await user.click(screen.getByRole('checkbox', { name: 'Bar' }))
    await user.click(screen.getByRole('checkbox', { name: 'Pie' }))
    await user.click(screen.getByRole('button', { name: 'Submit answers' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Your answers could not be sent. They are still here: please try again.')
    expect(screen.getByRole('radio', { name: 'An average' })).toBeChecked()
    expect(screen.getByRole('checkbox', { name: 'Pie' })).toBeChecked()
    await user.click(screen.getByRole('button', { name: 'Submit answers' }))
    expect(await screen.findByText('You passed the evaluation!')).toBeInTheDocument()
    expect(api.submitted).toEqual([{ course: COURSE, id: FORM, answers: { q1: ['a'], q2: ['c', 'd'] } }])
  })

  it('says so when every attempt is used, and offers no form', async () => {
    api.attempts = [false, false, false]
    renderPlayer(`/galaxy/courses/player/${COURSE}/${FORM}`)
    expect(await screen.findByText('You have no attempts left for this evaluation.')).toBeInTheDocument()
    expect(screen.getByText('3 / 3')).toBeInTheDocument()
    expect(screen.getByText('50 %')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Submit answers' })).toBeNull()
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
