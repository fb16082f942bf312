import fs from 'node:fs'
import path from 'node:path'
import type { LightMyRequestResponse } from 'fastify'
import { extractText, getDocumentProxy } from 'unpdf'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app.js'
import { sweepBuckets } from '../../server/limits/queries.js'
import type { LocalStorage } from '../../server/storage/local.js'
import type { App } from '../../server/types.js'
import { createTestApp, type TestApp } from '../helpers/app.js'
import { ADMIN_CALLER, caller, courseApp, testAuth, V2, type Caller, type CourseApi } from '../helpers/courses.js'
import { FORMS, publishedCourse, RIGHT, subscribe, templatePdf, type PublishedCourse } from './forms-course.js'

/**
 * The expensive routes' rate limits, counted in the database, and the kept certificate PDFs. The
 * app's clock is moved by hand: a window passes without waiting for it.
 */

const WINDOW_SECONDS = 60
const LIMITS = {
  RATE_LIMIT_WINDOW_SECONDS: String(WINDOW_SECONDS),
  RATE_LIMIT_CERTIFICATE_PDF: '3',
  RATE_LIMIT_CERTIFICATE_VERIFY: '3',
  RATE_LIMIT_AVATAR: '2',
  RATE_LIMIT_COURSE_START: '2',
  RATE_LIMIT_UPLOAD: '3',
  RATE_LIMIT_SEARCH: '2',
}

let clock = Date.parse('2026-05-04T09:00:00Z')
const nextWindow = () => (clock += WINDOW_SECONDS * 1000 + 1)
/** While the course is built, every counted request falls in a window of its own. */
let building = true

let api: CourseApi
let course: PublishedCourse
let ana: Caller & { username: string }
let ben: Caller & { username: string }

const CERTS = '/api/v2/courses/certificates'
const VERIFY = '/api/certificates/verify'

function expectLimited(res: LightMyRequestResponse, maxSeconds = WINDOW_SECONDS) {
  expect(res.statusCode, res.body).toBe(429)
  const after = Number(res.headers['retry-after'])
  expect(Number.isInteger(after)).toBe(true)
  expect(after).toBeGreaterThanOrEqual(1)
  expect(after).toBeLessThanOrEqual(maxSeconds)
  expect(res.json()).toEqual({
    message: `Too many requests: try again in ${after} ${after === 1 ? 'second' : 'seconds'}`,
    code: 'RATE_LIMITED',
    retryAfter: after,
  })
  return after
}

const pdf = (as: Caller, lang = 'eng') => api.app.inject({ method: 'GET', url: `${CERTS}/${course.uuid}?lang=${lang}`, headers: as.headers })
const verify = (code: string, o: { from?: string; forwardedFor?: string } = {}, app: App = api.app) =>
  app.inject({
    method: 'GET',
    url: `${VERIFY}/${code}`,
    remoteAddress: o.from ?? '203.0.113.7',
    headers: o.forwardedFor ? { 'x-forwarded-for': o.forwardedFor } : {},
  })

/** A learner who completed the course (their certificate is issued). */
async function graduate(name: string) {
  const who = await api.user(name, ['general'])
  await subscribe(api, course, who)
  const res = await api.call(who, 'POST', `${FORMS}/completed`, { course: course.uuid, id: course.forms[0], answers: RIGHT })
  expect(res.json()).toMatchObject({ passed: true })
  return who
}

beforeAll(async () => {
  api = await courseApp(LIMITS, { now: () => new Date(building ? nextWindow() : clock) })
  const owner = await api.user('Olga Owner', ['creator'])
  course = await publishedCourse(api, owner, { name: 'Optik' })
  ana = await graduate('Ana Learner')
  ben = await graduate('Ben Learner')
  building = false
  nextWindow()
}, 120_000)
afterAll(() => api.close())

