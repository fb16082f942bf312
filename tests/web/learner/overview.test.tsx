import '../account/eng'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import type { UserSubscription } from '../../../contracts/subscriptions'
import { resetPublicConfig } from '../../../src/authProvider/config'
import { config } from '../account/fakeIdentity'
import { renderAt, signedInAs, useFakeNetwork } from '../account/harness'
import { COURSE, FREE_PLAN, overview, SOLD_PLAN } from './fixtures'

const net = useFakeNetwork()
const learner = () => signedInAs(net.identity.add({ email: 'ana@example.test', groups: ['general'] }))
const DAY = 24 * 60 * 60 * 1000

function subscription(createdAt: Date, over: Partial<UserSubscription> = {}): UserSubscription {
  return {
    id: '99999999-9999-4999-8999-999999999999',
    course: { uuid: COURSE, name: 'Chemistry at home' },
    plan: { name: FREE_PLAN.name, durationDays: 30 },
    createdAt: createdAt.toISOString(),
    revokedAt: null,
    status: 'active',
    expiresAt: new Date(createdAt.getTime() + 30 * DAY).toISOString(),
    remainingDays: 0,
    ...over,
  }
}

/** The overview's reads; `subscription` is the caller's state for the course, changed by the test. */
function courseApi(state: { subscription: UserSubscription | null; blocked?: boolean }, over = {}) {
  net.server.use(
    http.get('*/api/v2/courses/course/:id', () => HttpResponse.json({ Item: overview(over) })),
    http.get('*/api/v2/courses/course/faq/:id', () =>
      HttpResponse.json({ items: [{ id: 'q1', question: 'Do I need a lab?', answer: 'No, a kitchen will do.' }] }),
    ),
    http.get('*/api/v2/courses/courses/course/collaborators/:id', () => HttpResponse.json({ items: [{ username: 'marie', name: 'Marie Curie' }] })),
    http.get('*/api/v2/courses/course/subscriptions/:id', () =>
      HttpResponse.json({ plans: [FREE_PLAN, SOLD_PLAN], subscription: state.subscription, blocked: state.blocked ?? false }),
    ),
  )
}

