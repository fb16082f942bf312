import fs from 'node:fs'
import os from 'node:os'
import nodePath from 'node:path'
import { strToU8, zipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CartridgeImportResponse } from '../../contracts/courses/cartridge.js'
import type { ChoiceQuestion, ContentTree, FormValues } from '../../contracts/courses/content.js'
import { PackageError, unpackPackage } from '../../server/packages/unpack.js'
import { cartridge, manifest, pdf, png } from '../helpers/cartridge.js'
import { caller, courseApp, V2, type Caller, type CourseApi } from '../helpers/courses.js'
import { multipart } from './storage-contract.js'

/**
 * Importing a Common Cartridge (docs/course-creator.md "Importing a Common Cartridge"): the cartridges
 * are built here, uploaded as the browser's direct upload would, and imported through the API.
 */

let api: CourseApi
beforeAll(async () => {
  api = await courseApp()
})
afterAll(() => api.close())

const CREATOR = caller('cc-creator', ['creator'])
const OTHER = caller('cc-other', ['creator'])
const LEARNER = caller('cc-learner', ['general'])

/** Asks for upload parameters and POSTs the file to storage as the browser's direct upload does. */
async function upload(as: Caller, bytes: Uint8Array, fileName = 'course.imscc'): Promise<string> {
  const type = 'application/octet-stream'
  const res = await api.call(as, 'POST', `${V2}/import/cartridge-par`, { size: bytes.length, contentType: type, fileName })
  expect(res.statusCode, res.body).toBe(200)
  const { url, fields, path } = res.json() as { url: string; fields: Record<string, string>; path: string }
  const form = await multipart(fields, { bytes: Buffer.from(bytes), name: fileName, type })
  const posted = await api.app.inject({ method: 'POST', url, payload: form.body, headers: { 'content-type': form.contentType } })
  expect(posted.statusCode, posted.body).toBeLessThan(300)
  return path
}

const importFile = (as: Caller, path: string) => api.call(as, 'POST', `${V2}/import/cartridge`, { path })

async function courseCount(): Promise<number> {
  const { rows } = await api.db.query<{ n: number }>('SELECT count(*)::int AS n FROM courses')
  return Number(rows[0].n)
}

async function tree(as: Caller, uuid: string): Promise<ContentTree> {
  const res = await api.call(as, 'GET', `${V2}/builder/blocks/${uuid}`)
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as ContentTree
}

/** Reads a file through the read URL the builder was given. */
async function fetchUrl(url: string): Promise<Buffer> {
  const u = new URL(url, 'http://localhost')
  const res = await api.app.inject({ method: 'GET', url: `${u.pathname}${u.search}` })
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200)
  return res.rawPayload
}

