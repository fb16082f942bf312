import crypto from 'node:crypto'
import zlib from 'node:zlib'
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFStream, PDFString, decodePDFRawStream, type PDFRawStream } from 'pdf-lib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDb } from '../../server/db/index.js'
import { migrate, readMigrations } from '../../server/db/migrate.js'
import { ADMIN_CALLER, courseApp, type Caller, type CourseApi } from '../helpers/courses.js'
import { FORMS, publishedCourse, RIGHT, subscribe, type PublishedCourse } from './forms-course.js'

let api: CourseApi
let owner: Caller
let course: PublishedCourse

beforeAll(async () => {
  api = await courseApp()
  owner = await api.user('Rita Owner', ['creator'])
  course = await publishedCourse(api, owner, { name: 'Química básica' })
})
afterAll(() => api.close())

const CERTS = '/api/v2/courses/certificates'
const ADMIN = '/api/v2/admin/certificates'
const STATUS = '/api/certificates/status/revocation'

async function completed(name: string) {
  const who = await api.user(name, ['general'])
  await subscribe(api, course, who)
  const passed = await api.call(who, 'POST', `${FORMS}/completed`, { course: course.uuid, id: course.forms[0], answers: RIGHT })
  expect(passed.statusCode, passed.body).toBe(200)
  return { who, code: passed.json().certificate.code as string }
}

/** A third party's verifier: the issuer's published JWKS and node:crypto, nothing of the server's code. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a verifier reads whatever JSON the payload holds
type Json = Record<string, any>

async function independentlyVerify(jwt: string): Promise<Json | null> {
  const jwks = (await api.app.inject({ method: 'GET', url: '/api/certificates/issuer/jwks' })).json() as { keys: Array<{ kid: string }> }
  const [h, p, s] = jwt.split('.')
  try {
    const header = JSON.parse(Buffer.from(h, 'base64url').toString('utf8'))
    const jwk = jwks.keys.find((k) => k.kid === header.kid)
    if (header.alg !== 'EdDSA' || !jwk) return null
    const key = crypto.createPublicKey({ key: jwk as crypto.JsonWebKey, format: 'jwk' })
    if (!crypto.verify(null, Buffer.from(`${h}.${p}`), key, Buffer.from(s, 'base64url'))) return null
    return JSON.parse(Buffer.from(p, 'base64url').toString('utf8'))
  } catch {
    return null
  }
}

/** The status list as a verifier reads it: fetched, its VC-JWT verified, the list gunzipped. */
async function statusList(): Promise<{ bits: Buffer; vc: Json; jwt: string }> {
  const res = await api.app.inject({ method: 'GET', url: STATUS })
  expect(res.statusCode, res.body).toBe(200)
  expect(res.headers['content-type']).toMatch(/^application\/vc\+jwt/)
  const payload = await independentlyVerify(res.body)
  expect(payload).not.toBeNull()
  const vc = payload!.vc
  expect(vc.type).toEqual(['VerifiableCredential', 'BitstringStatusListCredential'])
  expect(vc.credentialSubject).toMatchObject({ type: 'BitstringStatusList', statusPurpose: 'revocation' })
  const encoded: string = vc.credentialSubject.encodedList
  expect(encoded[0]).toBe('u')
  const bits = zlib.gunzipSync(Buffer.from(encoded.slice(1), 'base64url'))
  return { bits, vc, jwt: res.body }
}
const bitAt = (bits: Buffer, i: number) => (bits[i >> 3] & (0x80 >> (i & 7))) !== 0

const revoke = (as: Caller | null, code: string, body: unknown = { reason: 'Exam taken by someone else' }) =>
  api.call(as, 'PUT', `${ADMIN}/${code}/revoke`, body)

