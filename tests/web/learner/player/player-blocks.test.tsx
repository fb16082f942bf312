import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { api, COURSE, FILE, FORM, location, renderPlayer, server, SIM, TEXT, useFakePlayer, VIDEO } from './playerFixture'

useFakePlayer()

describe('course player: blocks, evaluations and the certificate', () => {
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

  it("moves on from a simulation at once: Next is there and works while the block's page still loads", async () => {
    // The simulation's page is held back until the test lets it go.
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => (release = resolve))
    server.use(
      http.get('*/api/v2/courses/course/page/:course/:block', async ({ params }) => {
        if (params.block === SIM) await held
        return undefined
      }),
    )
    onTestFinished(() => release())
    const user = userEvent.setup()
    renderPlayer(`/galaxy/courses/player/${COURSE}/${SIM}`)
    await screen.findByRole('heading', { level: 1, name: 'Try it' })
    expect(screen.getByText('Loading the block…')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Previous' })).toHaveAttribute('href', `/galaxy/courses/player/${COURSE}/${VIDEO}`)
    await user.click(screen.getByRole('link', { name: 'Next' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Handout' })).toBeInTheDocument()
    expect(location()).toHaveTextContent(FILE)
    expect(await screen.findByRole('link', { name: 'Download handout.pdf' })).toBeInTheDocument()
  })

  it("draws each question's box around its fieldset, so the question sits inside the box and not on its border", async () => {
    const user = userEvent.setup()
    renderPlayer(`/galaxy/courses/player/${COURSE}/${FORM}`)
    await user.click(await screen.findByRole('button', { name: 'Start the evaluation' }))
    const question = await screen.findByRole('radiogroup', { name: /What is a mean\?/ })
    const fieldset = question.closest('fieldset')!
    const legend = within(fieldset).getByText('What is a mean?', { exact: false })
    expect(legend.tagName).toBe('LEGEND')
    // A fieldset's own border runs through its legend: the fieldset draws none, the box around it does.
    const own = getComputedStyle(fieldset)
    expect(own.borderTopStyle === 'none' || parseFloat(own.borderTopWidth) === 0, `fieldset border: ${own.borderTop}`).toBe(true)
    const box = getComputedStyle(fieldset.parentElement!)
    expect(box.borderTopStyle).toBe('solid')
    expect(parseFloat(box.borderTopWidth)).toBeGreaterThan(0)
    expect(parseFloat(box.paddingTop)).toBeGreaterThan(0)
    expect(parseFloat(box.paddingLeft)).toBeGreaterThan(0)
  })

  it('takes an evaluation: a failed attempt shows which questions were right, the next one passes and the certificate appears', async () => {
    const user = userEvent.setup()
    renderPlayer(`/galaxy/courses/player/${COURSE}/${FORM}`)
    expect(await screen.findByText('You have not taken this evaluation yet.')).toBeInTheDocument()
    expect(screen.getByText('80 %')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Start the evaluation' }))
    await user.click(await screen.findByRole('button', { name: 'Submit answers' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Question 1 has no answer yet.')
    expect(api.submitted).toHaveLength(0)

    await user.click(screen.getByRole('radio', { name: 'An average' }))
    await user.click(screen.getByRole('checkbox', { name: 'Bar' }))
    await user.click(screen.getByRole('button', { name: 'Submit answers' }))
    expect(await screen.findByText('You did not reach the required score.')).toBeInTheDocument()
    expect(screen.getByText('Your score in this attempt: 50 %')).toBeInTheDocument()
    expect(api.submitted[0]).toEqual({ q1: ['a'], q2: ['c'] })
    const answers = screen.getByRole('list', { name: 'Your answers' })
    expect(within(answers).getAllByRole('listitem')[0]).toHaveTextContent('What is a mean?Right')
    expect(within(answers).getAllByRole('listitem')[1]).toHaveTextContent('Which are charts?Wrong')
    expect(screen.getByText('Not passed')).toBeInTheDocument()
    expect(screen.getByText('1 / 3')).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Download the certificate' })).toBeNull()

    await user.click(screen.getByRole('button', { name: 'Try again' }))
    await user.click(await screen.findByRole('radio', { name: 'An average' }))
    await user.click(screen.getByRole('checkbox', { name: 'Bar' }))
    await user.click(screen.getByRole('checkbox', { name: 'Pie' }))
    await user.click(screen.getByRole('button', { name: 'Submit answers' }))
    expect(await screen.findByText('You passed the evaluation!')).toBeInTheDocument()
    expect(screen.getByText('Passed')).toBeInTheDocument()
    expect(screen.getByText('100 %')).toBeInTheDocument()
    expect(await screen.findByRole('button', { name: 'Download the certificate' })).toBeInTheDocument()
    expect(screen.getByText(/You completed the course! Your certificate is ready\. Verification code: ABCD-EFGH-JKLM/)).toBeInTheDocument()
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

  it('waits by itself while the server is busy drawing certificates, saying how long, then downloads', async () => {
    api.certificate = { code: 'ABCD-EFGH-JKLM', issuedAt: '2026-11-22T10:00:00.000Z', url: `/api/v2/courses/certificates/${COURSE}` }
    let busy = 1
    server.use(
      http.get('*/api/v2/courses/certificates/:course', () =>
        busy-- > 0
          ? HttpResponse.json({ message: 'The service is busy; try again in a moment', code: 'BUSY' }, { status: 503, headers: { 'Retry-After': '1' } })
          : new HttpResponse(new Uint8Array([0x25, 0x50, 0x44, 0x46]), { headers: { 'Content-Type': 'application/pdf' } }),
      ),
    )
    Object.assign(URL, { createObjectURL: () => 'blob:certificate', revokeObjectURL: () => undefined })
    const clicked: string[] = []
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download)
    })
    onTestFinished(() => click.mockRestore())
    const user = userEvent.setup()
    renderPlayer(`/galaxy/courses/player/${COURSE}/${TEXT}`)
    await user.click(await screen.findByRole('button', { name: 'Download the certificate' }))
    expect(await screen.findByText(/Many certificates are being prepared right now: yours will download by itself in about 1 second\./)).toBeInTheDocument()
    expect(clicked).toEqual([])
    await waitFor(() => expect(clicked).toEqual(['Statistics for everyone - ABCD-EFGH-JKLM.pdf']))
    expect(screen.getByText(/Your certificate is ready\./)).toBeInTheDocument()
  })

  it('keeps the answers when submitting is refused, and submits them again', async () => {
    let failures = 1
    server.use(
      http.post('*/api/v2/courses/forms/attempts/:attempt/submit', () => (failures-- > 0 ? HttpResponse.json({ message: 'bad' }, { status: 400 }) : undefined)),
    )
    const user = userEvent.setup()
    renderPlayer(`/galaxy/courses/player/${COURSE}/${FORM}`)
    await user.click(await screen.findByRole('button', { name: 'Start the evaluation' }))
    await user.click(await screen.findByRole('radio', { name: 'An average' }))
    await user.click(screen.getByRole('checkbox', { name: 'Bar' }))
    await user.click(screen.getByRole('checkbox', { name: 'Pie' }))
    await user.click(screen.getByRole('button', { name: 'Submit answers' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Your answers could not be sent. They are still here: please try again.')
    expect(screen.getByRole('radio', { name: 'An average' })).toBeChecked()
    expect(screen.getByRole('checkbox', { name: 'Pie' })).toBeChecked()
    await user.click(screen.getByRole('button', { name: 'Submit answers' }))
    expect(await screen.findByText('You passed the evaluation!')).toBeInTheDocument()
    expect(api.submitted).toEqual([{ q1: ['a'], q2: ['c', 'd'] }])
  })

  it('says so when every attempt is used, and offers no form', async () => {
    api.attempts = [false, false, false]
    renderPlayer(`/galaxy/courses/player/${COURSE}/${FORM}`)
    expect(await screen.findByText('You have no attempts left for this evaluation.')).toBeInTheDocument()
    expect(screen.getByText('3 / 3')).toBeInTheDocument()
    expect(screen.getByText('50 %')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Submit answers' })).toBeNull()
  })
})
