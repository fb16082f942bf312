import { deflateSync, inflateSync } from 'node:zlib'
import jsQR from 'jsqr'
import { PDFDocument, PDFName, PDFNumber, PDFRawStream } from 'pdf-lib'
import { extractText, getDocumentProxy } from 'unpdf'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { issueIfComplete } from '../../server/certificates/index.js'
import { courseApp, type Caller, type CourseApi } from '../helpers/courses.js'
import { FORM, FORMS, ONE_RIGHT, publishedCourse, RIGHT, subscribe, type PublishedCourse } from './forms-course.js'

let api: CourseApi
let owner: Caller
let course: PublishedCourse

beforeAll(async () => {
  api = await courseApp()
  owner = await api.user('Olga Owner', ['creator'])
  course = await publishedCourse(api, owner, { name: 'Física para todos' })
})
afterAll(() => api.close())

const CERTS = '/api/v2/courses/certificates'
const NOT_ISSUED = { message: 'The certificate is issued when every required block is done and every required form passed', code: 'NOT_ISSUED' }

async function learnerOf(c: PublishedCourse, name: string) {
  const who = await api.user(name, ['general'])
  await subscribe(api, c, who)
  return who
}
const submit = (as: Caller, c: PublishedCourse, answers: Record<string, string[]>, form = c.forms[0]) =>
  api.call(as, 'POST', `${FORMS}/completed`, { course: c.uuid, id: form, answers })

async function download(as: Caller, c: PublishedCourse, lang = 'eng') {
  const res = await api.app.inject({ method: 'GET', url: `${CERTS}/${c.uuid}?lang=${lang}`, headers: as.headers })
  expect(res.statusCode, res.body).toBe(200)
  expect(res.headers['content-type']).toBe('application/pdf')
  expect(res.headers['content-disposition']).toMatch(/^attachment; filename="certificate-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}\.pdf"$/)
  return new Uint8Array(res.rawPayload)
}

async function pdfText(bytes: Uint8Array) {
  return (await extractText(await getDocumentProxy(bytes.slice()), { mergePages: true })).text
}

/** The images of the (one-page) PDF as raw pixels, read straight from its image objects. */
async function pdfImages(bytes: Uint8Array): Promise<Array<{ width: number; height: number; channels: number; data: Uint8Array }>> {
  const doc = await PDFDocument.load(bytes)
  const images = []
  for (const [, obj] of doc.context.enumerateIndirectObjects()) {
    if (!(obj instanceof PDFRawStream) || obj.dict.get(PDFName.of('Subtype')) !== PDFName.of('Image')) continue
    const width = (obj.dict.get(PDFName.of('Width')) as PDFNumber).asNumber()
    const height = (obj.dict.get(PDFName.of('Height')) as PDFNumber).asNumber()
    const channels = obj.dict.get(PDFName.of('ColorSpace')) === PDFName.of('DeviceGray') ? 1 : 3
    const flate = obj.dict.get(PDFName.of('Filter')) === PDFName.of('FlateDecode')
    images.push({ width, height, channels, data: flate ? new Uint8Array(inflateSync(obj.contents)) : obj.contents })
  }
  return images
}

/** The QR codes found among the PDF's images, decoded. */
async function qrCodes(bytes: Uint8Array): Promise<string[]> {
  const found: string[] = []
  for (const img of await pdfImages(bytes)) {
    if (img.channels !== 3 || img.data.length < img.width * img.height * 3) continue
    const rgba = new Uint8ClampedArray(img.width * img.height * 4)
    for (let i = 0; i < img.width * img.height; i++) {
      rgba.set(img.data.subarray(i * 3, i * 3 + 3), i * 4)
      rgba[i * 4 + 3] = 255
    }
    const qr = jsQR(rgba, img.width, img.height)
    if (qr) found.push(qr.data)
  }
  return found
}

/** A real PNG (solid colour), as a designer's background image. */
function png(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    return c >>> 0
  })
  const crc = (buf: Buffer) => {
    let c = 0xffffffff
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8)
    return (c ^ 0xffffffff) >>> 0
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const out = Buffer.alloc(body.length + 8)
    out.writeUInt32BE(data.length, 0)
    body.copy(out, 4)
    out.writeUInt32BE(crc(body), body.length + 4)
    return out
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr.set([8, 2, 0, 0, 0], 8)
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, Buffer.from([240, 230, 200]))])
  const raw = Buffer.concat(Array.from({ length: height }, () => row))
  return Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))])
}