describe('certificate PDFs', () => {
  it('answers the download past the allowance with 429 and Retry-After, leaves other learners alone, and opens again after the window', async () => {
    for (let i = 0; i < 3; i++) expect((await pdf(ana)).statusCode).toBe(200)
    const after = expectLimited(await pdf(ana))
    expect((await pdf(ben)).statusCode).toBe(200)

    clock += 20_000
    expect(expectLimited(await pdf(ana))).toBeLessThanOrEqual(after - 19)
    clock += after * 1000
    expect((await pdf(ana)).statusCode).toBe(200)
  })

  it('is drawn once and kept in storage; later downloads are the kept copy', async () => {
    nextWindow()
    const first = await pdf(ben, 'it')
    expect(first.statusCode).toBe(200)
    const code = /certificate-([0-9A-Z-]+)\.pdf/.exec(String(first.headers['content-disposition']))![1].replaceAll('-', '')
    const storage = api.app.storage as LocalStorage
    const folder = path.join(storage.objects, 'certificates', 'issued', code)
    const kept = () => fs.readdirSync(folder).sort()
    // Ben downloaded in English before (the test above) and now in Italian: one copy each.
    expect(kept()).toHaveLength(2)
    const italian = kept().find((name) => fs.readFileSync(path.join(folder, name)).equals(first.rawPayload))!
    expect(italian).toBeDefined()

    const second = await pdf(ben, 'it')
    expect(second.statusCode).toBe(200)
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true)
    expect(second.headers['content-length']).toBe(String(first.rawPayload.length))

    // What is sent is the kept object itself, not a new drawing.
    const marked = Buffer.concat([first.rawPayload, Buffer.from('\n% kept copy\n')])
    await storage.put(`certificates/issued/${code}/${italian}`, marked, 'application/pdf')
    expect((await pdf(ben, 'it')).rawPayload.equals(marked)).toBe(true)
    expect(kept()).toHaveLength(2)
  })

  it("draws again when the kept copy is gone, and never hands one learner another learner's copy", async () => {
    nextWindow()
    const mine = await pdf(ana, 'es')
    const theirs = await pdf(ben, 'es')
    expect(mine.rawPayload.equals(theirs.rawPayload)).toBe(false)
    const code = /certificate-([0-9A-Z-]+)\.pdf/.exec(String(mine.headers['content-disposition']))![1].replaceAll('-', '')
    const storage = api.app.storage as LocalStorage
    for (const name of fs.readdirSync(path.join(storage.objects, 'certificates', 'issued', code))) await storage.delete(`certificates/issued/${code}/${name}`)
    const again = await pdf(ana, 'es')
    expect(again.statusCode).toBe(200)
    expect(again.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-')
  })

  it('draws anew when the catalogue design the certificate is drawn on gets a new file', async () => {
    building = true
    const owner = await api.user('Pia Owner', ['creator'])
    const designed = await publishedCourse(api, owner, { name: 'Akustik', template: null })
    const gil = await api.user('Gil Learner', ['general'])
    await subscribe(api, designed, gil)
    expect((await api.call(gil, 'POST', `${FORMS}/completed`, { course: designed.uuid, id: designed.forms[0], answers: RIGHT })).json()).toMatchObject({
      passed: true,
    })
    const download = () => api.app.inject({ method: 'GET', url: `${CERTS}/${designed.uuid}?lang=eng`, headers: gil.headers })
    const text = async (res: LightMyRequestResponse) => (await extractText(await getDocumentProxy(new Uint8Array(res.rawPayload)), { mergePages: true })).text

    const before = await download()
    expect(before.statusCode).toBe(200)
    expect((await download()).rawPayload.equals(before.rawPayload)).toBe(true)

    const { rows } = await api.db.query<{ id: string; name: string; revision: number }>(
      `SELECT c.id, c.name, c.revision FROM certificates c JOIN course_versions v ON c.id::text = v.content->'course'->'certificate'->>'id' WHERE v.course_uuid = $1`,
      [designed.uuid],
    )
    const design = rows[0]!
    await api.app.storage.put('catalogues/certificates/new-design.pdf', await templatePdf(), 'application/pdf')
    const updated = await api.call(ADMIN_CALLER, 'PUT', `/api/v2/admin/certificates/update/${design.id}`, {
      name: design.name,
      description: '',
      templatePath: 'catalogues/certificates/new-design.pdf',
      revision: design.revision,
    })
    expect(updated.statusCode, updated.body).toBe(200)

    const after = await download()
    building = false
    expect(after.statusCode).toBe(200)
    expect(after.rawPayload.equals(before.rawPayload)).toBe(false)
    // The new design's page (its heading) is the certificate's page now.
    expect(await text(after)).toContain('Experimental Studies Centre')
    expect(await text(before)).not.toContain('Experimental Studies Centre')
  })

  it('counts a refused token against nobody', async () => {
    nextWindow()
    for (let i = 0; i < 5; i++) expect((await api.app.inject({ method: 'GET', url: `${CERTS}/${course.uuid}` })).statusCode).toBe(401)
    expect((await pdf(ana)).statusCode).toBe(200)
  })
})

