import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
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