describe.each(['1.3.0', '1.1.0'] as const)('a Common Cartridge %s', (version) => {
  it('becomes a draft the creator owns, with sections, blocks, files, a form and the report', async () => {
    const path = await upload(CREATOR, cartridge(version))
    const res = await importFile(CREATOR, path)
    expect(res.statusCode, res.body).toBe(201)
    const { uuid, report } = res.json() as CartridgeImportResponse
    expect(report.version).toBe(version)
    // The creator hears the import finished (decision 0029): one notification, theirs.
    const notes = await api.db.query<{ user_sub: string; kind: string }>('SELECT user_sub, kind FROM notifications WHERE link = $1', [
      `/creator/courses/${uuid}`,
    ])
    expect(notes.rows).toEqual([{ user_sub: CREATOR.sub, kind: 'import-finished' }])
    expect(report.imported).toEqual({ sections: 2, text: 1, image: 1, attachment: 1, link: 1, form: 1, questions: 3 })
    expect(report.entries).toEqual(
      expect.arrayContaining([
        { reason: 'discussion', title: 'Talk about it', detail: expect.stringMatching(/^imsdt_xmlv1p/) },
        { reason: 'lti', title: 'External tool', detail: 'imsbasiclti_xmlv1p0' },
        { reason: 'missing-file', title: 'Lost page', detail: 'web_resources/missing.html' },
        { reason: 'question', title: 'Atoms quiz: Explain', detail: 'cc.essay.v0p1' },
        { reason: 'page-file', title: 'Welcome', detail: 'web_resources/images/atom.png' },
      ]),
    )
    // The uploaded cartridge is gone once imported.
    expect(await api.app.storage.head(path)).toBeNull()

    // The draft is in the creator's list, with the manifest's title.
    const list = await api.call(CREATOR, 'GET', `${V2}/all/1/mine`)
    expect(list.statusCode).toBe(200)
    const mine = (list.json().items as Array<{ uuid: string; name: string }>).find((c) => c.uuid === uuid)
    expect(mine?.name).toBe('Physics & Fun')

    const { items } = await tree(CREATOR, uuid)
    expect(items.map((s) => s.title)).toEqual(['Week 1', 'Week 2'])
    const [week1, week2] = items
    expect(week1.blocks.map((b) => [b.kind, b.values.title])).toEqual([
      ['text', 'Welcome'],
      ['image', 'An atom'],
      ['attachment', 'Syllabus'],
      ['link', 'Reference site'],
    ])
    const [page, image, attachment, link] = week1.blocks
    expect(page.values.html).toContain('<h1>Welcome</h1>')
    expect(page.values.html).toContain('Atoms are small.')
    expect(page.values.html).not.toMatch(/script|onclick|<img/)
    expect(image.values.alt).toBe('An atom')
    expect(image.values.path).toMatch(new RegExp(`^courses/${uuid}/block-image/[0-9a-f]{16}-atom\\.png$`))
    expect(attachment.values).toMatchObject({ fileName: 'Syllabus 2026.pdf', size: pdf.length })
    expect(attachment.values.path).toMatch(new RegExp(`^courses/${uuid}/block-attachment/[0-9a-f]{16}-Syllabus-2026\\.pdf$`))
    expect(link.values.url).toBe('https://example.org/physics')
    // The files are read through the links the builder gets.
    expect(Buffer.compare(await fetchUrl(image.urls!.path), png)).toBe(0)
    expect(Buffer.compare(await fetchUrl(attachment.urls!.path), pdf)).toBe(0)

    expect(week2.blocks.map((b) => b.kind)).toEqual(['form'])
    const form = week2.blocks[0].values as FormValues
    expect(form).toMatchObject({ name: 'Atoms quiz', tries: 3, requiredScore: 70 })
    expect((form.questions as ChoiceQuestion[]).map((q) => [q.type, q.text, q.options.filter((o) => o.correct).map((o) => o.text)])).toEqual([
      ['single', 'Which is the smallest?', ['Atom']],
      ['multiple', 'Which are particles?', ['Proton', 'Electron']],
      ['boolean', 'Electrons are positive.', ['False']],
    ])

    // The report stays with the draft until dismissed.
    const shown = await api.call(CREATOR, 'GET', `${V2}/import/report/${uuid}`)
    expect(shown.statusCode).toBe(200)
    expect(shown.json().report).toEqual(report)
    expect(shown.json().importedAt).toEqual(expect.any(String))
    expect((await api.call(OTHER, 'GET', `${V2}/import/report/${uuid}`)).statusCode).toBe(404)
    expect((await api.call(CREATOR, 'DELETE', `${V2}/import/report/${uuid}`)).statusCode).toBe(200)
    expect((await api.call(CREATOR, 'GET', `${V2}/import/report/${uuid}`)).json().report).toBeNull()

    // It is edited as any draft.
    const draft = await api.call(CREATOR, 'GET', `${V2}/builder/${uuid}`)
    expect(draft.statusCode).toBe(200)
    const renamed = await api.call(CREATOR, 'PUT', `${V2}/builder/update-general`, { uuid, revision: draft.json().Item.revision, name: 'Physics' })
    expect(renamed.statusCode, renamed.body).toBe(200)
  })
})

