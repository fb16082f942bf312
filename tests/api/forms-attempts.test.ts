import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_CALLER, courseApp, type Caller, type CourseApi } from '../helpers/courses.js'
import { FORMS, publishedCourse, subscribe, type PublishedCourse } from './forms-course.js'

/**
 * Attempts with a life (decision 0035): start with a stored draw, answers saved per question,
 * submission graded on the server from what is stored, deadlines closed lazily and by the sweep.
 */

const BANK = '7d6a3a52-4f38-4c47-9d1c-2d2b8d6d0b01'

/** Questions of every auto-graded type, with the answers a learner would give to get them right. */
const QUESTIONS = [
  { id: 'city', type: 'short', text: 'Capital of Mexico?', accepted: ['Ciudad de México', 'CDMX'] },
  { id: 'code', type: 'short', text: 'The code word', accepted: ['Alpha'], caseSensitive: true, foldAccents: false },
  { id: 'pi', type: 'numeric', text: 'Pi to two decimals', answer: 3.14, tolerance: 0.01 },
  {
    id: 'pairs',
    type: 'matching',
    text: 'Match the capitals',
    pairs: [
      { id: 'fr', left: 'France', right: 'Paris' },
      { id: 'it', left: 'Italy', right: 'Rome' },
      { id: 'es', left: 'Spain', right: 'Madrid' },
    ],
  },
  {
    id: 'steps',
    type: 'ordering',
    text: 'Order the numbers',
    items: [
      { id: 'one', text: '1' },
      { id: 'two', text: '2' },
      { id: 'three', text: '3' },
      { id: 'four', text: '4' },
    ],
  },
  {
    id: 'pick',
    type: 'single',
    text: 'Two plus two?',
    options: [
      { id: 'a', text: '4', correct: true },
      { id: 'b', text: '5', correct: false },
      { id: 'c', text: '6', correct: false },
    ],
  },
]
/** Bank questions: short answers whose text says the answer (`Say <word>`). */
const BANK_QUESTIONS = ['red', 'green', 'blue', 'white', 'black', 'pink'].map((w) => ({ id: `b${w}`, type: 'short', text: `Say ${w}`, accepted: [w] }))

const EXAM = {
  name: 'Exam',
  tries: 2,
  requiredScore: 60,
  required: true,
  questions: QUESTIONS,
  draws: [{ bank: BANK, count: 2 }],
  shuffleQuestions: true,
  shuffleOptions: true,
  timeLimitMinutes: 30,
}
const ESSAY_FORM = {
  name: 'Essay check',
  tries: 2,
  requiredScore: 50,
  required: true,
  questions: [
    { id: 'e1', type: 'essay', text: 'Explain the water cycle', maxPoints: 10 },
    {
      id: 'q1',
      type: 'boolean',
      text: 'Water boils at 100 °C at sea level',
      options: [
        { id: 't', text: 'true', correct: true },
        { id: 'f', text: 'false', correct: false },
      ],
    },
  ],
}

let api: CourseApi
let owner: Caller
let course: PublishedCourse
let essays: PublishedCourse

beforeAll(async () => {
  api = await courseApp()
  owner = await api.user('Olga Owner', ['creator'])
  course = await publishedCourse(api, owner, { banks: [{ id: BANK, name: 'Colours', questions: BANK_QUESTIONS }], forms: [EXAM] })
  essays = await publishedCourse(api, owner, { forms: [ESSAY_FORM] })
}, 120_000)
afterAll(() => api.close())

const learner = async (name: string, on: PublishedCourse = course) => {
  const who = await api.user(name, ['general'])
  await subscribe(api, on, who)
  return who
}

interface Question {
  id: string
  type: string
  text: string
  options?: Array<{ id: string; text: string }>
  lefts?: Array<{ id: string; text: string }>
  rights?: Array<{ id: string; text: string }>
  items?: Array<{ id: string; text: string }>
}
interface Attempt {
  id: string
  deadline: string | null
  questions: Question[]
  answers: Record<string, unknown>
  revision: number
}