describe('issuing', () => {
  it('refuses the certificate before completion and issues it at once when the required form is passed', async () => {
    const irina = await learnerOf(course, 'Irina Иванова Smirnova')
    expect((await api.call(irina, 'GET', `${CERTS}/${course.uuid}`)).json()).toEqual(NOT_ISSUED)
    const failed = await submit(irina, course, ONE_RIGHT)
    expect(failed.json()).toMatchObject({ passed: false, certificate: null })
    expect((await api.call(irina, 'GET', `${CERTS}/${course.uuid}`)).statusCode).toBe(404)

    const passed = await submit(irina, course, RIGHT)
    expect(passed.statusCode, passed.body).toBe(200)
    const certificate = passed.json().certificate
    expect(certificate).toEqual({
      code: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/),
      issuedAt: expect.any(String),
      url: `${CERTS}/${course.uuid}`,
      revokedAt: null,
    })
    const { rows } = await api.db.query<{ learner_name: string; course_name: string; hours: string; course_version: number }>(
      'SELECT learner_name, course_name, hours, course_version FROM issued_certificates WHERE user_sub = $1',
      [irina.sub],
    )
    expect(rows.map((r) => ({ ...r, hours: Number(r.hours) }))).toEqual([
      { learner_name: 'Irina Иванова Smirnova', course_name: 'Física para todos', hours: 12.5, course_version: 1 },
    ])
    // The pass completed the course in the same request: the completion is recorded, not left for a later visit.
    expect(
      (await api.db.query('SELECT course_version FROM course_completions WHERE user_sub = $1 AND course_uuid = $2', [irina.sub, course.uuid])).rows,
    ).toEqual([{ course_version: 1 }])
    // Passing again keeps the one certificate.
    expect((await submit(irina, course, RIGHT)).json().certificate.code).toBe(certificate.code)
  })

  it('needs every required form passed, and the required blocks completed', async () => {
    const two = await publishedCourse(api, owner, {
      forms: [
        { ...FORM, name: 'First', required: true },
        { ...FORM, name: 'Second', required: true },
        { ...FORM, name: 'Optional', required: false },
      ],
      textRequired: true,
    })
    const ana = await learnerOf(two, 'Ana Ávila')
    expect((await submit(ana, two, RIGHT, two.forms[0])).json().certificate).toBeNull()
    expect((await submit(ana, two, RIGHT, two.forms[1])).json().certificate).toBeNull()
    expect((await api.call(ana, 'GET', `${CERTS}/${two.uuid}`)).json()).toEqual(NOT_ISSUED)
    // The text block is required: opening it in the player completes it and issues the certificate.
    const opened = await api.call(ana, 'GET', `/api/v2/courses/metrics/re/${two.uuid}/${two.blocks[0]}`)
    expect(opened.statusCode, opened.body).toBe(200)
    const issued = await api.db.transaction((tx) => issueIfComplete(tx, ana.sub, two.uuid))
    expect(issued).toMatchObject({ learner_name: 'Ana Ávila', course_name: two.name })
    expect((await api.call(ana, 'GET', `${CERTS}/${two.uuid}`)).statusCode).toBe(200)
    // Someone else's certificate is never handed out.
    const other = await learnerOf(two, 'Otto Other')
    expect((await api.call(other, 'GET', `${CERTS}/${two.uuid}`)).json()).toEqual(NOT_ISSUED)
  })

  it('issues one certificate when completions race', async () => {
    const race = await learnerOf(course, 'Rita Race')
    await submit(race, course, RIGHT)
    await api.db.query('DELETE FROM issued_certificates WHERE user_sub = $1', [race.sub])
    const rows = await Promise.all(Array.from({ length: 8 }, () => api.db.transaction((tx) => issueIfComplete(tx, race.sub, course.uuid))))
    expect(new Set(rows.map((r) => r?.code)).size).toBe(1)
    expect((await api.db.query('SELECT code FROM issued_certificates WHERE user_sub = $1', [race.sub])).rows).toHaveLength(1)
  })

  it('answers 404 for a course that is not published', async () => {
    const learner = await api.user('Nora None', ['general'])
    expect((await api.call(learner, 'GET', `${CERTS}/00000000-0000-4000-8000-000000000000`)).json()).toEqual({ message: 'Course not found', code: 'NOT_FOUND' })
    expect((await api.call(learner, 'GET', `${CERTS}/not-a-uuid`)).statusCode).toBe(400)
    expect((await api.call(null, 'GET', `${CERTS}/${course.uuid}`)).statusCode).toBe(401)
  })
})