describe('certificate revocation', () => {
  it('gives every credential a place in a signed Bitstring status list of at least 131,072 bits, and sets its bit once revoked', async () => {
    const { who, code } = await completed('Petra Novak')
    const badge = (await api.call(who, 'GET', `${CERTS}/${course.uuid}/badge`)).json()
    const status = badge.credential.credentialStatus
    expect(status).toMatchObject({
      type: 'BitstringStatusListEntry',
      statusPurpose: 'revocation',
      statusListCredential: 'http://localhost:80/api/certificates/status/revocation',
    })
    const index = Number(status.statusListIndex)
    expect(Number.isInteger(index) && index >= 0).toBe(true)
    expect((await independentlyVerify(badge.jwt))?.vc.credentialStatus).toEqual(status)

    const before = await statusList()
    expect(before.bits.length * 8).toBeGreaterThanOrEqual(131_072)
    expect(bitAt(before.bits, index)).toBe(false)
    expect(before.vc.issuer).toBe(badge.credential.issuer.id)
    expect(before.vc.id).toBe(status.statusListCredential)

    const res = await revoke(ADMIN_CALLER, code.toLowerCase())
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().Item).toMatchObject({ code, revokedBy: 'course-admin@example.test', reason: 'Exam taken by someone else', statusIndex: index })

    const after = await statusList()
    expect(bitAt(after.bits, index)).toBe(true)
    // Only that bit changed.
    const flipped = after.bits.map((b, i) => b ^ before.bits[i]).reduce((n, b) => n + (b ? b.toString(2).replace(/0/g, '').length : 0), 0)
    expect(flipped).toBe(1)
    expect(Date.parse(after.vc.validFrom)).toBeGreaterThan(Date.parse(before.vc.validFrom))

    // The list is the same document on every request (cacheable, with an ETag answered 304).
    const again = await api.app.inject({ method: 'GET', url: STATUS })
    expect(again.body).toBe(after.jwt)
    expect(again.headers['cache-control']).toMatch(/public, max-age=\d+/)
    const etag = again.headers.etag as string
    expect((await api.app.inject({ method: 'GET', url: STATUS, headers: { 'if-none-match': etag } })).statusCode).toBe(304)
    const json = (await api.app.inject({ method: 'GET', url: `${STATUS}?format=json` })).json()
    expect(json).toEqual({ credential: after.vc, jwt: after.jwt })

    // One byte of the list's payload changed (its bit cleared again, or any other byte): the signature no longer holds.
    const [h, p, s] = after.jwt.split('.')
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString('utf8'))
    payload.vc.credentialSubject.encodedList = before.vc.credentialSubject.encodedList
    expect(await independentlyVerify(`${h}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${s}`)).toBeNull()
    const bytes = Buffer.from(p, 'base64url')
    bytes[Math.floor(bytes.length / 2)] ^= 1
    expect(await independentlyVerify(`${h}.${bytes.toString('base64url')}.${s}`)).toBeNull()
  })

  it('says publicly that a revoked certificate was revoked and when, and refuses its PDF and credential to the learner', async () => {
    const { who, code } = await completed('Hugo Weber')
    expect((await api.call(who, 'GET', `${CERTS}/${course.uuid}/badge`)).statusCode).toBe(200)
    const { jwt } = (await api.call(who, 'GET', `${CERTS}/${course.uuid}/badge`)).json()
    expect((await api.app.inject({ method: 'GET', url: `/api/certificates/verify/${code}` })).json().revokedAt).toBeNull()

    expect((await revoke(ADMIN_CALLER, code)).statusCode).toBe(200)
    const verify = (await api.app.inject({ method: 'GET', url: `/api/certificates/verify/${code}` })).json()
    expect(verify).toMatchObject({ code, learner: 'Hugo Weber', revokedAt: expect.any(String) })
    expect(Date.now() - Date.parse(verify.revokedAt)).toBeLessThan(60_000)
    // The reason is the administrators' alone.
    expect(JSON.stringify(verify)).not.toContain('someone else')

    const checked = await api.app.inject({
      method: 'POST',
      url: '/api/certificates/badges/verify',
      headers: { 'content-type': 'application/vc+jwt' },
      payload: jwt,
    })
    expect(checked.json()).toMatchObject({ verified: false, reasons: ['This certificate was revoked'], code, revokedAt: verify.revokedAt })
    expect((await api.app.inject({ method: 'GET', url: `/api/certificates/badges/${code}` })).json()).toMatchObject({ revokedAt: verify.revokedAt })

    // The learner's progress says so (the player and the dashboard then offer no download).
    const progress = await api.call(who, 'GET', `/api/v2/courses/metrics/gcc/${course.uuid}`)
    expect(progress.json().certificate).toMatchObject({ code, revokedAt: verify.revokedAt })
    for (const url of [`${CERTS}/${course.uuid}`, `${CERTS}/${course.uuid}/badge`]) {
      const res = await api.call(who, 'GET', url)
      expect(res.statusCode, url).toBe(410)
      expect(res.json()).toMatchObject({ code: 'REVOKED' })
    }

    // Restored: downloadable again, and its bit is cleared.
    const restored = await api.call(ADMIN_CALLER, 'PUT', `${ADMIN}/${code}/restore`, { reason: 'Identity confirmed' })
    expect(restored.statusCode, restored.body).toBe(200)
    expect(restored.json().Item).toMatchObject({ revokedAt: null, reason: null })
    expect((await api.call(who, 'GET', `${CERTS}/${course.uuid}/badge`)).statusCode).toBe(200)
    const index = restored.json().Item.statusIndex as number
    expect(bitAt((await statusList()).bits, index)).toBe(false)
    expect((await api.call(ADMIN_CALLER, 'PUT', `${ADMIN}/${code}/restore`, { reason: 'again' })).statusCode).toBe(409)
  })

  it('is for administrators only, needs a reason, answers 404 for an unknown code and 409 when revoked already, and is audited', async () => {
    const { who, code } = await completed('Lena Berg')
    expect((await revoke(null, code)).statusCode).toBe(401)
    expect((await revoke(who, code)).statusCode).toBe(403)
    expect((await revoke(owner, code)).statusCode).toBe(403)
    expect((await api.call(who, 'GET', `${ADMIN}/course/${course.uuid}/${who.username}`)).statusCode).toBe(403)
    for (const body of [{}, { reason: '' }, { reason: '   ' }, { reason: 'x'.repeat(501) }, { reason: 7 }])
      expect((await revoke(ADMIN_CALLER, code, body)).statusCode).toBe(400)
    expect((await revoke(ADMIN_CALLER, 'ZZZZ-ZZZZ-ZZZZ')).statusCode).toBe(404)
    expect((await revoke(ADMIN_CALLER, 'not a code')).statusCode).toBe(404)
    expect((await revoke(ADMIN_CALLER, 'x'.repeat(41))).statusCode).toBe(400)

    const shown = await api.call(ADMIN_CALLER, 'GET', `${ADMIN}/course/${course.uuid}/${who.email}`)
    expect(shown.statusCode, shown.body).toBe(200)
    expect(shown.json().Item).toMatchObject({ code, learner: 'Lena Berg', course: 'Química básica', revokedAt: null })
    const none = await api.call(ADMIN_CALLER, 'GET', `${ADMIN}/course/${course.uuid}/nobody`)
    expect(none.json()).toEqual({ Item: null })

    const [first, second] = await Promise.all([revoke(ADMIN_CALLER, code), revoke(ADMIN_CALLER, code)])
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409])
    expect((second.statusCode === 409 ? second : first).json()).toMatchObject({ code: 'ALREADY_REVOKED' })

    const audit = await api.call(ADMIN_CALLER, 'GET', '/api/v2/admin/audit/all?action=certificates.revoke')
    expect(audit.statusCode, audit.body).toBe(200)
    const entry = audit.json().items.find((e: { targetId: string }) => e.targetId === code.replace(/-/g, ''))
    expect(entry).toMatchObject({
      targetType: 'issued certificate',
      targetName: 'Lena Berg · Química básica',
      before: { revokedAt: null },
      after: { reason: 'Exam taken by someone else', revokedBy: 'course-admin@example.test' },
    })
  })

  it('carries the credential in the PDF as an attached file that verifies, and says so in its metadata', async () => {
    const { who, code } = await completed('Ola Nordmann')
    const res = await api.call(who, 'GET', `${CERTS}/${course.uuid}`)
    expect(res.statusCode).toBe(200)
    const pdf = await PDFDocument.load(res.rawPayload, { updateMetadata: false })
    expect(pdf.getKeywords()).toContain('Open Badges 3.0')
    const info = pdf.context.lookup(pdf.context.trailerInfo.Info, PDFDict)
    expect((info.lookup(PDFName.of('OpenBadgeCredential'), PDFString) as PDFString).decodeText()).toBe(`http://localhost:80/api/certificates/badges/${code}`)

    const files = attachments(pdf)
    expect(Object.keys(files).sort()).toEqual(['open-badge-credential.json', 'open-badge-credential.jwt'])
    const jwt = files['open-badge-credential.jwt'].toString('utf8')
    const payload = await independentlyVerify(jwt)
    expect(payload?.jti).toBe(`http://localhost:80/api/certificates/badges/${code}`)
    expect(JSON.parse(files['open-badge-credential.json'].toString('utf8'))).toEqual(payload!.vc)
    expect(jwt).toBe((await api.call(who, 'GET', `${CERTS}/${course.uuid}/badge?format=jwt`)).body)
  })
})

