import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { api, COURSE, FORM, renderPlayer, server, useFakePlayer } from './playerFixture'

useFakePlayer()

const EXTRA = [
  { id: 'short', type: 'short' as const, text: 'Capital of France?' },
  { id: 'numeric', type: 'numeric' as const, text: 'Pi to two decimals?' },
  {
    id: 'matching',
    type: 'matching' as const,
    text: 'Match the charts',
    lefts: [
      { id: 'l1', text: 'Bar' },
      { id: 'l2', text: 'Pie' },
    ],
    rights: [
      { id: 'r2', text: 'Shares of a whole' },
      { id: 'r1', text: 'Counts by category' },
    ],
  },
  {
    id: 'ordering',
    type: 'ordering' as const,
    text: 'Order the steps',
    items: [
      { id: 'i3', text: 'Conclude' },
      { id: 'i1', text: 'Collect' },
      { id: 'i2', text: 'Analyse' },
    ],
  },
  { id: 'essay', type: 'essay' as const, text: 'Explain the median', maxPoints: 10 },
]

const kept = (attempt: string) =>
  JSON.parse(localStorage.getItem(`aula.formAttempt.${attempt}`) ?? 'null') as { answers: Record<string, unknown>; unsent: string[] } | null

async function answerChoices(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('radio', { name: 'An average' }))
  await user.click(screen.getByRole('checkbox', { name: 'Bar' }))
  await user.click(screen.getByRole('checkbox', { name: 'Pie' }))
}

