import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { randomBytes } from 'node:crypto'
import { videoDuration } from '../../server/media/duration.js'
import { testClock } from '../helpers/clock.js'
import { clip } from '../helpers/clip.js'
import { sampleFile } from '../helpers/media.js'
import { caller, courseApp, V2, type Caller, type CourseApi } from '../helpers/courses.js'
import { L, publishCourse, quiz, subscribe, uploadBlockFile, type PublishedCourse } from '../helpers/learner.js'

/**
 * Video progress is earned: the server owns each video's length and measures watching with its own
 * clock (moved by hand here), so no report of a client can complete a video faster than playing it
 * at 2×.
 */

const clock = testClock()
let api: CourseApi
let owner: Caller
/** A text, a 20-second uploaded clip, a one-hour linked lecture and a form; no block marked required, so all count. */
let course: PublishedCourse
let b: Record<'text' | 'clip' | 'lecture' | 'form', string>
/** One ten-minute linked video, for the playback rates. */
let short: PublishedCourse
let shortVideo: string
let clipPath: string

beforeAll(async () => {
  api = await courseApp({}, { now: clock.now })
  owner = await api.user('Vera Video', ['creator'])
  course = await publishCourse(api, owner, {
    name: 'Óptica avanzada',
    sections: [
      {
        title: 'Luz',
        blocks: [
          { kind: 'text', values: { title: 'Qué es la luz', html: '<p>Ondas y partículas</p>' } },
          async (uuid) => {
            clipPath = await uploadBlockFile(api, owner, uuid, 'video', { type: 'video/webm', name: 'prism.webm', bytes: clip(20) })
            // The client's length is not taken: the server reads the file.
            return { kind: 'video', values: { title: 'Prisma', path: clipPath, duration: 1 } }
          },
          { kind: 'video', values: { title: 'Lección', url: 'https://video.example.test/lecture.mp4', duration: 3600 } },
          { kind: 'form', values: quiz('Examen') },
        ],
      },
    ],
  })
  b = { text: course.blocks[0][0], clip: course.blocks[0][1], lecture: course.blocks[0][2], form: course.blocks[0][3] }
  short = await publishCourse(api, owner, {
    name: 'Rates',
    sections: [{ title: 'Only', blocks: [{ kind: 'video', values: { title: 'Ten minutes', url: 'https://video.example.test/ten.mp4', duration: 600 } }] }],
  })
  shortVideo = short.blocks[0][0]
}, 60_000)
afterAll(() => api.close())

let n = 0
const learner = async (of = course) => {
  const who = caller(`watcher-${++n}-${process.pid}`, ['general'])
  await subscribe(api, who, of)
  return who
}
const open = async (who: Caller, block: string, of = course) => {
  const res = await api.call(who, 'GET', `${L}/metrics/re/${of.uuid}/${block}`)
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}
const report = async (who: Caller, block: string, body: Record<string, unknown>, of = course) => {
  const res = await api.call(who, 'PUT', `${L}/metrics/position`, { course: of.uuid, block, ...body })
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as { block: { id: string; completed: boolean; watchedSeconds: number }; progress: { completed: boolean; certificate: unknown } }
}
const passForm = async (who: Caller) => {
  const res = await api.call(who, 'POST', `${L}/forms/completed`, { course: course.uuid, id: b.form, answers: { q1: ['a'], q2: ['t'] } })
  expect(res.statusCode, res.body).toBe(200)
  expect(res.json().passed).toBe(true)
}
/** Plays `block` from `from` to `to` at `rate`, reporting every `every` seconds of the server's clock; answers the last report. */
async function play(who: Caller, block: string, o: { from?: number; to: number; rate: number; every: number; of?: PublishedCourse }) {
  let at = o.from ?? 0
  let last = null as Awaited<ReturnType<typeof report>> | null
  while (at < o.to) {
    clock.advance(o.every)
    at = Math.min(o.to, at + o.every * o.rate)
    last = await report(who, block, { seconds: Math.round(at) }, o.of)
  }
  return last!
}

