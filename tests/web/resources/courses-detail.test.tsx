import './admin'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import type { AdminCertificate } from '../../../contracts/admin/certificates'
import type { FormAttemptDetail, LearnerForms, LearnerSubscriptions, SubscriptorsBody } from '../../../contracts/courses/admin'
import { path, renderAt, signedInAs } from '../account/harness'
import { asAdmin, bodyRows, COURSE, lena, serveDetail, sub, useCoursesNetwork } from './coursesFixture'

const net = useCoursesNetwork()

describe('courses management: one course', () => {
  it('shows general data, plans, collaborators and subscriptors with their status and the estimated count', async () => {
    await asAdmin()
    serveDetail()
    renderAt(`/admin/courses/${COURSE}`)
    expect(await screen.findByRole('heading', { level: 1, name: 'Algebra for everyone' })).toBeInTheDocument()
    const general = screen.getByRole('heading', { level: 2, name: 'General data' }).closest('.MuiCard-root') as HTMLElement
    expect(general).toHaveTextContent('Olga Owner <olga@example.test>')
    expect(general).toHaveTextContent('Version 3, published on')
    expect(general).toHaveTextContent('Learners: 2 · active: 1, expired: 1, revoked: 1')
    expect(general).toHaveTextContent('Aula University')
    expect(general).toHaveTextContent('12.5 h')
    expect(within(general).getByText('equations')).toBeInTheDocument()

    const plans = screen.getByRole('heading', { level: 2, name: 'Subscription plans' }).closest('.MuiCard-root') as HTMLElement
    expect(plans).toHaveTextContent('30 days')
    expect(within(plans).getByText('Archived')).toBeInTheDocument()
    expect(screen.getByText('Hugo Helper <hugo@example.test>')).toBeInTheDocument()

    expect(await screen.findByText('Estimated total: 2 learners')).toBeInTheDocument()
    const table = within(await screen.findByRole('region', { name: 'Subscribed learners' })).getByRole('table')
    await waitFor(() => expect(bodyRows(table)).toHaveLength(2))
    const [first, second] = bodyRows(table)
    expect(within(first).getByRole('link', { name: 'Lena Learner' })).toHaveAttribute('href', `/admin/courses/${COURSE}/learners/lena`)
    expect(first).toHaveTextContent('2 subscriptions')
    expect(within(first).getByText('Active')).toBeInTheDocument()
    expect(within(second).getByText('Expired')).toBeInTheDocument()
    expect(second).toHaveTextContent('account no longer exists')
    // Only a live subscription can be revoked.
    expect(within(first).getByRole('button', { name: 'Revoke' })).toBeInTheDocument()
    expect(within(second).queryByRole('button', { name: 'Revoke' })).not.toBeInTheDocument()
  })

  it("revokes a learner's subscription after confirmation and shows the new state", async () => {
    await asAdmin()
    let revoked = false
    const revokes: unknown[] = []
    net.server.use(
      http.put('*/api/admin/courses/course/subscriptors/revoke', async ({ request }) => {
        revokes.push(await request.json())
        revoked = true
        return HttpResponse.json({ items: [] })
      }),
    )
    serveDetail({ subscriptors: [lena] })
    net.server.use(
      http.post('*/api/admin/courses/course/subscriptors', () =>
        HttpResponse.json({
          items: [revoked ? { ...lena, current: { ...lena.current, ...sub(lena.current.id, 'lena', 2, 30, true) } } : lena],
          page: 1,
          pageSize: 10,
          count: 1,
          pages: 1,
        }),
      ),
    )
    renderAt(`/admin/courses/${COURSE}`)
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke' }))
    const dialog = await screen.findByRole('dialog')
    expect(dialog).toHaveTextContent('Revoke the subscription?')
    expect(dialog).toHaveTextContent(
      'Lena Learner loses access to Algebra for everyone now and cannot subscribe to it again until an administrator lifts the block.',
    )
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }))
    const done = await screen.findByText("Lena Learner's subscription was revoked.")
    // The row's button is gone once revoked: the result holds the focus instead of the page.
    await waitFor(() => expect(done.closest('[role="status"]')).toHaveFocus())
    expect(revokes).toEqual([{ username: 'lena', course: COURSE }])
    expect(await screen.findByText('Revoked', { selector: '.MuiChip-label' })).toBeInTheDocument()
  })

  it('adds a learner with a plan: asks for both, offers only current plans, keeps the input when the account is unknown', async () => {
    await asAdmin()
    serveDetail()
    const adds: unknown[] = []
    net.server.use(
      http.post('*/api/admin/courses/course/subscriptors/add', async ({ request }) => {
        const body = (await request.json()) as { user: string }
        adds.push(body)
        if (body.user === 'nobody@example.test') return HttpResponse.json({ message: 'User not found', code: 'NOT_FOUND' }, { status: 404 })
        return HttpResponse.json({ Item: lena.current }, { status: 201 })
      }),
    )
    renderAt(`/admin/courses/${COURSE}`)
    await userEvent.click(await screen.findByRole('button', { name: 'Add learner' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add a learner to Algebra for everyone' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }))
    // The one plan still offered is chosen already; the learner is missing.
    expect(within(dialog).getAllByText('Required')).toHaveLength(1)
    expect(within(dialog).getByRole('textbox', { name: 'Learner' })).toHaveAccessibleDescription('Required')
    expect(adds).toEqual([])

    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Learner' }), 'nobody@example.test')
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Plan' }))
    const options = screen.getAllByRole('option').map((o) => o.textContent)
    expect(options).toEqual(['Monthly (30 days)'])
    await userEvent.click(screen.getByRole('option', { name: 'Monthly (30 days)' }))
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }))
    expect(await within(dialog).findByText('There is no account with this e-mail or username')).toBeInTheDocument()
    expect(within(dialog).getByRole('textbox', { name: 'Learner' })).toHaveValue('nobody@example.test')

    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Learner' }))
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Learner' }), 'lena@example.test')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }))
    expect(await screen.findByText('lena@example.test was subscribed.')).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(adds.at(-1)).toEqual({ uuid: COURSE, revision: 7, subscription: 'dddddddd-dddd-4ddd-8ddd-dddddddddddd', user: 'lena@example.test' })
  })

  it('searches the subscriptors and says when nobody matches', async () => {
    await asAdmin()
    const bodies: SubscriptorsBody[] = []
    serveDetail({ bodies })
    renderAt(`/admin/courses/${COURSE}`)
    await screen.findByRole('link', { name: 'Lena Learner' })
    await userEvent.type(screen.getByRole('searchbox', { name: 'E-mail, name or plan' }), 'nobody')
    expect(await screen.findByText('No learner matches the search')).toBeInTheDocument()
    expect(bodies.at(-1)).toEqual({ uuid: COURSE, revision: 7, page: 1, search: 'nobody' })
  })

  it('clones the course after confirmation and opens the copy in the builder', async () => {
    await signedInAs(net.identity.add({ email: 'admin@example.test', groups: ['admin', 'creator'] }))
    serveDetail()
    const copy = '99999999-9999-4999-8999-999999999999'
    const clones: unknown[] = []
    net.server.use(
      http.post('*/api/v2/admin/courses/course/clone', async ({ request }) => {
        clones.push(await request.json())
        return HttpResponse.json({ uuid: copy, revision: 1 }, { status: 201 })
      }),
      // Whatever the builder asks for once it opens.
      http.all('*/api/v2/courses/creator/*', () => HttpResponse.json({ message: 'Not authorized!' }, { status: 404 })),
    )
    renderAt(`/admin/courses/${COURSE}`)
    await userEvent.click(await screen.findByRole('button', { name: 'Clone' }))
    const dialog = await screen.findByRole('dialog')
    expect(dialog).toHaveTextContent('A draft "Algebra for everyone (copy)" owned by you')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }))
    await waitFor(() => expect(path()).toBe(`/creator/courses/${copy}`))
    expect(clones).toEqual([{ uuid: COURSE }])
  })
})

