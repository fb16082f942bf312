import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { GradebookPage, GradebookRow, GradedItem } from '../../../contracts/courses/gradebook'
import { parseWeight } from '../../../src/builder/gradebook/WeightsPanel'
import { COURSE, draft, renderBuilder, useBuilderServer } from './harness'

const ctx = useBuilderServer()
const BASE = `/api/v2/courses/gradebook/${COURSE}`
const QUIZ = '11111111-1111-4111-8111-111111111111'
const ESSAY = '22222222-2222-4222-8222-222222222222'
const SECTION = '33333333-3333-4333-8333-333333333333'

const items: GradedItem[] = [
  { id: QUIZ, kind: 'form', name: 'Quiz A', section: SECTION, sectionTitle: 'Basics', required: true, weight: 3 },
  { id: ESSAY, kind: 'assignment', name: 'Essay', section: SECTION, sectionTitle: 'Basics', required: false, weight: 1 },
]

const row = (n: number, over: Partial<GradebookRow> = {}): GradebookRow => ({
  learner: { username: `learner-${n}`, name: `Learner ${n}`, email: `learner${n}@example.test` },
  cells: [
    { item: QUIZ, score: 100, passed: true, attemptsUsed: 2, tries: 3 },
    { item: ESSAY, score: null, passed: null, status: 'submitted', late: true },
  ],
  grade: 75,
  completion: { completed: false, completedAt: null, certificate: null, done: 1, required: 2 },
  ...over,
})

/** The gradebook routes over the fake course: every table request as asked, pages by `paginationToken`. */
function gradebookApi(pages: GradebookPage[] = [{ gradedItems: items, items: [row(1)], paginationToken: null, estimated: 1 }]) {
  const asked: URL[] = []
  const weights: Array<Record<string, unknown>> = []
  let failNext = 0
  ctx.server.use(
    http.get(`*${BASE}/weights`, () => HttpResponse.json({ revision: ctx.api.course!.revision, items })),
    http.put(`*${BASE}/weights`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>
      weights.push(body)
      const course = ctx.api.course!
      if (body.revision !== course.revision)
        return HttpResponse.json({ message: 'This course was changed elsewhere', code: 'STALE_REVISION', revision: course.revision }, { status: 409 })
      course.revision += 1
      return HttpResponse.json({ revision: course.revision, item: { ...items.find((i) => i.id === body.block)!, weight: body.weight } })
    }),
    http.get(`*${BASE}`, ({ request }) => {
      const url = new URL(request.url)
      asked.push(url)
      if (failNext > 0) {
        failNext--
        return HttpResponse.json({ message: 'Internal Server Error' }, { status: 500 })
      }
      const token = url.searchParams.get('paginationToken')
      return HttpResponse.json(pages[token ? Number(token) : 0])
    }),
  )
  return { asked, weights, failOnce: () => (failNext = 1) }
}

const panel = () => screen.getByRole('tabpanel')