describe('certificate verification (public: per client address)', () => {
  it('limits each address on its own', async () => {
    nextWindow()
    for (let i = 0; i < 3; i++) expect((await verify('ABCD-2345-WXYZ')).statusCode).toBe(404)
    expectLimited(await verify('ABCD-2345-WXYZ'))
    expect((await verify('ABCD-2345-WXYZ', { from: '198.51.100.20' })).statusCode).toBe(404)
  })

  it('ignores X-Forwarded-For without TRUST_PROXY: naming other clients opens no new allowance', async () => {
    nextWindow()
    for (let i = 0; i < 3; i++) expect((await verify('ABCD-2345-WXYZ', { forwardedFor: `192.0.2.${i}` })).statusCode).toBe(404)
    expectLimited(await verify('ABCD-2345-WXYZ', { forwardedFor: '192.0.2.99' }))
  })

  it('counts the buckets in the database: two processes on one database share them', async () => {
    nextWindow()
    const other = await buildApp({ config: api.config, db: api.db, authenticate: testAuth, print: () => {}, now: () => new Date(clock) })
    await other.ready()
    try {
      expect((await verify('ABCD-2345-WXYZ', {}, other)).statusCode).toBe(404)
      expect((await verify('ABCD-2345-WXYZ')).statusCode).toBe(404)
      expect((await verify('ABCD-2345-WXYZ', {}, other)).statusCode).toBe(404)
      expectLimited(await verify('ABCD-2345-WXYZ'))
      expectLimited(await verify('ABCD-2345-WXYZ', {}, other))

      // At the same moment from both: exactly the allowance gets through.
      nextWindow()
      const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => verify('ABCD-2345-WXYZ', { from: '198.51.100.77' }, i % 2 ? other : api.app)))
      expect(answers.filter((r) => r.statusCode === 404)).toHaveLength(3)
      expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(7)
    } finally {
      await other.close()
    }
  })
})

describe('behind one load balancer (TRUST_PROXY=1)', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ env: { ...LIMITS, TRUST_PROXY: '1' } })
  })
  afterAll(() => t.close())

  it('counts the client the balancer names in X-Forwarded-For, not the balancer', async () => {
    const LB = '10.0.0.5'
    for (let i = 0; i < 3; i++) expect((await verify('ABCD-2345-WXYZ', { from: LB, forwardedFor: '198.51.100.1' }, t.app)).statusCode).toBe(404)
    expectLimited(await verify('ABCD-2345-WXYZ', { from: LB, forwardedFor: '198.51.100.1' }, t.app))
    // Another client behind the same balancer still has its allowance.
    expect((await verify('ABCD-2345-WXYZ', { from: LB, forwardedFor: '198.51.100.2' }, t.app)).statusCode).toBe(404)
    // A client writing its own X-Forwarded-For start changes nothing: the balancer appends the real address.
    expectLimited(await verify('ABCD-2345-WXYZ', { from: LB, forwardedFor: '192.0.2.77, 198.51.100.1' }, t.app))
  })
})

