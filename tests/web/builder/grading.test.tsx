import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import type { EssayItem, EssayQueuePage } from '../../../contracts/courses/essays'
import type { GradingQueue, StaffSubmission } from '../../../contracts/learner/assignments'
import { COURSE, draft, renderBuilder, useBuilderServer } from './harness'

const ctx = useBuilderServer()
const tab = (name: string) => `/creator/courses/${COURSE}/${name}`
const G = '*/api/v2/courses/assignments/grading'
const SUB = '44444444-4444-4444-8444-444444444444'
const BLOCK = '33333333-3333-4333-8333-000000000009'

const queue = (): GradingQueue => ({
  items: [
    {
      id: SUB,
      block: BLOCK,
      blockTitle: 'Essay',
      learner: { sub: 'lena', name: 'Lena Learner', email: 'lena@example.test' },
      status: 'submitted',
      submittedAt: '2026-03-01T10:00:00.000Z',
      late: true,
      score: null,
      passed: null,
    },
  ],
  paginationToken: null,
  assignments: [{ id: BLOCK, title: 'Essay' }],
})

const staff = (over: Partial<StaffSubmission> = {}): StaffSubmission => ({
  id: SUB,
  course: COURSE,
  block: BLOCK,
  status: 'submitted',
  text: 'My essay about means',
  files: [{ path: 'assignments/x/essay.pdf', name: 'essay.pdf', size: 10, contentType: 'application/pdf', url: '/files/essay.pdf' }],
  submissions: 1,
  submittedAt: '2026-03-01T10:00:00.000Z',
  late: true,
  feedback: null,
  grade: null,
  revision: 1,
  learner: { sub: 'lena', name: 'Lena Learner', email: 'lena@example.test' },
  blockTitle: 'Essay',
  assignment: {
    instructions: '<p>Write</p>',
    grading: 'rubric',
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
  maxPoints: 20,
  gradedBy: null,
  ...over,
})

function useGradingApi(options: { conflict?: boolean } = {}) {
  const graded: unknown[] = []
  const queries: string[] = []
  ctx.server.use(
    http.get(`${G}/queue/:course`, ({ request }) => {
      queries.push(new URL(request.url).search)
      return HttpResponse.json(queue())
    }),
    http.get(`${G}/submission/:id`, () => HttpResponse.json(staff())),
    http.post(`${G}/grade`, async ({ request }) => {
      graded.push(await request.json())
      if (options.conflict) return HttpResponse.json({ message: 'stale', code: 'STALE_REVISION', revision: 2 }, { status: 409 })
      return HttpResponse.json({
        Item: staff({
          status: 'graded',
          revision: 2,
          grade: { points: 10, maxPoints: 20, score: 50, passed: false, rubric: { c1: 'strong', c2: 'none' }, gradedAt: '2026-03-02T10:00:00.000Z' },
        }),
        certificate: null,
      })
    }),
  )
  return { graded, queries }
}

describe('the grading tab', () => {
  it('lists the submissions to grade, filters by learner, and grades one with the rubric', async () => {
    const user = userEvent.setup()
    const api = useGradingApi()
    ctx.api.course = draft({ role: 'grader' })
    renderBuilder(tab('grading'))
    const table = await screen.findByRole('table')
    expect(within(table).getByText('Lena Learner')).toBeInTheDocument()
    expect(within(table).getByText('Late')).toBeInTheDocument()
    await user.type(screen.getByRole('searchbox', { name: 'Learner (name or e-mail)' }), 'lena')
    await user.click(screen.getByRole('button', { name: 'Search' }))
    await waitFor(() => expect(api.queries.at(-1)).toContain('learner=lena'))
    await user.click(within(table).getByRole('button', { name: "Open Lena Learner's submission" }))
    const dialog = await screen.findByRole('dialog', { name: "Essay: Lena Learner's submission" })
    expect(await within(dialog).findByText('My essay about means')).toBeInTheDocument()
    expect(within(dialog).getByRole('link', { name: 'Download essay.pdf' })).toHaveAttribute('href', '/files/essay.pdf')
    const grade = within(dialog).getByRole('button', { name: 'Grade' })
    expect(grade).toBeDisabled()
    await user.click(within(within(dialog).getByRole('radiogroup', { name: 'Argument' })).getByRole('radio', { name: 'Strong (10 points)' }))
    await user.click(within(within(dialog).getByRole('radiogroup', { name: 'Sources' })).getByRole('radio', { name: 'None (0 points)' }))
    await user.type(within(dialog).getByRole('textbox', { name: 'Feedback for the learner' }), 'Cite your sources')
    await user.click(grade)
    expect(await within(dialog).findByText('Graded: 10 of 20 points (50 %), not passed.')).toBeInTheDocument()
    expect(api.graded).toEqual([{ id: SUB, revision: 1, feedback: 'Cite your sources', rubric: { c1: 'strong', c2: 'none' } }])
  })

  it('says so when another grader acted first', async () => {
    const user = userEvent.setup()
    useGradingApi({ conflict: true })
    renderBuilder(tab('grading'))
    const table = await screen.findByRole('table')
    await user.click(within(table).getByRole('button', { name: "Open Lena Learner's submission" }))
    const dialog = await screen.findByRole('dialog')
    await user.click(within(within(dialog).getByRole('radiogroup', { name: 'Argument' })).getByRole('radio', { name: 'Strong (10 points)' }))
    await user.click(within(within(dialog).getByRole('radiogroup', { name: 'Sources' })).getByRole('radio', { name: 'Good (10 points)' }))
    await user.click(within(dialog).getByRole('button', { name: 'Grade' }))
    expect(await within(dialog).findByText(/Someone else changed this submission/)).toBeInTheDocument()
  })

  it('tells a reviewer that only course staff grade', async () => {
    ctx.api.course = draft({ role: 'reviewer' })
    renderBuilder(tab('grading'), ['reviewer'])
    expect(await screen.findByText('Only course staff (owner, collaborators and graders) can grade.')).toBeInTheDocument()
  })
})

const E = '*/api/v2/courses/grading/essays'
const ATTEMPT = '55555555-5555-4555-8555-555555555555'
const FORM = '33333333-3333-4333-8333-000000000010'

const essay = (over: Partial<EssayItem> = {}): EssayItem => ({
  attempt: ATTEMPT,
  question: 'q1',
  form: { id: FORM, name: 'Final exam' },
  learner: { sub: 'lena', name: 'Lena Learner', email: 'lena@example.test' },
  prompt: 'Explain the mean in your own words.',
  answer: '<b>The mean</b> is the sum\nover the count.',
  maxPoints: 10,
  points: null,
  feedback: null,
  submittedAt: '2026-03-01T10:00:00.000Z',
  gradedAt: null,
  revision: 3,
  ...over,
})

function useEssayApi(options: { conflict?: boolean; pages?: EssayQueuePage[] } = {}) {
  const graded: Array<{ path: string; body: unknown }> = []
  const queries: string[] = []
  const pages = options.pages ?? [{ items: [essay()], paginationToken: null, estimated: 1 }]
  ctx.server.use(
    http.get(`${E}/:course`, ({ request }) => {
      const search = new URL(request.url).searchParams
      queries.push(search.toString())
      const token = search.get('paginationToken')
      return HttpResponse.json(token ? pages[Number(token)] : pages[0])
    }),
    http.put(`${E}/:course/:attempt/:question`, async ({ request }) => {
      graded.push({ path: new URL(request.url).pathname, body: await request.json() })
      if (options.conflict) return HttpResponse.json({ message: 'This essay was graded elsewhere', code: 'STALE_REVISION', revision: 4 }, { status: 409 })
      return HttpResponse.json({
        essay: essay({ points: 7.5, feedback: 'Good', gradedAt: '2026-03-02T10:00:00.000Z', revision: 4 }),
        attempt: { id: ATTEMPT, status: 'graded', score: 75, passed: true },
      })
    }),
  )
  return { graded, queries }
}

async function openEssays(user: ReturnType<typeof userEvent.setup>) {
  // The assignments' queue is the tab's first view.
  ctx.server.use(http.get(`${G}/queue/:course`, () => HttpResponse.json(queue())))
  renderBuilder(tab('grading'))
  await user.click(await screen.findByRole('tab', { name: 'Essays' }))
}

describe("the grading tab's essays", () => {
  it('lists the pending essays and grades one with points and feedback', async () => {
    const user = userEvent.setup()
    const api = useEssayApi()
    await openEssays(user)
    const table = await screen.findByRole('table')
    expect(within(table).getByText('Lena Learner')).toBeInTheDocument()
    expect(within(table).getByText('Final exam')).toBeInTheDocument()
    expect(within(table).getByText('Explain the mean in your own words.')).toBeInTheDocument()
    expect(api.queries[0]).toContain('status=pending')
    await user.click(within(table).getByRole('button', { name: "Grade Lena Learner's essay" }))
    const dialog = await screen.findByRole('dialog', { name: "Final exam: Lena Learner's essay" })
    // The answer is shown as text: its markup is not rendered.
    expect(within(dialog).getByText(/<b>The mean<\/b> is the sum/)).toBeInTheDocument()
    expect(dialog.querySelector('b')).toBeNull()
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Points (0 to 10)' }), '7.5')
    await user.type(within(dialog).getByRole('textbox', { name: 'Feedback for the learner' }), 'Good')
    await user.click(within(dialog).getByRole('button', { name: 'Save grade' }))
    expect(await within(dialog).findByText(/Graded: 7.5 of 10 points\. The form is now graded: 75 %, passed\./)).toBeInTheDocument()
    expect(api.graded).toEqual([{ path: `/api/v2/courses/grading/essays/${COURSE}/${ATTEMPT}/q1`, body: { points: 7.5, feedback: 'Good', revision: 3 } }])
    const before = api.queries.length
    await user.click(within(dialog).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(api.queries.length).toBeGreaterThan(before))
  })

  it('works from the keyboard', async () => {
    const user = userEvent.setup()
    const api = useEssayApi()
    ctx.server.use(http.get(`${G}/queue/:course`, () => HttpResponse.json(queue())))
    renderBuilder(tab('grading'))
    const assignments = await screen.findByRole('tab', { name: 'Assignments' })
    assignments.focus()
    await user.keyboard('{ArrowRight}')
    expect(screen.getByRole('tab', { name: 'Essays' })).toHaveFocus()
    await user.keyboard('{Enter}')
    const open = await screen.findByRole('button', { name: "Grade Lena Learner's essay" })
    open.focus()
    await user.keyboard('{Enter}')
    const dialog = await screen.findByRole('dialog')
    await user.click(within(dialog).getByRole('spinbutton', { name: 'Points (0 to 10)' }))
    await user.keyboard('9{Enter}')
    await waitFor(() => expect(api.graded).toHaveLength(1))
    expect(api.graded[0]?.body).toEqual({ points: 9, feedback: '', revision: 3 })
  })

  it('pages with "Load more"', async () => {
    const user = userEvent.setup()
    const api = useEssayApi({
      pages: [
        { items: [essay()], paginationToken: '1', estimated: 2 },
        {
          items: [essay({ attempt: '66666666-6666-4666-8666-666666666666', learner: { sub: 'otto', name: 'Otto Other', email: null } })],
          paginationToken: null,
          estimated: 2,
        },
      ],
    })
    await openEssays(user)
    expect(await screen.findByRole('heading', { name: '2 essays to grade' })).toBeInTheDocument()
    await user.click(await screen.findByRole('button', { name: 'Load more' }))
    expect(await screen.findByText('Otto Other')).toBeInTheDocument()
    expect(screen.getByText('Lena Learner')).toBeInTheDocument()
    expect(api.queries.at(-1)).toContain('paginationToken=1')
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument()
  })

  it('says when no essay waits', async () => {
    const user = userEvent.setup()
    useEssayApi({ pages: [{ items: [], paginationToken: null, estimated: 0 }] })
    await openEssays(user)
    expect(await screen.findByText('No essays are waiting for a grade')).toBeInTheDocument()
  })

  it('offers to try again when the list cannot be loaded', async () => {
    const user = userEvent.setup()
    let fail = true
    ctx.server.use(
      http.get(`${E}/:course`, () =>
        fail ? HttpResponse.json({ message: 'down' }, { status: 503 }) : HttpResponse.json({ items: [essay()], paginationToken: null, estimated: 1 }),
      ),
    )
    await openEssays(user)
    expect(await screen.findByText('The essays could not be loaded.')).toBeInTheDocument()
    fail = false
    await user.click(screen.getByRole('button', { name: /try again|retry/i }))
    expect(await screen.findByText('Lena Learner')).toBeInTheDocument()
  })

  it('refuses points out of range and sends nothing', async () => {
    const user = userEvent.setup()
    const api = useEssayApi()
    await openEssays(user)
    await user.click(await screen.findByRole('button', { name: "Grade Lena Learner's essay" }))
    const dialog = await screen.findByRole('dialog')
    await user.click(within(dialog).getByRole('button', { name: 'Save grade' }))
    expect(await within(dialog).findByText('Enter a number from 0 to 10.')).toBeInTheDocument()
    const points = within(dialog).getByRole('spinbutton', { name: 'Points (0 to 10)' })
    await user.type(points, '11')
    await user.keyboard('{Enter}')
    expect(within(dialog).getByText('Enter a number from 0 to 10.')).toBeInTheDocument()
    expect(points).toHaveAttribute('aria-invalid', 'true')
    expect(api.graded).toEqual([])
  })

  it('says another person graded it first, reloads the list and keeps what was typed', async () => {
    const user = userEvent.setup()
    const api = useEssayApi({ conflict: true })
    await openEssays(user)
    await user.click(await screen.findByRole('button', { name: "Grade Lena Learner's essay" }))
    const dialog = await screen.findByRole('dialog')
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Points (0 to 10)' }), '4')
    await user.type(within(dialog).getByRole('textbox', { name: 'Feedback for the learner' }), 'Needs sources')
    const before = api.queries.length
    await user.click(within(dialog).getByRole('button', { name: 'Save grade' }))
    expect(await within(dialog).findByText(/Someone else graded this essay first/)).toBeInTheDocument()
    await waitFor(() => expect(api.queries.length).toBeGreaterThan(before))
    expect(within(dialog).getByRole('spinbutton', { name: 'Points (0 to 10)' })).toHaveValue(4)
    expect(within(dialog).getByRole('textbox', { name: 'Feedback for the learner' })).toHaveValue('Needs sources')
    expect(within(dialog).getByRole('button', { name: 'Save grade' })).toBeDisabled()
  })

  it('keeps what was typed when the save fails', async () => {
    const user = userEvent.setup()
    useEssayApi()
    ctx.server.use(http.put(`${E}/:course/:attempt/:question`, () => HttpResponse.json({ message: 'down' }, { status: 500 })))
    await openEssays(user)
    await user.click(await screen.findByRole('button', { name: "Grade Lena Learner's essay" }))
    const dialog = await screen.findByRole('dialog')
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Points (0 to 10)' }), '6')
    await user.type(within(dialog).getByRole('textbox', { name: 'Feedback for the learner' }), 'Fine')
    await user.click(within(dialog).getByRole('button', { name: 'Save grade' }))
    expect(await within(dialog).findByText('Could not save. Your grade is still here: please try again.')).toBeInTheDocument()
    expect(within(dialog).getByRole('spinbutton', { name: 'Points (0 to 10)' })).toHaveValue(6)
    expect(within(dialog).getByRole('textbox', { name: 'Feedback for the learner' })).toHaveValue('Fine')
    expect(within(dialog).getByRole('button', { name: 'Save grade' })).toBeEnabled()
  })
})

describe('the collaborators tab', () => {
  it('adds someone as a grader and changes a role', async () => {
    const user = userEvent.setup()
    renderBuilder(tab('collaborators'))
    await user.click(await screen.findByRole('combobox', { name: 'Role' }))
    await user.click(screen.getByRole('option', { name: 'Grader' }))
    await user.type(screen.getByRole('textbox', { name: 'User to invite' }), 'greta')
    await user.click(screen.getByRole('button', { name: 'Invite' }))
    await waitFor(() => expect(ctx.api.writes('/builder/share/add/collaborators/' + COURSE).at(-1)?.body).toMatchObject({ username: 'greta', role: 'grader' }))
    const role = await screen.findByRole('combobox', { name: 'Role of greta' })
    expect(role).toHaveTextContent('Grader')
    await user.click(role)
    await user.click(screen.getByRole('option', { name: 'Collaborator' }))
    await waitFor(() =>
      expect(ctx.api.writes('/builder/share/add/collaborators/' + COURSE).at(-1)?.body).toMatchObject({ username: 'greta', role: 'collaborator' }),
    )
  })
})