describe('the gradebook tab', () => {
  it('lists the graded items with their weights and saves a valid weight through the saver, with the revision', async () => {
    const api = gradebookApi()
    const user = userEvent.setup()
    renderBuilder(`/creator/courses/${COURSE}/gradebook`)
    const quiz = await within(await screen.findByRole('tabpanel')).findByRole('textbox', { name: 'Quiz A' })
    expect(quiz).toHaveValue('3')
    expect(within(panel()).getByRole('textbox', { name: 'Essay' })).toHaveValue('1')

    await user.clear(quiz)
    await user.type(quiz, '150')
    expect(within(panel()).getByText('Enter a number between 0 and 100')).toBeInTheDocument()
    await user.clear(quiz)
    await user.type(quiz, '4.5')
    await waitFor(() => expect(api.weights.at(-1)).toEqual({ block: QUIZ, weight: 4.5, revision: expect.any(Number) }))
    // Only valid weights went out: never 150.
    expect(api.weights.some((w) => w.weight === 150)).toBe(false)
    await waitFor(() => expect(ctx.api.course!.revision).toBeGreaterThan(1))
  })

  it('shows each learner’s cells, weighted grade and completion, and loads more rows with the token', async () => {
    const api = gradebookApi([
      { gradedItems: items, items: [row(1)], paginationToken: '1', estimated: 2 },
      {
        gradedItems: items,
        items: [
          row(2, { grade: 100, completion: { completed: true, completedAt: '2026-11-01T00:00:00.000Z', certificate: 'ABCDEFGHJKMN', done: 2, required: 2 } }),
        ],
        paginationToken: null,
        estimated: 2,
      },
    ])
    const user = userEvent.setup()
    renderBuilder(`/creator/courses/${COURSE}/gradebook`)
    const table = await within(await screen.findByRole('tabpanel')).findByRole('table')
    expect(within(table).getByRole('columnheader', { name: /Quiz A/ })).toHaveTextContent('Weight 3')
    const first = within(table).getByRole('row', { name: /Learner 1/ })
    expect(first).toHaveTextContent('100 %')
    expect(first).toHaveTextContent('Passed · 2 of 3 tries')
    expect(first).toHaveTextContent('Submitted, not graded')
    expect(first).toHaveTextContent('Late')
    expect(first).toHaveTextContent('75 %')
    expect(first).toHaveTextContent('1 of 2 blocks')
    expect(within(panel()).getByText('2 learners')).toBeInTheDocument()

    await user.click(within(panel()).getByRole('button', { name: 'Load more' }))
    const second = await within(table).findByRole('row', { name: /Learner 2/ })
    expect(second).toHaveTextContent('Completed')
    expect(second).toHaveTextContent('Certificate ABCDEFGHJKMN')
    expect(api.asked.at(-1)!.searchParams.get('paginationToken')).toBe('1')
    expect(within(panel()).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument()
  })

  it('asks again with the filters, and says when nobody matches', async () => {
    const api = gradebookApi([{ gradedItems: items, items: [], paginationToken: null, estimated: 0 }])
    const user = userEvent.setup()
    renderBuilder(`/creator/courses/${COURSE}/gradebook`)
    expect(await within(await screen.findByRole('tabpanel')).findByText('Nobody has subscribed to this course yet.')).toBeInTheDocument()
    await user.click(within(panel()).getByRole('combobox', { name: 'Completion' }))
    await user.click(await screen.findByRole('option', { name: 'Completed the course' }))
    await waitFor(() => expect(api.asked.at(-1)!.searchParams.get('completion')).toBe('completed'))
    expect(await within(panel()).findByText('Nobody matches these filters.')).toBeInTheDocument()

    await user.click(within(panel()).getByRole('combobox', { name: 'Item' }))
    await user.click(await screen.findByRole('option', { name: 'Essay: ungraded' }))
    await waitFor(() => expect(api.asked.at(-1)!.searchParams.get('item')).toBe(ESSAY))
    expect(api.asked.at(-1)!.searchParams.get('itemState')).toBe('ungraded')

    await user.type(within(panel()).getByRole('searchbox', { name: 'Search by name, e-mail or username' }), 'ana')
    await waitFor(() => expect(api.asked.at(-1)!.searchParams.get('search')).toBe('ana'))
  })

  it('shows a failed load with a way to try again', async () => {
    const api = gradebookApi()
    api.failOnce()
    const user = userEvent.setup()
    renderBuilder(`/creator/courses/${COURSE}/gradebook`)
    const retry = await within(await screen.findByRole('tabpanel')).findByRole('button', { name: 'Try again' })
    await user.click(retry)
    expect(await within(panel()).findByRole('row', { name: /Learner 1/ })).toBeInTheDocument()
  })

  describe('the CSV download', () => {
    const created = vi.fn(() => 'blob:gradebook')
    beforeEach(() => {
      URL.createObjectURL = created
      URL.revokeObjectURL = vi.fn()
    })
    afterEach(() => created.mockClear())

    it('downloads the whole table with the same filters', async () => {
      gradebookApi()
      let asked: URL | null = null
      ctx.server.use(
        http.get(`*${BASE}/export.csv`, ({ request }) => {
          asked = new URL(request.url)
          return new HttpResponse('\uFEFFusername\r\n', { headers: { 'content-type': 'text/csv; charset=utf-8' } })
        }),
      )
      const user = userEvent.setup()
      renderBuilder(`/creator/courses/${COURSE}/gradebook`)
      await within(await screen.findByRole('tabpanel')).findByRole('table')
      await user.click(within(panel()).getByRole('combobox', { name: 'Completion' }))
      await user.click(await screen.findByRole('option', { name: 'Not completed yet' }))
      await user.click(within(panel()).getByRole('button', { name: 'Download CSV' }))
      await waitFor(() => expect(created).toHaveBeenCalled())
      expect(asked!.searchParams.get('completion')).toBe('notCompleted')
    })
  })

  it('a stale weight shows mine beside the saved one in the conflict dialog, and keeping mine sends it on the current revision', async () => {
    const api = gradebookApi()
    const block = (id: string, title: string, weight: number) => ({
      id,
      kind: 'form',
      position: 0,
      values: { name: title, weight },
      version: 2,
      updatedAt: '2026-11-01T00:00:00.000Z',
      updatedBy: 'someone',
    })
    ctx.server.use(
      http.get('*/api/v2/courses/creator/builder/blocks/:id', () =>
        HttpResponse.json({
          items: [
            {
              id: SECTION,
              kind: 'section',
              title: 'Basics',
              position: 0,
              values: { title: 'Basics' },
              version: 1,
              updatedAt: '2026-11-01T00:00:00.000Z',
              updatedBy: null,
              blocks: [block(QUIZ, 'Quiz A', 7)],
            },
          ],
        }),
      ),
    )
    const user = userEvent.setup()
    renderBuilder(`/creator/courses/${COURSE}/gradebook`)
    const quiz = await within(await screen.findByRole('tabpanel')).findByRole('textbox', { name: 'Quiz A' })
    // Someone else saved meanwhile: the course is at a newer revision, the quiz weighs 7 there.
    ctx.api.course = draft({ revision: 5 })
    await user.clear(quiz)
    await user.type(quiz, '9')
    const dialog = await screen.findByRole('dialog', { name: 'Not saved: the course changed elsewhere' })
    const choice = await within(dialog).findByRole('radiogroup', { name: 'Weight of “Quiz A”' })
    expect(choice).toHaveTextContent('9')
    expect(choice).toHaveTextContent('7')
    await user.click(within(choice).getByRole('radio', { name: 'Keep mine' }))
    await user.click(within(dialog).getByRole('button', { name: 'Apply my choices' }))
    await waitFor(() => expect(api.weights.at(-1)).toEqual({ block: QUIZ, weight: 9, revision: 5 }))
    await waitFor(() => expect(ctx.api.course!.revision).toBe(6))
  })

  it('shows reviewers the weights but not the learners’ grades', async () => {
    gradebookApi()
    ctx.api.course = draft({ role: 'reviewer' })
    renderBuilder(`/creator/courses/${COURSE}/gradebook`, ['reviewer'])
    const quiz = await within(await screen.findByRole('tabpanel')).findByRole('textbox', { name: 'Quiz A' })
    expect(quiz).toBeDisabled()
    expect(within(panel()).getByText("Only the course's staff see the learners' grades.")).toBeInTheDocument()
    expect(within(panel()).queryByRole('table')).not.toBeInTheDocument()
  })

  it('reads weights as people type them', () => {
    expect(parseWeight('0')).toBe(0)
    expect(parseWeight(' 12,5 ')).toBe(12.5)
    expect(parseWeight('100')).toBe(100)
    expect(parseWeight('100.5')).toBeNull()
    expect(parseWeight('-1')).toBeNull()
    expect(parseWeight('')).toBeNull()
    expect(parseWeight('ten')).toBeNull()
  })
})
