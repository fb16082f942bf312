import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_CALLER, courseApp, type Caller, type CourseApi } from '../helpers/courses.js'
import { FORM, FORMS, ONE_RIGHT, publishedCourse, RIGHT, subscribe, type PublishedCourse } from './forms-course.js'

let api: CourseApi
let owner: Caller
let course: PublishedCourse

beforeAll(async () => {
  api = await courseApp()
  owner = await api.user('Olga Owner', ['creator'])
  course = await publishedCourse(api, owner)
})
afterAll(() => api.close())

const learner = async (name = 'Lena Learner') => {
  const who = await api.user(name, ['general'])
  await subscribe(api, course, who)
  return who
}

const request = (as: Caller, body: unknown) => api.call(as, 'POST', `${FORMS}/request`, body)
const complete = (as: Caller, body: unknown) => api.call(as, 'POST', `${FORMS}/completed`, body)

describe('forms/request', () => {
  it('gives the form without its answers, with the tries and the best score', async () => {
    const lena = await learner()
    const res = await request(lena, { course: course.uuid, id: course.forms[0] })
    expect(res.statusCode, res.body).toBe(200)
    const form = res.json()
    expect(form).toMatchObject({
      course: course.uuid,
      id: course.forms[0],
      name: FORM.name,
      tries: 3,
      requiredScore: 60,
      required: true,
      attemptsUsed: 0,
      attemptsLeft: 3,
      bestScore: null,
      passed: false,
    })
    expect(form.questions.map((q: { id: string; type: string }) => [q.id, q.type])).toEqual([
      ['q1', 'single'],
      ['q2', 'boolean'],
      ['q3', 'multiple'],
    ])
    expect(form.questions[2].options).toEqual([
      { id: 'x', text: '2' },
      { id: 'y', text: '3' },
      { id: 'z', text: '4' },
    ])
    // No trace of the correct options anywhere in the answer.
    expect(res.body).not.toMatch(/correct/i)
    // The alias answers the same.
    expect((await api.call(lena, 'POST', '/api/v2/forms/request', { course: course.uuid, id: course.forms[0] })).json()).toEqual(form)
  })

  it('refuses unknown forms and courses, bad ids, and anonymous callers', async () => {
    const lena = await learner('Lena Two')
    expect((await request(lena, { course: course.uuid, id: course.blocks[0] })).json()).toEqual({ message: 'Form not found', code: 'NOT_FOUND' })
    expect((await request(lena, { course: '00000000-0000-4000-8000-000000000000', id: course.forms[0] })).json()).toEqual({
      message: 'Course not found',
      code: 'NOT_FOUND',
    })
    const bad = await request(lena, { course: 'nope', id: course.forms[0] })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors).toHaveProperty('course')
    expect((await api.call(null, 'POST', `${FORMS}/request`, { course: course.uuid, id: course.forms[0] })).statusCode).toBe(401)
  })
})

