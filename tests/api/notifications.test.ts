import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { issueCompleted } from '../../server/certificates/issue.js'
import { buildApp } from '../../server/app.js'
import { publishedSnapshot } from '../../server/courses/snapshots.js'
import { notify } from '../../server/notifications/queries.js'
import type { App } from '../../server/types.js'
import { ADMIN_CALLER, caller, courseApp, shareCourse, testAuth, V2, type Caller, type CourseApi } from '../helpers/courses.js'
import { testConfig } from '../helpers/app.js'
import { mailsTo } from '../helpers/mail.js'
import { publishCourse, subscribe, type PublishedCourse } from '../helpers/learner.js'

const N = '/api/v2/notifications'

let api: CourseApi
let owner: Caller & { username: string }
let course: PublishedCourse

beforeAll(async () => {
  api = await courseApp()
  owner = await api.user('Nora Owner', ['creator'])
  course = await publishCourse(api, owner, { name: 'Geología' })
})
afterAll(() => api.close())

let n = 0
const newLearner = () => caller(`notified-${++n}-${process.pid}`, ['general'])

async function list(who: Caller) {
  const res = await api.call(who, 'GET', N)
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as {
    items: Array<{ id: string; kind: string; params: Record<string, unknown>; link: string | null; readAt: string | null }>
    estimated: number
  }
}
const unread = async (who: Caller) => (await api.call(who, 'GET', `${N}/unread-count`)).json().unread as number

describe('events', () => {
  it('subscribing makes one subscription-added for the learner, seen by nobody else', async () => {
    const who = newLearner()
    const other = newLearner()
    await subscribe(api, who, course)
    const { items, estimated } = await list(who)
    expect(estimated).toBe(1)
    expect(items).toEqual([
      expect.objectContaining({
        kind: 'subscription-added',
        params: { course: 'Geología', plan: 'Free month' },
        link: `/galaxy/courses/overview/${course.uuid}`,
        readAt: null,
      }),
    ])
    expect((await list(other)).items).toEqual([])
    expect(await unread(who)).toBe(1)
  })

  it('an administrator adding and revoking makes one of each for the learner', async () => {
    const learner = await api.user('Lia Learner', ['general'])
    const added = await api.call(ADMIN_CALLER, 'POST', '/api/admin/courses/course/subscriptors/add', {
      uuid: course.uuid,
      subscription: course.plans[0],
      user: learner.username,
    })
    expect(added.statusCode, added.body).toBe(201)
    const revoked = await api.call(ADMIN_CALLER, 'PUT', '/api/admin/courses/course/subscriptors/revoke', { course: course.uuid, username: learner.username })
    expect(revoked.statusCode, revoked.body).toBe(200)
    const kinds = (await list(learner)).items.map((i) => i.kind)
    expect(kinds).toEqual(['subscription-revoked', 'subscription-added'])
    expect((await list(ADMIN_CALLER)).items).toEqual([])
  })

  it('revoking one subscription from the subscriptions screen makes one subscription-revoked', async () => {
    const who = newLearner()
    const sub = await subscribe(api, who, course)
    const res = await api.call(ADMIN_CALLER, 'PUT', `/api/admin/subscriptions/subscription/${sub.id}/${course.uuid}/revoke`)
    expect(res.statusCode, res.body).toBe(200)
    expect((await list(who)).items.map((i) => [i.kind, i.params])).toEqual([
      ['subscription-revoked', { course: 'Geología' }],
      ['subscription-added', { course: 'Geología', plan: 'Free month' }],
    ])
  })

  it('a certificate issued makes one certificate-issued (and a second issue of the same none)', async () => {
    const who = newLearner()
    const snapshot = (await publishedSnapshot(api.db, course.uuid))!
    await api.db.transaction((tx) => issueCompleted(tx, who.sub, snapshot))
    await api.db.transaction((tx) => issueCompleted(tx, who.sub, snapshot))
    expect((await list(who)).items.map((i) => [i.kind, i.params])).toEqual([['certificate-issued', { course: 'Geología' }]])
  })

  it('publishing a new version notifies its active subscribers once each and its reviewers, not the publisher or others', async () => {
    const c = await publishCourse(api, owner, { name: 'Botánica' })
    const reviewer = await api.user('Rita Reviewer', ['reviewer'])
    await shareCourse(api, owner, c.uuid, reviewer)
    const a = newLearner()
    const b = newLearner()
    const outsider = newLearner()
    await subscribe(api, a, c)
    await subscribe(api, b, c)
    const res = await api.call(owner, 'POST', `${V2}/publish/all`, { uuid: c.uuid })
    expect(res.statusCode, res.body).toBe(200)
    for (const who of [a, b]) {
      const updated = (await list(who)).items.filter((i) => i.kind === 'course-updated')
      expect(updated).toHaveLength(1)
      expect(updated[0].params).toEqual({ course: 'Botánica', version: 2 })
    }
    expect((await list(reviewer)).items.map((i) => i.kind)).toEqual(['review-published'])
    expect((await list(owner)).items.filter((i) => i.kind === 'review-published')).toEqual([])
    expect((await list(outsider)).items).toEqual([])
  })
})

