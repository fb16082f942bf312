import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testClock } from '../helpers/clock.js'
import { caller, courseApp, type Caller, type CourseApi } from '../helpers/courses.js'
import { keysOf, L, publishCourse, quiz, subscribe, uploadBlockFile, type PublishedCourse } from '../helpers/learner.js'

const clock = testClock()
let api: CourseApi
let owner: Caller
let course: PublishedCourse
/** Blocks by name: text (required), image, video (required), link, form (required). */
let b: Record<'text' | 'image' | 'video' | 'link' | 'form', string>

beforeAll(async () => {
  api = await courseApp({}, { now: clock.now })
  owner = await api.user('Olga Owner', ['creator'])
  course = await publishCourse(api, owner, {
    name: 'Óptica',
    sections: [
      {
        title: 'Luz',
        blocks: [
          { kind: 'text', values: { title: 'Qué es la luz', required: true, html: '<p>Ondas y partículas</p>' } },
          async (uuid) => ({
            kind: 'image',
            values: {
              title: 'Espectro',
              alt: 'El espectro visible',
              path: await uploadBlockFile(api, owner, uuid, 'image', { type: 'image/png', name: 'spectrum.png' }),
            },
          }),
          { kind: 'video', values: { title: 'Prisma', required: true, url: 'https://video.example.test/prism.mp4', duration: 100 } },
        ],
      },
      {
        title: 'Práctica',
        blocks: [
          { kind: 'link', values: { title: 'Más', url: 'https://example.test/more' } },
          { kind: 'form', values: { ...quiz('Examen final'), required: true } },
        ],
      },
    ],
  })
  const [[text, image, video], [link, form]] = course.blocks
  b = { text, image, video, link, form }
})
afterAll(() => api.close())

let n = 0
const newLearner = async () => {
  const who = caller(`player-${++n}-${process.pid}`, ['general'])
  await subscribe(api, who, course)
  return who
}
const index = async (who: Caller) => {
  const res = await api.call(who, 'GET', `${L}/course/index/${course.uuid}`)
  expect(res.statusCode, res.body).toBe(200)
  return res.json().Item
}
const opened = async (who: Caller, block: string, base = `${L}/metrics`) => {
  const res = await api.call(who, 'GET', `${base}/re/${course.uuid}/${block}`)
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}
/** The learner keeps watching for `seconds` of the server's clock before the next report. */
const watchFor = (seconds: number) => clock.advance(seconds)
const position = async (who: Caller, seconds: number) => {
  const res = await api.call(who, 'PUT', `${L}/metrics/position`, { course: course.uuid, block: b.video, seconds })
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}

