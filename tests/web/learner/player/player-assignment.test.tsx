import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { AdminContext, memoryStore } from 'react-admin'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { MyAssignment, Submission } from '../../../../contracts/learner/assignments'
import type { PlayerPage } from '../../../../contracts/learner/player'
import { dataProvider } from '../../../../src/dataProvider'
import { i18nProvider } from '../../../../src/i18n'
import { AssignmentBlock } from '../../../../src/learner/player/AssignmentBlock'
import { preloadPlayerTexts, usePlayerTexts } from '../../../../src/learner/player/texts'

const COURSE = '11111111-1111-4111-8111-111111111111'
const BLOCK = '33333333-3333-4333-8333-000000000009'
const API = '*/api/v2/courses/assignments'

const page: PlayerPage = {
  course: COURSE,
  section: { id: '22222222-2222-4222-8222-222222222222', title: 'Week 1' },
  block: {
    id: BLOCK,
    kind: 'assignment',
    values: {
      title: 'Essay',
      required: true,
      assignment: {
        instructions: '<p>Write about <strong>means</strong>.</p><script>window.hacked = true</script>',
        fileTypes: ['.pdf'],
        maxFiles: 2,
        maxFileSize: 1000000,
        textAnswer: 'optional',
        grading: 'rubric',
        maxPoints: 20,
        passMark: 60,
        rubric: [
          {
            id: 'c1',
            title: 'Argument',
            levels: [
              { id: 'weak', title: 'Weak', points: 0 },
              { id: 'strong', title: 'Strong', points: 10 },
            ],
          },
          {
            id: 'c2',
            title: 'Sources',
            levels: [
              { id: 'none', title: 'None', points: 0 },
              { id: 'good', title: 'Good', points: 10 },
            ],
          },
        ],
      },
    },
    urls: {},
    completed: false,
    watchedSeconds: 0,
    positionSeconds: 0,
  },
  previous: null,
  next: null,
}

const submission = (over: Partial<Submission> = {}): Submission => ({
  id: '44444444-4444-4444-8444-444444444444',
  course: COURSE,
  block: BLOCK,
  status: 'submitted',
  text: 'My essay',
  files: [],
  submissions: 1,
  submittedAt: '2026-03-01T10:00:00.000Z',
  late: false,
  feedback: null,
  grade: null,
  revision: 1,
  ...over,
})

let mine: MyAssignment
const sent: unknown[] = []
const server = setupServer(
  http.get(`${API}/mine/:course/:block`, () => HttpResponse.json(mine)),
  http.post(`${API}/submit`, async ({ request }) => {
    const body = (await request.json()) as { text?: string; revision: number }
    sent.push(body)
    if (body.text === 'conflict') return HttpResponse.json({ message: 'stale', code: 'STALE_REVISION', revision: 3 }, { status: 409 })
    mine = { ...mine, submission: submission({ text: body.text ?? null, revision: body.revision + 1 }) }
    return HttpResponse.json(mine.submission)
  }),
)

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' })
  await i18nProvider.changeLocale('eng')
  await preloadPlayerTexts('eng')
})
afterEach(() => {
  server.resetHandlers()
  sent.length = 0
})
afterAll(() => server.close())

function Block() {
  const t = usePlayerTexts()
  return t ? <AssignmentBlock t={t} course={COURSE} page={page} /> : null
}

const renderBlock = () =>
  render(
    <AdminContext i18nProvider={i18nProvider} dataProvider={dataProvider} store={memoryStore()}>
      <Block />
    </AdminContext>,
  )

describe('the assignment block in the player', () => {
  it('shows the instructions (sanitised), the rubric and "not handed in", and hands a text in', async () => {
    const user = userEvent.setup()
    mine = { course: COURSE, block: BLOCK, dueAt: null, canSubmit: true, refusal: null, submission: null }
    renderBlock()
    expect(await screen.findByText('You have not handed this assignment in yet.')).toBeInTheDocument()
    expect(screen.getByText('means')).toBeInTheDocument()
    expect((window as { hacked?: boolean }).hacked).toBeUndefined()
    expect(screen.getByText('Argument')).toBeInTheDocument()
    expect(screen.getByText('No due date', { exact: false })).toBeInTheDocument()
    const hand = screen.getByRole('button', { name: 'Hand in' })
    expect(hand).toBeDisabled()
    await user.type(screen.getByRole('textbox', { name: 'Your answer' }), 'My essay')
    await user.click(hand)
    expect(await screen.findByText('We received your submission.')).toBeInTheDocument()
    expect(sent).toEqual([{ course: COURSE, block: BLOCK, revision: 0, files: [], text: 'My essay' }])
    expect(await screen.findByText(/Handed in on/)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Hand in again' })).toBeInTheDocument()
  })

  it('keeps what was typed when another tab handed in first', async () => {
    const user = userEvent.setup()
    mine = { course: COURSE, block: BLOCK, dueAt: null, canSubmit: true, refusal: null, submission: null }
    renderBlock()
    await user.type(await screen.findByRole('textbox', { name: 'Your answer' }), 'conflict')
    await user.click(screen.getByRole('button', { name: 'Hand in' }))
    expect(await screen.findByText(/Your submission changed in another tab/)).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Your answer' })).toHaveValue('conflict')
  })

  it('shows a grade with points, pass, the chosen levels and the feedback, and no way to hand in again', async () => {
    mine = {
      course: COURSE,
      block: BLOCK,
      dueAt: '2026-04-01T10:00:00.000Z',
      canSubmit: false,
      refusal: 'ALREADY_GRADED',
      submission: submission({
        status: 'graded',
        feedback: 'Well argued',
        grade: { points: 15, maxPoints: 20, score: 75, passed: true, rubric: { c1: 'strong', c2: 'none' }, gradedAt: '2026-03-02T10:00:00.000Z' },
      }),
    }
    renderBlock()
    expect(await screen.findByText('Passed.')).toBeInTheDocument()
    expect(screen.getByText('15 of 20 points (75 %).')).toBeInTheDocument()
    expect(screen.getByText('Well argued')).toBeInTheDocument()
    expect(screen.getByText('Strong: 10 points')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Hand in/ })).not.toBeInTheDocument()
  })

  it('says when work was returned, and when the due date has passed', async () => {
    mine = {
      course: COURSE,
      block: BLOCK,
      dueAt: null,
      canSubmit: true,
      refusal: null,
      submission: submission({ status: 'returned', feedback: 'Add sources' }),
    }
    const { unmount } = renderBlock()
    expect(await screen.findByText(/returned to you to hand in again/)).toBeInTheDocument()
    expect(screen.getByText('Add sources')).toBeInTheDocument()
    unmount()
    mine = { course: COURSE, block: BLOCK, dueAt: '2020-01-01T00:00:00.000Z', canSubmit: false, refusal: 'PAST_DUE', submission: submission({ late: true }) }
    renderBlock()
    expect(await screen.findByText('The due date has passed: the assignment no longer accepts submissions.')).toBeInTheDocument()
    await waitFor(() => expect(screen.getByText('Handed in late')).toBeInTheDocument())
  })
})
