import { PDFDocument, StandardFonts } from 'pdf-lib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { catalogueTemplate, renderCertificate, templateKind } from '../../server/certificates/index.js'
import { sampleFile } from '../helpers/media.js'
import { adminApp, expectAdminOnly, type AdminApi } from './admin-helpers.js'
import { multipart } from './storage-contract.js'

let api: AdminApi
beforeAll(async () => {
  api = await adminApp()
})
afterAll(() => api.close())

const PAR = '/api/v2/admin/general/resource-par'
const MB = 1024 * 1024

type Ask = { kind: string; size: number; contentType: string; fileName: string }
type Params = { url: string; fields: Record<string, string>; path: string }

/** Asks for parameters as the admin screens do, then POSTs the file as a browser does; returns the issued path. */
async function upload(kind: string, file: { bytes: Buffer; type: string; name: string }): Promise<string> {
  const par = await api.call('POST', PAR, { kind, size: file.bytes.length, contentType: file.type, fileName: file.name })
  expect(par.statusCode, par.body).toBe(200)
  const { url, fields, path } = par.json() as Params
  const { body, contentType } = await multipart(fields, { bytes: file.bytes, name: file.name, type: file.type })
  const posted = await api.app.inject({ method: 'POST', url, payload: body, headers: { 'content-type': contentType } })
  expect(posted.statusCode, posted.body).toBeLessThan(300)
  return path
}

/** A one-page template of a size no default design has, so a drawing on it shows. */
async function templatePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create()
  const font = await doc.embedFont(StandardFonts.Helvetica)
  doc.addPage([700, 500]).drawText('Centro de Estudios', { x: 40, y: 450, size: 18, font })
  return Buffer.from(await doc.save())
}

/** Reads a file link the API handed out, as the browser would. */
async function fetchLink(url: string) {
  const { pathname, search } = new URL(url, 'http://localhost')
  return api.app.inject({ method: 'GET', url: pathname + search })
}

describe('admin uploads: parameters', () => {
  it('answers an administrator the parameters of a presigned upload into the catalogue folder', async () => {
    const template = await api.call('POST', PAR, { kind: 'certificate-template', size: 1000, contentType: 'application/pdf', fileName: 'Diploma de honor.pdf' })
    expect(template.statusCode, template.body).toBe(200)
    expect(template.json()).toEqual({
      url: expect.any(String),
      fields: expect.any(Object),
      path: expect.stringMatching(/^catalogues\/certificates\/[0-9a-f]{16}-Diploma-de-honor\.pdf$/),
    })
    const logo = await api.call('POST', PAR, { kind: 'organization-logo', size: 1000, contentType: 'image/jpeg', fileName: 'logo.jpg' })
    expect(logo.statusCode, logo.body).toBe(200)
    expect((logo.json() as Params).path).toMatch(/^catalogues\/organizations\/[0-9a-f]{16}-logo\.jpg$/)
    // Templates may be images too: the drawing puts a PNG or JPEG behind the text.
    for (const contentType of ['image/png', 'image/jpeg']) {
      expect((await api.call('POST', PAR, { kind: 'certificate-template', size: 10, contentType, fileName: 't' })).statusCode).toBe(200)
    }
  })

  it('is for administrators only (401 without a session, 403 for others)', async () => {
    await expectAdminOnly(api, [['POST', PAR, { kind: 'organization-logo', size: 10, contentType: 'image/png', fileName: 'l.png' }]])
  })

  it('refuses a type the kind does not take (400, naming the accepted types), a file past the limit (413) and an unknown kind', async () => {
    const refused: Array<[Ask, number, string]> = [
      [{ kind: 'organization-logo', size: 100, contentType: 'image/svg+xml', fileName: 'l.svg' }, 400, 'This type of file is not accepted here'],
      [{ kind: 'organization-logo', size: 100, contentType: 'application/pdf', fileName: 'l.pdf' }, 400, 'This type of file is not accepted here'],
      [{ kind: 'certificate-template', size: 100, contentType: 'text/html', fileName: 't.html' }, 400, 'This type of file is not accepted here'],
      [{ kind: 'organization-logo', size: 2 * MB + 1, contentType: 'image/png', fileName: 'l.png' }, 413, 'Too much data'],
      [{ kind: 'certificate-template', size: 10 * MB + 1, contentType: 'application/pdf', fileName: 't.pdf' }, 413, 'Too much data'],
      [{ kind: 'certificate-template', size: 0, contentType: 'application/pdf', fileName: 't.pdf' }, 400, 'Invalid request'],
    ]
    for (const [ask, status, message] of refused) {
      const res = await api.call('POST', PAR, ask)
      expect(res.statusCode, JSON.stringify(ask)).toBe(status)
      expect(res.json().message, JSON.stringify(ask)).toBe(message)
    }
    const svg = await api.call('POST', PAR, refused[0]![0])
    expect(svg.json().errors).toEqual({ contentType: 'Accepted types: image/png, image/jpeg' })
    expect((await api.call('POST', PAR, { kind: 'course-cover', size: 10, contentType: 'image/png', fileName: 'c.png' })).statusCode).toBe(400)
  })

  it('signs the declared size into the upload: a bigger file is refused by storage', async () => {
    const par = await api.call('POST', PAR, { kind: 'organization-logo', size: 100, contentType: 'image/png', fileName: 'l.png' })
    const { url, fields } = par.json() as Params
    const big = await multipart(fields, { bytes: sampleFile('image/png', 5000), name: 'l.png', type: 'image/png' })
    expect((await api.app.inject({ method: 'POST', url, payload: big.body, headers: { 'content-type': big.contentType } })).statusCode).toBe(413)
  })
})

