import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminApp, expectAdminOnly, type AdminApi } from './admin-helpers.js'

let api: AdminApi
const DAY = 86_400_000
const NIL = '00000000-0000-4000-8000-000000000000'

beforeAll(async () => {
  api = await adminApp()
})
afterAll(() => api.close())

async function catalogueId(table: string, name: string) {
  const { rows } = await api.db.query<{ id: string }>(`SELECT id FROM ${table} WHERE name = $1`, [name])
  return rows[0]?.id ?? null
}

async function course(name: string, o: { owner?: string; keywords?: string[]; updatedDaysAgo?: number; deleted?: boolean } = {}) {
  const { rows } = await api.db.query<{ uuid: string }>(
    `INSERT INTO courses (name, details, created_by, keywords, updated_at, deleted_at, status_id)
      VALUES ($1, $2, $3, $4, $5, $6, (SELECT id FROM statuses WHERE code = 'DRAFT')) RETURNING uuid`,
    [
      name,
      JSON.stringify({ ShortDescription: `About ${name}` }),
      o.owner ?? null,
      o.keywords ?? [],
      new Date(Date.now() - (o.updatedDaysAgo ?? 0) * DAY).toISOString(),
      o.deleted ? new Date().toISOString() : null,
    ],
  )
  return rows[0].uuid
}
async function plan(courseUuid: string, name = 'Monthly', days = 30, o: { price?: number; archived?: boolean; position?: number } = {}) {
  const { rows } = await api.db.query<{ id: string }>(
    'INSERT INTO subscription_plans (course_uuid, name, duration_days, price, currency, archived_at, position) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id',
    [courseUuid, name, days, o.price ?? null, o.price === undefined ? null : 'MXN', o.archived ? new Date().toISOString() : null, o.position ?? 0],
  )
  return rows[0].id
}
async function subscription(courseUuid: string, user: string, o: { ageDays?: number; days?: number; revoked?: boolean; plan?: string } = {}) {
  const { rows } = await api.db.query<{ id: string }>(
    'INSERT INTO subscriptions (course_uuid, user_sub, plan_name, duration_days, created_at, revoked_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
    [
      courseUuid,
      user,
      o.plan ?? 'Monthly',
      o.days ?? 30,
      new Date(Date.now() - (o.ageDays ?? 0) * DAY).toISOString(),
      o.revoked ? new Date().toISOString() : null,
    ],
  )
  return rows[0].id
}
async function person(email: string, name: string) {
  const res = await api.call('POST', '/api/admin/users/create', { email, name })
  expect(res.statusCode).toBe(201)
  return res.json().Item as { username: string; email: string }
}

describe('admin courses: access and input', () => {
  it('answers 401 without a token and 403 to a creator on every route', async () => {
    await expectAdminOnly(api, [
      ['GET', '/api/v2/admin/courses/all/1'],
      ['GET', '/api/v2/admin/courses/all/1/x'],
      ['GET', '/api/v2/admin/courses/count/1'],
      ['GET', '/api/v2/admin/courses/count/1/x'],
      ['GET', `/api/v2/admin/courses/course/${NIL}`],
      ['POST', '/api/admin/courses/course/subscriptors', { uuid: NIL }],
      ['GET', `/api/admin/courses/course/subscriptions/${NIL}/someone`],
      ['GET', `/api/admin/courses/course/subscriptors/estimated/${NIL}`],
      ['GET', `/api/admin/courses/user/forms/${NIL}/someone`],
      ['POST', '/api/admin/courses/forms/detail', { course: NIL, id: NIL }],
    ])
  })

  it('answers 400 with field errors for bad input and 404 for unknown courses', async () => {
    const page0 = await api.call('GET', '/api/v2/admin/courses/all/0')
    expect(page0.statusCode).toBe(400)
    expect(page0.json().errors).toHaveProperty('page')
    expect((await api.call('GET', '/api/v2/admin/courses/all/abc')).statusCode).toBe(400)
    expect((await api.call('GET', `/api/v2/admin/courses/all/1/${'x'.repeat(101)}`)).statusCode).toBe(400)
    const badId = await api.call('GET', '/api/v2/admin/courses/course/not-a-uuid')
    expect(badId.statusCode).toBe(400)
    expect(badId.json().errors).toHaveProperty('id')
    const unknown = await api.call('GET', `/api/v2/admin/courses/course/${NIL}`)
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toEqual({ message: 'Course not found', code: 'NOT_FOUND' })

    const noUuid = await api.call('POST', '/api/admin/courses/course/subscriptors', { page: 1 })
    expect(noUuid.statusCode).toBe(400)
    expect(noUuid.json().errors).toHaveProperty('uuid')
    const badPage = await api.call('POST', '/api/admin/courses/course/subscriptors', { uuid: NIL, page: -1 })
    expect(badPage.json().errors).toHaveProperty('page')
    expect((await api.call('POST', '/api/admin/courses/course/subscriptors', { uuid: NIL })).statusCode).toBe(404)
    expect((await api.call('GET', `/api/admin/courses/course/subscriptors/estimated/${NIL}`)).statusCode).toBe(404)
    expect((await api.call('GET', '/api/admin/courses/course/subscriptors/estimated/nope')).statusCode).toBe(400)
    expect((await api.call('GET', `/api/admin/courses/user/forms/${NIL}/someone`)).statusCode).toBe(404)
    const detail = await api.call('POST', '/api/admin/courses/forms/detail', { course: NIL, id: 'x' })
    expect(detail.statusCode).toBe(400)
    expect(detail.json().errors).toHaveProperty('id')
  })
})

