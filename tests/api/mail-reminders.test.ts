import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app.js'
import { openDb, type Db } from '../../server/db/index.js'
import { claimDueReminders } from '../../server/reminders/queries.js'
import type { App } from '../../server/types.js'
import { caller, courseApp, getDraft, V2, type Caller, type CourseApi } from '../helpers/courses.js'
import { L, publishCourse, subscribe, type PublishedCourse } from '../helpers/learner.js'
import { mailsTo, type Mail } from '../helpers/mail.js'

const DAY = 24 * 3600 * 1000
const SITE = 'https://aula.example.test'

// The server's clock: each test sets it to some days after its own subscriptions were made.
let at = Date.now()
const setDay = (days: number) => {
  at = Date.now() + days * DAY
}

let api: CourseApi
let owner: Caller
let course: PublishedCourse
let firstBlock: string

beforeAll(async () => {
  // The job's own timer never fires during the tests: they run it by hand.
  api = await courseApp({ PUBLIC_URL: SITE }, { now: () => new Date(at), reminders: { firstMs: 1e9 } })
  owner = await api.user('Olga Owner', ['creator'])
  course = await publishCourse(api, owner, {
    name: 'Astronomía',
    plans: [
      { name: 'Month', durationDays: 30 },
      { name: 'Short', durationDays: 2 },
      { name: 'Quarter', durationDays: 90 },
    ],
    sections: [
      {
        title: 'Stars',
        blocks: [
          { kind: 'text', values: { title: 'One', required: true, html: '<p>One</p>' } },
          { kind: 'text', values: { title: 'Two', required: true, html: '<p>Two</p>' } },
        ],
      },
    ],
  })
  firstBlock = course.blocks[0][0]
})
afterAll(() => api.close())

const run = () => api.app.reminders!.runOnce()

/** A learner in the user pool (so the job finds an address and a language), subscribed to the course. */
async function learner(name: string, locale?: string, plan = course.plans[0]) {
  const who = await api.user(name, ['general'])
  if (locale) await api.app.identityUsers.updateAttributes(who.username, { locale })
  await subscribe(api, who, course, plan)
  return who
}

/** The reminder and digest mail sent to `email` (not the account's invitation, nor notifications' mail). */
const noticesTo = (email: string): Mail[] =>
  mailsTo(api.config.dataDir, email).filter((m) => m.headers.has('list-unsubscribe') && !m.headers.get('list-unsubscribe')!.includes('token=notifications.'))

/** The learner's expiry notifications, newest first. */
async function expiryNotices(who: Caller): Promise<Array<{ kind: string; params: Record<string, unknown> }>> {
  const res = await api.call(who, 'GET', '/api/v2/notifications')
  expect(res.statusCode, res.body).toBe(200)
  return (res.json().items as Array<{ kind: string; params: Record<string, unknown> }>)
    .filter((n) => n.kind === 'expiry-soon')
    .map(({ kind, params }) => ({ kind, params }))
}

const tokenOf = (mail: Mail) => {
  const m = /^<https:\/\/aula\.example\.test\/api\/v2\/mail\/unsubscribe\?token=([^>]+)>$/.exec(mail.headers.get('list-unsubscribe') ?? '')
  expect(m, mail.headers.get('list-unsubscribe')).not.toBeNull()
  return decodeURIComponent(m![1])
}

