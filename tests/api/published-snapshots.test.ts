import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app.js'
import { openDb, type Db, type Queryable } from '../../server/db/index.js'
import type { App } from '../../server/types.js'
import { ADMIN_CALLER, courseApp, testAuth, V2, type Caller, type CourseApi } from '../helpers/courses.js'
import { FORM, FORMS, publishedCourse, subscribe, type PublishedCourse } from './forms-course.js'

/**
 * Learners read the newest published snapshot. Its content is read from the database once and then
 * served from memory, while which version is current is read with every call: a publication is
 * served at once, here and by every other process on the same database.
 */

const L = '/api/v2/courses'

let api: CourseApi
let owner: Caller & { username: string }
let learner: Caller & { username: string }
let course: PublishedCourse

/** The SQL the app runs while `fn` runs (statements, and the transactions opened). */
async function watched(db: Db, fn: () => Promise<void>): Promise<{ statements: string[]; transactions: number }> {
  const seen = { statements: [] as string[], transactions: 0 }
  const { query, transaction } = db
  const spy = (q: Queryable): Queryable => ({
    exec: (sql) => q.exec(sql),
    query: ((sql: string, params?: unknown[]) => {
      seen.statements.push(sql)
      return q.query(sql, params)
    }) as Queryable['query'],
  })
  db.query = ((sql: string, params?: unknown[]) => {
    seen.statements.push(sql)
    return query.call(db, sql, params)
  }) as Db['query']
  db.transaction = ((body: (tx: Queryable) => Promise<unknown>) => {
    seen.transactions++
    return transaction.call(db, (tx) => body(spy(tx)))
  }) as Db['transaction']
  try {
    await fn()
  } finally {
    db.query = query
    db.transaction = transaction
  }
  return seen
}

const readsContent = (sql: string) => /\bcontent\b/.test(sql) && /\bcourse_versions\b/.test(sql)

async function republishWithFormName(through: App, name: string) {
  const call = (method: 'GET' | 'PUT' | 'POST', url: string, body?: object) =>
    through.inject({ method, url, headers: owner.headers, ...(body ? { payload: body } : {}) })
  const revision = Number((await call('GET', `${V2}/builder/${course.uuid}`)).json().Item.revision)
  const saved = await call('PUT', `${V2}/blocks`, { uuid: course.uuid, revision, item: course.forms[0], values: { ...FORM, required: true, name } })
  expect(saved.statusCode, saved.body).toBe(200)
  const published = await call('POST', `${V2}/publish/all`, { uuid: course.uuid })
  expect(published.statusCode, published.body).toBe(200)
}

beforeAll(async () => {
  api = await courseApp()
  owner = await api.user('Snapshot Owner', ['creator'])
  learner = await api.user('Snapshot Learner', ['general'])
  course = await publishedCourse(api, owner)
  await subscribe(api, course, learner)
}, 120_000)

afterAll(async () => {
  await api?.close()
})