describe('forms/completed: grading on the server', () => {
  it('scores the share of questions answered exactly right and passes at the required score', async () => {
    const lena = await learner('Lena Grade')
    const failed = await complete(lena, { course: course.uuid, id: course.forms[0], answers: ONE_RIGHT })
    expect(failed.statusCode, failed.body).toBe(200)
    expect(failed.json()).toMatchObject({
      score: 33.33,
      passed: false,
      requiredScore: 60,
      questions: [
        { id: 'q1', right: true },
        { id: 'q2', right: false },
        { id: 'q3', right: false },
      ],
      standing: { attemptsUsed: 1, attemptsLeft: 2, bestScore: 33.33, passed: false },
      certificate: null,
    })
    // Two of three: a multiple-choice question needs exactly the correct set (a superset is wrong).
    const two = await complete(lena, { course: course.uuid, id: course.forms[0], answers: { q1: ['a'], q2: ['t'], q3: ['x', 'y', 'z'] } })
    expect(two.json()).toMatchObject({ score: 66.67, passed: true, standing: { attemptsUsed: 2, attemptsLeft: 1, bestScore: 66.67, passed: true } })
    expect(two.body).not.toMatch(/correct/i)
  })

  it('ignores tampered client fields: a claimed score, pass flag, correct flags and unknown answers change nothing', async () => {
    const tom = await learner('Tom Tamper')
    const res = await complete(tom, {
      course: course.uuid,
      id: course.forms[0],
      answers: { q1: ['b'], q2: ['f'], q3: ['z'], q99: ['a'] },
      score: 100,
      passed: true,
      attemptsLeft: 99,
      questions: FORM.questions.map((q) => ({ ...q, options: q.options.map((o) => ({ ...o, correct: true })) })),
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ score: 0, passed: false, standing: { attemptsUsed: 1, attemptsLeft: 2, passed: false } })
    // Two options for a single-choice question, or an option id of another question: wrong.
    const twice = await complete(tom, { course: course.uuid, id: course.forms[0], answers: { q1: ['a', 'b'], q2: ['x'], q3: ['x', 'y', 'y'] } })
    expect(twice.json()).toMatchObject({
      score: 33.33,
      questions: [
        { id: 'q1', right: false },
        { id: 'q2', right: false },
        { id: 'q3', right: true },
      ],
    })
    // What was stored is the server's grade, and only the form's questions.
    const { rows } = await api.db.query<{ score: string; passed: boolean; answers: Record<string, string[]> }>(
      'SELECT score, passed, answers FROM form_attempts WHERE user_sub = $1 ORDER BY created_at, id',
      [tom.sub],
    )
    expect(rows.map((r) => [Number(r.score), r.passed])).toEqual([
      [0, false],
      [33.33, false],
    ])
    expect(Object.keys(rows[0].answers).sort()).toEqual(['q1', 'q2', 'q3'])
    expect(rows[1].answers.q3).toEqual(['x', 'y'])
  })

  it('refuses answers of the wrong shape with field errors', async () => {
    const lena = await learner('Lena Shape')
    const res = await complete(lena, { course: course.uuid, id: course.forms[0], answers: { q1: ['not an option!'] } })
    expect(res.statusCode).toBe(400)
    expect(res.json().code).toBe('VALIDATION')
    expect((await complete(lena, { course: course.uuid, id: course.forms[0] })).statusCode).toBe(400)
    expect((await complete(lena, { course: course.uuid, id: course.forms[0], answers: 'all right' })).statusCode).toBe(400)
    // Nothing was counted.
    expect((await request(lena, { course: course.uuid, id: course.forms[0] })).json().attemptsUsed).toBe(0)
  })

  it.each([
    ['a single option id', { q1: 'a' }],
    ['a number', { q1: 5 }],
    ['a boolean', { q1: true }],
    ['null', { q1: null }],
    ['an object', { q1: { a: true } }],
    ['a list of lists', { q1: [['a']] }],
  ])('refuses %s where a list of options is expected, and spends no try', async (name, answers) => {
    const lena = await learner(`Lena ${name}`)
    const res = await complete(lena, { course: course.uuid, id: course.forms[0], answers: { ...RIGHT, ...answers } })
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json()).toMatchObject({ code: 'VALIDATION' })
    expect(Object.keys(res.json().errors)).toEqual([name === 'a list of lists' ? 'answers.q1.0' : 'answers.q1'])
    expect((await request(lena, { course: course.uuid, id: course.forms[0] })).json()).toMatchObject({ attemptsUsed: 0, attemptsLeft: 3 })
  })

  it('stops at the allowed tries with 409 and keeps the best score', async () => {
    const lena = await learner('Lena Tries')
    for (const answers of [ONE_RIGHT, RIGHT, ONE_RIGHT])
      expect((await complete(lena, { course: course.uuid, id: course.forms[0], answers })).statusCode).toBe(200)
    const fourth = await complete(lena, { course: course.uuid, id: course.forms[0], answers: RIGHT })
    expect(fourth.statusCode).toBe(409)
    expect(fourth.json()).toEqual({ message: 'No attempts left for this form', code: 'NO_ATTEMPTS_LEFT' })
    const summary = await api.call(lena, 'GET', `${FORMS}/summary/${course.uuid}/${course.forms[0]}`)
    expect(summary.statusCode, summary.body).toBe(200)
    expect(summary.json()).toMatchObject({
      name: FORM.name,
      tries: 3,
      requiredScore: 60,
      attemptsUsed: 3,
      attemptsLeft: 0,
      bestScore: 100,
      passed: true,
      attempts: [
        { score: 33.33, passed: false },
        { score: 100, passed: true },
        { score: 33.33, passed: false },
      ],
    })
    expect((await api.call(lena, 'GET', `/api/v2/forms/summary/${course.uuid}/${course.forms[0]}`)).json()).toEqual(summary.json())
  })
})

describe('concurrency', () => {
  it('20 concurrent submissions with 3 tries store exactly 3', async () => {
    const rush = await learner('Rush Learner')
    const results = await Promise.all(Array.from({ length: 20 }, () => complete(rush, { course: course.uuid, id: course.forms[0], answers: ONE_RIGHT })))
    const codes = results.map((r) => r.statusCode).sort()
    expect(codes.filter((c) => c === 200)).toHaveLength(3)
    expect(codes.filter((c) => c === 409)).toHaveLength(17)
    const { rows } = await api.db.query<{ n: string }>('SELECT count(*) AS n FROM form_attempts WHERE user_sub = $1 AND form_id = $2', [
      rush.sub,
      course.forms[0],
    ])
    expect(Number(rows[0].n)).toBe(3)
    // Each accepted submission saw its own place in the count.
    expect(
      results
        .filter((r) => r.statusCode === 200)
        .map((r) => r.json().standing.attemptsLeft)
        .sort(),
    ).toEqual([0, 1, 2])
  })
})

