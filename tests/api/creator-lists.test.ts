import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ALREADY_OWNER_MESSAGE, CANNOT_MANAGE_MESSAGE, NOT_AUTHORIZED_MESSAGE } from '../../contracts/courses/common.js'
import { INVALID_DURATION_MESSAGE, NOT_A_CREATOR_MESSAGE } from '../../contracts/courses/creator.js'
import { courseApp, courseCast, getDraft, LEGACY, revisionOf, startCourse, V2, type Caller, type CourseApi, type CourseCast } from '../helpers/courses.js'

let api: CourseApi
let cast: CourseCast
beforeAll(async () => {
  api = await courseApp()
  cast = await courseCast(api)
})
afterAll(() => api.close())

const NOT_AUTHORIZED = { message: NOT_AUTHORIZED_MESSAGE, code: 'NOT_AUTHORIZED' }
const CANNOT_MANAGE = { message: CANNOT_MANAGE_MESSAGE, code: 'CANNOT_MANAGE' }

/** A list update as `as` on `uuid` with the current revision. */
async function update(as: Caller, list: string, uuid: string, items: unknown[], revision?: number) {
  const rev = revision ?? (await revisionOf(api, cast.owner, uuid))
  return api.call(as, 'POST', `${V2}/builder/${list}/`, { uuid, revision: rev, items })
}

describe('lists: permissions and revisions', () => {
  const samples: Record<string, unknown[]> = {
    'faq-update': [{ question: 'Who?', answer: 'Anyone.' }],
    'tags-update': ['beginner'],
    'subscription-update': [{ name: 'Monthly', durationDays: 30 }],
  }
  for (const [list, items] of Object.entries(samples)) {
    it(`${list}: owner, collaborator and admin edit; reviewer 403, another creator 404, learner 403; stale 409 changes nothing`, async () => {
      const { uuid } = cast.course
      for (const who of [cast.owner, cast.collaborator, cast.admin]) {
        const res = await update(who, list, uuid, items)
        expect(res.statusCode, `${who.sub}: ${res.body}`).toBe(200)
      }
      expect((await update(cast.reviewer, list, uuid, [])).json()).toEqual(CANNOT_MANAGE)
      expect((await update(cast.otherCreator, list, uuid, [])).json()).toEqual(NOT_AUTHORIZED)
      expect((await update(cast.learner, list, uuid, [])).statusCode).toBe(403)
      const before = await getDraft(api, cast.owner, uuid)
      const stale = await update(cast.owner, list, uuid, [], before.revision - 1)
      expect(stale.statusCode).toBe(409)
      expect(stale.json()).toMatchObject({ code: 'STALE_REVISION', revision: before.revision })
      expect(await getDraft(api, cast.owner, uuid)).toEqual(before)
    })
  }
})

describe('faq-update and tags-update', () => {
  it('replace the FAQ, keeping given ids and giving new entries one', async () => {
    const { uuid } = await startCourse(api, cast.owner)
    const first = await update(cast.owner, 'faq-update', uuid, [{ question: ' How long? ', answer: 'Two weeks.' }])
    expect(first.statusCode, first.body).toBe(200)
    const [entry] = first.json().items
    expect(entry).toEqual({ id: expect.any(String), question: 'How long?', answer: 'Two weeks.' })
    const second = await update(cast.owner, 'faq-update', uuid, [
      { question: 'Cost?', answer: 'Free.' },
      { ...entry, answer: 'Three weeks.' },
    ])
    expect(second.json().items).toEqual([
      { id: expect.any(String), question: 'Cost?', answer: 'Free.' },
      { ...entry, answer: 'Three weeks.' },
    ])
    expect((await getDraft(api, cast.owner, uuid)).faq).toEqual(second.json().items)
    const blank = await update(cast.owner, 'faq-update', uuid, [{ question: '  ', answer: 'x' }])
    expect(blank.statusCode).toBe(400)
    expect(blank.json().errors).toEqual({ 'items.0.question': 'Required' })
  })

  it('replace the tags, trimmed and without repeats', async () => {
    const { uuid } = await startCourse(api, cast.owner)
    const res = await update(cast.owner, 'tags-update', uuid, [' Rust ', 'rust', 'Systems'])
    expect(res.json().items).toEqual(['Rust', 'Systems'])
    expect((await getDraft(api, cast.owner, uuid)).tags).toEqual(['Rust', 'Systems'])
    expect((await update(cast.owner, 'tags-update', uuid, Array(31).fill('t'))).statusCode).toBe(400)
  })
})