const start = async (as: Caller, on: PublishedCourse = course) => {
  const res = await api.call(as, 'POST', `${FORMS}/attempts/start`, { course: on.uuid, id: on.forms[0] })
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as { attempt: Attempt; attemptsUsed: number; attemptsLeft: number }
}
const save = (as: Caller, attempt: string, answers: Record<string, unknown>) => api.call(as, 'PUT', `${FORMS}/attempts/${attempt}/answers`, { answers })
const submit = (as: Caller, attempt: string, answers?: Record<string, unknown>) =>
  api.call(as, 'POST', `${FORMS}/attempts/${attempt}/submit`, answers ? { answers } : {})

/** The right answer to a question as the learner sees it (the test knows the texts). */
function rightAnswer(q: Question): unknown {
  switch (q.id) {
    case 'city':
      return '  ciudad   de MEXICO '
    case 'code':
      return 'Alpha'
    case 'pi':
      return '3,145'
    case 'pairs': {
      const capital: Record<string, string> = { France: 'Paris', Italy: 'Rome', Spain: 'Madrid' }
      return Object.fromEntries(q.lefts!.map((l) => [l.id, q.rights!.find((r) => r.text === capital[l.text])!.id]))
    }
    case 'steps':
      return [...q.items!].sort((a, b) => a.text.localeCompare(b.text)).map((i) => i.id)
    case 'pick':
      return [q.options!.find((o) => o.text === '4')!.id]
    default:
      return q.text.replace('Say ', '')
  }
}
/** A wrong answer of the same shape. */
function wrongAnswer(q: Question): unknown {
  switch (q.id) {
    case 'city':
      return 'Guadalajara'
    case 'code':
      return 'alpha'
    case 'pi':
      return '3.2'
    case 'pairs': {
      const right = rightAnswer(q) as Record<string, string>
      const keys = Object.keys(right)
      return { ...right, [keys[0]]: right[keys[1]], [keys[1]]: right[keys[0]] }
    }
    case 'steps':
      return [...(rightAnswer(q) as string[])].reverse()
    case 'pick':
      return [q.options!.find((o) => o.text === '5')!.id]
    default:
      return 'grey'
  }
}

describe('forms/request and forms/completed on a form taken through attempts', () => {
  it('says it is taken through attempts, shows no question, and forms/completed refuses it', async () => {
    const lena = await learner('Lena Request')
    const res = await api.call(lena, 'POST', `${FORMS}/request`, { course: course.uuid, id: course.forms[0] })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ attemptsOnly: true, questions: [], openAttempt: null, timeLimitMinutes: 30, questionCount: 8, pending: false })
    const old = await api.call(lena, 'POST', `${FORMS}/completed`, { course: course.uuid, id: course.forms[0], answers: {} })
    expect(old.statusCode).toBe(409)
    expect(old.json().code).toBe('USE_ATTEMPTS')
  })
})