describe('forms/progress and access', () => {
  it("lists every form of the course with the learner's standing", async () => {
    const lena = await learner('Lena Progress')
    await complete(lena, { course: course.uuid, id: course.forms[0], answers: RIGHT })
    const res = await api.call(lena, 'POST', `${FORMS}/progress`, { course: course.uuid })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({
      course: course.uuid,
      items: [
        {
          id: course.forms[0],
          name: FORM.name,
          section: expect.any(String),
          required: true,
          tries: 3,
          requiredScore: 60,
          attemptsUsed: 1,
          attemptsLeft: 2,
          bestScore: 100,
          passed: true,
          pending: false,
        },
      ],
    })
    expect((await api.call(lena, 'POST', '/api/v2/forms/progress', { course: course.uuid })).json()).toEqual(res.json())
  })

  it('needs an active subscription: none, expired and revoked are refused with their code', async () => {
    const stranger = await api.user('Sam Stranger', ['general'])
    const body = { course: course.uuid, id: course.forms[0] }
    expect((await request(stranger, body)).json()).toEqual({ message: 'Subscribe to this course to study it', code: 'NOT_SUBSCRIBED' })
    expect((await complete(stranger, { ...body, answers: RIGHT })).statusCode).toBe(403)
    expect((await api.call(stranger, 'POST', `${FORMS}/progress`, { course: course.uuid })).statusCode).toBe(403)
    expect((await api.call(stranger, 'GET', `${FORMS}/summary/${course.uuid}/${course.forms[0]}`)).statusCode).toBe(403)

    const late = await learner('Lee Late')
    expect((await request(late, body)).statusCode).toBe(200)
    // The 30-day plan taken 30 days and a second ago has expired.
    await api.db.query("UPDATE subscriptions SET created_at = now() - interval '30 days 1 second' WHERE user_sub = $1", [late.sub])
    const expired = await request(late, body)
    expect(expired.statusCode).toBe(403)
    expect(expired.json()).toEqual({ message: 'Your subscription to this course has expired', code: 'SUBSCRIPTION_EXPIRED' })

    const gone = await learner('Rae Revoked')
    const revoke = await api.call(ADMIN_CALLER, 'PUT', '/api/admin/courses/course/subscriptors/revoke', { username: gone.username, course: course.uuid })
    expect(revoke.statusCode, revoke.body).toBe(200)
    const revoked = await complete(gone, { ...body, answers: RIGHT })
    expect(revoked.json()).toEqual({ message: 'Your subscription to this course was revoked', code: 'SUBSCRIPTION_REVOKED' })
    expect((await api.db.query('SELECT 1 FROM form_attempts WHERE user_sub = $1', [gone.sub])).rows).toHaveLength(0)
  })

  it('reads the published version, never the draft', async () => {
    const lena = await learner('Lena Draft')
    // The owner edits the draft's form after publishing: learners keep the published one.
    const draft = await api.call(owner, 'GET', `/api/v2/courses/creator/builder/blocks/${course.uuid}`)
    const revision = Number((await api.call(owner, 'GET', `/api/v2/courses/creator/builder/${course.uuid}`)).json().Item.revision)
    const formBlock = draft.json().items[0].blocks.find((b: { id: string }) => b.id === course.forms[0])
    const edited = await api.call(owner, 'PUT', '/api/v2/courses/creator/blocks', {
      uuid: course.uuid,
      revision,
      item: formBlock.id,
      values: { ...formBlock.values, name: 'Changed in the draft', tries: 1 },
    })
    expect(edited.statusCode, edited.body).toBe(200)
    expect((await request(lena, { course: course.uuid, id: course.forms[0] })).json()).toMatchObject({ name: FORM.name, tries: 3 })
  })
})

describe('API document', () => {
  it('describes the form and certificate routes', async () => {
    const res = await api.app.inject({ method: 'GET', url: '/api/docs/json' })
    expect(res.statusCode).toBe(200)
    const paths = Object.keys(res.json().paths)
    for (const path of [
      '/api/v2/courses/forms/request',
      '/api/v2/courses/forms/completed',
      '/api/v2/forms/progress',
      '/api/v2/courses/forms/summary/{course}/{id}',
      '/api/v2/courses/certificates/{course}',
      '/api/certificates/verify/{code}',
    ]) {
      expect(paths).toContain(path)
    }
    expect(JSON.stringify(res.json().paths['/api/v2/courses/forms/request'])).not.toMatch(/"correct"/)
  })
})