describe('GET /api/v2/admin/courses/all and count', () => {
  it('pages every course changed last first, with owner, status and active learners; leaves deleted courses out', async () => {
    const owner = await person('owner.list@courses.example.test', 'Olga Owner')
    const names: string[] = []
    for (let i = 0; i < 12; i++) names.push(`Paged course ${String(i).padStart(2, '0')}`)
    const uuids: string[] = []
    for (const [i, n] of names.entries()) uuids.push(await course(n, { owner: owner.username, updatedDaysAgo: i + 100 }))
    await course('Paged course deleted', { deleted: true, updatedDaysAgo: 99 })
    await subscription(uuids[0], 'learner-a')
    await subscription(uuids[0], 'learner-a', { ageDays: 40 })
    await subscription(uuids[0], 'learner-b', { revoked: true })
    await subscription(uuids[0], 'learner-c', { ageDays: 60 })

    const first = await api.call('GET', '/api/v2/admin/courses/all/1/Paged')
    expect(first.statusCode).toBe(200)
    const items = first.json().items as Array<Record<string, unknown>>
    expect(items.map((c) => c.name)).toEqual(names.slice(0, 10))
    expect(items[0]).toMatchObject({
      uuid: uuids[0],
      owner: { username: owner.username, email: owner.email, name: 'Olga Owner' },
      status: 'Draft',
      publishedVersion: null,
      activeLearners: 1,
    })
    const second = await api.call('GET', '/api/v2/admin/courses/all/2/Paged')
    expect(second.json().items.map((c: { name: string }) => c.name)).toEqual(names.slice(10))
    expect((await api.call('GET', '/api/v2/admin/courses/all/3/Paged')).json().items).toEqual([])
    expect((await api.call('GET', '/api/v2/admin/courses/count/1/Paged')).json()).toEqual({ count: 12, pageSize: 10, pages: 2 })
  })

  it('searches name and keywords ignoring accents and case, and finds a course by its uuid', async () => {
    const algebra = await course('Introducción al Álgebra')
    const keyworded = await course('Números', { keywords: ['Ecuaciones', 'matemáticas'] })
    await course('Unrelated')
    const byName = await api.call('GET', `/api/v2/admin/courses/all/1/${encodeURIComponent('ALGEBRA')}`)
    expect(byName.json().items.map((c: { uuid: string }) => c.uuid)).toEqual([algebra])
    const byKeyword = await api.call('GET', `/api/v2/admin/courses/all/1/${encodeURIComponent('matematicas')}`)
    expect(byKeyword.json().items.map((c: { uuid: string }) => c.uuid)).toEqual([keyworded])
    const byUuid = await api.call('GET', `/api/v2/admin/courses/all/1/${keyworded.toUpperCase()}`)
    expect(byUuid.json().items.map((c: { uuid: string }) => c.uuid)).toEqual([keyworded])
    // LIKE's wildcards are plain characters in a search.
    expect((await api.call('GET', '/api/v2/admin/courses/count/1/%25')).json().count).toBe(0)
    const all = (await api.call('GET', '/api/v2/admin/courses/count/1')).json()
    expect(all.count).toBeGreaterThanOrEqual(3)
  })
})