describe('the length of a video is the server’s', () => {
  it('reads an uploaded video’s length from the file and ignores the one the client sent', async () => {
    const page = await api.call(owner, 'GET', `${V2}/builder/blocks/${course.uuid}`)
    const video = page.json().items[0].blocks.find((x: { id: string }) => x.id === b.clip)
    expect(video.values.duration).toBeCloseTo(20, 0)
    const { rows } = await api.db.query<{ content: unknown }>('SELECT content FROM course_versions WHERE course_uuid = $1', [course.uuid])
    const snap = (typeof rows[0].content === 'string' ? JSON.parse(rows[0].content) : rows[0].content) as {
      sections: Array<{ blocks: Array<{ id: string; values: { duration?: number } }> }>
    }
    const frozen = snap.sections[0].blocks
    expect(frozen.find((x) => x.id === b.clip)!.values.duration).toBeCloseTo(20, 0)
    expect(frozen.find((x) => x.id === b.lecture)!.values.duration).toBe(3600)
    // Learners see the length the server knows.
    const who = await learner()
    const learnerPage = await api.call(who, 'GET', `${L}/course/page/${course.uuid}/${b.lecture}`)
    expect(learnerPage.json().Item.block.values).toMatchObject({ url: 'https://video.example.test/lecture.mp4', duration: 3600 })
  })

  it('reads MP4 and WebM lengths from the container header when ffprobe is not installed', async () => {
    for (const [format, seconds] of [
      ['webm', 7],
      ['mp4', 5],
    ] as const) {
      const key = `courses/probe/${randomBytes(4).toString('hex')}.${format}`
      const data = clip(seconds, format)
      await api.app.storage.put(key, data, `video/${format}`)
      expect(await videoDuration(api.app.storage, key, data.length, 'aula-no-such-ffprobe')).toBeCloseTo(seconds, 0)
      expect(await videoDuration(api.app.storage, key, data.length)).toBeCloseTo(seconds, 0)
    }
  })

  it('refuses an uploaded file whose length cannot be read, and a linked video without a length', async () => {
    const { uuid } = await publishCourse(api, owner, { name: 'Drafty' })
    const tree = (await api.call(owner, 'GET', `${V2}/builder/blocks/${uuid}`)).json()
    const section = tree.items[0].id as string
    const revision = async () => (await api.db.query<{ revision: number }>('SELECT revision FROM courses WHERE uuid = $1', [uuid])).rows[0].revision
    const junk = await uploadBlockFile(api, owner, uuid, 'video', { type: 'video/mp4', name: 'junk.mp4', bytes: sampleFile('video/mp4', 2048) })
    const refused = await api.call(owner, 'POST', `${V2}/blocks/add`, {
      uuid,
      revision: await revision(),
      item: 'video',
      section,
      values: { title: 'Junk', path: junk },
    })
    expect(refused.statusCode, refused.body).toBe(400)
    expect(refused.json().errors).toEqual({ 'values.path': 'The length of this video could not be read: upload an MP4 or WebM video' })
    for (const [values, error] of [
      [{ url: 'https://video.example.test/a.mp4' }, 'Give the length of the video'],
      [{ url: 'https://video.example.test/a.mp4', duration: 0 }, 'Must be at least 1'],
      [{ url: 'https://video.example.test/a.mp4', duration: 86401 }, 'Must be at most 86400'],
      [{ url: 'https://video.example.test/a.mp4', duration: 'long' }, 'Must be number'],
    ] as const) {
      const res = await api.call(owner, 'POST', `${V2}/blocks/add`, { uuid, revision: await revision(), item: 'video', section, values })
      expect(res.statusCode, res.body).toBe(400)
      expect(res.json().errors['values.duration']).toBe(error)
    }
  })

  it('keeps a video without a known length from being published', async () => {
    const { uuid } = await publishCourse(api, owner, {
      name: 'Legacy',
      sections: [{ title: 'Old', blocks: [{ kind: 'video', values: { title: 'Old talk', url: 'https://video.example.test/old.mp4', duration: 60 } }] }],
    })
    const validate = async () => (await api.call(owner, 'GET', `${V2}/publish/validate/${uuid}`)).json()
    expect((await validate()).ok).toBe(true)
    // A block saved before lengths were kept.
    await api.db.query(`UPDATE course_items SET "values" = "values" - 'duration' WHERE course_uuid = $1 AND kind = 'video'`, [uuid])
    const checked = await validate()
    expect(checked.ok).toBe(false)
    expect(checked.items.find((i: { key: string }) => i.key === 'blocks')).toMatchObject({
      ok: false,
      message: expect.stringContaining('“Old talk” of section “Old” needs its length'),
    })
    expect((await api.call(owner, 'POST', `${V2}/publish/all`, { uuid })).statusCode).toBe(409)
  })
})