describe('expiry reminders', () => {
  it('sends each threshold once, in the learner’s language, with progress, a renewal link and one-click headers', async () => {
    setDay(0)
    const who = await learner('Ellen English', 'eng')
    expect((await api.call(who, 'GET', `${L}/metrics/re/${course.uuid}/${firstBlock}`)).statusCode).toBe(200)
    await run()
    expect(noticesTo(who.email)).toEqual([])

    setDay(16.5) // 13 whole days left: the 14-day threshold
    expect((await run()).reminders).toBeGreaterThanOrEqual(1)
    const [first, ...more] = noticesTo(who.email)
    expect(more).toEqual([])
    expect(first.subject).toBe('Aula: your subscription to Astronomía ends in 14 days')
    expect(first.text).toContain('Your progress: 50% (1 of 2 activities)')
    expect(first.text).toContain(`Renew: ${SITE}/galaxy/courses/overview/${course.uuid}`)
    expect(first.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click')
    expect(tokenOf(first)).toMatch(/^reminders\./)
    expect(first.html).toContain(`href="${SITE}/galaxy/courses/overview/${course.uuid}"`)

    // Running again, or in the same days, sends nothing new.
    expect(await run()).toMatchObject({ ran: true, reminders: 0 })
    setDay(18)
    await run()
    expect(noticesTo(who.email)).toHaveLength(1)

    setDay(27.5) // 2 whole days left: the 3-day threshold
    await run()
    await run()
    setDay(29.5) // the day of expiry
    await run()
    await run()
    setDay(31) // expired: nothing more
    await run()
    expect(noticesTo(who.email).map((m) => m.subject)).toEqual([
      'Aula: your subscription to Astronomía ends in 14 days',
      'Aula: your subscription to Astronomía ends in 3 days',
      'Aula: your subscription to Astronomía ends today',
    ])
    // Each reminder is a notification too, with the whole days left.
    expect((await expiryNotices(who)).map((n) => n.params.smart_count)).toEqual([1, 3, 14])
  })

  it('writes in Spanish by default and in the learner’s language otherwise; skips thresholds longer than the plan', async () => {
    setDay(0)
    const mx = await learner('Mario Mexicano', undefined, course.plans[1])
    const ru = await learner('Rita Russkaya', 'rs', course.plans[1])
    const de = await learner('Gerd German', 'gr', course.plans[1])
    setDay(1.5)
    await run()
    expect(noticesTo(mx.email).map((m) => m.subject)).toEqual(['Aula: tu suscripción a Astronomía termina hoy'])
    expect(noticesTo(ru.email).map((m) => m.subject)).toEqual(['Aula: ваша подписка на Astronomía заканчивается сегодня'])
    expect(noticesTo(de.email).map((m) => m.subject)).toEqual(['Aula: Ihr Abonnement für Astronomía endet heute'])
    expect(noticesTo(mx.email)[0].text).toContain('Tu avance: 0% (0 de 2 actividades)')
    // The link's page speaks the learner's language too.
    const page = await api.app.inject({ method: 'GET', url: `/api/v2/mail/unsubscribe?token=${encodeURIComponent(tokenOf(noticesTo(ru.email)[0]))}` })
    expect(page.body).toContain('<html lang="ru">')
    expect(page.body).toContain('Отписаться')
  })

  it('sends nothing for the old expiry after a renewal', async () => {
    setDay(0)
    const who = await learner('Rene Renewer', 'eng')
    // An administrator adds a second subscription (the renewal) ten days in: it ends 40 days from now.
    await api.db.query(
      `INSERT INTO subscriptions (course_uuid, user_sub, plan_id, plan_name, duration_days, created_at, created_by)
       VALUES ($1, $2, $3, 'Month', 30, now() + interval '10 days', 'course-admin')`,
      [course.uuid, who.sub, course.plans[0]],
    )
    setDay(16.5) // the old subscription's 14-day threshold
    await run()
    expect(noticesTo(who.email)).toEqual([])
    setDay(27.5) // the old one's 3-day threshold, and 12 whole days before the renewal's end
    await run()
    setDay(29.5) // the old one's last day
    await run()
    const mails = noticesTo(who.email)
    expect(mails.map((m) => m.subject)).toEqual(['Aula: your subscription to Astronomía ends in 14 days'])
    const renewalEnd = new Date(Date.now() + 40 * DAY).toLocaleDateString('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' })
    expect(mails[0].text).toContain(`ends on ${renewalEnd}`)
  })

  it('sends one reminder when two app instances on one database run the job at the same moment', async () => {
    setDay(0)
    const who = await learner('Twin Runner', 'eng')
    // On PostgreSQL the second instance has a connection pool of its own, as another process would.
    const url = process.env.TEST_DATABASE_URL
    const schema = url ? (await api.db.query<{ s: string }>('SELECT current_schema() AS s')).rows[0].s : undefined
    const db: Db = url ? await openDb({ url, schema }) : api.db
    const second: App = await buildApp({ config: api.config, db, print: () => {}, now: () => new Date(at), reminders: { firstMs: 1e9 } })
    await second.ready()
    try {
      setDay(16.5)
      const runs = await Promise.all([run(), second.reminders!.runOnce(), run(), second.reminders!.runOnce()])
      expect(runs.filter((r) => r.ran).length).toBeGreaterThanOrEqual(1)
      expect(noticesTo(who.email)).toHaveLength(1)
    } finally {
      await second.close()
      if (db !== api.db) await db.close()
    }
  })
})