describe('the other expensive routes', () => {
  it('limits catalogue searches, not the plain catalogue', async () => {
    nextWindow()
    for (const words of ['optik', 'licht']) expect((await api.call(ana, 'GET', `/api/v2/courses/all/1/${words}`)).statusCode).toBe(200)
    expectLimited(await api.call(ana, 'GET', '/api/v2/courses/all/1/linse'))
    for (let i = 0; i < 4; i++) expect((await api.call(ana, 'GET', '/api/v2/courses/all/1')).statusCode).toBe(200)
    expect((await api.call(ben, 'GET', '/api/v2/courses/all/1/linse')).statusCode).toBe(200)
  })

  it('limits course starts (v2 and legacy share one allowance) and a refused start creates nothing', async () => {
    nextWindow()
    const carla = caller('carla-creator', ['creator'])
    expect((await api.call(carla, 'POST', `${V2}/start`, { name: 'One' })).statusCode).toBe(201)
    expect((await api.call(carla, 'POST', '/api/courses/creator/start', { name: 'Two' })).statusCode).toBe(201)
    expectLimited(await api.call(carla, 'POST', `${V2}/start`, { name: 'Three' }))
    const { count } = (await api.call(carla, 'GET', `${V2}/count/1`)).json<{ count: number }>()
    expect(count).toBe(2)
    expect((await api.call(caller('dan-creator', ['creator']), 'POST', `${V2}/start`, { name: 'Mine' })).statusCode).toBe(201)
  })

  it('limits upload requests: parameters and confirmations share one allowance', async () => {
    nextWindow()
    const erin = caller('erin-creator', ['creator'])
    const { uuid, revision } = (await api.call(erin, 'POST', `${V2}/start`, { name: 'Uploads' })).json<{ uuid: string; revision: number }>()
    const ask = { uuid, size: 100, contentType: 'image/png', fileName: 'c.png' }
    expect((await api.call(erin, 'POST', `${V2}/builder/cover-par`, ask)).statusCode).toBe(200)
    expect((await api.call(erin, 'POST', `${V2}/blocks/resource-par`, { ...ask, kind: 'image' })).statusCode).toBe(200)
    expect((await api.call(erin, 'PUT', `${V2}/builder/cover`, { uuid, revision, cover: null })).statusCode).toBe(200)
    expectLimited(await api.call(erin, 'POST', `${V2}/builder/thumbnail-par`, ask))
    expectLimited(await api.call(erin, 'POST', '/api/courses/creator/builder/cover-par', ask))
  })

  it('limits AI avatar requests before anything else is looked at', async () => {
    nextWindow()
    const fay = caller('fay-experimental', ['experimental'])
    for (let i = 0; i < 2; i++) expect((await api.call(fay, 'POST', '/api/v2/experimental/ai-avatar-create-request', {})).statusCode).toBe(400)
    expectLimited(await api.call(fay, 'POST', '/api/v2/experimental/ai-avatar-create-request', {}))
  })
})

describe('expired buckets', () => {
  it('are swept; live ones stay', async () => {
    nextWindow()
    expect((await verify('ABCD-2345-WXYZ', { from: '198.51.100.99' })).statusCode).toBe(404)
    const count = async () => Number((await api.db.query<{ n: string }>('SELECT count(*) AS n FROM rate_limit_buckets')).rows[0].n)
    expect(await sweepBuckets(api.db, new Date(clock))).toBeGreaterThan(0)
    expect(await count()).toBe(1)
    expect(await sweepBuckets(api.db, new Date(clock + WINDOW_SECONDS * 1000))).toBe(1)
    expect(await count()).toBe(0)
  })
})

describe('the OpenAPI document', () => {
  it('names the 429 answer of the limited routes only', async () => {
    const doc = (await api.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>
    }>()
    expect(doc.paths['/api/v2/courses/certificates/{course}']!.get!.responses['429']).toBeDefined()
    expect(doc.paths['/api/certificates/verify/{code}']!.get!.responses['429']).toBeDefined()
    expect(doc.paths['/api/v2/courses/all/{page}']!.get!.responses['429']).toBeUndefined()
  })
})

describe('settings', () => {
  it('0 turns a class off', async () => {
    const t = await createTestApp({ env: { ...LIMITS, RATE_LIMIT_CERTIFICATE_VERIFY: '0' } })
    try {
      for (let i = 0; i < 6; i++) expect((await verify('ABCD-2345-WXYZ', {}, t.app)).statusCode).toBe(404)
      expect((await t.db.query('SELECT 1 FROM rate_limit_buckets')).rows).toHaveLength(0)
    } finally {
      await t.close()
    }
  })
})