describe('GET /api/v2/admin/courses/course/:id', () => {
  it('shows general data, catalogue values, owner, collaborators, plans, the published version and subscription counts', async () => {
    const owner = await person('owner.detail@courses.example.test', 'Dora Detail')
    const helper = await person('helper.detail@courses.example.test', 'Hugo Helper')
    const uuid = await course('Detailed course', { owner: owner.username, keywords: ['one', 'two'] })
    const difficulty = await catalogueId('difficulties', 'Easy')
    await api.db.query(
      `UPDATE courses SET description = 'Long text', requirements = 'None', certificate_details = 'Signed', duration_hours = 12.5,
         tags = '{tag-a}', sales_enabled = true, difficulty_id = $2, revision = 4 WHERE uuid = $1`,
      [uuid, difficulty],
    )
    await api.db.query(
      `INSERT INTO course_collaborators (course_uuid, user_sub, username, name, added_by) VALUES ($1, $2, $2, 'Hugo', $3), ($1, 'gone-user', 'gone-user', 'Gone', $3)`,
      [uuid, helper.username, owner.username],
    )
    const monthly = await plan(uuid, 'Monthly', 30, { price: 199.5, position: 0 })
    const old = await plan(uuid, 'Old plan', 7, { archived: true })
    const yearly = await plan(uuid, 'Yearly', 365, { position: 1 })
    await api.db.query(
      `INSERT INTO course_versions (course_uuid, version, content, published_by, published_at) VALUES ($1, 1, '{}', $2, '2026-01-02T03:04:05Z')`,
      [uuid, owner.username],
    )
    await api.db.query('UPDATE courses SET published_version = 1 WHERE uuid = $1', [uuid])
    await subscription(uuid, 'l1')
    await subscription(uuid, 'l1', { ageDays: 50 })
    await subscription(uuid, 'l2', { revoked: true })
    await subscription(uuid, 'l3', { ageDays: 10, days: 5 })

    const res = await api.call('GET', `/api/v2/admin/courses/course/${uuid}`)
    expect(res.statusCode).toBe(200)
    const item = res.json().Item
    expect(item).toMatchObject({
      uuid,
      name: 'Detailed course',
      revision: 4,
      briefDescription: 'About Detailed course',
      description: 'Long text',
      requirements: 'None',
      certificateDetails: 'Signed',
      durationHours: 12.5,
      keywords: ['one', 'two'],
      tags: ['tag-a'],
      salesEnabled: true,
      status: { name: 'Draft' },
      difficulty: { id: difficulty, name: 'Easy' },
      category: null,
      organization: null,
      owner: { username: owner.username, email: owner.email, name: 'Dora Detail' },
      publishedVersion: 1,
      publishedAt: '2026-01-02T03:04:05.000Z',
      subscriptions: { learners: 3, total: 4, active: 1, expired: 2, revoked: 1 },
    })
    expect(item.collaborators).toEqual([
      expect.objectContaining({ username: helper.username, email: helper.email, name: 'Hugo Helper' }),
      expect.objectContaining({ username: 'gone-user', email: null, name: 'Gone' }),
    ])
    expect(item.plans).toEqual([
      { id: monthly, name: 'Monthly', durationDays: 30, price: 199.5, currency: 'MXN', archived: false },
      { id: yearly, name: 'Yearly', durationDays: 365, price: null, currency: null, archived: false },
      { id: old, name: 'Old plan', durationDays: 7, price: null, currency: null, archived: true },
    ])
  })

  it('answers 404 for a deleted course', async () => {
    const gone = await course('Deleted one', { deleted: true })
    expect((await api.call('GET', `/api/v2/admin/courses/course/${gone}`)).statusCode).toBe(404)
  })
})

