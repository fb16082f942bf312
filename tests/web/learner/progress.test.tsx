import '../account/eng'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import type { MyProgress } from '../../../contracts/courses/gradebook'
import { path, renderAt, signedInAs, useFakeNetwork } from '../account/harness'
import { COURSE } from './fixtures'

const net = useFakeNetwork()
const QUIZ = '11111111-1111-4111-8111-111111111111'
const ESSAY = '22222222-2222-4222-8222-222222222222'
const SECTION = '33333333-3333-4333-8333-333333333333'

const progress = (over: Partial<MyProgress> = {}): MyProgress => ({
  course: { uuid: COURSE, name: 'Chemistry at home' },
  items: [
    {
      id: QUIZ,
      kind: 'form',
      name: 'Quiz A',
      section: SECTION,
      sectionTitle: 'Basics',
      required: true,
      weight: 3,
      cell: { item: QUIZ, score: 33.33, passed: false, attemptsUsed: 1, tries: 3 },
    },
    {
      id: ESSAY,
      kind: 'assignment',
      name: 'Essay',
      section: SECTION,
      sectionTitle: 'Basics',
      required: false,
      weight: 1,
      cell: { item: ESSAY, score: null, passed: null, status: 'returned', late: true },
    },
  ],
  grade: 25,
  completion: { completed: false, completedAt: null, certificate: null, done: 0, required: 1 },
  remaining: [{ id: QUIZ, kind: 'form', title: 'Quiz A', section: SECTION, sectionTitle: 'Basics' }],
  ...over,
})

const serve = (answer: () => Response) => net.server.use(http.get(`*/api/v2/courses/gradebook/${COURSE}/me`, answer))

describe('the learner’s progress page', () => {
  it('shows every graded item with its weight and score, the weighted grade and what remains, linked into the player', async () => {
    await signedInAs(net.identity.add({ email: 'ana@example.test', groups: ['general'] }))
    serve(() => HttpResponse.json(progress()))
    renderAt(`/galaxy/courses/progress/${COURSE}`)
    expect(await screen.findByRole('heading', { level: 1, name: 'My progress in Chemistry at home' })).toBeInTheDocument()
    expect(screen.getByText('25 %')).toBeInTheDocument()
    expect(screen.getByText('0 of 1 required blocks done')).toBeInTheDocument()
    const graded = screen.getByRole('region', { name: 'Graded items' })
    const [quiz, essay] = within(graded).getAllByRole('listitem')
    expect(quiz).toHaveTextContent('Quiz A')
    expect(quiz).toHaveTextContent('Form · Basics · weight 3')
    expect(quiz).toHaveTextContent('33.33 %')
    expect(quiz).toHaveTextContent('Failed · 1 of 3 tries')
    expect(essay).toHaveTextContent('Returned for changes')
    expect(essay).toHaveTextContent('Submitted late')
    const remaining = screen.getByRole('region', { name: 'What remains for the certificate' })
    const link = within(remaining).getByRole('link', { name: 'Quiz A' })
    expect(link).toHaveAttribute('href', `/galaxy/courses/player/${COURSE}/${QUIZ}`)
  })

  it('shows a completed course with its certificate code and nothing left to do', async () => {
    await signedInAs(net.identity.add({ email: 'ben@example.test', groups: ['general'] }))
    serve(() =>
      HttpResponse.json(
        progress({
          grade: 100,
          completion: { completed: true, completedAt: '2026-11-20T15:00:00.000Z', certificate: 'ABCDEFGHJKMN', done: 1, required: 1 },
          remaining: [],
        }),
      ),
    )
    renderAt(`/galaxy/courses/progress/${COURSE}`)
    expect(await screen.findByText('Course completed')).toBeInTheDocument()
    expect(screen.getByText('Certificate code: ABCDEFGHJKMN')).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'What remains for the certificate' })).not.toBeInTheDocument()
  })

  it('says why when the learner may not study the course, with the way back', async () => {
    await signedInAs(net.identity.add({ email: 'cy@example.test', groups: ['general'] }))
    serve(() => HttpResponse.json({ message: 'You are not subscribed to this course', code: 'NOT_SUBSCRIBED' }, { status: 403 }))
    const user = userEvent.setup()
    renderAt(`/galaxy/courses/progress/${COURSE}`)
    expect(await screen.findByRole('heading', { level: 1, name: 'My progress' })).toBeInTheDocument()
    expect(screen.getByRole('alert')).toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: 'Back to my courses' }))
    expect(path()).toBe('/dashboard')
  })
})