describe('course player: an evaluation attempt', () => {
  it('answers every type of question page by page, saves each page on Next, and waits for a grade while an essay is pending', async () => {
    api.extra = EXTRA
    const user = userEvent.setup()
    renderPlayer(`/galaxy/courses/player/${COURSE}/${FORM}`)
    expect(await screen.findByText(/There is no time limit\. Starting uses one of your 3 remaining attempts\./)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Start the evaluation' }))
    expect(await screen.findByRole('heading', { name: 'Page 1 of 2' })).toBeInTheDocument()
    await answerChoices(user)
    await user.type(within(screen.getByRole('group', { name: /Capital of France/ })).getByRole('textbox', { name: 'Your answer' }), ' Paris ')
    await user.type(screen.getByRole('textbox', { name: 'Your answer (a number)' }), '3,14')
    const matching = screen.getByRole('group', { name: /Match the charts/ })
    await user.selectOptions(within(matching).getByRole('combobox', { name: 'Bar' }), 'Counts by category')
    await user.selectOptions(within(matching).getByRole('combobox', { name: 'Pie' }), 'Shares of a whole')
    await user.click(screen.getByRole('button', { name: 'Next page' }))
    await waitFor(() => expect(api.open?.answers).toEqual({ q1: ['a'], q2: ['c', 'd'], short: ' Paris ', numeric: '3,14', matching: { l1: 'r1', l2: 'r2' } }))
    expect(await screen.findByRole('heading', { name: 'Page 2 of 2' })).toBeInTheDocument()
    const ordering = screen.getByRole('group', { name: /Order the steps/ })
    await user.click(within(ordering).getByRole('button', { name: 'Move “Collect” up' }))
    // Alt+↓ on an item moves it down too.
    within(ordering).getByRole('listitem', { name: 'Position 2: Conclude' }).focus()
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}')
    expect(
      within(ordering)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1.Collect', '2.Analyse', '3.Conclude'])

    await user.type(screen.getByRole('textbox', { name: 'Your answer' }), 'The middle value')
    await user.click(screen.getByRole('button', { name: 'Submit answers' }))
    expect(await screen.findByText('Waiting for a grade: a teacher will grade your written answers.')).toBeInTheDocument()
    expect(api.submitted[0]).toEqual({
      q1: ['a'],
      q2: ['c', 'd'],
      short: ' Paris ',
      numeric: '3,14',
      matching: { l1: 'r1', l2: 'r2' },
      ordering: ['i1', 'i2', 'i3'],
      essay: 'The middle value',
    })
    const answers = screen.getByRole('list', { name: 'Your answers' })
    expect(within(answers).getAllByRole('listitem').at(-1)).toHaveTextContent('Explain the medianWaiting for a grade')
    // Once graded, nothing of the attempt stays on the device.
    expect(kept(api.open!.id)).toBeNull()
  }, 30_000)

  it('keeps each answer on the device as it is given, and brings the attempt back with it after a reload', async () => {
    // The server never hears of the answer: only the device has it.
    server.use(http.put('*/api/v2/courses/forms/attempts/:attempt/answers', () => HttpResponse.json({ message: 'down' }, { status: 503 })))
    const user = userEvent.setup()
    const first = renderPlayer(`/galaxy/courses/player/${COURSE}/${FORM}`)
    await user.click(await screen.findByRole('button', { name: 'Start the evaluation' }))
    await user.click(await screen.findByRole('radio', { name: 'An average' }))
    expect(kept(api.open!.id)).toEqual({ answers: { q1: ['a'] }, unsent: ['q1'] })
    first.unmount()

    server.resetHandlers(...api.handlers())
    renderPlayer(`/galaxy/courses/player/${COURSE}/${FORM}`)
    // The open attempt comes back by itself, with the answer kept here, and it is sent.
    expect(await screen.findByRole('radio', { name: 'An average' })).toBeChecked()
    await waitFor(() => expect(api.open?.answers).toEqual({ q1: ['a'] }))
    await waitFor(() => expect(kept(api.open!.id)?.unsent).toEqual([]))
    expect(api.serial).toBe(1)
  })

  it('says when the connection is gone, keeps working, and sends the answers when it is back', async () => {
    let online = false
    server.use(http.put('*/api/v2/courses/forms/attempts/:attempt/answers', () => (online ? undefined : HttpResponse.error())))
    const user = userEvent.setup()
    renderPlayer(`/galaxy/courses/player/${COURSE}/${FORM}`)
    await user.click(await screen.findByRole('button', { name: 'Start the evaluation' }))
    await answerChoices(user)
    expect(
      await screen.findByText('You are offline: your answers are kept on this device and will be sent when the connection returns.', {}, { timeout: 4000 }),
    ).toBeInTheDocument()
    await user.click(screen.getByRole('checkbox', { name: 'Pie' }))
    await user.click(screen.getByRole('checkbox', { name: 'Pie' }))
    expect(kept(api.open!.id)?.answers).toEqual({ q1: ['a'], q2: ['c', 'd'] })
    expect(api.saves).toEqual([])

    online = true
    act(() => {
      window.dispatchEvent(new Event('online'))
    })
    await waitFor(() => expect(api.open?.answers).toEqual({ q1: ['a'], q2: ['c', 'd'] }))
    expect(await screen.findByText('All your answers are saved.')).toBeInTheDocument()
    expect(screen.queryByText(/You are offline/)).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Submit answers' }))
    expect(await screen.findByText('You passed the evaluation!')).toBeInTheDocument()
  }, 20_000)

  it("counts down to the server's deadline on the server's clock, and at zero says the time is up and shows the grade of what was saved", async () => {
    // The server's clock runs an hour ahead of this device's: the countdown follows the server's.
    const ahead = 3600_000
    server.use(
      http.post('*/api/v2/courses/forms/attempts/start', () => {
        const now = Date.now() + ahead
        const id = '00000000-0000-4000-8000-000000000009'
        api.open = { id, answers: { q1: ['a'] }, deadline: new Date(now + 3000).toISOString(), closed: false }
        const at = new Date(now).toISOString()
        return HttpResponse.json({
          attempt: {
            id,
            course: COURSE,
            form: FORM,
            now: at,
            startedAt: at,
            deadline: api.open.deadline,
            questions: api.questions(),
            answers: api.open.answers,
            revision: 1,
          },
          ...api.standing(),
        })
      }),
    )
    const user = userEvent.setup()
    renderPlayer(`/galaxy/courses/player/${COURSE}/${FORM}`)
    await user.click(await screen.findByRole('button', { name: 'Start the evaluation' }))
    const timer = await screen.findByRole('timer', { name: 'Time left' })
    expect(timer.textContent).toMatch(/^00:0[1-4]$/)
    expect(screen.getByRole('radio', { name: 'An average' })).toBeChecked()
    expect(await screen.findByText('Time was up: the answers saved before the deadline were graded.', {}, { timeout: 8000 })).toBeInTheDocument()
    expect(screen.getByText('You did not reach the required score.')).toBeInTheDocument()
    expect(api.submitted).toEqual([{ q1: ['a'] }])
  }, 20_000)

  it('when the server has closed the attempt, says so and shows the result of what was saved', async () => {
    const user = userEvent.setup()
    renderPlayer(`/galaxy/courses/player/${COURSE}/${FORM}`)
    await user.click(await screen.findByRole('button', { name: 'Start the evaluation' }))
    await user.click(await screen.findByRole('radio', { name: 'An average' }))
    await waitFor(() => expect(api.open?.answers).toEqual({ q1: ['a'] }))
    // Another tab submitted it, or its time ran out: the next save is refused.
    api.open!.closed = true
    await user.click(screen.getByRole('checkbox', { name: 'Bar' }))
    expect(await screen.findByText(/This attempt was already closed/, {}, { timeout: 5000 })).toBeInTheDocument()
    expect(screen.getByText('Your score in this attempt: 50 %')).toBeInTheDocument()
    expect(api.submitted).toEqual([{ q1: ['a'] }])
  }, 20_000)

  it("lists the attempts with a pending one waiting for a grade and a graded essay's points and feedback", async () => {
    api.attempts = [false]
    server.use(
      http.get('*/api/v2/courses/forms/summary/:course/:id', () =>
        HttpResponse.json({
          course: COURSE,
          id: FORM,
          name: 'Final check',
          tries: 3,
          requiredScore: 80,
          attempts: [
            {
              id: '00000000-0000-4000-8000-000000000001',
              status: 'graded',
              score: 85,
              passed: true,
              late: false,
              submittedAt: '2026-11-22T10:00:00.000Z',
              essays: [
                {
                  question: 'essay',
                  text: 'Explain the median',
                  maxPoints: 10,
                  points: 7,
                  feedback: 'Clear, but give an example.',
                  gradedAt: '2026-11-23T10:00:00.000Z',
                },
              ],
            },
            {
              id: '00000000-0000-4000-8000-000000000002',
              status: 'pending',
              score: null,
              passed: null,
              late: true,
              submittedAt: '2026-11-24T10:00:00.000Z',
              essays: [{ question: 'essay', text: 'Explain the median', maxPoints: 10, points: null, feedback: null, gradedAt: null }],
            },
          ],
          ...api.standing(),
        }),
      ),
    )
    renderPlayer(`/galaxy/courses/player/${COURSE}/${FORM}`)
    const history = await screen.findByRole('region', { name: 'Your attempts' })
    const [second, first] = within(history).getAllByRole('listitem')
    expect(second).toHaveTextContent('Attempt 2')
    expect(within(second!).getAllByText('Waiting for a grade')).toHaveLength(2)
    expect(first).toHaveTextContent('85 % · Passed')
    expect(first).toHaveTextContent('7 of 10 points')
    expect(first).toHaveTextContent('Feedback: Clear, but give an example.')
  })

  it("sends answers under React's strict mode too (effects run twice in development)", async () => {
    const user = userEvent.setup()
    renderPlayer(`/galaxy/courses/player/${COURSE}/${FORM}`, true)
    await user.click(await screen.findByRole('button', { name: 'Start the evaluation' }))
    await user.click(await screen.findByRole('radio', { name: 'An average' }))
    await waitFor(() => expect(api.open?.answers).toEqual({ q1: ['a'] }))
    expect(await screen.findByText('All your answers are saved.')).toBeInTheDocument()
  })
})