describe('what is reported', () => {
  it('lists missing and escaping files, and unreadable links, and imports for an administrator too', async () => {
    const ADMIN = caller('cc-admin', ['admin'])
    const page = `<html><body><p>See <a href="../../outside.pdf">this</a></p><img src="images/nothere.png" alt="Gone"><img src="https://example.org/x.png"></body></html>`
    const weird = manifest('1.3.0').replace('href="web_resources/Syllabus 2026.pdf"><file', 'href="../../etc/passwd"><file')
    const bytes = cartridge('1.3.0', {
      'imsmanifest.xml': strToU8(weird),
      'web_resources/welcome.html': strToU8(page),
      'link/weblink.xml': strToU8(
        '<?xml version="1.0"?><!DOCTYPE w [<!ENTITY x SYSTEM "file:///etc/passwd">]><webLink><title>&x;</title><url href="https://e.org"/></webLink>',
      ),
    })
    const res = await importFile(ADMIN, await upload(ADMIN, bytes))
    expect(res.statusCode, res.body).toBe(201)
    const { uuid, report } = res.json() as CartridgeImportResponse
    expect(report.imported).toMatchObject({ text: 1, image: 0, attachment: 0, link: 0, form: 1 })
    expect(report.entries).toEqual(
      expect.arrayContaining([
        { reason: 'missing-file', title: 'Welcome', detail: 'images/nothere.png' },
        { reason: 'missing-file', title: 'Welcome', detail: '../../outside.pdf' },
        { reason: 'missing-file', title: 'Syllabus', detail: '../../etc/passwd' },
        { reason: 'invalid', title: 'Reference site', detail: expect.stringMatching(/declares a document type or entities/) },
      ]),
    )
    const [week1] = (await tree(ADMIN, uuid)).items
    expect(week1.blocks.map((b) => b.kind)).toEqual(['text'])
    expect(week1.blocks[0].values.html).toContain('https://example.org/x.png')
    expect(week1.blocks[0].values.html).not.toContain('outside.pdf')
  })
})