describe('claims', () => {
  it('claims each reminder once even without the lock, from two connections at the same moment', async () => {
    setDay(0)
    const who = await learner('Clara Claims', 'eng')
    const url = process.env.TEST_DATABASE_URL
    const schema = url ? (await api.db.query<{ s: string }>('SELECT current_schema() AS s')).rows[0].s : undefined
    const other: Db = url ? await openDb({ url, schema }) : api.db
    try {
      const now = new Date(Date.now() + 16.5 * DAY)
      const [a, b] = await Promise.all([
        api.db.transaction((tx) => claimDueReminders(tx, now, 500)),
        other.transaction((tx) => claimDueReminders(tx, now, 500)),
      ])
      const mine = [...a, ...b].filter((r) => r.user_sub === who.sub)
      expect(mine).toHaveLength(1)
      expect(mine[0]).toMatchObject({ course_uuid: course.uuid, threshold_days: 14 })
    } finally {
      if (other !== api.db) await other.close()
    }
    // Claimed (by hand here): the job sends nothing more for it.
    setDay(16.5)
    await run()
    expect(noticesTo(who.email)).toEqual([])
  })

  it('gives a claim back when its mail cannot be sent, and sends it at the next run', async () => {
    setDay(0)
    const who = await learner('Sam Smtp-Down', 'eng')
    const mailer = api.app.mailer
    const send = mailer.send
    mailer.send = async (...args) => {
      if (args[0] === who.email) throw new Error('SMTP server not reachable')
      return send(...args)
    }
    try {
      setDay(16.5)
      await run()
      expect(noticesTo(who.email)).toEqual([])
    } finally {
      mailer.send = send
    }
    await run()
    expect(noticesTo(who.email).map((m) => m.subject)).toEqual(['Aula: your subscription to Astronomía ends in 14 days'])
    // The learner's notifications show it once, although the reminder was claimed twice.
    expect(await expiryNotices(who)).toEqual([{ kind: 'expiry-soon', params: { course: 'Astronomía', smart_count: 14, date: expect.any(String) } }])
  })
})

describe('plan thresholds', () => {
  it('reminds at the days the builder set for the plan', async () => {
    const draft = await getDraft(api, owner, course.uuid)
    const items = draft.plans.map((p) => (p.id === course.plans[2] ? { ...p, reminderDays: [10, 45] } : p))
    const saved = await api.call(owner, 'POST', `${V2}/builder/subscription-update`, { uuid: course.uuid, revision: draft.revision, items })
    expect(saved.statusCode, saved.body).toBe(200)
    setDay(0)
    const who = await learner('Quentin Quarter', 'eng', course.plans[2])
    for (const day of [30, 46, 47, 80, 81, 89.5]) {
      setDay(day)
      await run()
    }
    expect(noticesTo(who.email).map((m) => m.subject)).toEqual([
      'Aula: your subscription to Astronomía ends in 45 days',
      'Aula: your subscription to Astronomía ends in 10 days',
    ])
  })
})

describe('one-click unsubscribe', () => {
  it('turns reminders off through the signed link without sign-in; a tampered token is refused', async () => {
    setDay(0)
    const who = await learner('Una Unsubscriber', 'eng')
    setDay(16.5)
    await run()
    const [mail] = noticesTo(who.email)
    const token = tokenOf(mail)
    const url = `/api/v2/mail/unsubscribe?token=${encodeURIComponent(token)}`

    // Opening the link changes nothing: it shows a page whose button posts back.
    const page = await api.app.inject({ method: 'GET', url })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toMatch(/^text\/html/)
    expect(page.body).toContain('<form method="post"')
    expect(page.body).toContain('Unsubscribe')
    expect((await api.call(who, 'GET', '/api/v2/user/mail-preferences')).json()).toEqual({ expiryReminders: true, weeklyDigest: false })

    const tampered = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA')
    for (const bad of [tampered, `digest.${token.split('.')[1]}.${token.split('.')[2]}`, 'reminders.x.y', 'nonsense']) {
      const res = await api.app.inject({ method: 'POST', url: `/api/v2/mail/unsubscribe?token=${encodeURIComponent(bad)}` })
      expect(res.statusCode, bad).toBe(400)
      expect(res.json()).toMatchObject({ code: 'BAD_TOKEN' })
    }
    expect((await api.app.inject({ method: 'GET', url: `/api/v2/mail/unsubscribe?token=${encodeURIComponent(tampered)}` })).statusCode).toBe(400)
    expect((await api.app.inject({ method: 'POST', url: '/api/v2/mail/unsubscribe' })).statusCode).toBe(400)
    expect((await api.app.inject({ method: 'POST', url: '/api/v2/mail/unsubscribe?token=a%20b' })).statusCode).toBe(400)

    // What a mail client sends (RFC 8058).
    const res = await api.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ unsubscribed: 'reminders' })
    expect((await api.call(who, 'GET', '/api/v2/user/mail-preferences')).json()).toEqual({ expiryReminders: false, weeklyDigest: false })

    // A browser's form post gets a page.
    const again = await api.app.inject({
      method: 'POST',
      url,
      headers: { accept: 'text/html', 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x--',
    })
    expect(again.statusCode, again.body).toBe(200)
    expect(again.body).toContain('you will no longer get expiry reminders')

    setDay(27.5)
    await run()
    expect(noticesTo(who.email)).toHaveLength(1)
  })
})