describe('index and pages', () => {
  it('lists sections and blocks with required and completed, no progress and no resume point at first', async () => {
    const who = await newLearner()
    const item = await index(who)
    expect(item.course).toEqual({ uuid: course.uuid, name: 'Óptica', version: 1, organization: null, Details: {} })
    expect(item.sections).toEqual([
      {
        id: expect.any(String),
        title: 'Luz',
        blocks: [
          { id: b.text, kind: 'text', title: 'Qué es la luz', required: true, completed: false },
          { id: b.image, kind: 'image', title: 'Espectro', required: false, completed: false },
          { id: b.video, kind: 'video', title: 'Prisma', required: true, completed: false },
        ],
      },
      {
        id: expect.any(String),
        title: 'Práctica',
        blocks: [
          { id: b.link, kind: 'link', title: 'Más', required: false, completed: false },
          { id: b.form, kind: 'form', title: 'Examen final', required: true, completed: false },
        ],
      },
    ])
    expect(item.progress).toEqual({ done: 0, total: 3, percent: 0, completed: false, completedAt: null, certificate: null })
    expect(item.resume).toBeNull()
    expect(item.subscription.remainingDays).toBe(29)
  })

  it("serves one block's values with read URLs and its neighbours; a form comes without its answers", async () => {
    const who = await newLearner()
    const image = await api.call(who, 'GET', `${L}/course/page/${course.uuid}/${b.image}`)
    expect(image.statusCode, image.body).toBe(200)
    expect(image.json().Item).toEqual({
      course: course.uuid,
      section: { id: expect.any(String), title: 'Luz' },
      block: {
        id: b.image,
        kind: 'image',
        values: { title: 'Espectro', required: false, alt: 'El espectro visible' },
        urls: { path: expect.stringMatching(/^\/api\/files\//) },
        completed: false,
        watchedSeconds: 0,
        positionSeconds: 0,
      },
      previous: b.text,
      next: b.video,
    })
    expect((await api.app.inject({ method: 'GET', url: image.json().Item.block.urls.path })).statusCode).toBe(200)

    const form = await api.call(who, 'GET', `${L}/course/page/${course.uuid}/${b.form}`)
    expect(form.statusCode).toBe(200)
    const { values } = form.json().Item.block
    expect(values).toEqual({
      title: 'Examen final',
      required: true,
      name: 'Examen final',
      tries: 3,
      requiredScore: 50,
      questions: [
        {
          id: 'q1',
          type: 'single',
          text: 'Two plus two?',
          options: [
            { id: 'a', text: '4' },
            { id: 'b', text: '5' },
          ],
        },
        {
          id: 'q2',
          type: 'boolean',
          text: 'Water is wet',
          options: [
            { id: 't', text: 'True' },
            { id: 'f', text: 'False' },
          ],
        },
      ],
    })
    expect(form.json().Item.next).toBeNull()
    // No learner answer anywhere carries a form's answers.
    const answers = [form.json(), image.json(), await index(who), await opened(who, b.form), (await api.call(who, 'GET', `${L}/course/${course.uuid}`)).json()]
    for (const a of answers) expect(keysOf(a).has('correct')).toBe(false)
    expect(JSON.stringify(answers)).not.toContain('"correct"')

    expect((await api.call(who, 'GET', `${L}/course/page/${course.uuid}/00000000-0000-4000-8000-000000000000`)).statusCode).toBe(404)
    expect((await api.call(who, 'GET', `${L}/course/page/${course.uuid}/nope`)).statusCode).toBe(400)
  })
})

describe('progress', () => {
  it('completes text, image and link when opened; only required blocks count towards the course', async () => {
    const who = await newLearner()
    const text = await opened(who, b.text)
    expect(text.block).toEqual({ id: b.text, completed: true, watchedSeconds: 0 })
    expect(text.progress).toMatchObject({ done: 1, total: 3, percent: 33, completed: false })
    // An optional block is done too, but the course's progress does not move.
    const link = await opened(who, b.link, '/api/v2/metrics')
    expect(link.block.completed).toBe(true)
    expect(link.progress).toMatchObject({ done: 1, total: 3 })
    // Opening again changes nothing.
    expect((await opened(who, b.text)).progress.done).toBe(1)
    const blocks = (await index(who)).sections.flatMap((s: { blocks: Array<{ id: string; completed: boolean }> }) => s.blocks)
    expect(blocks.filter((x: { completed: boolean }) => x.completed).map((x: { id: string }) => x.id)).toEqual([b.text, b.link])
  })

  it('completes a video once watched to its end, not when opened nor before, and keeps the furthest point', async () => {
    const who = await newLearner()
    expect((await opened(who, b.video)).block).toEqual({ id: b.video, completed: false, watchedSeconds: 0 })
    watchFor(50)
    expect((await position(who, 50)).block).toEqual({ id: b.video, completed: false, watchedSeconds: 50 })
    watchFor(39)
    expect((await position(who, 89)).block).toEqual({ id: b.video, completed: false, watchedSeconds: 89 })
    // Rewinding does not lose the furthest point.
    expect((await position(who, 10)).block).toEqual({ id: b.video, completed: false, watchedSeconds: 89 })
    watchFor(1)
    const done = await position(who, 90)
    expect(done.block).toEqual({ id: b.video, completed: true, watchedSeconds: 90 })
    expect(done.progress).toMatchObject({ done: 1, total: 3 })
    // Once done it stays done; a position past the end counts as the end.
    expect((await position(who, 3)).block).toEqual({ id: b.video, completed: true, watchedSeconds: 90 })
    watchFor(10)
    expect((await position(who, 500)).block.watchedSeconds).toBe(100)

    const page = (await api.call(who, 'GET', `${L}/course/page/${course.uuid}/${b.video}`)).json().Item.block
    expect(page).toMatchObject({
      completed: true,
      watchedSeconds: 100,
      positionSeconds: 100,
      values: { url: 'https://video.example.test/prism.mp4', duration: 100 },
    })
  })

  it('does not count a jump to the end as watched: the watched point moves at most at twice playing speed', async () => {
    const who = await newLearner()
    await opened(who, b.video)
    // Straight to the end right after opening: the position moves (resume there), the watched point does not follow.
    watchFor(5)
    const jump = await position(who, 99)
    expect(jump.block).toEqual({ id: b.video, completed: false, watchedSeconds: 10 })
    expect((await index(who)).resume).toEqual({ block: b.video, seconds: 99 })
    // A first report without opening the block earns nothing.
    const other = await newLearner()
    expect((await position(other, 98)).block).toEqual({ id: b.video, completed: false, watchedSeconds: 0 })
    // Having watched for a while, the same report completes it.
    watchFor(45)
    expect((await position(who, 99)).block).toEqual({ id: b.video, completed: true, watchedSeconds: 99 })
  })

  it('refuses positions for other blocks and invalid values', async () => {
    const who = await newLearner()
    const text = await api.call(who, 'PUT', `${L}/metrics/position`, { course: course.uuid, block: b.text, seconds: 1 })
    expect(text.statusCode).toBe(400)
    expect(text.json().message).toBe('Only a video block has a position')
    for (const bad of [{ seconds: -1 }, { seconds: 0.5 }, {}, { seconds: 'x', duration: 10 }]) {
      expect((await api.call(who, 'PUT', `${L}/metrics/position`, { course: course.uuid, block: b.video, ...bad })).statusCode).toBe(400)
    }
  })

  it('completes the course when every required block is done (a form once passed) and shows it on the dashboard', async () => {
    const who = await newLearner()
    await opened(who, b.text)
    await opened(who, b.video)
    watchFor(50)
    await position(who, 99)
    const before = await api.call(who, 'GET', `${L}/metrics/gcc/${course.uuid}`)
    expect(before.json()).toEqual({ done: 2, total: 3, percent: 66, completed: false, completedAt: null, certificate: null })
    const dashboard = (await api.call(who, 'GET', '/api/v2/user/courses')).json()
    expect(dashboard.items).toEqual([expect.objectContaining({ uuid: course.uuid, progress: 66 })])

    // Opening a form does not complete it; passing it does (as the form routes record a passed attempt).
    expect((await opened(who, b.form)).block.completed).toBe(false)
    await api.db.query('INSERT INTO form_attempts (course_uuid, course_version, form_id, user_sub, score, passed) VALUES ($1, 1, $2, $3, 40, false)', [
      course.uuid,
      b.form,
      who.sub,
    ])
    expect((await api.call(who, 'GET', `/api/v2/metrics/gcc/${course.uuid}`)).json()).toMatchObject({ done: 2, completed: false })
    await api.db.query('INSERT INTO form_attempts (course_uuid, course_version, form_id, user_sub, score, passed) VALUES ($1, 1, $2, $3, 100, true)', [
      course.uuid,
      b.form,
      who.sub,
    ])
    const after = (await api.call(who, 'GET', `${L}/metrics/gcc/${course.uuid}`)).json()
    // The certificate is issued in the same request.
    expect(after).toEqual({
      done: 3,
      total: 3,
      percent: 100,
      completed: true,
      completedAt: expect.any(String),
      certificate: { code: expect.any(String), issuedAt: expect.any(String), url: `/api/v2/courses/certificates/${course.uuid}`, revokedAt: null },
    })
    const pdf = await api.call(who, 'GET', after.certificate.url)
    expect(pdf.statusCode).toBe(200)
    expect(pdf.headers['content-type']).toContain('application/pdf')
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
    const verified = await api.app.inject({ method: 'GET', url: `/api/certificates/verify/${after.certificate.code}` })
    expect(verified.json()).toMatchObject({ course: 'Óptica', hours: 6 })
    const stored = await api.db.query<{ course_version: number }>('SELECT course_version FROM course_completions WHERE user_sub = $1 AND course_uuid = $2', [
      who.sub,
      course.uuid,
    ])
    expect(stored.rows).toEqual([{ course_version: 1 }])
    // The completion is recorded once; asking again keeps its time.
    expect((await api.call(who, 'GET', `${L}/metrics/gcc/${course.uuid}`)).json().completedAt).toBe(after.completedAt)
    expect((await index(who)).progress).toMatchObject({ percent: 100, completed: true, certificate: after.certificate })
    expect((await api.call(who, 'GET', '/api/v2/user/courses')).json().items[0].progress).toBe(100)
  })
})

describe('resume', () => {
  it('resumes on another device at the last block opened, and in a video at the second reached', async () => {
    const laptop = await newLearner()
    // The same learner on a second device: nothing is shared but the account.
    const phone = caller(laptop.sub, ['general'])
    await opened(laptop, b.text)
    expect((await index(phone)).resume).toEqual({ block: b.text, seconds: 0 })
    await opened(laptop, b.video)
    await position(laptop, 42)
    expect((await index(phone)).resume).toEqual({ block: b.video, seconds: 42 })
    // The phone moves on; the laptop follows.
    await opened(phone, b.link)
    expect((await index(laptop)).resume).toEqual({ block: b.link, seconds: 0 })
    // Back to the video: it resumes where it was left.
    await opened(phone, b.video)
    expect((await index(laptop)).resume).toEqual({ block: b.video, seconds: 42 })
    // Another learner's resume point is their own.
    expect((await index(await newLearner())).resume).toBeNull()
  })
})

describe('API document', () => {
  it('describes every learner route, with the refusal of the player routes and no form answers', async () => {
    const res = await api.app.inject({ method: 'GET', url: '/api/docs/json' })
    expect(res.statusCode).toBe(200)
    const paths = res.json().paths as Record<string, Record<string, { responses: Record<string, unknown> }>>
    for (const path of [
      '/api/v2/courses/all/{page}',
      '/api/v2/courses/all/{page}/{search}',
      '/api/v2/courses/catalogue/filters',
      '/api/v2/courses/course/{id}',
      '/api/v2/courses/course/faq/{id}',
      '/api/v2/courses/courses/course/collaborators/{id}',
      '/api/v2/courses/course/subscriptions/{id}',
      '/api/v2/courses/course/subscribe',
      '/api/v2/courses/course/index/{id}',
      '/api/v2/courses/course/page/{course}/{block}',
      '/api/v2/courses/metrics/re/{course}/{block}',
      '/api/v2/courses/metrics/position',
      '/api/v2/courses/metrics/gcc/{course}',
      '/api/v2/metrics/re/{course}/{block}',
      '/api/v2/metrics/position',
      '/api/v2/metrics/gcc/{course}',
    ]) {
      expect(Object.keys(paths), path).toContain(path)
    }
    expect(JSON.stringify(paths['/api/v2/courses/course/index/{id}'].get.responses['403'])).toContain('SUBSCRIPTION_EXPIRED')
    expect(Object.keys(paths['/api/v2/courses/course/subscribe'].post.responses)).toEqual(expect.arrayContaining(['201', '402', '409']))
    expect(JSON.stringify(paths['/api/v2/courses/course/page/{course}/{block}'])).not.toMatch(/"correct"/)
  })
})
