import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { FastifyRequest } from 'fastify'
import { extractText, getDocumentProxy } from 'unpdf'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ChoiceQuestion, CourseSnapshot, FormValues } from '../../contracts/courses/content.js'
import { seedDemoCatalogue, type SeedResult } from '../../server/seed/index.js'
import type { Principal } from '../../server/types.js'
import { createTestApp, type TestApp } from '../helpers/app.js'
import { testClock } from '../helpers/clock.js'

/**
 * The demo catalogue does the product's main job: a learner subscribes to a seeded course, studies
 * every block, fails and then passes its form, and gets a certificate drawn on the seeded template.
 */

const testAuth = async (request: FastifyRequest): Promise<Principal | null> => {
  const m = /^Bearer test:([\w.@-]+):([\w,-]*)$/.exec(request.headers.authorization ?? '')
  return m ? { sub: m[1], username: m[1], email: `${m[1]}@example.test`, groups: m[2] ? m[2].split(',') : [] } : null
}
const LEARNER = { authorization: 'Bearer test:demo-learner:general' }

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aula-seed-journey-'))
let t: TestApp
let seeded: SeedResult
const clock = testClock()

beforeAll(async () => {
  t = await createTestApp({ authenticate: testAuth, now: clock.now, env: { AULA_DATA_DIR: dir, WEB_BUILD: 'never', LOG_LEVEL: 'silent' } })
  seeded = await seedDemoCatalogue(t.app)
}, 120_000)
afterAll(async () => {
  await t.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

describe('studying a demo course to its certificate', () => {
  it('completes every seeded course and downloads certificates made from the seeded template', async () => {
    expect(seeded.courses.length).toBeGreaterThanOrEqual(2)
    for (const { uuid, name } of seeded.courses) {
      const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
        t.app.inject({ method, url, headers: LEARNER, ...(payload ? { payload } : {}) })
      const plans = (await call('GET', `/api/v2/courses/course/subscriptions/${uuid}`)).json<{ plans: Array<{ id: string }> }>().plans
      expect((await call('POST', '/api/v2/courses/course/subscribe', { uuid, plan: plans[0].id })).statusCode).toBe(201)

      const { rows } = await t.db.query<{ content: CourseSnapshot | string }>('SELECT content FROM course_versions WHERE course_uuid = $1', [uuid])
      const snap = typeof rows[0].content === 'string' ? (JSON.parse(rows[0].content) as CourseSnapshot) : rows[0].content
      const blocks = snap.sections.flatMap((s) => s.blocks)
      for (const b of blocks.filter((x) => x.kind !== 'form')) {
        let res = await call('GET', `/api/v2/courses/metrics/re/${uuid}/${b.id}`)
        if (b.kind === 'video') {
          // The clip's length was read from the file the seed encoded; the learner plays it through.
          const length = (b.values as { duration?: number }).duration
          expect(length).toBeCloseTo(8, 0)
          expect(res.json<{ block: { completed: boolean } }>().block.completed).toBe(false)
          for (let second = 4; second <= 8; second += 4) {
            clock.advance(4)
            res = await call('PUT', '/api/v2/courses/metrics/position', { course: uuid, block: b.id, seconds: second })
          }
        }
        expect(res.statusCode, res.body).toBe(200)
        expect(res.json<{ block: { completed: boolean } }>().block.completed).toBe(true)
      }
      expect((await call('GET', `/api/v2/courses/certificates/${uuid}`)).statusCode).not.toBe(200)

      const form = blocks.find((b) => b.kind === 'form')!
      const questions = (form.values as unknown as FormValues).questions as ChoiceQuestion[]
      const wrong = Object.fromEntries(
        questions.map((q) => [
          q.id,
          q.options
            .filter((o) => !o.correct)
            .slice(0, 1)
            .map((o) => o.id),
        ]),
      )
      const failed = await call('POST', '/api/v2/courses/forms/completed', { course: uuid, id: form.id, answers: wrong })
      expect(failed.statusCode, failed.body).toBe(200)
      expect(failed.json<{ passed: boolean }>().passed).toBe(false)
      const right = Object.fromEntries(questions.map((q) => [q.id, q.options.filter((o) => o.correct).map((o) => o.id)]))
      const passed = await call('POST', '/api/v2/courses/forms/completed', { course: uuid, id: form.id, answers: right })
      expect(passed.json<{ passed: boolean; score: number }>()).toMatchObject({ passed: true, score: 100 })

      const completion = await call('GET', `/api/v2/courses/metrics/gcc/${uuid}`)
      expect(completion.json<{ percent: number }>()).toMatchObject({ percent: 100 })
      const pdf = await call('GET', `/api/v2/courses/certificates/${uuid}`)
      expect(pdf.statusCode, pdf.body).toBe(200)
      expect(pdf.headers['content-type']).toMatch(/^application\/pdf/)
      const text = (await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), { mergePages: true })).text
      // The template's own heading and signature line, with the course drawn on them.
      expect(text).toContain('CENTRO DE ESTUDIOS')
      expect(text).toContain('Dirección académica')
      expect(text).toContain(name)
    }
  }, 120_000)
})