describe('notification mail', () => {
  it('carries a one-click unsubscribe that turns every notification mail off, without sign-in', async () => {
    setDay(0)
    const who = await learner('Nina Notified', 'eng')
    await api.app.notifications.mail.drain()
    const mail = mailsTo(api.config.dataDir, who.email).find((m) => m.subject === 'Aula: you have a notification')!
    expect(mail.text).toContain('You now have access to the course "Astronomía" (Month).')
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click')
    const token = tokenOf(mail)
    expect(token).toMatch(/^notifications\./)
    const res = await api.app.inject({
      method: 'POST',
      url: `/api/v2/mail/unsubscribe?token=${encodeURIComponent(token)}`,
      headers: { accept: 'application/json' },
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ unsubscribed: 'notifications' })
    const prefs = await api.call(who, 'GET', '/api/v2/notifications/preferences')
    expect((prefs.json().items as Array<{ byMail: boolean }>).every((p) => !p.byMail)).toBe(true)
  })
})

describe('mail preferences', () => {
  it('reads and changes the caller’s choices; refuses empty or wrong bodies and visitors', async () => {
    const who = caller(`prefs-${process.pid}`, ['general'])
    expect((await api.call(who, 'GET', '/api/v2/user/mail-preferences')).json()).toEqual({ expiryReminders: true, weeklyDigest: false })
    const put = await api.call(who, 'PUT', '/api/v2/user/mail-preferences', { weeklyDigest: true })
    expect(put.statusCode, put.body).toBe(200)
    expect(put.json()).toEqual({ expiryReminders: true, weeklyDigest: true })
    expect((await api.call(who, 'PUT', '/api/v2/user/mail-preferences', { expiryReminders: false })).json()).toEqual({
      expiryReminders: false,
      weeklyDigest: true,
    })
    for (const body of [{}, { weeklyDigest: 'maybe' }, { other: true }]) {
      expect((await api.call(who, 'PUT', '/api/v2/user/mail-preferences', body)).statusCode, JSON.stringify(body)).toBe(400)
    }
    expect((await api.call(null, 'GET', '/api/v2/user/mail-preferences')).statusCode).toBe(401)
    expect((await api.call(null, 'PUT', '/api/v2/user/mail-preferences', { weeklyDigest: true })).statusCode).toBe(401)
  })
})

describe('weekly digest', () => {
  it('is sent only to learners who turned it on, once per ISO week, in their language', async () => {
    setDay(0)
    const on = await learner('Dora Digest', 'gr')
    const off = await learner('Otto Off', 'gr')
    expect((await api.call(on, 'PUT', '/api/v2/user/mail-preferences', { weeklyDigest: true })).statusCode).toBe(200)
    await run()
    await run()
    const digests = () => noticesTo(on.email).filter((m) => m.subject === 'Aula: Ihr Fortschritt dieser Woche')
    expect(digests()).toHaveLength(1)
    expect(digests()[0].text).toContain('- Astronomía: 0 % (0/2 Aktivitäten)'.replace(' %', '%'))
    expect(tokenOf(digests()[0])).toMatch(/^digest\./)
    expect(noticesTo(off.email)).toEqual([])
    setDay(3)
    await run()
    setDay(7)
    await run()
    await run()
    expect(digests()).toHaveLength(2)

    // Its own link turns the digest off, and reminders stay on.
    const res = await api.app.inject({ method: 'POST', url: `/api/v2/mail/unsubscribe?token=${encodeURIComponent(tokenOf(digests()[1]))}` })
    expect(res.json()).toEqual({ unsubscribed: 'digest' })
    expect((await api.call(on, 'GET', '/api/v2/user/mail-preferences')).json()).toEqual({ expiryReminders: true, weeklyDigest: false })
    setDay(14)
    await run()
    expect(digests()).toHaveLength(2)
  })
})
