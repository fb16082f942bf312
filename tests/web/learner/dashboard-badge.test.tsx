import '../account/eng'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import type { UserCourse } from '../../../contracts/subscriptions'
import { renderAt, signedInAs, useFakeNetwork } from '../account/harness'
import { OTHER } from './fixtures'

const net = useFakeNetwork()

const astronomy: UserCourse = {
  uuid: OTHER,
  name: 'Astronomy: the sky?',
  details: { ShortDescription: 'Stars.' },
  cover: null,
  subscribedAt: '2026-11-01T10:00:00.000Z',
  progress: 100,
}

/** A blob's text (jsdom's Blob has no `text()`). */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader()
    reader.onload = () => resolve(reader.result as string)
    reader.readAsText(blob)
  })

describe('dashboard: the Open Badge', () => {
  it('downloads the credential with its JWT as <course> - <code>.badge.json', async () => {
    await signedInAs(net.identity.add({ email: 'ana@example.test', groups: ['general'] }))
    const asked: Array<string | null> = []
    net.server.use(
      http.get('*/api/v2/user/courses', () => HttpResponse.json({ items: [astronomy], paginationToken: null, estimated: 1 })),
      http.get('*/api/v2/courses/metrics/gcc/:course', () =>
        HttpResponse.json({
          done: 5,
          total: 5,
          percent: 100,
          completed: true,
          completedAt: '2026-11-20T15:00:00.000Z',
          certificate: { code: 'ABCD-EFGH-JKMN', issuedAt: '2026-11-20T15:00:00.000Z', url: `/api/v2/courses/certificates/${OTHER}` },
        }),
      ),
      http.get('*/api/v2/courses/certificates/:course/badge', ({ request }) => {
        asked.push(request.headers.get('authorization'))
        return HttpResponse.json({ credential: { name: 'Astronomy' }, jwt: 'h.p.s', verified: true })
      }),
    )
    let blob: Blob | null = null
    Object.assign(URL, { createObjectURL: vi.fn((b: Blob) => ((blob = b), 'blob:badge')), revokeObjectURL: vi.fn() })
    const names: string[] = []
    const clicks = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download)
    })
    renderAt('/dashboard')

    const card = (await screen.findByRole('heading', { name: 'Astronomy: the sky?' })).closest('.MuiCard-root') as HTMLElement
    await userEvent.click(await within(card).findByRole('button', { name: 'Download the Open Badge' }))
    await vi.waitFor(() => expect(names).toEqual(['Astronomy the sky - ABCD-EFGH-JKMN.badge.json']))
    expect(asked).toEqual([expect.stringMatching(/^Bearer /)])
    expect(JSON.parse(await textOf(blob!))).toEqual({ credential: { name: 'Astronomy' }, jwt: 'h.p.s' })
    clicks.mockRestore()
  })

  it('says the certificate was revoked and offers no download of it', async () => {
    await signedInAs(net.identity.add({ email: 'rev@example.test', groups: ['general'] }))
    net.server.use(
      http.get('*/api/v2/user/courses', () => HttpResponse.json({ items: [astronomy], paginationToken: null, estimated: 1 })),
      http.get('*/api/v2/courses/metrics/gcc/:course', () =>
        HttpResponse.json({
          done: 5,
          total: 5,
          percent: 100,
          completed: true,
          completedAt: '2026-11-20T15:00:00.000Z',
          certificate: {
            code: 'ABCD-EFGH-JKMN',
            issuedAt: '2026-11-20T15:00:00.000Z',
            url: `/api/v2/courses/certificates/${OTHER}`,
            revokedAt: '2026-11-25T10:00:00.000Z',
          },
        }),
      ),
    )
    renderAt('/dashboard')
    const card = (await screen.findByRole('heading', { name: 'Astronomy: the sky?' })).closest('.MuiCard-root') as HTMLElement
    expect(await within(card).findByText('Certificate revoked')).toBeInTheDocument()
    expect(within(card).queryByRole('button', { name: 'Download the Open Badge' })).not.toBeInTheDocument()
    expect(within(card).queryByRole('button', { name: 'Download certificate' })).not.toBeInTheDocument()
  })
})