describe('subscription-update (plans)', () => {
  it('takes a plan without a price given as nulls (no currency asked for)', async () => {
    const { uuid } = await startCourse(api, cast.owner)
    const free = await update(cast.owner, 'subscription-update', uuid, [{ name: 'Free', durationDays: 30, price: null, currency: null }])
    expect(free.statusCode, free.body).toBe(200)
    expect(free.json().items[0]).toMatchObject({ name: 'Free', price: null, currency: null })
  })

  it('keeps a price of 0 as 0 and an empty price as null, side by side', async () => {
    const { uuid } = await startCourse(api, cast.owner)
    const res = await update(cast.owner, 'subscription-update', uuid, [
      { name: 'Zero', durationDays: 7, price: 0, currency: 'EUR' },
      { name: 'None', durationDays: 7, price: null, currency: null },
    ])
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().items.map((p: { name: string; price: number | null; currency: string | null }) => [p.name, p.price, p.currency])).toEqual([
      ['Zero', 0, 'EUR'],
      ['None', null, null],
    ])
  })

  it('creates, updates, orders and removes plans with an optional price and currency', async () => {
    const { uuid } = await startCourse(api, cast.owner)
    const res = await update(cast.owner, 'subscription-update', uuid, [
      { name: 'Monthly', durationDays: 30, price: 9.99, currency: 'eur' },
      { name: 'Yearly', durationDays: 365 },
    ])
    expect(res.statusCode, res.body).toBe(200)
    const [monthly, yearly] = res.json().items
    expect(monthly).toEqual({
      id: expect.any(String),
      name: 'Monthly',
      durationDays: 30,
      price: 9.99,
      currency: 'EUR',
      subscribed: false,
      reminderDays: [14, 3, 0],
    })
    expect(yearly).toMatchObject({ name: 'Yearly', durationDays: 365, price: null, currency: null })
    const again = await update(cast.owner, 'subscription-update', uuid, [{ ...yearly, name: 'Annual', price: 90, currency: 'USD' }])
    expect(again.json().items).toEqual([{ ...yearly, name: 'Annual', price: 90, currency: 'USD' }])
    const { rows } = await api.db.query('SELECT id FROM subscription_plans WHERE id = $1', [monthly.id])
    expect(rows).toHaveLength(0)
  })

  it('keeps each plan’s reminder thresholds: the default for a new plan, the given ones largest first, kept when left out', async () => {
    const { uuid } = await startCourse(api, cast.owner)
    const made = await update(cast.owner, 'subscription-update', uuid, [
      { name: 'Monthly', durationDays: 30 },
      { name: 'Weekly', durationDays: 7, reminderDays: [1, 5, 1] },
      { name: 'Quiet', durationDays: 60, reminderDays: [] },
    ])
    expect(made.statusCode, made.body).toBe(200)
    const [monthly, weekly, quiet] = made.json().items
    expect([monthly.reminderDays, weekly.reminderDays, quiet.reminderDays]).toEqual([[14, 3, 0], [5, 1], []])
    const { reminderDays: _left, ...withoutDays } = weekly
    const kept = await update(cast.owner, 'subscription-update', uuid, [monthly, { ...withoutDays, durationDays: 8 }, quiet])
    expect(kept.json().items[1]).toMatchObject({ durationDays: 8, reminderDays: [5, 1] })
    for (const reminderDays of [[-1], [366], [1, 2, 3, 4, 5, 6], [1.5], 'soon']) {
      const res = await update(cast.owner, 'subscription-update', uuid, [{ name: 'Plan', durationDays: 30, reminderDays }])
      expect(res.statusCode, JSON.stringify(reminderDays)).toBe(400)
      expect(Object.keys(res.json().errors ?? {})[0], JSON.stringify(reminderDays)).toMatch(/^items\.0\.reminderDays/)
    }
  })

  it("answers 'Invalid duration time' for every invalid duration, and clear messages for the rest", async () => {
    const { uuid } = await startCourse(api, cast.owner)
    for (const durationDays of [0, -3, 1.5, 3651, 'abc', null]) {
      const res = await update(cast.owner, 'subscription-update', uuid, [{ name: 'Plan', durationDays }])
      expect(res.statusCode, String(durationDays)).toBe(400)
      expect(res.json().errors, String(durationDays)).toEqual({ 'items.0.durationDays': INVALID_DURATION_MESSAGE })
    }
    const price = await update(cast.owner, 'subscription-update', uuid, [{ name: 'Paid', durationDays: 30, price: 10 }])
    expect(price.json().errors).toEqual({ 'items.0.currency': 'Choose the currency of the price' })
    const currency = await update(cast.owner, 'subscription-update', uuid, [{ name: 'Paid', durationDays: 30, price: 10, currency: 'XYZ' }])
    expect(currency.json().errors).toEqual({ 'items.0.currency': 'Unknown currency' })
    const names = await update(cast.owner, 'subscription-update', uuid, [
      { name: 'Same', durationDays: 30 },
      { name: 'same', durationDays: 60 },
    ])
    expect(names.json().errors).toEqual({ 'items.1.name': 'Another plan has this name' })
    const long = await update(cast.owner, 'subscription-update', uuid, [{ name: 'x'.repeat(81), durationDays: 30 }])
    expect(long.statusCode).toBe(400)
    const foreign = await update(cast.owner, 'subscription-update', uuid, [{ id: '00000000-0000-4000-8000-000000000000', name: 'Ghost', durationDays: 30 }])
    expect(foreign.statusCode).toBe(400)
    expect((await getDraft(api, cast.owner, uuid)).plans).toEqual([])
  })

  it('archives a removed plan that learners hold, and their subscription keeps it', async () => {
    const { uuid } = await startCourse(api, cast.owner)
    const [plan] = (await update(cast.owner, 'subscription-update', uuid, [{ name: 'Held', durationDays: 30 }])).json().items
    await api.db.query(`INSERT INTO subscriptions (course_uuid, user_sub, plan_id, plan_name, duration_days) VALUES ($1, 'learner-1', $2, 'Held', 30)`, [
      uuid,
      plan.id,
    ])
    expect((await getDraft(api, cast.owner, uuid)).plans[0]).toMatchObject({ id: plan.id, subscribed: true })
    const res = await update(cast.owner, 'subscription-update', uuid, [])
    expect(res.json().items).toEqual([])
    const { rows } = await api.db.query<{ archived_at: unknown }>('SELECT archived_at FROM subscription_plans WHERE id = $1', [plan.id])
    expect(rows[0].archived_at).not.toBeNull()
    const again = await update(cast.owner, 'subscription-update', uuid, [{ id: plan.id, name: 'Back', durationDays: 30 }])
    expect(again.statusCode).toBe(400)
  })
})