describe('refusals', () => {
  /** Patches the declared uncompressed size of every entry named `name` (local header and central directory). */
  function declareSize(zip: Uint8Array, name: string, size: number): Uint8Array {
    const out = new Uint8Array(zip)
    const view = new DataView(out.buffer)
    const nameBytes = strToU8(name)
    for (let i = 0; i < out.length - 4; i++) {
      const sig = view.getUint32(i, true)
      const [nameLenAt, nameAt, sizeAt] = sig === 0x04034b50 ? [i + 26, i + 30, i + 22] : sig === 0x02014b50 ? [i + 28, i + 46, i + 24] : [0, 0, 0]
      if (!nameAt || view.getUint16(nameLenAt, true) !== nameBytes.length) continue
      if (nameBytes.every((b, j) => out[nameAt + j] === b)) view.setUint32(sizeAt, size, true)
    }
    return out
  }

  const refused = async (bytes: Uint8Array, status: number, message: RegExp) => {
    const before = await courseCount()
    const path = await upload(CREATOR, bytes)
    const res = await importFile(CREATOR, path)
    expect(res.statusCode, res.body).toBe(status)
    if (status === 400) expect(res.json().errors.path).toMatch(message)
    expect(await courseCount()).toBe(before)
    expect(await api.app.storage.head(path)).toBeNull()
  }

  it('refuses what is not a readable cartridge with 400 and creates nothing', async () => {
    await refused(strToU8('this is no zip'), 400, /not a zip file/)
    await refused(zipSync({ 'readme.txt': strToU8('hi') }), 400, /no imsmanifest\.xml/)
    await refused(zipSync({ 'imsmanifest.xml': strToU8('<manifest><metadata>') }), 400, /manifest cannot be read.*not well-formed/)
    await refused(
      zipSync({
        'imsmanifest.xml': strToU8(
          '<?xml version="1.0"?><manifest><metadata><schema>IMS Content</schema><schemaversion>1.1.2</schemaversion></metadata></manifest>',
        ),
      }),
      400,
      /not a Common Cartridge 1\.1 to 1\.3/,
    )
    const xxe = `<?xml version="1.0"?><!DOCTYPE manifest [<!ENTITY secret SYSTEM "file:///etc/passwd">]><manifest><metadata><schema>IMS Common Cartridge</schema><schemaversion>1.3.0</schemaversion><lom><general><title><string>&secret;</string></title></general></lom></metadata></manifest>`
    await refused(zipSync({ 'imsmanifest.xml': strToU8(xxe) }), 400, /declares a document type or entities/)
    const bomb = `<?xml version="1.0"?><!DOCTYPE m [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><manifest>&b;</manifest>`
    await refused(zipSync({ 'imsmanifest.xml': strToU8(bomb) }), 400, /declares a document type or entities/)
  })

  it('refuses unsafe and oversized zips with the package unpacker', async () => {
    await refused(zipSync({ 'imsmanifest.xml': strToU8(manifest('1.3.0')), '../escape.html': strToU8('x') }), 400, /unsafe path.*leads out/)
    await refused(zipSync({ 'imsmanifest.xml': strToU8(manifest('1.3.0')), '/etc/cron.d/x': strToU8('x') }), 400, /unsafe path.*absolute/)
    // A zip bomb: 20 MB of zeros declared as 1 KB stops at the declared size…
    const zeros = zipSync({ 'imsmanifest.xml': strToU8(manifest('1.3.0')), 'web_resources/zeros.bin': new Uint8Array(20 * 1024 * 1024) }, { level: 9 })
    await refused(declareSize(zeros, 'web_resources/zeros.bin', 1024), 400, /unpacks to more than the 1024 bytes its header declares/)
    // …and one declaring more than the package may unpack to is refused before a byte is inflated.
    await refused(declareSize(zeros, 'web_resources/zeros.bin', 400 * 1024 * 1024), 400, /unpacks to more than 300 MB/)
  })

  it('stops a cartridge that takes the reading worker past its time, leaving no work folder', async () => {
    const workDir = fs.mkdtempSync(nodePath.join(os.tmpdir(), 'cc-timeout-'))
    const zipFile = nodePath.join(workDir, 'c.zip')
    fs.writeFileSync(zipFile, cartridge('1.3.0'))
    const reading = unpackPackage(zipFile, { workDir, reader: { module: 'courses/cartridge/worker', data: { fileName: 'c.imscc' }, timeoutMs: 1 } })
    await expect(reading).rejects.toThrow(PackageError)
    await expect(reading).rejects.toThrow('The package took too long to read')
    expect(fs.readdirSync(workDir)).toEqual(['c.zip'])
    fs.rmSync(workDir, { recursive: true, force: true })
  })

  it('refuses a file over the size limit with 413, and paths not uploaded by the caller', async () => {
    const big = await api.call(CREATOR, 'POST', `${V2}/import/cartridge-par`, {
      size: 101 * 1024 * 1024,
      contentType: 'application/zip',
      fileName: 'big.imscc',
    })
    expect(big.statusCode).toBe(413)
    const type = await api.call(CREATOR, 'POST', `${V2}/import/cartridge-par`, { size: 10, contentType: 'text/html', fileName: 'x.html' })
    expect(type.statusCode).toBe(400)
    const others = await upload(OTHER, cartridge('1.3.0'))
    const res = await importFile(CREATOR, others)
    expect(res.statusCode).toBe(400)
    expect(res.json().errors.path).toMatch(/not uploaded for an import by you/)
    expect((await importFile(CREATOR, 'courses/../etc/passwd')).statusCode).toBe(400)
    expect((await api.call(CREATOR, 'POST', `${V2}/import/cartridge`, {})).statusCode).toBe(400)
  })

  it('is refused to learners (403)', async () => {
    const par = await api.call(LEARNER, 'POST', `${V2}/import/cartridge-par`, { size: 10, contentType: 'application/zip', fileName: 'c.imscc' })
    expect(par.statusCode).toBe(403)
    expect((await api.call(LEARNER, 'POST', `${V2}/import/cartridge`, { path: 'imports/cartridge/x/0000000000000000-c.imscc' })).statusCode).toBe(403)
    expect((await api.call(null, 'POST', `${V2}/import/cartridge`, { path: 'x' })).statusCode).toBe(401)
  })
})
