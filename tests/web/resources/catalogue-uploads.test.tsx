import './admin'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import type { CatalogueItem } from '../../../contracts/admin/catalogues'
import { renderAt, signedInAs, useFakeNetwork } from '../account/harness'
import { FakeXhr, useFakeUploads } from '../upload/fakeXhr'

const net = useFakeNetwork()
const PAR = '*/api/v2/admin/general/resource-par'
const NEW_TEMPLATE = 'catalogues/certificates/0123456789abcdef-diploma-2026.pdf'
const NEW_LOGO = 'catalogues/organizations/fedcba9876543210-logo.png'

const certificate: CatalogueItem<'certificates'> = {
  id: '3c1d2e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
  name: 'Honours diploma',
  description: '',
  revision: 2,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
  templatePath: 'catalogues/certificates/aaaaaaaaaaaaaaaa-old-diploma.pdf',
  templateUrl: '/api/files/catalogues/certificates/aaaaaaaaaaaaaaaa-old-diploma.pdf?expires=1&signature=s',
}

const admin = () => signedInAs(net.identity.add({ email: 'admin@example.test', groups: ['admin'] }))

/** Answers the upload ask with `path`, recording each ask. */
function answerAsks(path: string) {
  const asks: unknown[] = []
  net.server.use(
    http.post(PAR, async ({ request }) => {
      asks.push(await request.json())
      return HttpResponse.json({ url: '/api/files/upload', fields: { key: path, 'Content-Type': 'x' }, path })
    }),
  )
  return asks
}

// The whole admin shell renders in each test and the form is used as a person would.
describe('catalogue file uploads', { timeout: 60_000 }, () => {
  useFakeUploads({ previews: true })

  it('replaces a certificate template: the current file is a link, the new one uploads with progress and the form saves its path', async () => {
    await admin()
    const asks = answerAsks(NEW_TEMPLATE)
    const updates: unknown[] = []
    net.server.use(
      http.get(`*/api/v2/admin/certificates/certificate/${certificate.id}`, () => HttpResponse.json({ Item: certificate })),
      http.put(`*/api/v2/admin/certificates/update/${certificate.id}`, async ({ request }) => {
        updates.push(await request.json())
        return HttpResponse.json({ Item: { ...certificate, templatePath: NEW_TEMPLATE, templateUrl: '/api/files/new?expires=1&signature=s', revision: 3 } })
      }),
    )
    renderAt(`/admin/certificates/${certificate.id}`)
    const current = await screen.findByRole('group', { name: 'Current file' })
    expect(await within(current).findByRole('link', { name: 'old-diploma.pdf' })).toHaveAttribute('href', certificate.templateUrl)
    expect(screen.getByText('Current file: old-diploma.pdf')).toBeInTheDocument()
    expect(screen.getByText(/Accepted types: PDF, PNG, JPEG · Largest size: 10 MB/)).toBeInTheDocument()

    const user = userEvent.setup()
    // Keyboard: the chooser is the next stop after the name.
    await user.click(screen.getByRole('textbox', { name: /^Name/ }))
    await user.tab()
    expect(screen.getByRole('button', { name: 'Replace file' })).toHaveFocus()
    await user.upload(screen.getByLabelText('Template file: Replace file'), new File([new Uint8Array(4000)], 'diploma 2026.pdf', { type: 'application/pdf' }))
    await waitFor(() => expect(FakeXhr.last?.body).toBeTruthy())
    expect(asks).toEqual([{ kind: 'certificate-template', size: 4000, contentType: 'application/pdf', fileName: 'diploma 2026.pdf' }])
    const bar = screen.getByRole('progressbar', { name: 'Upload progress of diploma 2026.pdf' })
    act(() => FakeXhr.last!.progress(1000, 4000))
    expect(bar).toHaveAttribute('aria-valuenow', '25')
    expect(screen.getByText('25%')).toBeInTheDocument()
    act(() => FakeXhr.last!.respond(204))
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('diploma 2026.pdf uploaded.'))
    expect(within(current).getByRole('link', { name: 'diploma-2026.pdf' })).toHaveAttribute('href', 'blob:preview')

    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(updates).toHaveLength(1))
    expect(updates[0]).toEqual({ name: 'Honours diploma', description: '', templatePath: NEW_TEMPLATE, revision: 2 })
  })

  it('a new certificate design needs a template before it is sent', async () => {
    await admin()
    const user = userEvent.setup()
    let sent = false
    net.server.use(http.post('*/api/v2/admin/certificates/create', () => ((sent = true), HttpResponse.json({}, { status: 500 }))))
    renderAt('/admin/certificates/create')
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'Plain design')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Required')).toBeInTheDocument()
    expect(sent).toBe(false)
  })

  it('uploads an organisation logo, previews it and creates the organisation with its path', async () => {
    await admin()
    const asks = answerAsks(NEW_LOGO)
    const created: unknown[] = []
    net.server.use(
      http.post('*/api/v2/admin/organizations/create', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>
        created.push(body)
        return HttpResponse.json(
          {
            Item: {
              ...body,
              id: '4d1d2e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
              revision: 1,
              createdAt: '2026-01-01T00:00:00.000Z',
              updatedAt: '2026-01-01T00:00:00.000Z',
              logoUrl: '/api/files/logo?expires=1&signature=s',
            },
          },
          { status: 201 },
        )
      }),
    )
    renderAt('/admin/organizations/create')
    const user = userEvent.setup()
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'Universidad Abierta')
    await user.type(screen.getByRole('textbox', { name: /^Domain/ }), 'abierta.edu.mx')
    const current = screen.getByRole('group', { name: 'Current file' })
    expect(within(current).getByText('No file yet')).toBeInTheDocument()
    expect(screen.getByText(/Accepted types: PNG, JPEG · Largest size: 2 MB/)).toBeInTheDocument()

    await user.upload(screen.getByLabelText('Logo file: Choose file'), new File([new Uint8Array(800)], 'logo.png', { type: 'image/png' }))
    await waitFor(() => expect(FakeXhr.last?.body).toBeTruthy())
    expect(asks).toEqual([{ kind: 'organization-logo', size: 800, contentType: 'image/png', fileName: 'logo.png' }])
    act(() => FakeXhr.last!.progress(400, 800))
    expect(screen.getByRole('progressbar', { name: 'Upload progress of logo.png' })).toHaveAttribute('aria-valuenow', '50')
    act(() => FakeXhr.last!.respond(204))
    expect(await within(current).findByRole('img', { name: 'Current logo' })).toHaveAttribute('src', 'blob:preview')
    expect(within(current).getByRole('button', { name: 'Remove the logo' })).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(created).toHaveLength(1))
    expect(created[0]).toEqual({ name: 'Universidad Abierta', domain: 'abierta.edu.mx', logoPath: NEW_LOGO })
  })
})