describe('course overview', () => {
  it('shows what the course offers: texts, facts, syllabus, FAQ, collaborators and plans with price', async () => {
    await learner()
    courseApi({ subscription: null })
    renderAt(`/galaxy/courses/overview/${COURSE}`)
    expect(await screen.findByRole('heading', { level: 1, name: 'Chemistry at home' })).toBeInTheDocument()
    expect(screen.getByText('short').tagName).toBe('STRONG')
    expect((window as { hacked?: boolean }).hacked).toBeUndefined()
    expect(screen.getByText('6 hours')).toBeInTheDocument()
    expect(screen.getByText('Beginner')).toBeInTheDocument()
    expect(screen.getByLabelText('Presentation video')).toHaveAttribute('src', '/files/presentation.mp4')
    expect(screen.getByText('Red cabbage indicator')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Do I need a lab?' })).toBeInTheDocument()
    expect(await screen.findByText('Marie Curie')).toBeInTheDocument()
    const plans = await screen.findByRole('region', { name: 'Plans' })
    expect(within(plans).getByText(/30 days · Free/)).toBeInTheDocument()
    expect(within(plans).getByText(/90 days · \$49\.50/)).toBeInTheDocument()
    // Only the free plan can be taken; no way into the player without a subscription.
    expect(within(plans).getAllByRole('button', { name: /Subscribe/ })).toHaveLength(1)
    expect(screen.queryByRole('link', { name: 'Start or continue the course' })).not.toBeInTheDocument()
  })

  it('hides prices when the course does not sell', async () => {
    await learner()
    courseApi({ subscription: null }, { salesEnabled: false })
    renderAt(`/galaxy/courses/overview/${COURSE}`)
    const plans = await screen.findByRole('region', { name: 'Plans' })
    expect(await within(plans).findByText(/90 days · On sale soon/)).toBeInTheDocument()
    expect(within(plans).queryByText(/\$/)).not.toBeInTheDocument()
  })

  it('subscribes to the free plan, then leads into the player', async () => {
    await learner()
    const state: { subscription: UserSubscription | null } = { subscription: null }
    courseApi(state)
    let body: unknown
    net.server.use(
      http.post('*/api/v2/courses/course/subscribe', async ({ request }) => {
        body = await request.json()
        state.subscription = subscription(new Date())
        return HttpResponse.json(state.subscription, { status: 201 })
      }),
    )
    renderAt(`/galaxy/courses/overview/${COURSE}`)
    await userEvent.click(await screen.findByRole('button', { name: 'Subscribe: Open access' }))
    expect(body).toEqual({ uuid: COURSE, plan: FREE_PLAN.id })
    expect(await screen.findByText('Active subscription: 29 days left')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Start or continue the course' })).toHaveAttribute('href', `/galaxy/courses/player/${COURSE}`)
    expect(screen.queryByRole('button', { name: /Subscribe/ })).not.toBeInTheDocument()
    // The Subscribe button is gone: the keyboard goes on to the way in, not back to the top of the page.
    await vi.waitFor(() => expect(screen.getByRole('link', { name: 'Start or continue the course' })).toHaveFocus())
  })

  it('the way in opens the course player, which answers for the subscription itself', async () => {
    await learner()
    courseApi({ subscription: subscription(new Date()) })
    let asked = ''
    net.server.use(
      http.get('*/api/v2/courses/course/index/:id', ({ params }) => {
        asked = String(params.id)
        return HttpResponse.json({ message: 'Not subscribed', code: 'NOT_SUBSCRIBED' }, { status: 403 })
      }),
    )
    renderAt(`/galaxy/courses/overview/${COURSE}`)
    await userEvent.click(await screen.findByRole('link', { name: 'Start or continue the course' }))
    expect(window.location.pathname).toBe(`/galaxy/courses/player/${COURSE}`)
    expect(await screen.findByText('Subscribe to this course to study it.')).toBeInTheDocument()
    expect(asked).toBe(COURSE)
  })

  it('an expired or revoked subscription says so and offers the free plan again', async () => {
    await learner()
    const state = { subscription: subscription(new Date(Date.now() - 31 * DAY), { status: 'expired' }) as UserSubscription | null }
    courseApi(state)
    const view = renderAt(`/galaxy/courses/overview/${COURSE}`)
    expect(await screen.findByText(/Your subscription expired on/)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Subscribe: Open access' })).toBeEnabled()
    expect(screen.queryByRole('link', { name: 'Start or continue the course' })).not.toBeInTheDocument()
    view.unmount()
    state.subscription = subscription(new Date(), { revokedAt: new Date(Date.now() - 1000).toISOString(), status: 'revoked' })
    renderAt(`/galaxy/courses/overview/${COURSE}`)
    expect(await screen.findByText('Your subscription was revoked. Subscribe again or contact support.')).toBeInTheDocument()
  })

  it('a revocation that an administrator has not lifted: says why and whom to ask, instead of offering to subscribe', async () => {
    await learner()
    const revoked = subscription(new Date(), { revokedAt: new Date(Date.now() - 1000).toISOString(), status: 'revoked' })
    courseApi({ subscription: revoked, blocked: true })
    const view = renderAt(`/galaxy/courses/overview/${COURSE}`)
    const plans = await screen.findByRole('region', { name: 'Plans' })
    expect(
      await within(plans).findByText('Your access to this course was revoked by an administrator. Ask your teacher or the centre office to have it restored.'),
    ).toBeInTheDocument()
    expect(within(plans).queryByRole('button', { name: /Subscribe/ })).not.toBeInTheDocument()
    expect(within(plans).queryByText('Your subscription was revoked. Subscribe again or contact support.')).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Start or continue the course' })).not.toBeInTheDocument()
    view.unmount()
    // With a support address configured, the message names it.
    resetPublicConfig()
    net.server.use(http.get('*/api/config', () => HttpResponse.json({ ...config, supportEmail: 'help@aula.example.org' })))
    renderAt(`/galaxy/courses/overview/${COURSE}`)
    expect(
      await screen.findByText('Your access to this course was revoked by an administrator. Contact help@aula.example.org to have it restored.'),
    ).toBeInTheDocument()
  })

  it('a revocation arriving while the page is open: the refused subscribe shows why', async () => {
    await learner()
    const state: { subscription: UserSubscription | null; blocked: boolean } = { subscription: null, blocked: false }
    courseApi(state)
    net.server.use(
      http.post('*/api/v2/courses/course/subscribe', () => {
        state.subscription = subscription(new Date(), { revokedAt: new Date().toISOString(), status: 'revoked' })
        state.blocked = true
        return HttpResponse.json(
          { message: 'Your access to this course was revoked by an administrator; only an administrator can restore it', code: 'SUBSCRIPTION_REVOKED' },
          { status: 403 },
        )
      }),
    )
    renderAt(`/galaxy/courses/overview/${COURSE}`)
    await userEvent.click(await screen.findByRole('button', { name: 'Subscribe: Open access' }))
    expect(await screen.findByText(/Your access to this course was revoked by an administrator/)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Subscribe/ })).not.toBeInTheDocument()
  })

  it('says when a course does not exist', async () => {
    await learner()
    net.server.use(
      http.get('*/api/v2/courses/course/:id', () => HttpResponse.json({ message: 'Course not found' }, { status: 404 })),
      http.get('*/api/v2/courses/course/faq/:id', () => HttpResponse.json({ message: 'Course not found' }, { status: 404 })),
      http.get('*/api/v2/courses/courses/course/collaborators/:id', () => HttpResponse.json({ message: 'Course not found' }, { status: 404 })),
    )
    renderAt(`/galaxy/courses/overview/${COURSE}`)
    expect(await screen.findByText('This course does not exist or is no longer published')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to the catalogue' })).toHaveAttribute('href', '/galaxy')
    // Asking again would find nothing more.
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument()
  })

  it('says the same for an address whose id is no course id (the server answers 400)', async () => {
    await learner()
    const invalid = () => HttpResponse.json({ message: 'params/id must match format "uuid"' }, { status: 400 })
    net.server.use(
      http.get('*/api/v2/courses/course/:id', invalid),
      http.get('*/api/v2/courses/course/faq/:id', invalid),
      http.get('*/api/v2/courses/courses/course/collaborators/:id', invalid),
    )
    renderAt('/galaxy/courses/overview/no-such-course')
    expect(await screen.findByText('This course does not exist or is no longer published')).toBeInTheDocument()
    expect(screen.queryByText('Error while requesting the resource')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument()
  })

  it('offers to try again after a server failure, and puts the focus on the course once it loads', async () => {
    await learner()
    courseApi({ subscription: null })
    let failures = 1
    net.server.use(
      http.get('*/api/v2/courses/course/:id', () =>
        failures-- > 0 ? HttpResponse.json({ message: 'Internal error' }, { status: 500 }) : HttpResponse.json({ Item: overview() }),
      ),
    )
    renderAt(`/galaxy/courses/overview/${COURSE}`)
    expect(await screen.findByText('Error while requesting the resource')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    const title = await screen.findByRole('heading', { level: 1, name: 'Chemistry at home' })
    await vi.waitFor(() => expect(title).toHaveFocus())
  })
})