describe("courses management: a learner's forms", () => {
  it("shows the learner's subscriptions and tries of each form, and one try's answers", async () => {
    await asAdmin()
    const learnerSubs: LearnerSubscriptions = {
      learner: { username: 'lena', email: 'lena@example.test', name: 'Lena Learner' },
      items: [lena.current, sub('0000000c-aaaa-4aaa-8aaa-00000000000c', 'lena', 90, 30, true)],
    }
    const forms: LearnerForms = {
      learner: learnerSubs.learner,
      items: [
        {
          formId: 'f1',
          name: 'Final quiz',
          tries: 3,
          requiredScore: 60,
          passed: true,
          bestScore: 80,
          attempts: [
            { id: '0000000e-aaaa-4aaa-8aaa-00000000000e', attempt: 2, courseVersion: 3, score: 80, passed: true, createdAt: '2026-02-12T10:00:00.000Z' },
            { id: '0000000d-aaaa-4aaa-8aaa-00000000000d', attempt: 1, courseVersion: 3, score: 40, passed: false, createdAt: '2026-02-11T10:00:00.000Z' },
          ],
        },
        { formId: 'f2', name: 'Warm-up', tries: 1, requiredScore: 50, passed: null, bestScore: null, attempts: [] },
      ],
    }
    const tryDetail: FormAttemptDetail = {
      ...forms.items[0].attempts[1],
      formId: 'f1',
      learner: learnerSubs.learner,
      form: {
        name: 'Final quiz',
        tries: 3,
        requiredScore: 60,
        questions: [
          {
            id: 'q1',
            type: 'single',
            text: 'What is 2 + 2?',
            correct: false,
            options: [
              { id: 'a', text: 'Four', correct: true, chosen: false },
              { id: 'b', text: 'Five', correct: false, chosen: true },
            ],
          },
        ],
      },
    }
    const detailBodies: unknown[] = []
    serveDetail()
    net.server.use(
      http.get(`*/api/admin/courses/course/subscriptions/${COURSE}/lena`, () => HttpResponse.json(learnerSubs)),
      http.get(`*/api/admin/courses/user/forms/${COURSE}/lena`, () => HttpResponse.json(forms)),
      http.get(`*/api/v2/admin/certificates/course/${COURSE}/lena`, () => HttpResponse.json({ Item: null })),
      http.post('*/api/admin/courses/forms/detail', async ({ request }) => {
        detailBodies.push(await request.json())
        return HttpResponse.json({ Item: tryDetail })
      }),
    )
    renderAt(`/admin/courses/${COURSE}/learners/lena`)
    expect(await screen.findByRole('heading', { level: 1, name: 'Lena Learner <lena@example.test> in the course' })).toBeInTheDocument()
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' })
    expect(await within(crumbs).findByRole('link', { name: 'Algebra for everyone' })).toHaveAttribute('href', `/admin/courses/${COURSE}`)
    expect(await screen.findByText('Revoked', { selector: '.MuiChip-label' })).toBeInTheDocument()

    const quiz = screen.getByRole('region', { name: 'Final quiz' })
    expect(quiz).toHaveTextContent('Passes at 60 % · Tries: 2 of 3 · Best score: 80 %')
    expect(within(quiz).getAllByText('Passed').length).toBeGreaterThanOrEqual(2)
    expect(within(screen.getByRole('region', { name: 'Warm-up' })).getByText('Not taken')).toBeInTheDocument()

    await userEvent.click(within(quiz).getByRole('button', { name: 'See answers of try 1 of Final quiz' }))
    const dialog = await screen.findByRole('dialog', { name: 'Final quiz: try 1' })
    expect(await within(dialog).findByText(/What is 2 \+ 2\?/)).toBeInTheDocument()
    expect(within(dialog).getByText('Wrong')).toBeInTheDocument()
    expect(within(dialog).getByText('Chosen')).toBeInTheDocument()
    expect(within(dialog).getByText('Correct answer')).toBeInTheDocument()
    expect(detailBodies).toEqual([{ course: COURSE, id: '0000000d-aaaa-4aaa-8aaa-00000000000d' }])
  })

  it("revokes the learner's certificate with a reason asked for in a confirmation dialog", async () => {
    await asAdmin()
    let certificate: AdminCertificate = {
      code: 'ABCD-EFGH-JKMN',
      learner: 'Lena Learner',
      course: 'Algebra for everyone',
      issuedAt: '2026-02-12T10:00:00.000Z',
      statusIndex: 7,
      revokedAt: null,
      revokedBy: null,
      reason: null,
    }
    const bodies: unknown[] = []
    serveDetail()
    net.server.use(
      http.get(`*/api/admin/courses/course/subscriptions/${COURSE}/lena`, () =>
        HttpResponse.json({ learner: { username: 'lena', email: 'lena@example.test', name: 'Lena Learner' }, items: [] }),
      ),
      http.get(`*/api/admin/courses/user/forms/${COURSE}/lena`, () =>
        HttpResponse.json({ learner: { username: 'lena', email: 'lena@example.test', name: 'Lena Learner' }, items: [] }),
      ),
      http.get(`*/api/v2/admin/certificates/course/${COURSE}/lena`, () => HttpResponse.json({ Item: certificate })),
      http.put('*/api/v2/admin/certificates/ABCD-EFGH-JKMN/revoke', async ({ request }) => {
        const body = (await request.json()) as { reason: string }
        bodies.push(body)
        certificate = { ...certificate, revokedAt: '2026-03-01T09:00:00.000Z', revokedBy: 'admin', reason: body.reason }
        return HttpResponse.json({ Item: certificate })
      }),
    )
    renderAt(`/admin/courses/${COURSE}/learners/lena`)
    expect(await screen.findByText('ABCD-EFGH-JKMN')).toBeInTheDocument()
    expect(screen.getByText('Valid', { selector: '.MuiChip-label' })).toBeInTheDocument()

    await userEvent.click(screen.getByRole('button', { name: 'Revoke certificate' }))
    const dialog = await screen.findByRole('dialog', { name: 'Revoke the certificate?' })
    expect(dialog).toHaveTextContent('Certificate ABCD-EFGH-JKMN of Lena Learner ("Algebra for everyone") will no longer be valid')
    // Nothing is sent without a reason.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke certificate' }))
    expect(within(dialog).getByText('Write the reason (at least 3 characters)')).toBeInTheDocument()
    expect(bodies).toEqual([])

    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Exam taken by someone else')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke certificate' }))
    expect(await screen.findByText('Certificate ABCD-EFGH-JKMN revoked')).toBeInTheDocument()
    expect(bodies).toEqual([{ reason: 'Exam taken by someone else' }])
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(await screen.findByText('Revoked', { selector: '.MuiChip-label' })).toBeInTheDocument()
    expect(screen.getByText('Exam taken by someone else')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Restore certificate' })).toBeInTheDocument()
  })
})