describe('starting an attempt', () => {
  it('draws and shuffles once: the same questions in the same order on every start, and nothing that makes them right', async () => {
    const lena = await learner('Lena Start')
    const first = await start(lena)
    expect(first.attemptsUsed).toBe(1)
    expect(first.attemptsLeft).toBe(1)
    const a = first.attempt
    expect(a.questions).toHaveLength(8)
    expect(a.deadline).not.toBeNull()
    expect(new Date(a.deadline!).getTime() - Date.now()).toBeGreaterThan(29 * 60_000)
    expect(a.questions.filter((q) => q.id.startsWith(`${BANK}:`))).toHaveLength(2)
    const text = JSON.stringify(first)
    for (const secret of ['"correct"', '"accepted"', '"tolerance"', '"pairs":[', '"caseSensitive"', 'Ciudad de M', '3.14']) expect(text).not.toContain(secret)
    // The rights' ids say nothing of their lefts.
    const pairs = a.questions.find((q) => q.id === 'pairs')!
    expect(pairs.rights!.map((r) => r.id)).not.toEqual(expect.arrayContaining(['fr', 'it', 'es']))
    // The ordering question never shows its answer's order.
    expect(a.questions.find((q) => q.id === 'steps')!.items!.map((i) => i.id)).not.toEqual(['one', 'two', 'three', 'four'])

    const again = await start(lena)
    expect(again.attempt.id).toBe(a.id)
    expect(again.attempt.questions).toEqual(a.questions)
    expect(again.attemptsUsed).toBe(1)
    const request = await api.call(lena, 'POST', `${FORMS}/request`, { course: course.uuid, id: course.forms[0] })
    expect(request.json().openAttempt).toBe(a.id)
  })

  it('gives different learners different draws', async () => {
    const seen = new Set<string>()
    for (let i = 0; i < 6; i++) {
      const { attempt } = await start(await learner(`Lena Draw ${i}`))
      seen.add(attempt.questions.map((q) => q.id).join(','))
    }
    expect(seen.size).toBeGreaterThan(1)
  })

  it('starts one attempt when two starts race, and counts its try once', async () => {
    const lena = await learner('Lena Race')
    const [one, two] = await Promise.all([1, 2].map(() => api.call(lena, 'POST', `${FORMS}/attempts/start`, { course: course.uuid, id: course.forms[0] })))
    expect(one.statusCode, one.body).toBe(200)
    expect(two.statusCode, two.body).toBe(200)
    expect(one.json().attempt.id).toBe(two.json().attempt.id)
    expect(two.json().attemptsUsed).toBe(1)
  })
})