describe('migration 0030', () => {
  it('gives the certificates issued before it their places in the status list, in the order issued, and later ones the next', async () => {
    const url = process.env.TEST_DATABASE_URL
    const schema = `t_${crypto.randomBytes(6).toString('hex')}`
    const db = url ? await openDb({ url, schema }) : await openDb({})
    try {
      await migrate(
        db,
        readMigrations().filter((m) => m.version < 30),
      )
      const course = crypto.randomUUID()
      await db.query("INSERT INTO courses (uuid, name) VALUES ($1, 'Old course')", [course])
      await db.query("INSERT INTO course_versions (course_uuid, version, content) VALUES ($1, 1, '{}')", [course])
      const old = [
        ['BBBBBBBBBBBB', '2026-03-02T10:00:00Z'],
        ['AAAAAAAAAAAA', '2026-03-01T10:00:00Z'],
        ['CCCCCCCCCCCC', '2026-03-03T10:00:00Z'],
      ]
      for (const [code, at] of old)
        await db.query(
          "INSERT INTO issued_certificates (code, course_uuid, course_version, user_sub, learner_name, course_name, issued_at) VALUES ($1, $2, 1, $1, 'L', 'Old course', $3)",
          [code, course, at],
        )
      expect(
        await migrate(
          db,
          readMigrations().filter((m) => m.version <= 30),
        ),
      ).toEqual([30])
      const { rows } = await db.query<{ code: string; status_index: number }>('SELECT code, status_index FROM issued_certificates ORDER BY status_index')
      expect(rows.map((r) => [r.code, Number(r.status_index)])).toEqual([
        ['AAAAAAAAAAAA', 0],
        ['BBBBBBBBBBBB', 1],
        ['CCCCCCCCCCCC', 2],
      ])
      const next = await db.query<{ status_index: number }>(
        "INSERT INTO issued_certificates (code, course_uuid, course_version, user_sub, learner_name, course_name) VALUES ('DDDDDDDDDDDD', $1, 1, 'new', 'L', 'Old course') RETURNING status_index",
        [course],
      )
      expect(Number(next.rows[0].status_index)).toBe(3)
    } finally {
      if (url) await db.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
      await db.close()
    }
  })
})

/** The PDF's embedded files by name, read from its EmbeddedFiles name tree as any PDF reader would. */
function attachments(pdf: PDFDocument): Record<string, Buffer> {
  const names = pdf.catalog.lookupMaybe(PDFName.of('Names'), PDFDict)
  const tree = names?.lookupMaybe(PDFName.of('EmbeddedFiles'), PDFDict)
  const list = tree?.lookupMaybe(PDFName.of('Names'), PDFArray)
  const out: Record<string, Buffer> = {}
  if (!list) return out
  for (let i = 0; i < list.size(); i += 2) {
    const name = (list.lookup(i) as PDFString).decodeText()
    const spec = list.lookup(i + 1, PDFDict)
    const stream = spec.lookup(PDFName.of('EF'), PDFDict).lookup(PDFName.of('F'), PDFStream) as PDFRawStream
    out[name] = Buffer.from(decodePDFRawStream(stream).decode())
  }
  return out
}
