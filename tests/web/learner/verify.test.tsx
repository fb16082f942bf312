import '../account/eng'
import crypto from 'node:crypto'
import zlib from 'node:zlib'
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
          ? HttpResponse.json({
              code: 'ABCD-EFGH-JKLM',
              learner: 'Ana Pérez',
              course: 'Chemistry at home',
              hours: 6,
              issuedAt: '2026-11-20T15:00:00.000Z',
              revokedAt: null,
            })
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

  it('checks the Open Badges credential in the browser with the published key and status list, and says when it is revoked', async () => {
    const { privateKey, publicKey } = crypto.generateKeyPairSync('ed25519')
    const jwk = { ...(publicKey.export({ format: 'jwk' }) as object), kid: 'k1', alg: 'EdDSA', use: 'sig' }
    const part = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url')
    const sign = (payload: unknown) => {
      const input = `${part({ alg: 'EdDSA', typ: 'JWT', kid: 'k1' })}.${part(payload)}`
      return `${input}.${crypto.sign(null, Buffer.from(input), privateKey).toString('base64url')}`
    }
    const LIST = 'http://localhost/api/certificates/status/revocation'
    const listJwt = (revoked: number[]) => {
      const bits = Buffer.alloc(131072 / 8)
      for (const i of revoked) bits[i >> 3] |= 0x80 >> (i & 7)
      const encodedList = `u${zlib.gzipSync(bits).toString('base64url')}`
      return sign({ vc: { id: LIST, credentialSubject: { type: 'BitstringStatusList', statusPurpose: 'revocation', encodedList } } })
    }
    const status = { id: `${LIST}#77`, type: 'BitstringStatusListEntry', statusPurpose: 'revocation', statusListIndex: '77', statusListCredential: LIST }
    const jwt = sign({ vc: { type: ['VerifiableCredential', 'OpenBadgeCredential'], credentialStatus: status } })
    let badgeJwt = jwt
    let revoked: number[] = []
    let revokedAt: string | null = null
    net.server.use(
      http.get('*/api/certificates/verify/:code', () =>
        HttpResponse.json({
          code: 'ABCD-EFGH-JKLM',
          learner: 'Ana Pérez',
          course: 'Chemistry at home',
          hours: 6,
          issuedAt: '2026-11-20T15:00:00.000Z',
          revokedAt,
        }),
      ),
      http.get('*/api/certificates/badges/:code', ({ request }) => {
        expect(request.headers.get('authorization')).toBeNull()
        return HttpResponse.json({ credential: {}, jwt: badgeJwt, verified: true, revokedAt })
      }),
      http.get('*/api/certificates/issuer/jwks', () => HttpResponse.json({ keys: [jwk] })),
      http.get('*/api/certificates/status/revocation', () => HttpResponse.json({ credential: {}, jwt: listJwt(revoked) })),
    )
    const first = renderAt('/certificates/verify/ABCD-EFGH-JKLM')
    expect(await screen.findByText(/was checked in this browser with the issuer's public key and is not revoked/)).toBeInTheDocument()
    first.unmount()

    // Its bit set (the page would also say so from the verification itself).
    revoked = [3, 77]
    revokedAt = '2026-11-25T10:00:00.000Z'
    const second = renderAt('/certificates/verify/ABCD-EFGH-JKLM')
    expect(await screen.findByRole('heading', { level: 2, name: 'Certificate revoked' })).toBeInTheDocument()
    expect(screen.getByText('This certificate was revoked on 25 November 2026 and is no longer valid.')).toBeInTheDocument()
    expect(screen.queryByText('Valid certificate')).not.toBeInTheDocument()
    expect(await screen.findByText("Its Open Badges credential is marked revoked in the issuer's status list.")).toBeInTheDocument()
    second.unmount()

    // One byte of the payload changed: the signature no longer matches.
    revoked = []
    revokedAt = null
    const [h, p, sig] = jwt.split('.')
    badgeJwt = `${h}.${p.slice(0, 10)}${p[10] === 'A' ? 'B' : 'A'}${p.slice(11)}.${sig}`
    renderAt('/certificates/verify/ABCD-EFGH-JKLM')
    expect(await screen.findByText(/could not be verified/)).toBeInTheDocument()
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