describe('watching is measured by the server’s clock', () => {
  it('no longer completes a course in four requests, nor issues its certificate', async () => {
    const who = await learner()
    await open(who, b.text)
    await report(who, b.clip, { seconds: 10, duration: 10 })
    await report(who, b.lecture, { seconds: 10, duration: 10 })
    await passForm(who)
    const gcc = (await api.call(who, 'GET', `${L}/metrics/gcc/${course.uuid}`)).json()
    expect(gcc).toMatchObject({ done: 2, total: 4, completed: false, certificate: null })
    expect((await api.call(who, 'GET', `${L}/certificates/${course.uuid}`)).statusCode).not.toBe(200)
  })

  it('does not complete a one-hour video from one report, however long after opening it', async () => {
    const who = await learner()
    await open(who, b.lecture)
    clock.advance(2 * 3600)
    const answer = await report(who, b.lecture, { seconds: 3600 })
    expect(answer.block.completed).toBe(false)
    // A silence counts as at most a minute of watching, at 2×.
    expect(answer.block.watchedSeconds).toBe(120)
    // The resume point is where the learner went.
    expect((await api.call(who, 'GET', `${L}/course/index/${course.uuid}`)).json().Item.resume).toEqual({ block: b.lecture, seconds: 3600 })
  })

  it('does not complete a 20-second clip on a seek to its end; seeking back loses nothing', async () => {
    const who = await learner()
    await open(who, b.clip)
    clock.advance(2)
    const seek = await report(who, b.clip, { seconds: 20 })
    expect(seek.block).toEqual({ id: b.clip, completed: false, watchedSeconds: 4 })
    // A first report without opening the block earns nothing.
    const other = await learner()
    expect((await report(other, b.clip, { seconds: 20 })).block).toEqual({ id: b.clip, completed: false, watchedSeconds: 0 })
    clock.advance(3)
    expect((await report(who, b.clip, { seconds: 2 })).block.watchedSeconds).toBe(4)
    // Playing on from there earns the rest.
    expect((await play(who, b.clip, { from: 2, to: 20, rate: 1, every: 10 })).block).toEqual({ id: b.clip, completed: true, watchedSeconds: 20 })
  })

  it('completes the course and issues the certificate for a learner who watches, reporting every 10 seconds', async () => {
    const who = await learner()
    await open(who, b.text)
    await open(who, b.clip)
    const clipDone = await play(who, b.clip, { to: 20, rate: 1, every: 10 })
    expect(clipDone.block).toEqual({ id: b.clip, completed: true, watchedSeconds: expect.closeTo(20, 0) })
    await open(who, b.lecture)
    const halfway = await play(who, b.lecture, { to: 1800, rate: 1, every: 10 })
    expect(halfway.block).toEqual({ id: b.lecture, completed: false, watchedSeconds: 1800 })
    // A pause of an hour, then the rest.
    clock.advance(3600)
    const lectureDone = await play(who, b.lecture, { from: 1800, to: 3600, rate: 1, every: 10 })
    expect(lectureDone.block).toEqual({ id: b.lecture, completed: true, watchedSeconds: 3600 })
    expect(lectureDone.progress.completed).toBe(false)
    await passForm(who)
    const gcc = (await api.call(who, 'GET', `${L}/metrics/gcc/${course.uuid}`)).json()
    expect(gcc).toMatchObject({ done: 4, total: 4, percent: 100, completed: true, certificate: { code: expect.any(String) } })
  })

  it('accepts playback at 2× and not at 3×', async () => {
    const double = await learner(short)
    await open(double, shortVideo, short)
    expect((await play(double, shortVideo, { to: 600, rate: 2, every: 10, of: short })).block).toEqual({ id: shortVideo, completed: true, watchedSeconds: 600 })

    const triple = await learner(short)
    await open(triple, shortVideo, short)
    const end = await play(triple, shortVideo, { to: 600, rate: 3, every: 10, of: short })
    expect(end.block.completed).toBe(false)
    expect(end.block.watchedSeconds).toBe(400)
  })

  it('completes within 10 seconds of the end, not before', async () => {
    const who = await learner(short)
    await open(who, shortVideo, short)
    expect((await play(who, shortVideo, { to: 589, rate: 1, every: 10, of: short })).block).toMatchObject({ completed: false, watchedSeconds: 589 })
    clock.advance(1)
    expect((await report(who, shortVideo, { seconds: 590 }, short)).block).toMatchObject({ completed: true, watchedSeconds: 590 })
  })
})

describe('positions', () => {
  it('refuses seconds that are not whole seconds from 0 to 86400 with a clear message, and records nothing', async () => {
    const who = await learner()
    await open(who, b.clip)
    clock.advance(10)
    await report(who, b.clip, { seconds: 10 })
    for (const seconds of [0.001, 12.5, -1, 86401, 1e12, 'NaN', '10', true, null, [10], { n: 1 }]) {
      const res = await api.call(who, 'PUT', `${L}/metrics/position`, { course: course.uuid, block: b.clip, seconds })
      expect(res.statusCode, `${JSON.stringify(seconds)}: ${res.body}`).toBe(400)
      expect(res.json().code).toBe('VALIDATION')
      expect(res.json().errors.seconds).toMatch(/^Must be/)
    }
    const raw = await api.app.inject({
      method: 'PUT',
      url: `${L}/metrics/position`,
      headers: { ...who.headers, 'content-type': 'application/json' },
      payload: `{"course":"${course.uuid}","block":"${b.clip}","seconds":1e400}`,
    })
    expect(raw.statusCode, raw.body).toBe(400)
    const missing = await api.call(who, 'PUT', `${L}/metrics/position`, { course: course.uuid, block: b.clip })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().errors).toEqual({ seconds: 'Required' })
    const page = (await api.call(who, 'GET', `${L}/course/page/${course.uuid}/${b.clip}`)).json().Item.block
    expect(page).toMatchObject({ watchedSeconds: 10, positionSeconds: 10, completed: false })
  })

  it('counts a position past the end as the end, whatever length the client claims', async () => {
    const who = await learner()
    await open(who, b.clip)
    clock.advance(30)
    const answer = await report(who, b.clip, { seconds: 500, duration: 500 })
    expect(answer.block).toEqual({ id: b.clip, completed: true, watchedSeconds: expect.closeTo(20, 0) })
  })
})
