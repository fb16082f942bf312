import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import type { ImportReport } from '../../../contracts/courses/cartridge'
import { FakeXhr, useFakeUploads } from '../upload/fakeXhr'
import { COURSE, renderBuilder, useBuilderServer } from './harness'

const ctx = useBuilderServer()
useFakeUploads()

const API = '/api/v2/courses/creator'
const PATH = 'imports/cartridge/0123456789abcdef0123456789abcdef/0123456789abcdef-physics.imscc'

const report: ImportReport = {
  version: '1.3.0',
  fileName: 'physics.imscc',
  imported: { sections: 2, text: 1, image: 1, attachment: 1, link: 1, form: 1, questions: 3 },
  entries: [
    { reason: 'discussion', title: 'Talk about it', detail: 'imsdt_xmlv1p3' },
    { reason: 'page-file', title: 'Welcome', detail: 'web_resources/images/atom.png' },
  ],
  more: 0,
}

/** The import routes: upload parameters, then the import, answering `imported` (a Response refuses). */
function importRoutes(imported: () => Response) {
  const asked: Array<Record<string, unknown>> = []
  const imports: Array<Record<string, unknown>> = []
  ctx.server.use(
    http.post(`${API}/import/cartridge-par`, async ({ request }) => {
      asked.push((await request.json()) as Record<string, unknown>)
      return HttpResponse.json({ url: '/api/files/upload', fields: { key: PATH }, path: PATH })
    }),
    http.post(`${API}/import/cartridge`, async ({ request }) => {
      imports.push((await request.json()) as Record<string, unknown>)
      return imported()
    }),
  )
  return { asked, imports }
}

const sent = () => waitFor(() => expect(FakeXhr.last?.body).toBeTruthy()).then(() => FakeXhr.last!)
const cartridge = (name = 'physics.imscc') => new File([new Uint8Array(2048)], name, { type: '' })

async function openDialog() {
  const user = userEvent.setup()
  renderBuilder('/creator/courses')
  const open = await screen.findByRole('button', { name: 'Import a Common Cartridge' })
  // Keyboard first: the action is a button reached and pressed from the keyboard.
  open.focus()
  await user.keyboard('{Enter}')
  const dialog = await screen.findByRole('dialog', { name: 'Import a Common Cartridge' })
  return { user, dialog }
}

describe('Import a Common Cartridge', () => {
  it('uploads the cartridge with its progress, imports it and opens the new draft with its report', async () => {
    const { asked, imports } = importRoutes(() => {
      ctx.api.importReport = { report, importedAt: '2026-11-27T10:00:00.000Z' }
      return HttpResponse.json({ uuid: COURSE, revision: 1, report }, { status: 201 })
    })
    const { user, dialog } = await openDialog()
    const input = within(dialog).getByLabelText('Cartridge file: Choose file')
    expect(input).toHaveAttribute('accept', '.imscc,.zip')
    expect(within(dialog).getByText(/Accepted types: IMSCC, ZIP · Largest size: 100 MB/)).toBeInTheDocument()

    await user.upload(input, cartridge())
    const xhr = await sent()
    // A .imscc has no type in most browsers: it is asked for as octet-stream.
    expect(asked).toEqual([{ size: 2048, contentType: 'application/octet-stream', fileName: 'physics.imscc' }])
    const bar = within(dialog).getByRole('progressbar', { name: 'Upload progress of physics.imscc' })
    act(() => xhr.progress(1024, 2048))
    expect(bar).toHaveAttribute('aria-valuenow', '50')
    act(() => xhr.respond(204))

    await waitFor(() => expect(screen.getByLabelText('location')).toHaveTextContent(`/creator/courses/${COURSE}/content`))
    expect(imports).toEqual([{ path: PATH }])
    const panel = await screen.findByRole('region', { name: 'Imported from “physics.imscc” (Common Cartridge 1.3.0)' })
    expect(within(panel).getByText('Imported: 2 sections, 1 page, 1 image, 1 file, 1 link, 1 form, 3 questions.')).toBeInTheDocument()
    expect(within(panel).getByText('Talk about it — discussion topic (Aula has no discussions)')).toBeInTheDocument()
    expect(within(panel).getByText('web_resources/images/atom.png')).toBeInTheDocument()

    await user.click(within(panel).getByRole('button', { name: 'Dismiss' }))
    await waitFor(() => expect(screen.queryByRole('region', { name: /Imported from/ })).not.toBeInTheDocument())
    expect(ctx.api.requests.some((r) => r.method === 'DELETE' && r.path === `/import/report/${COURSE}`)).toBe(true)
  })

  it('shows why a file was refused and stays open to try another', async () => {
    importRoutes(() =>
      HttpResponse.json(
        {
          message: 'Invalid request',
          code: 'VALIDATION',
          errors: { path: 'This is not a Common Cartridge: there is no imsmanifest.xml at the top of the file' },
        },
        { status: 400 },
      ),
    )
    const { user, dialog } = await openDialog()
    await user.upload(within(dialog).getByLabelText('Cartridge file: Choose file'), cartridge('notes.zip'))
    const xhr = await sent()
    act(() => xhr.respond(204))
    const alert = await within(dialog).findByText(/The file could not be imported as a Common Cartridge/)
    expect(alert).toHaveTextContent('This is not a Common Cartridge: there is no imsmanifest.xml at the top of the file')
    expect(screen.getByLabelText('location')).toHaveTextContent('/creator/courses')
    expect(screen.getByRole('dialog', { name: 'Import a Common Cartridge' })).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('is not offered to a reviewer, who may not own a course', async () => {
    renderBuilder('/creator/courses', ['reviewer'])
    expect(await screen.findByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true')
    expect(screen.queryByRole('button', { name: 'Import a Common Cartridge' })).not.toBeInTheDocument()
  })

  it('refuses a file over the limit before uploading it', async () => {
    const { asked } = importRoutes(() => HttpResponse.json({}, { status: 500 }))
    const { user, dialog } = await openDialog()
    const huge = cartridge()
    Object.defineProperty(huge, 'size', { value: 101 * 1024 * 1024 })
    await user.upload(within(dialog).getByLabelText('Cartridge file: Choose file'), huge)
    expect(await within(dialog).findByText(/Too much data/)).toBeInTheDocument()
    expect(asked).toEqual([])
  })
})
