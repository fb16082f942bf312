import '../account/eng'
import { screen } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { renderAt, useFakeNetwork } from '../account/harness'

const net = useFakeNetwork()

describe('public certificate verification', () => {
  it('confirms who earned which course and when, without signing in', async () => {
    let auth: string | null = 'unset'
    net.server.use(
      http.get('*/api/certificates/verify/:code', ({ params, request }) => {
        auth = request.headers.get('authorization')
        return params.code === 'ABCD-EFGH-JKLM'
          ? HttpResponse.json({ code: 'ABCD-EFGH-JKLM', learner: 'Ana Pérez', course: 'Chemistry at home', hours: 6, issuedAt: '2026-11-20T15:00:00.000Z' })
          : HttpResponse.json({ message: 'Unknown certificate code' }, { status: 404 })
      }),
      http.get('*/api/certificates/badges/:code', () => HttpResponse.json({ message: 'Unknown certificate code' }, { status: 404 })),
    )
    renderAt('/certificates/verify/ABCD-EFGH-JKLM')
    expect(await screen.findByRole('heading', { level: 2, name: 'Valid certificate' })).toBeInTheDocument()
    expect(screen.getByText('Ana Pérez earned the certificate of the course “Chemistry at home” on 20 November 2026.')).toBeInTheDocument()
    expect(screen.getByText('6 hours')).toBeInTheDocument()
    expect(screen.getByText('ABCD-EFGH-JKLM')).toBeInTheDocument()
    expect(auth).toBeNull()
    expect(window.location.pathname).toBe('/certificates/verify/ABCD-EFGH-JKLM')
  })

  it('says so when the certificate has an Open Badges credential the server verified', async () => {
    const badge = (verified: boolean) => ({ credential: {}, jwt: 'a.b.c', verified })
    let verified = true
    net.server.use(
      http.get('*/api/certificates/verify/:code', () =>
        HttpResponse.json({ code: 'ABCD-EFGH-JKLM', learner: 'Ana Pérez', course: 'Chemistry at home', hours: 6, issuedAt: '2026-11-20T15:00:00.000Z' }),
      ),
      http.get('*/api/certificates/badges/:code', ({ request }) => {
        expect(request.headers.get('authorization')).toBeNull()
        return HttpResponse.json(badge(verified))
      }),
    )
    const first = renderAt('/certificates/verify/ABCD-EFGH-JKLM')
    expect(await screen.findByText('This certificate has a verified Open Badges credential.')).toBeInTheDocument()
    first.unmount()

    verified = false
    renderAt('/certificates/verify/ABCD-EFGH-JKLM')
    expect(await screen.findByRole('heading', { level: 2, name: 'Valid certificate' })).toBeInTheDocument()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.queryByText('This certificate has a verified Open Badges credential.')).not.toBeInTheDocument()
  })

  it('says clearly when a code is unknown', async () => {
    net.server.use(http.get('*/api/certificates/verify/:code', () => HttpResponse.json({ message: 'Unknown certificate code' }, { status: 404 })))
    renderAt('/certificates/verify/NOPE-0000')
    expect(await screen.findByRole('heading', { level: 2, name: 'Unknown certificate code' })).toBeInTheDocument()
    expect(screen.getByText(/No certificate has the code NOPE-0000/)).toBeInTheDocument()
    expect(screen.queryByText('Valid certificate')).not.toBeInTheDocument()
  })

  it('says how long to wait when the server refuses too many look-ups', async () => {
    net.server.use(
      http.get('*/api/certificates/verify/:code', () =>
        HttpResponse.json(
          { message: 'Too many requests: try again in 42 seconds', code: 'RATE_LIMITED', retryAfter: 42 },
          { status: 429, headers: { 'Retry-After': '42' } },
        ),
      ),
    )
    renderAt('/certificates/verify/ABCD-EFGH-JKLM')
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Too many requests')
    expect(alert).toHaveTextContent('Please wait 42 seconds and try again.')
    expect(screen.queryByText('Unknown certificate code')).not.toBeInTheDocument()
    expect(screen.queryByText(/try again in 42 seconds/)).not.toBeInTheDocument()
  })

  it('asks for a moment when a refusal does not say how long', async () => {
    net.server.use(http.get('*/api/certificates/verify/:code', () => HttpResponse.json({ message: 'Too many requests' }, { status: 429 })))
    renderAt('/certificates/verify/ABCD-EFGH-JKLM')
    expect(await screen.findByRole('alert')).toHaveTextContent('Please wait a moment and try again.')
  })
})
