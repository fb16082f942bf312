import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { FastifyRequest } from 'fastify'
import { PDFDocument } from 'pdf-lib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ChoiceQuestion, CourseSnapshot, FormValues } from '../../contracts/courses/content.js'
import { ConfigError, loadConfig, seedMode } from '../../server/config.js'
import { bootstrapAdministrator, seedDemoCatalogue, type SeedResult } from '../../server/seed/index.js'
import type { Principal } from '../../server/types.js'
import { createTestApp, type TestApp } from '../helpers/app.js'

/**
 * First run (server/seed): on a database that has never held a course the demo catalogue is created
 * once, owned by the bootstrap administrator and published through the builder's own checks, with
 * every file in storage. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */

const ADMIN_EMAIL = 'seed-admin@example.test'

// The bearer token `test:<sub>:<groups>` names the caller (as in tests/helpers/courses.ts).
const testAuth = async (request: FastifyRequest): Promise<Principal | null> => {
  const m = /^Bearer test:([\w.@-]+):([\w,-]*)$/.exec(request.headers.authorization ?? '')
  return m ? { sub: m[1], username: m[1], email: `${m[1]}@example.test`, groups: m[2] ? m[2].split(',') : [] } : null
}

const dirs: string[] = []
async function app(env: Record<string, string> = {}): Promise<TestApp> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aula-seed-test-'))
  dirs.push(dir)
  return createTestApp({ authenticate: testAuth, env: { AULA_DATA_DIR: dir, ADMIN_EMAIL, WEB_BUILD: 'never', LOG_LEVEL: 'silent', ...env } })
}
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true })
})

async function readAll(t: TestApp, key: string): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const c of (await t.app.storage.read(key)) as AsyncIterable<Buffer | string>) chunks.push(typeof c === 'string' ? Buffer.from(c) : c)
  return Buffer.concat(chunks)
}

async function snapshots(t: TestApp): Promise<CourseSnapshot[]> {
  const { rows } = await t.db.query<{ content: CourseSnapshot | string }>(
    'SELECT v.content FROM courses c JOIN course_versions v ON v.course_uuid = c.uuid AND v.version = c.published_version ORDER BY c.name',
  )
  return rows.map((r) => (typeof r.content === 'string' ? (JSON.parse(r.content) as CourseSnapshot) : r.content))
}

const count = async (t: TestApp, sql: string) => Number((await t.db.query<{ n: string | number }>(sql)).rows[0].n)