describe('admin uploads: the catalogue items use the file', () => {
  it('a certificate design stores the uploaded template, links it, and the certificate is drawn on it', async () => {
    const bytes = await templatePdf()
    const path = await upload('certificate-template', { bytes, type: 'application/pdf', name: 'diploma.pdf' })
    const created = await api.call('POST', '/api/v2/admin/certificates/create', { name: 'Diploma with template', description: '', templatePath: path })
    expect(created.statusCode, created.body).toBe(201)
    const item = created.json().Item as { id: string; templatePath: string; templateUrl: string }
    expect(item).toMatchObject({ templatePath: path, templateUrl: expect.any(String) })

    const read = await api.call('GET', `/api/v2/admin/certificates/certificate/${item.id}`)
    const link = await fetchLink(read.json().Item.templateUrl)
    expect(link.statusCode).toBe(200)
    expect(link.headers['content-type']).toBe('application/pdf')
    expect(Buffer.compare(link.rawPayload, bytes)).toBe(0)

    // The drawing reads the design's path from storage as for every template.
    const key = await catalogueTemplate(api.app.db, item.id)
    expect(key).toBe(path)
    const chunks: Buffer[] = []
    for await (const chunk of await api.app.storage.read(key!)) chunks.push(chunk as Buffer)
    const stored = Buffer.concat(chunks)
    expect(templateKind(stored)).toBe('pdf')
    const drawn = await PDFDocument.load(
      await renderCertificate(
        { learner: 'Ana', course: 'Curso', hours: 2, issuedAt: new Date(), code: 'ABCDEFGHJKLM', verifyUrl: 'http://localhost/v', locale: 'mx' },
        stored,
      ),
    )
    expect(drawn.getPage(0).getSize()).toEqual({ width: 700, height: 500 })
  })

  it('an organisation stores the uploaded logo and links it as an image', async () => {
    const bytes = sampleFile('image/png', 400)
    const path = await upload('organization-logo', { bytes, type: 'image/png', name: 'Logo UNAM.png' })
    const created = await api.call('POST', '/api/v2/admin/organizations/create', {
      name: 'Uploads U',
      description: '',
      domain: 'uploads.example.edu',
      logoPath: path,
    })
    expect(created.statusCode, created.body).toBe(201)
    const { id, revision } = created.json().Item as { id: string; revision: number }
    const link = await fetchLink(created.json().Item.logoUrl)
    expect(link.statusCode).toBe(200)
    expect(link.headers['content-type']).toBe('image/png')
    expect(Buffer.compare(link.rawPayload, bytes)).toBe(0)

    // A replacement: a new upload, a new path; an item without a logo has no link.
    const next = await upload('organization-logo', { bytes: sampleFile('image/jpeg', 300), type: 'image/jpeg', name: 'logo.jpg' })
    const updated = await api.call('PUT', `/api/v2/admin/organizations/update/${id}`, {
      name: 'Uploads U',
      domain: 'uploads.example.edu',
      logoPath: next,
      revision,
    })
    expect(updated.statusCode, updated.body).toBe(200)
    expect(updated.json().Item).toMatchObject({ logoPath: next, logoUrl: expect.any(String) })
    const cleared = await api.call('PUT', `/api/v2/admin/organizations/update/${id}`, {
      name: 'Uploads U',
      domain: 'uploads.example.edu',
      logoPath: null,
      revision: revision + 1,
    })
    expect(cleared.json().Item).toMatchObject({ logoPath: null, logoUrl: null })
  })

  it('refuses an issued path whose file never arrived, or whose bytes are not its type', async () => {
    const par = await api.call('POST', PAR, { kind: 'organization-logo', size: 100, contentType: 'image/png', fileName: 'l.png' })
    const missing = await api.call('POST', '/api/v2/admin/organizations/create', {
      name: 'No logo yet',
      domain: 'nologo.example.edu',
      logoPath: (par.json() as Params).path,
    })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().errors).toEqual({ logoPath: 'The file has not arrived in storage: upload it again' })

    const fake = await upload('organization-logo', { bytes: Buffer.from('<html><body>sign in</body></html>'), type: 'image/png', name: 'l.png' })
    const mismatch = await api.call('POST', '/api/v2/admin/organizations/create', { name: 'Fake logo', domain: 'fakelogo.example.edu', logoPath: fake })
    expect(mismatch.statusCode).toBe(400)
    expect(mismatch.json().code).toBe('TYPE_MISMATCH')
    expect(await api.app.storage.head(fake)).toBeNull()
  })
})