describe('reading', () => {
  it('marks one read, refuses another user’s id (404), marks all read', async () => {
    const who = newLearner()
    const other = newLearner()
    for (let i = 0; i < 3; i++) await notify(api.db, who.sub, 'avatar-ready', { title: `A${i}` }, '/experimental/ai-avatars')
    const [first] = (await list(who)).items
    expect(first.params).toEqual({ title: 'A2' })
    expect((await api.call(other, 'PUT', `${N}/${first.id}/read`)).statusCode).toBe(404)
    expect(await unread(who)).toBe(3)
    const read = await api.call(who, 'PUT', `${N}/${first.id}/read`)
    expect(read.statusCode, read.body).toBe(200)
    expect(read.json().readAt).not.toBeNull()
    expect(await unread(who)).toBe(2)
    expect((await api.call(who, 'PUT', `${N}/not-a-uuid/read`)).statusCode).toBe(400)
    expect((await api.call(who, 'PUT', `${N}/read-all`)).json()).toEqual({ marked: 2 })
    expect(await unread(who)).toBe(0)
  })

  it('pages newest first with a token; a forged token is a 400', async () => {
    const who = newLearner()
    for (let i = 0; i < 5; i++) await notify(api.db, who.sub, 'avatar-ready', { title: `P${i}` }, null)
    const first = (await api.call(who, 'GET', `${N}?limit=2`)).json()
    expect(first.items.map((i: { params: { title: string } }) => i.params.title)).toEqual(['P4', 'P3'])
    expect(first.estimated).toBe(5)
    const second = (await api.call(who, 'GET', `${N}?limit=2&paginationToken=${first.paginationToken}`)).json()
    expect(second.items.map((i: { params: { title: string } }) => i.params.title)).toEqual(['P2', 'P1'])
    const last = (await api.call(who, 'GET', `${N}?limit=2&paginationToken=${second.paginationToken}`)).json()
    expect(last.items).toHaveLength(1)
    expect(last.paginationToken).toBeNull()
    expect((await api.call(who, 'GET', `${N}?paginationToken=bm9wZQ`)).statusCode).toBe(400)
    expect((await api.call(null, 'GET', N)).statusCode).toBe(401)
  })
})

describe('preferences and mail', () => {
  it('answers every kind with its default, saves a change, refuses an unknown kind', async () => {
    const who = newLearner()
    const before = (await api.call(who, 'GET', `${N}/preferences`)).json().items as Array<{ kind: string; byMail: boolean }>
    expect(before.find((p) => p.kind === 'certificate-issued')?.byMail).toBe(true)
    expect(before.find((p) => p.kind === 'course-updated')?.byMail).toBe(false)
    const put = await api.call(who, 'PUT', `${N}/preferences`, { items: [{ kind: 'course-updated', byMail: true }] })
    expect(put.statusCode, put.body).toBe(200)
    expect(put.json().items.find((p: { kind: string }) => p.kind === 'course-updated').byMail).toBe(true)
    expect((await api.call(who, 'PUT', `${N}/preferences`, { items: [{ kind: 'nope', byMail: true }] })).statusCode).toBe(400)
    // A kind named twice counts once, as last given.
    const twice = await api.call(who, 'PUT', `${N}/preferences`, {
      items: [
        { kind: 'avatar-ready', byMail: true },
        { kind: 'avatar-ready', byMail: false },
      ],
    })
    expect(twice.statusCode, twice.body).toBe(200)
    expect(twice.json().items.find((p: { kind: string }) => p.kind === 'avatar-ready').byMail).toBe(false)
    // Another user's choices are their own.
    expect((await api.call(newLearner(), 'GET', `${N}/preferences`)).json().items).toEqual(before)
  })

  it('marks a row for mail by the preference and the sender clears it, once', async () => {
    const learner = await api.user('Mila Mail', ['general'])
    await api.call(learner, 'PUT', `${N}/preferences`, { items: [{ kind: 'avatar-ready', byMail: false }] })
    await notify(api.db, learner.sub, 'avatar-ready', { title: 'quiet' }, null)
    await notify(api.db, learner.sub, 'certificate-issued', { course: 'Geología' }, '/galaxy')
    const pending = async () =>
      (await api.db.query<{ kind: string }>('SELECT kind FROM notifications WHERE user_sub = $1 AND mail_pending ORDER BY kind', [learner.sub])).rows.map(
        (r) => r.kind,
      )
    // The sender may already have taken it (it wakes on the announcement): at most the mailed kind is pending.
    expect((await pending()).filter((k) => k !== 'certificate-issued')).toEqual([])
    await api.app.notifications.mail.drain()
    expect(await pending()).toEqual([])
    // One mail, for the kind the learner gets by mail (the default of certificates), in their language (mx: Spanish).
    const mails = mailsTo(api.config.AULA_DATA_DIR, learner.email).filter((m) => m.subject === 'Aula: tienes una notificación')
    expect(mails).toHaveLength(1)
    expect(mails[0].text).toContain('Has obtenido el certificado del curso «Geología».')
  })
})