describe('saving and submitting', () => {
  it('grades every type right, from the stored answers, and submitting again answers the same', async () => {
    const lena = await learner('Lena Right')
    const { attempt } = await start(lena)
    const answers = Object.fromEntries(attempt.questions.map((q) => [q.id, rightAnswer(q)]))
    const saved = await save(lena, attempt.id, answers)
    expect(saved.statusCode, saved.body).toBe(200)
    const revision = saved.json().revision as number
    // Saving the same again changes nothing.
    const repeated = await save(lena, attempt.id, answers)
    expect(repeated.json().revision).toBe(revision)
    expect(repeated.json().answers).toEqual(saved.json().answers)
    // A reload shows what was saved.
    expect((await start(lena)).attempt.answers).toEqual(saved.json().answers)

    const result = await submit(lena, attempt.id)
    expect(result.statusCode, result.body).toBe(200)
    expect(result.json()).toMatchObject({ score: 100, passed: true, pending: false, late: false, attempt: attempt.id })
    expect(result.json().questions.every((q: { right: boolean }) => q.right)).toBe(true)
    expect(result.json().certificate).not.toBeNull()
    const twice = await submit(lena, attempt.id, { city: 'nowhere' })
    expect(twice.statusCode, twice.body).toBe(200)
    expect(twice.json()).toEqual(result.json())
    // Closed: a save changes nothing.
    const late = await save(lena, attempt.id, { city: 'Guadalajara' })
    expect(late.statusCode).toBe(409)
    expect(late.json().code).toBe('ATTEMPT_CLOSED')
  })

  it('keeps every answer of two tabs saving at once, each answer telling the revision its change made', async () => {
    const lena = await learner('Lena Tabs')
    const { attempt } = await start(lena)
    const [first, second, ...rest] = attempt.questions
    const given = (qs: typeof rest) => Object.fromEntries(qs.map((q) => [q.id, rightAnswer(q)]))
    const opened = await save(lena, attempt.id, given([first!]))
    expect(opened.statusCode, opened.body).toBe(200)
    const [a, b] = await Promise.all([save(lena, attempt.id, given([second!])), save(lena, attempt.id, given(rest))])
    expect([a.statusCode, b.statusCode]).toEqual([200, 200])
    // Each save moved the revision once; the one that ran second saw the other's answers too.
    expect([a.json().revision, b.json().revision].sort((x, y) => x - y)).toEqual([opened.json().revision + 1, opened.json().revision + 2])
    const last = a.json().revision > b.json().revision ? a.json() : b.json()
    expect(Object.keys(last.answers).sort()).toEqual(attempt.questions.map((q) => q.id).sort())
    expect((await start(lena)).attempt.answers).toEqual(last.answers)
  })

  it('grades every type wrong', async () => {
    const lena = await learner('Lena Wrong')
    const { attempt } = await start(lena)
    const answers = Object.fromEntries(attempt.questions.map((q) => [q.id, wrongAnswer(q)]))
    const result = await submit(lena, attempt.id, answers)
    expect(result.statusCode, result.body).toBe(200)
    expect(result.json()).toMatchObject({ score: 0, passed: false, pending: false })
    expect(result.json().questions.every((q: { right: boolean }) => !q.right)).toBe(true)
  })

  it('grades a numeric answer at the bounds of its tolerance, and folds case and accents as the question says', async () => {
    const lena = await learner('Lena Bounds')
    const { attempt } = await start(lena)
    const byId = new Map(attempt.questions.map((q) => [q.id, q]))
    const others = Object.fromEntries(attempt.questions.filter((q) => !['pi', 'city', 'code'].includes(q.id)).map((q) => [q.id, rightAnswer(q)]))
    const result = await submit(lena, attempt.id, { ...others, pi: 3.15, city: 'cdmx', code: 'ALPHA' })
    const right = new Map(result.json().questions.map((q: { id: string; right: boolean }) => [q.id, q.right]))
    expect(right.get('pi')).toBe(true)
    expect(right.get('city')).toBe(true)
    expect(right.get('code')).toBe(false)
    expect(byId.size).toBe(8)
    // 7 of 8 right.
    expect(result.json().score).toBe(87.5)
  })

  it('refuses answers to questions not in the attempt and answers of the wrong shape, and another learner’s attempt', async () => {
    const lena = await learner('Lena Shapes')
    const { attempt } = await start(lena)
    const unknown = await save(lena, attempt.id, { nope: 'x' })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().errors).toHaveProperty('answers.nope')
    const shape = await save(lena, attempt.id, { pairs: ['a', 'b'] })
    expect(shape.statusCode).toBe(400)
    const mark = await learner('Mark Other')
    expect((await save(mark, attempt.id, { city: 'x' })).statusCode).toBe(404)
    expect((await submit(mark, attempt.id)).statusCode).toBe(404)
    expect((await save(mark, '00000000-0000-4000-8000-000000000000', {})).statusCode).toBe(404)
  })

  it('refuses a save once the subscription is revoked (403), and stores nothing', async () => {
    const lena = await learner('Lena Revoked')
    const { attempt } = await start(lena)
    const [first] = attempt.questions
    const revoked = await api.call(ADMIN_CALLER, 'PUT', '/api/admin/courses/course/subscriptors/revoke', { username: lena.username, course: course.uuid })
    expect(revoked.statusCode, revoked.body).toBe(200)
    const refused = await save(lena, attempt.id, { [first!.id]: rightAnswer(first!) })
    expect(refused.statusCode).toBe(403)
    expect(refused.json().code).toBe('SUBSCRIPTION_REVOKED')
    const { rows } = await api.db.query('SELECT 1 FROM form_attempt_answers WHERE attempt_id = $1', [attempt.id])
    expect(rows).toHaveLength(0)
  })

  it('grades an attempt once when submissions race, and counts no further try', async () => {
    const lena = await learner('Lena Submit Race')
    const { attempt } = await start(lena)
    const answers = Object.fromEntries(attempt.questions.map((q) => [q.id, rightAnswer(q)]))
    const results = await Promise.all([1, 2, 3].map(() => submit(lena, attempt.id, answers)))
    for (const r of results) expect(r.statusCode, r.body).toBe(200)
    expect(new Set(results.map((r) => JSON.stringify(r.json())))).toHaveProperty('size', 1)
    expect(results[0].json()).toMatchObject({ score: 100, passed: true, standing: { attemptsUsed: 1, attemptsLeft: 1 } })
    const { rows } = await api.db.query<{ n: number | string }>('SELECT count(*) AS n FROM form_attempts WHERE user_sub = $1', [lena.username])
    expect(Number(rows[0].n)).toBe(1)
  })

  it('refuses a third attempt when both tries are used', async () => {
    const lena = await learner('Lena Tries')
    for (let i = 0; i < 2; i++) {
      const { attempt } = await start(lena)
      expect((await submit(lena, attempt.id)).statusCode).toBe(200)
    }
    const third = await api.call(lena, 'POST', `${FORMS}/attempts/start`, { course: course.uuid, id: course.forms[0] })
    expect(third.statusCode).toBe(409)
    expect(third.json().code).toBe('NO_ATTEMPTS_LEFT')
  })
})

