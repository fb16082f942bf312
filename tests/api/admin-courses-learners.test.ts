import { describe, expect, it } from 'vitest'
import { api, course, NIL, person, plan, subscription, useAdminCoursesApp } from './admin-courses-setup.js'

useAdminCoursesApp()

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
