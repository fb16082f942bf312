import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest'
import { courseApp, type Caller, type CourseApi } from '../helpers/courses.js'
import { FORMS, publishedCourse, RIGHT, subscribe, type PublishedCourse } from './forms-course.js'

/**
 * Certificate PDFs are drawn by worker threads behind a bounded queue (CERTIFICATE_PDF_WORKERS,
 * CERTIFICATE_PDF_QUEUE): many downloads at once all get their PDF while the server keeps answering,
 * and a full queue answers 503 BUSY with Retry-After.
 */

const CERTS = '/api/v2/courses/certificates'

/** `n` learners who passed the course's form: each has a certificate whose PDF is not drawn yet. */
async function graduates(api: CourseApi, course: PublishedCourse, n: number, tag: string): Promise<Caller[]> {
  const learners: Caller[] = []
  for (let i = 0; i < n; i++) {
    const learner = await api.user(`Learner ${tag} ${i}`, ['general'])
    await subscribe(api, course, learner)
    const done = await api.call(learner, 'POST', `${FORMS}/completed`, { course: course.uuid, id: course.forms[0], answers: RIGHT })
    expect(done.statusCode, done.body).toBe(200)
    learners.push(learner)
  }
  return learners
}

const download = (api: CourseApi, as: Caller, course: PublishedCourse) =>
  api.app.inject({ method: 'GET', url: `${CERTS}/${course.uuid}?lang=eng`, headers: as.headers })

const isPdf = (bytes: Buffer) => bytes.subarray(0, 5).toString('latin1') === '%PDF-'

describe('certificate PDFs drawn off the event loop', () => {
  let api: CourseApi
  let course: PublishedCourse

  beforeAll(async () => {
    api = await courseApp({ CERTIFICATE_PDF_WORKERS: '2' })
    const owner = await api.user('Olga Owner', ['creator'])
    course = await publishedCourse(api, owner, { name: 'Drawn in the background' })
  })
  afterAll(() => api.close())

  it('gives every learner of a batch downloading at once a valid PDF of their own certificate', async () => {
    const learners = await graduates(api, course, 10, 'batch')
    const answers = await Promise.all(learners.map((learner) => download(api, learner, course)))
    const files = new Set<string>()
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(200)
      expect(res.headers['content-type']).toBe('application/pdf')
      expect(res.headers['cache-control']).toBe('private, no-store')
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length)
      expect(isPdf(res.rawPayload)).toBe(true)
      files.add(String(res.headers['content-disposition']))
    }
    expect(files.size).toBe(learners.length)
  })

  it('answers the health check while a batch of PDFs is being drawn', async () => {
    const learners = await graduates(api, course, 8, 'health')
    const finished: string[] = []
    const pdfs = learners.map((learner, i) =>
      download(api, learner, course).then((res) => {
        finished.push(`pdf ${i}`)
        return res
      }),
    )
    const health = await api.app.inject({ method: 'GET', url: '/api/health' })
    finished.push('health')
    expect(health.statusCode).toBe(200)
    for (const res of await Promise.all(pdfs)) expect(isPdf(res.rawPayload)).toBe(true)
    // The health check did not wait for the drawings: it answered before the batch was done.
    expect(finished.indexOf('health')).toBeLessThan(finished.length - 1)
  })

  it('draws a certificate downloaded twice at the same moment once', async () => {
    const [learner] = await graduates(api, course, 1, 'twice')
    const put = vi.spyOn(api.app.storage, 'put')
    try {
      const [a, b] = await Promise.all([download(api, learner!, course), download(api, learner!, course)])
      expect(a.statusCode, a.body).toBe(200)
      expect(b.statusCode, b.body).toBe(200)
      expect(Buffer.compare(a.rawPayload, b.rawPayload)).toBe(0)
      expect(put.mock.calls.filter(([key]) => key.startsWith('certificates/issued/'))).toHaveLength(1)
    } finally {
      put.mockRestore()
    }
  })
})

describe('a full drawing queue', () => {
  let api: CourseApi
  let course: PublishedCourse

  beforeAll(async () => {
    api = await courseApp({ CERTIFICATE_PDF_WORKERS: '1', CERTIFICATE_PDF_QUEUE: '1' })
    const owner = await api.user('Queue Owner', ['creator'])
    course = await publishedCourse(api, owner, { name: 'A busy course' })
  })
  afterAll(() => api.close())

  it('answers 503 BUSY with Retry-After to the downloads beyond it, draws those ahead, and serves the kept PDF once tried again', async () => {
    const learners = await graduates(api, course, 6, 'queue')
    const kept = () => api.app.storage.list('certificates/issued/')
    const keptBefore = (await kept()).length
    const answers = await Promise.all(learners.map((learner) => download(api, learner, course)))
    const busy = answers.filter((res) => res.statusCode === 503)
    const drawn = answers.filter((res) => res.statusCode === 200)
    expect(busy.length).toBeGreaterThan(0)
    expect(drawn.length).toBeGreaterThan(0)
    expect(busy.length + drawn.length).toBe(learners.length)
    for (const res of drawn) expect(isPdf(res.rawPayload)).toBe(true)
    for (const res of busy) {
      expect(res.headers['retry-after']).toMatch(/^[1-9]\d*$/)
      expect(res.json()).toEqual({ message: 'The service is busy; try again in a moment', code: 'BUSY' })
    }
    // The refused are drawn ahead without asking again: their kept copies appear by themselves.
    await vi.waitFor(async () => expect(await kept()).toHaveLength(keptBefore + learners.length), { timeout: 20_000 })
    const put = vi.spyOn(api.app.storage, 'put')
    onTestFinished(() => put.mockRestore())
    for (const [i, res] of answers.entries()) {
      if (res.statusCode !== 503) continue
      const again = await download(api, learners[i]!, course)
      expect(again.statusCode, again.body).toBe(200)
      expect(isPdf(again.rawPayload)).toBe(true)
    }
    // Served from the kept copies: nothing drawn again.
    expect(put).not.toHaveBeenCalled()
  })

  it('is declared in the OpenAPI document of the download', async () => {
    const res = await api.app.inject({ method: 'GET', url: '/api/docs/json' })
    expect(res.statusCode).toBe(200)
    const paths = res.json().paths as Record<string, Record<string, { responses: Record<string, unknown> }>>
    const route = Object.entries(paths).find(([p]) => p.includes('/v2/courses/certificates/'))
    expect(route?.[1].get?.responses).toHaveProperty('503')
  })
})
