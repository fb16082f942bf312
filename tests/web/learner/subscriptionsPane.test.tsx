import '../account/eng'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { path, renderAt, signedInAs, useFakeNetwork } from '../account/harness'
import { COURSE, FREE_PLAN, overview } from './fixtures'

const net = useFakeNetwork()
const DAY = 24 * 60 * 60 * 1000

describe('settings › subscriptions', () => {
  it('each subscription names its course, leading to the course overview', async () => {
    await signedInAs(net.identity.add({ email: 'ana@example.test', groups: ['general'] }))
    const created = new Date(Date.now() - 40 * DAY)
    net.server.use(
      http.get('*/api/v2/user/subscriptions', () =>
        HttpResponse.json({
          page: 1,
          pageSize: 10,
          total: 1,
          items: [
            {
              id: '99999999-9999-4999-8999-999999999999',
              course: { uuid: COURSE, name: 'Chemistry at home' },
              plan: { name: FREE_PLAN.name, durationDays: 30 },
              createdAt: created.toISOString(),
              revokedAt: null,
              status: 'expired',
              expiresAt: new Date(created.getTime() + 30 * DAY).toISOString(),
              remainingDays: 0,
            },
          ],
        }),
      ),
      http.get('*/api/v2/courses/course/:id', () => HttpResponse.json({ Item: overview() })),
      http.get('*/api/v2/courses/course/faq/:id', () => HttpResponse.json({ items: [] })),
      http.get('*/api/v2/courses/courses/course/collaborators/:id', () => HttpResponse.json({ items: [] })),
      http.get('*/api/v2/courses/course/subscriptions/:id', () => HttpResponse.json({ plans: [FREE_PLAN], subscription: null })),
    )
    renderAt('/settings/subscriptions')
    expect(await screen.findByText('Expired')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('link', { name: 'Chemistry at home' }))
    expect(path()).toBe(`/galaxy/courses/overview/${COURSE}`)
    expect(await screen.findByRole('heading', { level: 1, name: 'Chemistry at home' })).toBeInTheDocument()
  })
})