describe('the time limit', () => {
  const expire = (attempt: string) => api.db.query(`UPDATE form_attempts SET deadline = now() - interval '1 minute' WHERE id = $1`, [attempt])

  it('closes a late attempt with what was saved: a save after the deadline is refused', async () => {
    const lena = await learner('Lena Late')
    const { attempt } = await start(lena)
    const pick = attempt.questions.find((q) => q.id === 'pick')!
    expect((await save(lena, attempt.id, { pick: rightAnswer(pick) })).statusCode).toBe(200)
    await expire(attempt.id)
    const late = await save(lena, attempt.id, { city: 'CDMX' })
    expect(late.statusCode).toBe(409)
    expect(late.json().code).toBe('ATTEMPT_CLOSED')
    const result = await submit(lena, attempt.id)
    expect(result.json()).toMatchObject({ late: true, score: 12.5, passed: false })
    const summary = await api.call(lena, 'GET', `${FORMS}/summary/${course.uuid}/${course.forms[0]}`)
    expect(summary.json().attempts).toMatchObject([{ id: attempt.id, status: 'graded', late: true, score: 12.5 }])
  })

  it('is closed by the deadline sweep without the learner coming back', async () => {
    const lena = await learner('Lena Away')
    const { attempt } = await start(lena)
    await expire(attempt.id)
    expect(await api.app.sweeps.run('form-attempt-deadlines')).toBe(true)
    const { rows } = await api.db.query<{ status: string; late: boolean }>('SELECT status, late FROM form_attempts WHERE id = $1', [attempt.id])
    expect(rows[0]).toEqual({ status: 'graded', late: true })
  })
})

describe('the time limit, when the sweep and the learner come at once', () => {
  it('closes and grades the attempt once', async () => {
    const lena = await learner('Lena Both')
    const { attempt } = await start(lena)
    const pick = attempt.questions.find((q) => q.id === 'pick')!
    expect((await save(lena, attempt.id, { pick: rightAnswer(pick) })).statusCode).toBe(200)
    await api.db.query(`UPDATE form_attempts SET deadline = now() - interval '1 minute' WHERE id = $1`, [attempt.id])
    const [, submitted, saved] = await Promise.all([
      api.app.sweeps.run('form-attempt-deadlines'),
      submit(lena, attempt.id),
      save(lena, attempt.id, { city: 'CDMX' }),
    ])
    expect(submitted.statusCode, submitted.body).toBe(200)
    expect(submitted.json()).toMatchObject({ late: true, score: 12.5 })
    expect(saved.statusCode).toBe(409)
    const { rows } = await api.db.query<{ status: string }>('SELECT status FROM form_attempts WHERE user_sub = $1', [lena.username])
    expect(rows).toEqual([{ status: 'graded' }])
  })
})