describe('first run seeding (AULA_SEED=demo by default on the embedded database)', () => {
  let t: TestApp
  let first: SeedResult
  let admin: string

  beforeAll(async () => {
    t = await app()
    admin = (await bootstrapAdministrator(t.db, ADMIN_EMAIL))!
    first = await seedDemoCatalogue(t.app)
  }, 120_000)
  afterAll(() => t.close())

  it('publishes two or three courses owned by the bootstrap administrator', async () => {
    const { rows } = await t.db.query<{ email_lower: string }>('SELECT email_lower FROM identity_users WHERE username = $1', [admin])
    expect(rows[0].email_lower).toBe(ADMIN_EMAIL)
    expect(first.skipped).toBeNull()
    expect(first.courses.length).toBeGreaterThanOrEqual(2)
    expect(first.courses.length).toBeLessThanOrEqual(3)
    const courses = await t.db.query<{ uuid: string; created_by: string; published_version: number }>('SELECT uuid, created_by, published_version FROM courses')
    expect(courses.rows).toHaveLength(first.courses.length)
    for (const c of courses.rows) {
      expect(c.created_by).toBe(admin)
      expect(Number(c.published_version)).toBe(1)
    }
  })

  it('passes the publication checklist of the builder API', async () => {
    for (const c of first.courses) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v2/courses/creator/publish/validate/${c.uuid}`,
        headers: { authorization: `Bearer test:${admin}:admin` },
      })
      expect(res.statusCode, res.body).toBe(200)
      const body = res.json<{ ok: boolean; items: Array<{ key: string; ok: boolean; message: string }> }>()
      expect(body.items.filter((i) => !i.ok)).toEqual([])
      expect(body.ok).toBe(true)
    }
  })

  it('holds every block kind, a form with all three question types and a free plan in each snapshot', async () => {
    const all = await snapshots(t)
    expect(all).toHaveLength(first.courses.length)
    for (const s of all) {
      const blocks = s.sections.flatMap((x) => x.blocks)
      expect(s.sections.length).toBeGreaterThanOrEqual(2)
      const kinds = new Set(blocks.map((b) => b.kind))
      const expected = ['text', 'image', 'attachment', 'link', 'simulation', 'form', ...(first.videos ? ['video'] : [])]
      for (const k of expected) expect(kinds, `${s.course.name} has a ${k} block`).toContain(k)
      const form = blocks.find((b) => b.kind === 'form')!.values as unknown as FormValues
      expect(new Set(form.questions.map((q) => q.type))).toEqual(new Set(['single', 'multiple', 'boolean']))
      for (const q of form.questions as ChoiceQuestion[]) expect(q.options.some((o) => o.correct)).toBe(true)
      expect(s.plans).toEqual([expect.objectContaining({ durationDays: 30, price: null })])
      expect(s.course.briefDescription).not.toBe('')
      expect(s.course.category?.name).toBeTruthy()
      expect(s.course.difficulty?.name).toBeTruthy()
      expect(s.course.durationHours).toBeGreaterThan(0)
      expect(s.course.createdBy).toBe(admin)
    }
  })

  it('stores every file, readable through storage and the read URLs', async () => {
    for (const s of await snapshots(t)) {
      const cover = await readAll(t, s.course.cover!)
      expect(cover.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
      expect((await t.app.storage.head(s.course.cover!))?.contentType).toBe('image/png')
      const template = await PDFDocument.load(await readAll(t, s.course.template!))
      expect(template.getPageCount()).toBe(1)
      for (const b of s.sections.flatMap((x) => x.blocks)) {
        const v = b.values as { path?: string; entry?: string; size?: number }
        if (!v.path) continue
        const data = await readAll(t, v.path)
        expect(data.length).toBeGreaterThan(0)
        if (b.kind === 'attachment') {
          expect(v.size).toBe(data.length)
          expect((await PDFDocument.load(data)).getPageCount()).toBeGreaterThanOrEqual(1)
        }
        if (b.kind === 'simulation') {
          expect(v.entry).toBe(v.path)
          expect(data.toString('utf8')).toMatch(/^<!doctype html>/)
          expect(data.toString('utf8')).not.toMatch(/\b(src|href)="https?:/)
        }
        if (b.kind === 'video') expect(data.subarray(0, 4)).toEqual(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]))
        if (b.kind === 'image') expect(['image/png', 'image/svg+xml']).toContain((await t.app.storage.head(v.path))?.contentType)
        const res = await t.app.inject({ method: 'GET', url: await t.app.storage.readUrl(v.path) })
        expect(res.statusCode).toBe(200)
        expect(res.rawPayload.length).toBe(data.length)
      }
    }
  })

  it("lists the courses in the learners' catalogue, where a learner subscribes for free and opens the player", async () => {
    const learner = { authorization: 'Bearer test:seed-learner:general' }
    const page = await t.app.inject({ method: 'GET', url: '/api/v2/courses/all/1', headers: learner })
    expect(page.statusCode, page.body).toBe(200)
    const listed = page.json<{ items: Array<{ uuid: string; name: string; cover: string | null }>; total: number }>()
    expect(listed.total).toBe(first.courses.length)
    expect(listed.items.map((c) => c.uuid).sort()).toEqual(first.courses.map((c) => c.uuid).sort())
    for (const c of listed.items) expect(c.cover).toBeTruthy()
    // Spanish search with the accents left out.
    const found = await t.app.inject({ method: 'GET', url: `/api/v2/courses/all/1/${encodeURIComponent('tecnicas estudio')}`, headers: learner })
    expect(found.json<{ items: Array<{ name: string }> }>().items.map((c) => c.name)).toContain('Técnicas de estudio eficaces')

    const course = first.courses[0].uuid
    const plans = await t.app.inject({ method: 'GET', url: `/api/v2/courses/course/subscriptions/${course}`, headers: learner })
    expect(plans.statusCode, plans.body).toBe(200)
    const plan = plans.json<{ plans: Array<{ id: string }> }>().plans[0]
    const subscribed = await t.app.inject({
      method: 'POST',
      url: '/api/v2/courses/course/subscribe',
      headers: learner,
      payload: { uuid: course, plan: plan.id },
    })
    expect(subscribed.statusCode, subscribed.body).toBe(201)
    const index = await t.app.inject({ method: 'GET', url: `/api/v2/courses/course/index/${course}`, headers: learner })
    expect(index.statusCode, index.body).toBe(200)
    const blocks = index.json<{ Item: { sections: Array<{ blocks: unknown[] }> } }>().Item.sections.flatMap((x) => x.blocks)
    const snapshot = (await snapshots(t)).find((x) => x.course.uuid === course)!
    expect(blocks).toHaveLength(snapshot.sections.flatMap((x) => x.blocks).length)
  })

  it('seeds nothing more on a second start, nor from two starts at once', async () => {
    const before = await count(t, 'SELECT count(*) AS n FROM courses')
    const again = await seedDemoCatalogue(t.app)
    expect(again).toMatchObject({ courses: [], skipped: 'the database already has courses' })
    const [a, b] = await Promise.all([seedDemoCatalogue(t.app), seedDemoCatalogue(t.app)])
    expect([...a.courses, ...b.courses]).toEqual([])
    expect(await count(t, 'SELECT count(*) AS n FROM courses')).toBe(before)
    expect(await count(t, 'SELECT count(*) AS n FROM course_versions')).toBe(before)
  })
})

describe('when seeding is off or not wanted', () => {
  it('AULA_SEED=none seeds nothing', async () => {
    const t = await app({ AULA_SEED: 'none' })
    try {
      expect(await seedDemoCatalogue(t.app)).toMatchObject({ courses: [], skipped: 'AULA_SEED is none' })
      expect(await count(t, 'SELECT count(*) AS n FROM courses')).toBe(0)
    } finally {
      await t.close()
    }
  })

  it('never touches a database that already has a course, even a deleted one', async () => {
    const t = await app()
    try {
      await t.db.query("INSERT INTO courses (name, created_by, deleted_at) VALUES ('Old course', 'someone', now())")
      expect(await seedDemoCatalogue(t.app)).toMatchObject({ courses: [], skipped: 'the database already has courses' })
      expect(await count(t, 'SELECT count(*) AS n FROM courses')).toBe(1)
    } finally {
      await t.close()
    }
  })

  it('is off with DATABASE_URL unless AULA_SEED=demo, and refuses other values', () => {
    const env = { AULA_DATA_DIR: '/tmp/aula-seed-config' }
    expect(seedMode(loadConfig(env))).toBe('demo')
    expect(seedMode(loadConfig({ ...env, DATABASE_URL: 'postgres://u:p@localhost/db' }))).toBe('none')
    expect(seedMode(loadConfig({ ...env, DATABASE_URL: 'postgres://u:p@localhost/db', AULA_SEED: 'demo' }))).toBe('demo')
    expect(seedMode(loadConfig({ ...env, AULA_SEED: 'none' }))).toBe('none')
    expect(() => loadConfig({ ...env, AULA_SEED: 'yes' })).toThrow(ConfigError)
    expect(() => loadConfig({ ...env, AULA_SEED: 'yes' })).toThrow(/AULA_SEED must be one of demo, none/)
  })

  it('leaves nothing behind in the database when a file cannot be stored, and seeds at the next try', async () => {
    const t = await app()
    try {
      const real = t.app.storage
      let puts = 0
      const put = real.put.bind(real)
      // The sixth file fails, halfway through the first course's blocks.
      real.put = async (key, body, type) => {
        if (++puts === 6) throw new Error('disk full')
        return put(key, body, type)
      }
      await expect(seedDemoCatalogue(t.app)).rejects.toThrow('disk full')
      expect(await count(t, 'SELECT count(*) AS n FROM courses')).toBe(0)
      expect(await count(t, 'SELECT count(*) AS n FROM course_items')).toBe(0)
      expect(await count(t, 'SELECT count(*) AS n FROM categories')).toBe(0)
      real.put = put
      const retried = await seedDemoCatalogue(t.app)
      expect(retried.courses.length).toBeGreaterThanOrEqual(2)
    } finally {
      await t.close()
    }
  }, 120_000)

  it('leaves the video blocks out and says so when ffmpeg is missing, and still publishes', async () => {
    const t = await app()
    try {
      const result = await seedDemoCatalogue(t.app, { ffmpeg: path.join(os.tmpdir(), 'no-such-ffmpeg') })
      expect(result.videos).toBe(false)
      expect(result.courses.length).toBeGreaterThanOrEqual(2)
      for (const s of await snapshots(t)) {
        const blocks = s.sections.flatMap((x) => x.blocks)
        expect(blocks.some((b) => b.kind === 'video')).toBe(false)
        expect(blocks.some((b) => b.kind === 'text' && String(b.values.html).includes('ffmpeg'))).toBe(true)
        // No text speaks of a video that is not there, but for that note.
        for (const b of blocks.filter((x) => x.kind === 'text' && !String(x.values.html).includes('ffmpeg')))
          expect(String(b.values.html)).not.toMatch(/vídeo/i)
      }
    } finally {
      await t.close()
    }
  }, 120_000)
})
