import './admin'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import type { AdminSubscription, SubscriptionDetail, SubscriptionsListBody } from '../../../contracts/admin/subscriptions'
import { subscriptionState } from '../../../contracts/subscriptions'
import { path, renderAt, signedInAs, useFakeNetwork } from '../account/harness'

const net = useFakeNetwork()
const DAY = 86_400_000

function subscription(n: number, createdDaysAgo: number, durationDays: number, revoked = false): AdminSubscription {
  const createdAt = new Date(Date.now() - createdDaysAgo * DAY).toISOString()
  const revokedAt = revoked ? new Date(Date.now() - DAY).toISOString() : null
  const state = subscriptionState(createdAt, durationDays, revokedAt)
  return {
    id: `0000000${n}-aaaa-4aaa-8aaa-00000000000${n}`,
    courseId: `c000000${n}-bbbb-4bbb-8bbb-00000000000${n}`,
    courseName: `Course ${n}`,
    username: `learner-${n}`,
    learnerEmail: `learner${n}@example.test`,
    learnerName: `Learner ${n}`,
    planName: 'Monthly',
    durationDays,
    createdAt,
    updatedAt: revokedAt ?? createdAt,
    revokedAt,
    blocksSelfSubscription: revoked,
    blockLiftedAt: null,
    status: state.status,
    expiresAt: state.expiresAt,
    remainingDays: state.remainingDays,
  }
}

const active = subscription(1, 2, 30)
const expired = subscription(2, 40, 30)
const revoked = subscription(3, 5, 30, true)

/** Two pages: the first ends with a token, the second with none. */
function serveList(requests: SubscriptionsListBody[]) {
  net.server.use(
    http.post('*/api/admin/subscriptions/all', async ({ request }) => {
      const body = (await request.json()) as SubscriptionsListBody
      requests.push(body)
      return body.paginationToken === ''
        ? HttpResponse.json({ items: [active, expired], paginationToken: 'page-2', estimated: 3 })
        : HttpResponse.json({ items: [revoked], paginationToken: null, estimated: 3 })
    }),
  )
}

async function asAdmin() {
  await signedInAs(net.identity.add({ email: 'admin@example.test', groups: ['admin'] }))
}

const rows = () => screen.getAllByRole('row').slice(1)

