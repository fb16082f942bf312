import '../account/eng'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { delay, http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { UserSubscription } from '../../../contracts/subscriptions'
import { resetPublicConfig } from '../../../src/authProvider/config'
import { leavePage } from '../../../src/learner/overview/leavePage'
import { config } from '../account/fakeIdentity'
import { renderAt, signedInAs, useFakeNetwork } from '../account/harness'
import { COURSE, FREE_PLAN, overview, SOLD_PLAN } from './fixtures'

/** The overview's online checkout (decision 0028): Buy buttons, whom to ask without checkout, the return from paying. */

const net = useFakeNetwork()
const learner = () => signedInAs(net.identity.add({ email: 'ana@example.test', groups: ['general'] }))
const PAGE = `/galaxy/courses/overview/${COURSE}`
const PAY_URL = 'https://checkout.stripe.test/c/pay/cs_test_1'

afterEach(() => vi.restoreAllMocks())

function bought(): UserSubscription {
  const now = new Date()
  return {
    id: '99999999-9999-4999-8999-999999999999',
    course: { uuid: COURSE, name: 'Chemistry at home' },
    plan: { name: SOLD_PLAN.name, durationDays: 90 },
    createdAt: now.toISOString(),
    revokedAt: null,
    status: 'active',
    expiresAt: new Date(now.getTime() + 90 * 86400000).toISOString(),
    remainingDays: 89,
  }
}

function courseApi(state: { subscription: UserSubscription | null }, checkoutEnabled: boolean) {
  net.server.use(
    http.get('*/api/v2/courses/course/:id', () => HttpResponse.json({ Item: overview({ checkoutEnabled }) })),
    http.get('*/api/v2/courses/course/faq/:id', () => HttpResponse.json({ items: [] })),
    http.get('*/api/v2/courses/courses/course/collaborators/:id', () => HttpResponse.json({ items: [] })),
    http.get('*/api/v2/courses/course/subscriptions/:id', () =>
      HttpResponse.json({ plans: [FREE_PLAN, SOLD_PLAN], subscription: state.subscription, blocked: false }),
    ),
  )
}

describe('buying a plan online', () => {
  it('a Buy button per priced plan, reachable by keyboard: asks for a payment page for the plan (no price sent) and goes there', async () => {
    await learner()
    courseApi({ subscription: null }, true)
    const went = vi.spyOn(leavePage, 'to').mockImplementation(() => {})
    let body: unknown
    net.server.use(
      http.post('*/api/v2/courses/course/checkout', async ({ request }) => {
        body = await request.json()
        await delay(150)
        return HttpResponse.json({ id: '12121212-1212-4121-8121-121212121212', url: PAY_URL }, { status: 201 })
      }),
    )
    renderAt(PAGE)
    const plans = await screen.findByRole('region', { name: 'Plans' })
    const buy = await within(plans).findByRole('button', { name: 'Buy: Mentored' })
    // Only the priced plan is bought; the free one is subscribed to.
    expect(within(plans).getAllByRole('button', { name: /^Buy/ })).toHaveLength(1)
    expect(within(plans).queryByText(/To buy a paid plan/)).not.toBeInTheDocument()
    buy.focus()
    await userEvent.keyboard('{Enter}')
    expect(await within(plans).findByText('Opening the payment page…')).toBeInTheDocument()
    expect(within(plans).getByRole('button', { name: 'Buy: Mentored' })).toBeDisabled()
    await vi.waitFor(() => expect(went).toHaveBeenCalledWith(PAY_URL))
    expect(body).toEqual({ uuid: COURSE, plan: SOLD_PLAN.id })
  })

  it('says so when the payment page cannot be opened, and the button can be pressed again', async () => {
    await learner()
    courseApi({ subscription: null }, true)
    const went = vi.spyOn(leavePage, 'to').mockImplementation(() => {})
    net.server.use(
      http.post('*/api/v2/courses/course/checkout', () =>
        HttpResponse.json({ message: 'The payment service cannot be reached', code: 'PAYMENT_PROVIDER_UNAVAILABLE' }, { status: 502 }),
      ),
    )
    renderAt(PAGE)
    await userEvent.click(await screen.findByRole('button', { name: 'Buy: Mentored' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('The payment page could not be opened. Please try again in a moment.')
    expect(screen.getByRole('button', { name: 'Buy: Mentored' })).toBeEnabled()
    expect(went).not.toHaveBeenCalled()
  })

  it('without online payment: no Buy button, and whom to ask (the support address when one is set)', async () => {
    await learner()
    courseApi({ subscription: null }, false)
    const view = renderAt(PAGE)
    const plans = await screen.findByRole('region', { name: 'Plans' })
    expect(await within(plans).findByText('To buy a paid plan, ask your teacher or the centre office.')).toBeInTheDocument()
    expect(within(plans).getByText(/90 days · \$49\.50/)).toBeInTheDocument()
    expect(within(plans).queryByRole('button', { name: /^Buy/ })).not.toBeInTheDocument()
    view.unmount()
    resetPublicConfig()
    net.server.use(http.get('*/api/config', () => HttpResponse.json({ ...config, supportEmail: 'help@aula.example.org' })))
    renderAt(PAGE)
    expect(await screen.findByText('To buy a paid plan, write to help@aula.example.org.')).toBeInTheDocument()
  })

  it('back from paying: says the course is on its way, offers no second purchase, and asks again until the subscription shows', async () => {
    await learner()
    const state: { subscription: UserSubscription | null } = { subscription: null }
    courseApi(state, true)
    let asked = 0
    net.server.use(
      http.get('*/api/v2/courses/course/subscriptions/:id', () => {
        // The webhook arrives after the learner is back: the second question finds the subscription.
        if (++asked >= 2) state.subscription = bought()
        return HttpResponse.json({ plans: [FREE_PLAN, SOLD_PLAN], subscription: state.subscription, blocked: false })
      }),
    )
    renderAt(`${PAGE}?checkout=success`)
    expect(await screen.findByText('Payment received: your course will appear in a moment.')).toBeInTheDocument()
    // No second purchase while the one just paid is on its way.
    expect(screen.queryByRole('button', { name: /^Buy/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Subscribe/ })).not.toBeInTheDocument()
    expect(await screen.findByText('Active subscription: 89 days left', {}, { timeout: 6000 })).toBeInTheDocument()
    expect(screen.queryByText('Payment received: your course will appear in a moment.')).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Start or continue the course' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Buy/ })).not.toBeInTheDocument()
  })

  it('back after cancelling: says nothing was charged, and the plan can still be bought', async () => {
    await learner()
    courseApi({ subscription: null }, true)
    renderAt(`${PAGE}?checkout=cancelled`)
    expect(await screen.findByText('You cancelled the payment: nothing was charged.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Buy: Mentored' })).toBeEnabled()
  })
})