describe('the PDF', () => {
  it("draws on the PDF template's first page: name, course, hours, date, code and a QR code of the verification address", async () => {
    const mia = await learnerOf(course, 'Mia Müller')
    const code = (await submit(mia, course, RIGHT)).json().certificate.code as string
    const bytes = await download(mia, course)
    const doc = await PDFDocument.load(bytes)
    // The template's second page is dropped; its page size is kept.
    expect(doc.getPageCount()).toBe(1)
    expect(doc.getPage(0).getSize()).toEqual({ width: 842, height: 595 })
    const printed = code
    const text = await pdfText(bytes)
    for (const expected of [
      'Experimental Studies Centre',
      'Certificate of completion',
      'Mia Müller',
      'Física para todos',
      'with a duration of 12.5 hours',
      'Issued on',
      printed,
      `http://localhost:80/certificates/verify/${printed}`,
    ]) {
      expect(text).toContain(expected)
    }
    expect(text).not.toContain('Back page')
    expect(await qrCodes(bytes)).toEqual([`http://localhost:80/certificates/verify/${printed}`])
  })

  it('prints in the chosen language, Cyrillic included', async () => {
    const irina = await learnerOf(course, 'Irina Петрова Sokolova')
    await submit(irina, course, RIGHT)
    const ru = await pdfText(await download(irina, course, 'rs'))
    expect(ru).toContain('Сертификат о прохождении курса')
    expect(ru).toContain('Irina Петрова Sokolova')
    const mx = await pdfText(await download(irina, course, 'mx'))
    expect(mx).toContain('Constancia de acreditación')
    expect((await api.call(irina, 'GET', `${CERTS}/${course.uuid}?lang=fr`)).statusCode).toBe(400)
  })

  it('places an image template as the page background', async () => {
    const pictured = await publishedCourse(api, owner, { template: { bytes: png(60, 40), type: 'image/png', name: 'background.png' } })
    const leo = await learnerOf(pictured, 'Leo Bild')
    await submit(leo, pictured, RIGHT)
    const bytes = await download(leo, pictured)
    const doc = await PDFDocument.load(bytes)
    expect(doc.getPageCount()).toBe(1)
    expect((await pdfImages(bytes)).map((i) => [i.width, i.height])).toContainEqual([60, 40])
    expect(await pdfText(bytes)).toContain('Leo Bild')
    expect(await qrCodes(bytes)).toHaveLength(1)
  })

  it('draws the default design when the course has no readable template', async () => {
    const plain = await publishedCourse(api, owner, { template: null })
    const pia = await learnerOf(plain, 'Pia Plain')
    await submit(pia, plain, RIGHT)
    const bytes = await download(pia, plain)
    const doc = await PDFDocument.load(bytes)
    expect(doc.getPageCount()).toBe(1)
    expect(doc.getPage(0).getWidth()).toBeGreaterThan(doc.getPage(0).getHeight())
    const text = await pdfText(bytes)
    expect(text).toContain('Pia Plain')
    expect(text).toContain(plain.name)
  })
})

describe('public verification', () => {
  it('confirms a known code, however it is typed, and says clearly when a code is unknown', async () => {
    const vera = await learnerOf(course, 'Vera Verified')
    const certificate = (await submit(vera, course, RIGHT)).json().certificate as { code: string; issuedAt: string }
    const printed = certificate.code
    const bare = printed.replace(/-/g, '')
    const expected = { code: printed, learner: 'Vera Verified', course: 'Física para todos', hours: 12.5, issuedAt: certificate.issuedAt, revokedAt: null }
    for (const typed of [printed, bare, bare.toLowerCase(), ` ${printed.toLowerCase()} `.replace(/ /g, '%20')]) {
      const res = await api.call(null, 'GET', `/api/certificates/verify/${typed}`)
      expect(res.statusCode, `${typed}: ${res.body}`).toBe(200)
      expect(res.json()).toEqual(expected)
    }
    for (const unknown of ['ZZZZ-ZZZZ-ZZZZ', 'hello', '0000']) {
      const res = await api.call(null, 'GET', `/api/certificates/verify/${unknown}`)
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual({ message: 'Unknown certificate code', code: 'NOT_FOUND' })
    }
  })
})