describe('subscriptions management', () => {
  it('shows the title, breadcrumb, the four columns with the learner and course beside the ids, the estimated line and links each row to its detail', async () => {
    await asAdmin()
    serveList([])
    renderAt('/admin/subscriptions')
    expect(await screen.findByRole('heading', { level: 1, name: 'Subscriptions Management' })).toBeInTheDocument()
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' })
    expect(crumbs).toHaveTextContent('Management')
    expect(within(crumbs).getByText('Subscriptions')).toHaveAttribute('aria-current', 'page')
    await waitFor(() => expect(rows()).toHaveLength(2))
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent)
    expect(headers).toEqual(['Id', 'Learner', 'Course', 'Created', 'Expiration', 'Status'])
    expect(screen.getByText('Estimated total: 3 records')).toBeInTheDocument()

    const [first, second] = rows()
    expect(within(first).getByRole('link', { name: active.id })).toHaveAttribute('href', `/admin/subscriptions/detail/${active.id}/${active.courseId}`)
    expect(within(second).getByRole('link', { name: expired.id })).toHaveAttribute('href', `/admin/subscriptions/detail/${expired.id}/${expired.courseId}`)
    expect(within(first).getByText('Active')).toBeInTheDocument()
    expect(within(second).getByText('Expired')).toBeInTheDocument()
    expect(within(first).getByText('Learner 1')).toBeInTheDocument()
    expect(within(first).getByText('learner1@example.test')).toBeInTheDocument()
    expect(within(first).getByText('Course 1')).toBeInTheDocument()
    expect(within(second).getByText('Course 2')).toBeInTheDocument()
  })

  it("searches with the spec's searchText and says when an account no longer exists", async () => {
    await asAdmin()
    const requests: SubscriptionsListBody[] = []
    const gone = { ...subscription(4, 1, 30), learnerEmail: null, learnerName: null }
    net.server.use(
      http.post('*/api/admin/subscriptions/all', async ({ request }) => {
        const body = (await request.json()) as SubscriptionsListBody
        requests.push(body)
        return HttpResponse.json({ items: body.searchText ? [gone] : [active, expired], paginationToken: null, estimated: 3 })
      }),
    )
    renderAt('/admin/subscriptions')
    await waitFor(() => expect(rows()).toHaveLength(2))
    await userEvent.type(screen.getByPlaceholderText('Learner name or e-mail, course name, or an id'), 'jose')
    await waitFor(() => expect(rows()).toHaveLength(1))
    expect(requests.at(-1)?.searchText).toBe('jose')
    expect(within(rows()[0]).getByText('Account deleted')).toBeInTheDocument()
    expect(within(rows()[0]).getByText('learner-4')).toBeInTheDocument()
  })

  it("offers 'Next Page' only while the server gives a token, and starts again from the beginning", async () => {
    await asAdmin()
    const requests: SubscriptionsListBody[] = []
    serveList(requests)
    renderAt('/admin/subscriptions')
    await waitFor(() => expect(rows()).toHaveLength(2))
    await userEvent.click(screen.getByRole('button', { name: 'Next Page' }))
    await waitFor(() => expect(rows()).toHaveLength(1))
    expect(within(rows()[0]).getByText('Revoked')).toBeInTheDocument()
    expect(requests.at(-1)?.paginationToken).toBe('page-2')
    expect(screen.queryByRole('button', { name: 'Next Page' })).not.toBeInTheDocument()

    await userEvent.click(screen.getByRole('button', { name: 'Start from the beginning' }))
    await waitFor(() => expect(rows()).toHaveLength(2))
    expect(screen.getByRole('button', { name: 'Next Page' })).toBeInTheDocument()
  })

  it('opens the detail from a row: subscription, learner and course, and revokes it after confirmation', async () => {
    await asAdmin()
    serveList([])
    const detail: SubscriptionDetail = {
      ...active,
      learner: { username: 'learner-1', email: 'lea@example.test', name: 'Lea Learner', enabled: true },
      course: { uuid: active.courseId, name: 'Course 1', details: { Organization: 'Aula University' } },
    }
    const revokes: unknown[] = []
    net.server.use(
      http.get(`*/api/admin/subscriptions/subscription/${active.id}/${active.courseId}`, () =>
        HttpResponse.json({ Item: revokes.length ? { ...detail, revokedAt: new Date().toISOString(), status: 'revoked' } : detail }),
      ),
      http.put('*/api/admin/courses/course/subscriptors/revoke', async ({ request }) => {
        revokes.push(await request.json())
        return HttpResponse.json({ items: [{ ...active, status: 'revoked' }] })
      }),
    )
    renderAt('/admin/subscriptions')
    await userEvent.click(await screen.findByRole('link', { name: active.id }))
    expect(path()).toBe(`/admin/subscriptions/detail/${active.id}/${active.courseId}`)
    expect(await screen.findByRole('heading', { level: 2, name: 'Learner' })).toBeInTheDocument()
    expect(screen.getByText('Lea Learner')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'lea@example.test' })).toHaveAttribute('href', '/admin/users/update/learner-1/lea%40example.test')
    expect(screen.getByText('Aula University')).toBeInTheDocument()

    await userEvent.click(screen.getByRole('button', { name: 'Revoke' }))
    const dialog = await screen.findByRole('dialog')
    expect(dialog).toHaveTextContent('Revoke this subscription?')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }))
    expect(await screen.findByText('The subscription was revoked.')).toBeInTheDocument()
    expect(revokes).toEqual([{ username: 'learner-1', course: active.courseId }])
    expect(await screen.findByText('Revoked', { selector: '.MuiChip-label' })).toBeInTheDocument()
  })

  it('a revoked subscription blocks subscribing again until the administrator allows it, after confirmation', async () => {
    await asAdmin()
    const detail: SubscriptionDetail = {
      ...revoked,
      learner: { username: 'learner-3', email: 'rex@example.test', name: 'Rex Revoked', enabled: true },
      course: { uuid: revoked.courseId, name: 'Course 3', details: {} },
    }
    const lifts: string[] = []
    const liftedAt = new Date().toISOString()
    net.server.use(
      http.get(`*/api/admin/subscriptions/subscription/${revoked.id}/${revoked.courseId}`, () =>
        HttpResponse.json({ Item: lifts.length ? { ...detail, blocksSelfSubscription: false, blockLiftedAt: liftedAt } : detail }),
      ),
      http.put('*/api/admin/subscriptions/subscription/:subscriptionId/:courseId/lift-block', ({ params }) => {
        lifts.push(`${String(params.subscriptionId)}/${String(params.courseId)}`)
        return HttpResponse.json({ Item: { ...revoked, blocksSelfSubscription: false, blockLiftedAt: liftedAt } })
      }),
    )
    renderAt(`/admin/subscriptions/detail/${revoked.id}/${revoked.courseId}`)
    expect(await screen.findByText('Blocked by this revocation')).toBeInTheDocument()
    expect(screen.getByText('Subscribing again')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Revoke' })).toBeDisabled()

    // Cancelling changes nothing.
    await userEvent.click(screen.getByRole('button', { name: 'Allow subscribing again' }))
    let dialog = await screen.findByRole('dialog')
    expect(dialog).toHaveTextContent('Let the learner subscribe again?')
    expect(dialog).toHaveTextContent('rex@example.test will be able to subscribe to Course 3 again by themselves. The revoked subscription stays revoked.')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { hidden: true })).not.toBeInTheDocument())
    expect(lifts).toEqual([])

    await userEvent.click(await screen.findByRole('button', { name: 'Allow subscribing again' }))
    dialog = await screen.findByRole('dialog')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }))
    expect(await screen.findByText('The learner can subscribe to the course again.')).toBeInTheDocument()
    expect(lifts).toEqual([`${revoked.id}/${revoked.courseId}`])
    expect(await screen.findByText(/^Allowed again since /)).toBeInTheDocument()
    expect(await screen.findByRole('button', { name: 'Allow subscribing again' })).toBeDisabled()
  })

  it('keeps a learner out: permission denied, and no admin call made', async () => {
    await signedInAs(net.identity.add({ email: 'learner@example.test', groups: ['general'] }))
    let called = false
    net.server.use(http.post('*/api/admin/subscriptions/all', () => ((called = true), HttpResponse.json({ items: [], paginationToken: null, estimated: 0 }))))
    renderAt('/admin/subscriptions')
    expect(await screen.findByRole('heading', { name: 'Permission denied' })).toBeInTheDocument()
    expect(called).toBe(false)
  })
})