describe('published snapshots', () => {
  it('serves a new publication at once on every learner route', async () => {
    const request = () => api.call(learner, 'POST', `${FORMS}/request`, { course: course.uuid, id: course.forms[0] })
    expect((await request()).json().name).toBe(FORM.name)
    const before = (await api.call(learner, 'GET', `${L}/course/index/${course.uuid}`)).json().Item.course.version as number

    await republishWithFormName(api.app, 'Check yourself again')

    expect((await request()).json().name).toBe('Check yourself again')
    const index = await api.call(learner, 'GET', `${L}/course/index/${course.uuid}`)
    expect(index.json().Item.course.version).toBe(before + 1)
    expect((await api.call(learner, 'GET', `${L}/course/${course.uuid}`)).json().Item.version).toBe(before + 1)
    const page = await api.call(learner, 'GET', `${L}/course/page/${course.uuid}/${course.forms[0]}`)
    expect(page.json().Item.block.values.name).toBe('Check yourself again')
    const progress = await api.call(learner, 'POST', `${FORMS}/progress`, { course: course.uuid })
    expect(progress.json().items.map((f: { name: string }) => f.name)).toEqual(['Check yourself again'])
  })

  it('reads a snapshot once: a form request is one statement for the course and subscription and one for the attempts', async () => {
    const body = { course: course.uuid, id: course.forms[0] }
    expect((await api.call(learner, 'POST', `${FORMS}/request`, body)).statusCode).toBe(200)
    const seen = await watched(api.db, async () => {
      for (let i = 0; i < 5; i++) expect((await api.call(learner, 'POST', `${FORMS}/request`, body)).statusCode).toBe(200)
    })
    expect(seen.statements.filter(readsContent)).toEqual([])
    expect(seen.statements.filter((sql) => /\bsubscriptions\b/.test(sql) || /\bform_attempts\b/.test(sql))).toHaveLength(10)
  })

  it('reads the course index and the completion without a transaction while there is nothing to record', async () => {
    expect((await api.call(learner, 'GET', `${L}/course/index/${course.uuid}`)).statusCode).toBe(200)
    const seen = await watched(api.db, async () => {
      const index = await api.call(learner, 'GET', `${L}/course/index/${course.uuid}`)
      expect(index.statusCode, index.body).toBe(200)
      expect(index.json().Item.progress).toMatchObject({ done: 0, total: 1, completed: false, certificate: null })
      const gcc = await api.call(learner, 'GET', `${L}/metrics/gcc/${course.uuid}`)
      expect(gcc.statusCode, gcc.body).toBe(200)
      expect(gcc.json()).toMatchObject({ done: 0, total: 1, completed: false, certificate: null })
    })
    expect(seen.transactions).toBe(0)
    expect(seen.statements.filter(readsContent)).toEqual([])
  })

  it('still records the completion and issues the certificate when the index finds the course complete', async () => {
    const other = await api.user('Snapshot Finisher', ['general'])
    await subscribe(api, course, other)
    // The pass is stored as if an earlier version had recorded it without settling the course.
    await api.db.query(
      `INSERT INTO form_attempts (course_uuid, course_version, form_id, user_sub, answers, score, passed) VALUES ($1, 1, $2, $3, '{}'::jsonb, 100, true)`,
      [course.uuid, course.forms[0], other.username],
    )
    const index = await api.call(other, 'GET', `${L}/course/index/${course.uuid}`)
    expect(index.statusCode, index.body).toBe(200)
    expect(index.json().Item.progress).toMatchObject({ done: 1, total: 1, completed: true })
    expect(index.json().Item.progress.certificate).not.toBeNull()
    const gcc = await api.call(other, 'GET', `${L}/metrics/gcc/${course.uuid}`)
    expect(gcc.json().certificate.code).toBe(index.json().Item.progress.certificate.code)
  })

  it('answers 404 for a course that is not published and 403 without a subscription, as before', async () => {
    const stranger = await api.user('Snapshot Stranger', ['general'])
    const refused = await api.call(stranger, 'POST', `${FORMS}/request`, { course: course.uuid, id: course.forms[0] })
    expect(refused.statusCode).toBe(403)
    expect(refused.json().code).toBe('NOT_SUBSCRIBED')
    const unknown = await api.call(learner, 'POST', `${FORMS}/request`, { course: '00000000-0000-4000-8000-000000000000', id: course.forms[0] })
    expect(unknown.statusCode).toBe(404)
    expect((await api.call(ADMIN_CALLER, 'GET', `${L}/course/index/00000000-0000-4000-8000-000000000000`)).statusCode).toBe(404)
  })
})

describe.skipIf(!process.env.TEST_DATABASE_URL)('published snapshots across processes (PostgreSQL)', () => {
  let otherDb: Db
  let other: App

  beforeAll(async () => {
    const { rows } = await api.db.query<{ schema: string }>('SELECT current_schema() AS schema')
    otherDb = await openDb({ url: process.env.TEST_DATABASE_URL, schema: rows[0].schema })
    other = await buildApp({ config: api.config, db: otherDb, authenticate: testAuth, print: () => {} })
    await other.ready()
  })

  afterAll(async () => {
    await other?.close()
    await otherDb?.close()
  })

  it('serves a publication made through one process from the other within a second', async () => {
    const request = (app: App) =>
      app.inject({ method: 'POST', url: `${FORMS}/request`, headers: learner.headers, payload: { course: course.uuid, id: course.forms[0] } })
    // The other process has read (and keeps) the current snapshot.
    expect((await request(other)).statusCode).toBe(200)
    const name = `Published through one ${Date.now()}`
    await republishWithFormName(api.app, name)
    const deadline = Date.now() + 1000
    let seen = ''
    while (Date.now() < deadline && seen !== name) seen = (await request(other)).json().name as string
    expect(seen).toBe(name)
  })
})
