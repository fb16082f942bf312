import '../account/eng'
import { screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { renderAt, signedInAs, useFakeNetwork } from '../account/harness'
import { COURSE, FREE_PLAN, overview } from './fixtures'

const net = useFakeNetwork()

describe("course overview's tab title", () => {
  it('names the course once it is loaded, and the path before (decision 0001)', async () => {
    await signedInAs(net.identity.add({ email: 'ana@example.test', groups: ['general'] }))
    let answer: () => void = () => undefined
    const loaded = new Promise<void>((resolve) => (answer = resolve))
    net.server.use(
      http.get('*/api/v2/courses/course/:id', async () => {
        await loaded
        return HttpResponse.json({ Item: overview() })
      }),
      http.get('*/api/v2/courses/course/faq/:id', () => HttpResponse.json({ items: [] })),
      http.get('*/api/v2/courses/courses/course/collaborators/:id', () => HttpResponse.json({ items: [] })),
      http.get('*/api/v2/courses/course/subscriptions/:id', () => HttpResponse.json({ plans: [FREE_PLAN], subscription: null, blocked: false })),
    )
    renderAt(`/galaxy/courses/overview/${COURSE}`)
    await waitFor(() => expect(document.title).toBe('Galaxy / Courses / Overview | Aula'))
    answer()
    expect(await screen.findByRole('heading', { level: 1, name: 'Chemistry at home' })).toBeInTheDocument()
    await waitFor(() => expect(document.title).toBe('Chemistry at home | Aula'))
  })
})