/** Reads server-sent events from a listening app until `until` says stop. */
async function readEvents(base: string, who: Caller, until: (events: Array<{ event: string; data: unknown }>) => boolean, onOpen?: () => Promise<void>) {
  const controller = new AbortController()
  const res = await fetch(`${base}${N}/stream`, { headers: { ...who.headers, accept: 'text/event-stream' }, signal: controller.signal })
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/)
  const reader = res.body!.getReader()
  const decoder = new TextDecoder()
  const events: Array<{ event: string; data: unknown }> = []
  let buffer = ''
  let opened = false
  const timeout = setTimeout(() => controller.abort(), 10_000)
  try {
    for (;;) {
      const { value, done } = await reader.read()
      if (done) break
      buffer += decoder.decode(value, { stream: true })
      let end
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const chunk = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        const event = /^event: (.*)$/m.exec(chunk)?.[1]
        const data = /^data: (.*)$/m.exec(chunk)?.[1]
        if (event && data) events.push({ event, data: JSON.parse(data) })
      }
      if (!opened && events.length) {
        opened = true
        await onOpen?.()
      }
      if (until(events)) break
    }
  } finally {
    clearTimeout(timeout)
    controller.abort()
  }
  return events
}

async function listening(app: App): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' })
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
}

describe('live stream', () => {
  it('opens with the unread count and delivers a new notification of its user only', async () => {
    const base = await listening(api.app)
    const who = newLearner()
    await notify(api.db, who.sub, 'avatar-ready', { title: 'before' }, null)
    const events = await readEvents(
      base,
      who,
      (e) => e.some((x) => x.event === 'notification'),
      async () => {
        // The announcement of the one counted on open may arrive late (PostgreSQL delivers them asynchronously):
        // announcing it again must not deliver it as new.
        const { rows } = await api.db.query<{ id: string }>('SELECT id::text AS id FROM notifications WHERE user_sub = $1', [who.sub])
        await api.db.query(`SELECT pg_notify(left('aula_notifications_' || regexp_replace(current_schema(), '[^a-zA-Z0-9_]', '_', 'g'), 63), $1)`, [
          `${who.sub} ${rows[0].id}`,
        ])
        await notify(api.db, newLearner().sub, 'avatar-ready', { title: 'someone else' }, null)
        await subscribe(api, who, course)
      },
    )
    expect(events[0]).toEqual({ event: 'unread', data: { unread: 1 } })
    const delivered = events.filter((e) => e.event === 'notification')
    expect(delivered).toEqual([{ event: 'notification', data: expect.objectContaining({ kind: 'subscription-added' }) }])
  })

  it('refuses a stream without Accept: text/event-stream (400) and past the cap per user (429)', async () => {
    const who = newLearner()
    expect((await api.call(who, 'GET', `${N}/stream`)).statusCode).toBe(400)
    const base = `http://127.0.0.1:${(api.app.server.address() as AddressInfo).port}`
    const controllers: AbortController[] = []
    try {
      for (let i = 0; i < 5; i++) {
        const c = new AbortController()
        controllers.push(c)
        const res = await fetch(`${base}${N}/stream`, { headers: { ...who.headers, accept: 'text/event-stream' }, signal: c.signal })
        expect(res.status).toBe(200)
      }
      const sixth = await fetch(`${base}${N}/stream`, { headers: { ...who.headers, accept: 'text/event-stream' } })
      expect(sixth.status).toBe(429)
    } finally {
      for (const c of controllers) c.abort()
    }
    // Closed streams leave the hub.
    await expect.poll(() => api.app.notifications.hub.size, { timeout: 5000 }).toBe(0)
  })

  it.runIf(process.env.TEST_DATABASE_URL)('delivers a row made by another process on the same database (LISTEN/NOTIFY)', async () => {
    // A second app on the same schema: one process makes the row, the other's stream receives it.
    const other = await buildApp({ config: testConfig(), db: api.db, authenticate: testAuth, print: () => {} })
    await other.ready()
    try {
      const base = await listening(other)
      const who = newLearner()
      const events = await readEvents(
        base,
        who,
        (e) => e.some((x) => x.event === 'notification'),
        async () => {
          await subscribe(api, who, course)
        },
      )
      expect(events.filter((e) => e.event === 'notification')).toHaveLength(1)
    } finally {
      await other.close()
    }
  })
})