describe('essays graded by course staff', () => {
  it('waits for a grade, then the staff’s grade completes the attempt, tells the learner and issues the certificate', async () => {
    const lena = await learner('Lena Essay', essays)
    const { attempt } = await start(lena, essays)
    const bool = attempt.questions.find((q) => q.id === 'q1')!
    const result = await submit(lena, attempt.id, { e1: 'Water evaporates, condenses and falls.', q1: [bool.options!.find((o) => o.text === 'false')!.id] })
    expect(result.statusCode, result.body).toBe(200)
    expect(result.json()).toMatchObject({ pending: true, passed: false, certificate: null })
    const summary = await api.call(lena, 'GET', `${FORMS}/summary/${essays.uuid}/${essays.forms[0]}`)
    expect(summary.json()).toMatchObject({ pending: true, passed: false, attempts: [{ status: 'pending', score: null, passed: null }] })

    const queueUrl = `/api/v2/courses/grading/essays/${essays.uuid}`
    const queue = await api.call(owner, 'GET', queueUrl)
    expect(queue.statusCode, queue.body).toBe(200)
    const item = queue.json().items.find((i: { attempt: string }) => i.attempt === attempt.id)
    expect(item).toMatchObject({
      question: 'e1',
      answer: 'Water evaporates, condenses and falls.',
      maxPoints: 10,
      points: null,
      prompt: 'Explain the water cycle',
    })

    // Not course staff: a learner (no role) 404, a reviewer 403.
    expect((await api.call(lena, 'GET', queueUrl)).statusCode).toBe(404)
    const rita = await api.user('Rita Reviewer', ['reviewer'])
    expect((await api.call(rita, 'GET', queueUrl)).statusCode).toBe(403)
    const gradeUrl = `${queueUrl}/${attempt.id}/e1`
    expect((await api.call(rita, 'PUT', gradeUrl, { points: 10, revision: item.revision })).statusCode).toBe(403)
    expect((await api.call(lena, 'PUT', gradeUrl, { points: 10, revision: item.revision })).statusCode).toBe(404)
    expect((await api.call(owner, 'PUT', gradeUrl, { points: 11, revision: item.revision })).statusCode).toBe(400)

    // 9/10 on the essay and the true-or-false wrong: 45 %, under 50 %.
    const graded = await api.call(owner, 'PUT', gradeUrl, { points: 9, feedback: 'Good', revision: item.revision })
    expect(graded.statusCode, graded.body).toBe(200)
    expect(graded.json().attempt).toEqual({ id: attempt.id, status: 'graded', score: 45, passed: false })
    // A stale grade is refused.
    const stale = await api.call(owner, 'PUT', gradeUrl, { points: 10, revision: item.revision })
    expect(stale.statusCode).toBe(409)
    expect(stale.json().revision).toBe(item.revision + 1)
    // A regrade from the new revision passes the attempt: the course is complete, the certificate issued.
    const regraded = await api.call(owner, 'PUT', gradeUrl, { points: 10, revision: item.revision + 1 })
    expect(regraded.json().attempt).toMatchObject({ status: 'graded', score: 50, passed: true })
    const after = await api.call(lena, 'GET', `${FORMS}/summary/${essays.uuid}/${essays.forms[0]}`)
    expect(after.json()).toMatchObject({ passed: true, pending: false, attempts: [{ status: 'graded', score: 50, essays: [{ points: 10, feedback: null }] }] })
    const certificate = await api.call(lena, 'GET', `/api/v2/courses/certificates/${essays.uuid}`)
    expect(certificate.statusCode, certificate.body).toBe(200)
    const notes = await api.db.query<{ kind: string }>(`SELECT kind FROM notifications WHERE user_sub = $1 AND kind = 'essay-graded'`, [lena.username])
    expect(notes.rows.length).toBeGreaterThan(0)
  })
})