describe('subscriptors', () => {
  it('lists one row per learner with the status of their most telling subscription, pages and counts them', async () => {
    const uuid = await course('Subscribed course')
    const lena = await person('lena.subs@courses.example.test', 'Lena Learner')
    const mark = await person('mark.subs@courses.example.test', 'Mark Student')
    // Lena: an old expired subscription and a live one; Mark: revoked; a deleted account: expired.
    await subscription(uuid, lena.username, { ageDays: 100 })
    const live = await subscription(uuid, lena.username, { ageDays: 3, plan: 'Yearly', days: 365 })
    await subscription(uuid, mark.username, { ageDays: 1, revoked: true })
    await subscription(uuid, 'deleted-learner', { ageDays: 40 })
    for (let i = 0; i < 9; i++) await subscription(uuid, `bulk-${i}`, { ageDays: 200 + i })

    const res = await api.call('POST', '/api/admin/courses/course/subscriptors', { uuid, revision: 1, page: 1, search: '' })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ page: 1, pageSize: 10, count: 12, pages: 2 })
    expect(body.items).toHaveLength(10)
    expect(body.items.slice(0, 3).map((r: { username: string }) => r.username)).toEqual([mark.username, lena.username, 'deleted-learner'])
    expect(body.items[0]).toMatchObject({ email: mark.email, name: 'Mark Student', subscriptions: 1, current: { status: 'revoked', remainingDays: 0 } })
    expect(body.items[1]).toMatchObject({
      email: lena.email,
      subscriptions: 2,
      current: { id: live, planName: 'Yearly', status: 'active', courseId: uuid, courseName: 'Subscribed course' },
    })
    expect(body.items[1].current.remainingDays).toBeGreaterThanOrEqual(361)
    expect(body.items[2]).toMatchObject({ username: 'deleted-learner', email: null, name: null, current: { status: 'expired' } })
    const second = await api.call('POST', '/api/admin/courses/course/subscriptors', { uuid, page: 2 })
    expect(second.json().items.map((r: { username: string }) => r.username)).toEqual(['bulk-7', 'bulk-8'])

    const estimated = await api.call('GET', `/api/admin/courses/course/subscriptors/estimated/${uuid}`)
    expect(estimated.json()).toEqual({ estimated: 12 })
  })

  it('searches by e-mail or name prefix, username and plan-name prefix', async () => {
    const uuid = await course('Searched subscriptors')
    const sara = await person('sara.search@courses.example.test', 'Sara Search')
    const tom = await person('tom.other@courses.example.test', 'Tom Other')
    await subscription(uuid, sara.username)
    await subscription(uuid, tom.username, { plan: 'Premium' })
    const names = async (search: string) =>
      (await api.call('POST', '/api/admin/courses/course/subscriptors', { uuid, search })).json().items.map((r: { username: string }) => r.username)
    expect(await names('sara.sea')).toEqual([sara.username])
    expect(await names('Tom')).toEqual([tom.username])
    expect(await names(sara.username)).toEqual([sara.username])
    expect(await names('prem')).toEqual([tom.username])
    expect(await names('nobody-at-all')).toEqual([])
    expect((await api.call('POST', '/api/admin/courses/course/subscriptors', { uuid, search: 'prem' })).json()).toMatchObject({ count: 1, pages: 1 })
  })

  it("lists a learner's subscriptions to the course by username or e-mail; 404 for someone unknown", async () => {
    const uuid = await course('History course')
    const other = await course('Other course')
    const kim = await person('kim.history@courses.example.test', 'Kim History')
    const newer = await subscription(uuid, kim.username, { ageDays: 1 })
    const older = await subscription(uuid, kim.username, { ageDays: 60, revoked: true })
    await subscription(other, kim.username)
    for (const who of [kim.username, kim.email]) {
      const res = await api.call('GET', `/api/admin/courses/course/subscriptions/${uuid}/${encodeURIComponent(who)}`)
      expect(res.statusCode).toBe(200)
      expect(res.json().learner).toEqual({ username: kim.username, email: kim.email, name: 'Kim History' })
      expect(res.json().items.map((s: { id: string; status: string }) => [s.id, s.status])).toEqual([
        [newer, 'active'],
        [older, 'revoked'],
      ])
    }
    await subscription(uuid, 'left-the-platform')
    const gone = await api.call('GET', `/api/admin/courses/course/subscriptions/${uuid}/left-the-platform`)
    expect(gone.json()).toMatchObject({ learner: { username: 'left-the-platform', email: null }, items: [{ status: 'active' }] })
    expect((await api.call('GET', `/api/admin/courses/course/subscriptions/${uuid}/nobody-here`)).statusCode).toBe(404)
    expect((await api.call('GET', `/api/admin/courses/course/subscriptions/${uuid}/nobody@nowhere.test`)).statusCode).toBe(404)
  })

  it('adds (with a plan) and revokes through the subscriptions routes, and the list follows', async () => {
    const uuid = await course('Add and revoke')
    const monthly = await plan(uuid)
    const ana = await person('ana.add@courses.example.test', 'Ana Add')
    const added = await api.call('POST', '/api/admin/courses/course/subscriptors/add', { uuid, revision: 1, subscription: monthly, user: ana.email })
    expect(added.statusCode).toBe(201)
    const list = async () => (await api.call('POST', '/api/admin/courses/course/subscriptors', { uuid })).json().items
    expect(await list()).toMatchObject([{ username: ana.username, current: { status: 'active', planName: 'Monthly' } }])
    const revoked = await api.call('PUT', '/api/admin/courses/course/subscriptors/revoke', { username: ana.username, course: uuid })
    expect(revoked.statusCode).toBe(200)
    expect(await list()).toMatchObject([{ username: ana.username, current: { status: 'revoked' } }])
  })
})

