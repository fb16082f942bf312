import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { api, COURSE, renderPlayer, server, TEXT, useFakePlayer } from './playerFixture'

useFakePlayer()

const CREDENTIAL = { id: 'http://localhost/api/certificates/badges/ABCD-EFGH-JKLM', type: ['VerifiableCredential', 'OpenBadgeCredential'] }

/** Catches the files the page hands the browser: their names and contents. */
function catchDownloads() {
  const files: Array<{ name: string; blob: Blob }> = []
  let last: Blob | null = null
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => ((last = blob), 'blob:badge'),
    revokeObjectURL: () => undefined,
  })
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    files.push({ name: this.download, blob: last! })
  })
  onTestFinished(() => click.mockRestore())
  return files
}

/** A blob's text (jsdom's Blob has no `text()`). */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader()
    reader.onload = () => resolve(reader.result as string)
    reader.readAsText(blob)
  })

describe('course player: the Open Badge', () => {
  it('downloads the credential and its JWT as a .badge.json file beside the certificate', async () => {
    api.certificate = { code: 'ABCD-EFGH-JKLM', issuedAt: '2026-11-22T10:00:00.000Z', url: `/api/v2/courses/certificates/${COURSE}` }
    localStorage.setItem('jwt', 'token-ana')
    const auth: Array<string | null> = []
    server.use(
      http.get('*/api/v2/courses/certificates/:course/badge', ({ request, params }) => {
        auth.push(request.headers.get('Authorization'))
        expect(params.course).toBe(COURSE)
        return HttpResponse.json({ credential: CREDENTIAL, jwt: 'aaa.bbb.ccc', verified: true })
      }),
    )
    const files = catchDownloads()
    const user = userEvent.setup()
    renderPlayer(`/galaxy/courses/player/${COURSE}/${TEXT}`)
    expect(await screen.findByRole('button', { name: 'Download the certificate' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Download the Open Badge' }))
    await waitFor(() => expect(files.map((f) => f.name)).toEqual(['Statistics for everyone - ABCD-EFGH-JKLM.badge.json']))
    expect(auth).toEqual(['Bearer token-ana'])
    expect(files[0].blob.type).toBe('application/json')
    expect(JSON.parse(await textOf(files[0].blob))).toEqual({ credential: CREDENTIAL, jwt: 'aaa.bbb.ccc' })
  })

  it('says so when the badge cannot be downloaded', async () => {
    api.certificate = { code: 'ABCD-EFGH-JKLM', issuedAt: '2026-11-22T10:00:00.000Z', url: `/api/v2/courses/certificates/${COURSE}` }
    server.use(http.get('*/api/v2/courses/certificates/:course/badge', () => HttpResponse.json({ message: 'Boom' }, { status: 500 })))
    const files = catchDownloads()
    const user = userEvent.setup()
    renderPlayer(`/galaxy/courses/player/${COURSE}/${TEXT}`)
    await user.click(await screen.findByRole('button', { name: 'Download the Open Badge' }))
    expect(await screen.findByText(/The Open Badge could not be downloaded\. Please try again\./)).toBeInTheDocument()
    expect(files).toEqual([])
  })

  it('says the certificate was revoked, and when, with nothing to download', async () => {
    api.certificate = {
      code: 'ABCD-EFGH-JKLM',
      issuedAt: '2026-11-22T10:00:00.000Z',
      url: `/api/v2/courses/certificates/${COURSE}`,
      revokedAt: '2026-11-25T10:00:00.000Z',
    }
    renderPlayer(`/galaxy/courses/player/${COURSE}/${TEXT}`)
    expect(await screen.findByText(/Your certificate was revoked on 25 November 2026 and is no longer valid\./)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Download the certificate' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Download the Open Badge' })).not.toBeInTheDocument()
  })
})
