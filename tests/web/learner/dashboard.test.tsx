import '../account/eng'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import type { UserCourse } from '../../../contracts/subscriptions'
import { renderAt, signedInAs, useFakeNetwork } from '../account/harness'
import { COURSE, OTHER } from './fixtures'

const net = useFakeNetwork()

const course = (over: Partial<UserCourse>): UserCourse => ({
  uuid: COURSE,
  name: 'Chemistry at home',
  details: { ShortDescription: 'Safe experiments.' },
  cover: null,
  subscribedAt: '2026-11-01T10:00:00.000Z',
  progress: 0,
  ...over,
})

describe('dashboard course cards', () => {
  it('show each course’s progress, and the certificate download once issued', async () => {
    await signedInAs(net.identity.add({ email: 'ana@example.test', groups: ['general'] }))
    const downloads: { auth: string | null; lang: string | null }[] = []
    net.server.use(
      http.get('*/api/v2/user/courses', () =>
        HttpResponse.json({
          items: [course({ progress: 40 }), course({ uuid: OTHER, name: 'Astronomy', progress: 100 })],
          paginationToken: null,
          estimated: 2,
        }),
      ),
      http.get('*/api/v2/courses/metrics/gcc/:course', () =>
        HttpResponse.json({
          done: 5,
          total: 5,
          percent: 100,
          completed: true,
          completedAt: '2026-11-20T15:00:00.000Z',
          certificate: { code: 'ABCD-EFGH-JKLM', issuedAt: '2026-11-20T15:00:00.000Z', url: `/api/v2/courses/certificates/${OTHER}` },
        }),
      ),
      http.get('*/api/v2/courses/certificates/:course', ({ request }) => {
        downloads.push({ auth: request.headers.get('authorization'), lang: new URL(request.url).searchParams.get('lang') })
        return new HttpResponse(new Uint8Array([0x25, 0x50, 0x44, 0x46]), { headers: { 'Content-Type': 'application/pdf' } })
      }),
    )
    const created = vi.fn(() => 'blob:certificate')
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() })
    const clicks = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined)
    renderAt('/dashboard')

    const chemistry = (await screen.findByRole('heading', { name: 'Chemistry at home' })).closest('.MuiCard-root') as HTMLElement
    expect(within(chemistry).getByRole('progressbar', { name: 'Progress: 40 %' })).toHaveAttribute('aria-valuenow', '40')
    expect(within(chemistry).queryByRole('button', { name: 'Download certificate' })).not.toBeInTheDocument()

    const astronomy = screen.getByRole('heading', { name: 'Astronomy' }).closest('.MuiCard-root') as HTMLElement
    expect(within(astronomy).getByRole('progressbar', { name: 'Progress: 100 %' })).toBeInTheDocument()
    await userEvent.click(await within(astronomy).findByRole('button', { name: 'Download certificate' }))
    await vi.waitFor(() => expect(clicks).toHaveBeenCalled())
    expect(downloads).toEqual([{ auth: expect.stringMatching(/^Bearer /), lang: 'eng' }])
    expect(created).toHaveBeenCalled()
  })
})

describe('dashboard course card links', () => {
  it('lead into the player, where it resumes, with the overview one click away', async () => {
    await signedInAs(net.identity.add({ email: 'ana@example.test', groups: ['general'] }))
    net.server.use(http.get('*/api/v2/user/courses', () => HttpResponse.json({ items: [course({ progress: 40 })], paginationToken: null, estimated: 1 })))
    renderAt('/dashboard')

    const card = (await screen.findByRole('heading', { name: 'Chemistry at home' })).closest('.MuiCard-root') as HTMLElement
    // Without a block in the address the player opens at the learner's resume point (docs/learning.md "The player in the browser").
    expect(within(card).getByRole('link', { name: 'Go to course' })).toHaveAttribute('href', `/galaxy/courses/player/${COURSE}`)
    expect(within(card).getByRole('link', { name: 'Course overview' })).toHaveAttribute('href', `/galaxy/courses/overview/${COURSE}`)
  })
})

describe('dashboard load failure', () => {
  it('offers "Try again" and, once the courses come, puts the focus on the dashboard', async () => {
    await signedInAs(net.identity.add({ email: 'ana@example.test', groups: ['general'] }))
    let failures = 1
    net.server.use(
      http.get('*/api/v2/user/courses', () =>
        failures-- > 0
          ? HttpResponse.json({ message: 'boom' }, { status: 503 })
          : HttpResponse.json({ items: [course({})], paginationToken: null, estimated: 1 }),
      ),
    )
    renderAt('/dashboard')
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('heading', { name: 'Chemistry at home' })).toBeInTheDocument()
    await vi.waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveFocus())
  })
})