describe("a learner's forms", () => {
  async function formCourse() {
    const uuid = await course('Form course')
    const section = (
      await api.db.query<{ id: string }>(
        `INSERT INTO course_items (course_uuid, kind, position, values) VALUES ($1, 'section', 0, '{"title":"One"}') RETURNING id`,
        [uuid],
      )
    ).rows[0].id
    const values = (name: string, correct: string) => ({
      name,
      tries: 3,
      requiredScore: 50,
      questions: [
        {
          id: 'q1',
          type: 'single',
          text: '2 + 2?',
          options: [
            { id: 'a', text: '4', correct: correct === 'a' },
            { id: 'b', text: '5', correct: correct === 'b' },
          ],
        },
        {
          id: 'q2',
          type: 'multiple',
          text: 'Even numbers',
          options: [
            { id: 'x', text: '2', correct: true },
            { id: 'y', text: '3', correct: false },
            { id: 'z', text: '4', correct: true },
          ],
        },
      ],
    })
    const insertForm = async (position: number, name: string) =>
      (
        await api.db.query<{ id: string }>(
          `INSERT INTO course_items (course_uuid, section_id, kind, position, values) VALUES ($1, $2, 'form', $3, $4) RETURNING id`,
          [uuid, section, position, JSON.stringify(values(name, 'a'))],
        )
      ).rows[0].id
    const first = await insertForm(0, 'First quiz')
    const second = await insertForm(1, 'Second quiz')
    const removed = await insertForm(2, 'Removed quiz (draft)')
    // The published version holds the removed form with its old name and, for the first form, an older key.
    const content = {
      sections: [
        {
          id: section,
          kind: 'section',
          blocks: [
            { id: first, kind: 'form', values: values('First quiz (v1)', 'b') },
            { id: removed, kind: 'form', values: values('Removed quiz', 'a') },
          ],
        },
      ],
    }
    await api.db.query(`INSERT INTO course_versions (course_uuid, version, content) VALUES ($1, 1, $2)`, [uuid, JSON.stringify(content)])
    await api.db.query(`UPDATE course_items SET deleted_at = now() WHERE id = $1`, [removed])
    return { uuid, first, second, removed }
  }
  async function attempt(c: string, form: string, user: string, score: number, passed: boolean, answers: unknown, ageMinutes: number) {
    const { rows } = await api.db.query<{ id: string }>(
      `INSERT INTO form_attempts (course_uuid, course_version, form_id, user_sub, answers, score, passed, created_at) VALUES ($1, 1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [c, form, user, JSON.stringify(answers), score, passed, new Date(Date.now() - ageMinutes * 60_000).toISOString()],
    )
    return rows[0].id
  }

  it("lists the course's forms in reading order with the learner's tries, newest first, and keeps removed forms that have tries", async () => {
    const { uuid, first, second, removed } = await formCourse()
    const leo = await person('leo.forms@courses.example.test', 'Leo Forms')
    const try1 = await attempt(uuid, first, leo.username, 25, false, {}, 30)
    const try2 = await attempt(uuid, first, leo.username, 75, true, {}, 10)
    const gone = await attempt(uuid, removed, leo.username, 100, true, {}, 5)
    await attempt(uuid, first, 'someone-else', 100, true, {}, 1)

    const res = await api.call('GET', `/api/admin/courses/user/forms/${uuid}/${encodeURIComponent(leo.email)}`)
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.learner).toEqual({ username: leo.username, email: leo.email, name: 'Leo Forms' })
    expect(body.items.map((f: { formId: string; name: string }) => [f.formId, f.name])).toEqual([
      [first, 'First quiz'],
      [second, 'Second quiz'],
      [removed, 'Removed quiz'],
    ])
    expect(body.items[0]).toMatchObject({ tries: 3, requiredScore: 50, passed: true, bestScore: 75 })
    expect(body.items[0].attempts.map((a: { id: string; attempt: number; score: number }) => [a.id, a.attempt, a.score])).toEqual([
      [try2, 2, 75],
      [try1, 1, 25],
    ])
    expect(body.items[1]).toMatchObject({ passed: null, bestScore: null, attempts: [] })
    expect(body.items[2].attempts).toMatchObject([{ id: gone, attempt: 1, courseVersion: 1, passed: true }])
    expect((await api.call('GET', `/api/admin/courses/user/forms/${uuid}/not-a-learner`)).statusCode).toBe(404)
  })

  it('details one try: the questions of the version it was taken on, the choices and which answers were right', async () => {
    const { uuid, first } = await formCourse()
    const other = await course('Another course')
    const id = await attempt(uuid, first, 'quiz-taker', 50, true, { q1: ['b'], q2: ['x'] }, 5)
    const res = await api.call('POST', '/api/admin/courses/forms/detail', { course: uuid, id })
    expect(res.statusCode).toBe(200)
    const item = res.json().Item
    expect(item).toMatchObject({ id, attempt: 1, formId: first, score: 50, passed: true, courseVersion: 1, learner: { username: 'quiz-taker', email: null } })
    // Version 1 had "b" as the right answer to q1.
    expect(item.form).toMatchObject({ name: 'First quiz (v1)', tries: 3, requiredScore: 50 })
    expect(item.form.questions).toEqual([
      {
        id: 'q1',
        type: 'single',
        text: '2 + 2?',
        correct: true,
        options: [
          { id: 'a', text: '4', correct: false, chosen: false },
          { id: 'b', text: '5', correct: true, chosen: true },
        ],
      },
      {
        id: 'q2',
        type: 'multiple',
        text: 'Even numbers',
        correct: false,
        options: [
          { id: 'x', text: '2', correct: true, chosen: true },
          { id: 'y', text: '3', correct: false, chosen: false },
          { id: 'z', text: '4', correct: true, chosen: false },
        ],
      },
    ])
    const unanswered = await attempt(uuid, first, 'quiz-taker', 0, false, {}, 1)
    const second = (await api.call('POST', '/api/admin/courses/forms/detail', { course: uuid, id: unanswered })).json().Item
    expect(second.attempt).toBe(2)
    expect(second.form.questions.map((q: { correct: boolean | null }) => q.correct)).toEqual([null, null])
    // The try belongs to another course: not found there.
    expect((await api.call('POST', '/api/admin/courses/forms/detail', { course: other, id })).statusCode).toBe(404)
    expect((await api.call('POST', '/api/admin/courses/forms/detail', { course: uuid, id: NIL })).statusCode).toBe(404)
  })
})