describe('sharing with collaborators', () => {
  it('adds a creator by username or e-mail, shows them, and the collaborator then edits the course', async () => {
    const { uuid } = await startCourse(api, cast.owner)
    const helper = await api.user('Hana Helper', ['creator'])
    expect((await api.call(helper, 'GET', `${V2}/builder/${uuid}`)).json()).toEqual(NOT_AUTHORIZED)
    const res = await api.call(cast.owner, 'PUT', `${V2}/builder/share/add/collaborators/${uuid}`, {
      username: helper.email,
      revision: await revisionOf(api, cast.owner, uuid),
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().items).toEqual([{ username: helper.username, name: 'Hana Helper', role: 'collaborator', addedAt: expect.any(String) }])
    expect((await getDraft(api, helper, uuid)).role).toBe('collaborator')
    const shared = (await api.call(helper, 'GET', `${V2}/all/1/shared`)).json().items
    expect(shared.map((c: { uuid: string }) => c.uuid)).toContain(uuid)
    // Adding again changes nothing but the revision.
    const twice = await api.call(cast.owner, 'PUT', `${V2}/builder/share/add/collaborators/${uuid}`, {
      username: helper.username,
      revision: await revisionOf(api, cast.owner, uuid),
    })
    expect(twice.json().items).toHaveLength(1)
  })

  it('answers "You\'re already owner of the course" for the owner, and refuses unknown users and non-creators', async () => {
    const { uuid } = await startCourse(api, cast.owner)
    const revision = await revisionOf(api, cast.owner, uuid)
    const owner = await api.call(cast.owner, 'PUT', `${V2}/builder/share/add/collaborators/${uuid}`, {
      username: (cast.owner as Caller & { username: string }).username,
      revision,
    })
    expect(owner.statusCode).toBe(409)
    expect(owner.json()).toMatchObject({ message: ALREADY_OWNER_MESSAGE, code: 'ALREADY_OWNER' })
    const unknown = await api.call(cast.owner, 'PUT', `${V2}/builder/share/add/collaborators/${uuid}`, { username: 'nobody@example.test', revision })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toMatchObject({ message: 'User not found' })
    const learner = await api.call(cast.owner, 'PUT', `${V2}/builder/share/add/collaborators/${uuid}`, {
      username: (cast.learner as Caller & { username: string }).username,
      revision,
    })
    expect(learner.statusCode).toBe(400)
    expect(learner.json()).toMatchObject({ message: NOT_A_CREATOR_MESSAGE, code: 'NOT_A_CREATOR' })
    const reviewer = await api.call(cast.owner, 'PUT', `${V2}/builder/share/add/collaborators/${uuid}`, {
      username: (cast.reviewer as Caller & { username: string }).username,
      revision,
    })
    expect(reviewer.statusCode, reviewer.body).toBe(200)
    expect(await revisionOf(api, cast.owner, uuid)).toBe(revision + 1)
  })

  it('answers "You can\'t manage this section of the course" to collaborators and reviewers; 404 to others', async () => {
    const { uuid } = cast.course
    const revision = await revisionOf(api, cast.owner, uuid)
    const newcomer = await api.user('Nina Newcomer', ['creator'])
    for (const who of [cast.collaborator, cast.reviewer]) {
      for (const action of ['add', 'remove']) {
        const res = await api.call(who, 'PUT', `${V2}/builder/share/${action}/collaborators/${uuid}`, { username: newcomer.username, revision })
        expect(res.statusCode).toBe(403)
        expect(res.json()).toEqual(CANNOT_MANAGE)
      }
      expect((await api.call(who, 'GET', `${V2}/share/creators/${uuid}`)).json()).toEqual(CANNOT_MANAGE)
      expect((await update(who, 'collaborators-update', uuid, [])).json()).toEqual(CANNOT_MANAGE)
    }
    expect(
      (await api.call(cast.otherCreator, 'PUT', `${V2}/builder/share/add/collaborators/${uuid}`, { username: newcomer.username, revision })).json(),
    ).toEqual(NOT_AUTHORIZED)
    expect((await api.call(cast.learner, 'PUT', `${V2}/builder/share/add/collaborators/${uuid}`, { username: newcomer.username, revision })).statusCode).toBe(
      403,
    )
    expect(await revisionOf(api, cast.owner, uuid)).toBe(revision)
  })

  it('removes a collaborator, who then loses the course; admins manage too; stale revision 409', async () => {
    const { uuid } = await startCourse(api, cast.owner)
    const temp = await api.user('Tom Temporary', ['creator'])
    const added = await api.call(cast.admin, 'PUT', `${V2}/builder/share/add/collaborators/${uuid}`, {
      username: temp.username,
      revision: await revisionOf(api, cast.owner, uuid),
    })
    expect(added.statusCode, added.body).toBe(200)
    const revision = added.json().revision
    const stale = await api.call(cast.owner, 'PUT', `${V2}/builder/share/remove/collaborators/${uuid}`, { username: temp.username, revision: revision - 1 })
    expect(stale.statusCode).toBe(409)
    expect((await getDraft(api, temp, uuid)).role).toBe('collaborator')
    const removed = await api.call(cast.owner, 'PUT', `${V2}/builder/share/remove/collaborators/${uuid}`, { username: temp.email, revision })
    expect(removed.statusCode, removed.body).toBe(200)
    expect(removed.json()).toEqual({ revision: revision + 1, items: [] })
    expect((await api.call(temp, 'GET', `${V2}/builder/${uuid}`)).json()).toEqual(NOT_AUTHORIZED)
  })

  it('collaborators-update replaces the set with the same checks', async () => {
    const { uuid } = await startCourse(api, cast.owner)
    const a = await api.user('Ana A', ['creator'])
    const b = await api.user('Bea B', ['reviewer'])
    const first = await update(cast.owner, 'collaborators-update', uuid, [{ username: a.username }, { username: b.email }, { username: a.email }])
    expect(first.statusCode, first.body).toBe(200)
    expect(
      first
        .json()
        .items.map((c: { username: string }) => c.username)
        .sort(),
    ).toEqual([a.username, b.username].sort())
    const second = await update(cast.owner, 'collaborators-update', uuid, [{ username: b.username }])
    expect(second.json().items.map((c: { username: string }) => c.username)).toEqual([b.username])
    const withOwner = await update(cast.owner, 'collaborators-update', uuid, [{ username: (cast.owner as Caller & { username: string }).username }])
    expect(withOwner.statusCode).toBe(409)
    expect(withOwner.json().message).toBe(ALREADY_OWNER_MESSAGE)
    expect((await getDraft(api, cast.owner, uuid)).collaborators.map((c) => c.username)).toEqual([b.username])
  })

  it('lists the collaborators (any role) and the creators one can invite (owner and admins), by search', async () => {
    const { uuid } = cast.course
    for (const base of [V2, LEGACY]) {
      const list = await api.call(cast.reviewer, 'GET', `${base}/share/collaborators/${uuid}`)
      expect(list.json().items.map((c: { username: string }) => c.username)).toEqual([cast.collaborator.username])
      expect((await api.call(cast.otherCreator, 'GET', `${base}/share/collaborators/${uuid}`)).json()).toEqual(NOT_AUTHORIZED)
    }
    const zoe = await api.user('Zoë Zapata', ['creator'])
    const found = await api.call(cast.owner, 'GET', `${LEGACY}/share/creators/${uuid}?search=zoe`)
    expect(found.statusCode, found.body).toBe(200)
    expect(found.json().items).toEqual([{ username: zoe.username, name: 'Zoë Zapata', email: zoe.email }])
    const all = (await api.call(cast.admin, 'GET', `${V2}/share/creators/${uuid}`)).json().items.map((u: { username: string }) => u.username)
    // Neither the owner nor a current collaborator nor a learner is offered.
    expect(all).toContain((cast.otherCreator as Caller & { username: string }).username)
    expect(all).not.toContain((cast.owner as Caller & { username: string }).username)
    expect(all).not.toContain(cast.collaborator.username)
    expect(all).not.toContain((cast.learner as Caller & { username: string }).username)
  })
})

describe('builder/clone', () => {
  it('copies general data, lists, plans and content into a new draft the caller owns', async () => {
    const { uuid } = await startCourse(api, cast.owner, { name: 'Original', general: { description: 'Deep', keywords: ['k1'], durationHours: 3 } })
    await update(cast.owner, 'faq-update', uuid, [{ question: 'Q', answer: 'A' }])
    await update(cast.owner, 'tags-update', uuid, ['t1'])
    await update(cast.owner, 'subscription-update', uuid, [{ name: 'Month', durationDays: 30, price: 5, currency: 'MXN' }])
    const section = await api.call(cast.owner, 'POST', `${V2}/blocks/add`, {
      uuid,
      revision: await revisionOf(api, cast.owner, uuid),
      item: 'section',
      values: { title: 'Week 1' },
    })
    expect(section.statusCode, section.body).toBe(200)
    const block = await api.call(cast.owner, 'POST', `${V2}/blocks/add`, {
      uuid,
      revision: section.json().revision,
      item: 'text',
      section: section.json().item.id,
      values: { html: '<p>Hello</p>' },
    })
    expect(block.statusCode, block.body).toBe(200)
    const res = await api.call(cast.collaborator, 'POST', `${V2}/builder/clone`, { uuid })
    // The collaborator is not on this course.
    expect(res.json()).toEqual(NOT_AUTHORIZED)
    const cloned = await api.call(cast.owner, 'POST', `${V2}/builder/clone`, { uuid })
    expect(cloned.statusCode, cloned.body).toBe(201)
    const copy = await getDraft(api, cast.owner, cloned.json().uuid)
    const original = await getDraft(api, cast.owner, uuid)
    expect(copy).toMatchObject({
      name: 'Original (copy)',
      description: 'Deep',
      keywords: ['k1'],
      durationHours: 3,
      tags: ['t1'],
      faq: original.faq,
      role: 'owner',
      revision: 1,
      collaborators: [],
      publishedVersion: null,
    })
    expect(copy.plans).toEqual([{ ...original.plans[0], id: expect.any(String) }])
    expect(copy.plans[0].id).not.toBe(original.plans[0].id)
    // Sections and blocks come along with new ids (CONTENT's cloneContent).
    const content = (await api.call(cast.owner, 'GET', `${V2}/builder/blocks/${copy.uuid}`)).json().items
    expect(content).toEqual([
      expect.objectContaining({
        title: 'Week 1',
        blocks: [expect.objectContaining({ kind: 'text', values: expect.objectContaining({ html: '<p>Hello</p>' }) })],
      }),
    ])
    expect(content[0].id).not.toBe(section.json().item.id)
  })

  it('lets a collaborator clone into their own draft; refuses reviewers and learners', async () => {
    const res = await api.call(cast.collaborator, 'POST', `${LEGACY}/builder/clone`, { uuid: cast.course.uuid })
    expect(res.statusCode, res.body).toBe(201)
    expect((await getDraft(api, cast.collaborator, res.json().uuid)).role).toBe('owner')
    expect((await api.call(cast.reviewer, 'POST', `${V2}/builder/clone`, { uuid: cast.course.uuid })).statusCode).toBe(403)
    expect((await api.call(cast.learner, 'POST', `${V2}/builder/clone`, { uuid: cast.course.uuid })).statusCode).toBe(403)
  })
})
