import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_CALLER, caller, courseApp, getDraft, startCourse, V2, type CourseApi } from '../helpers/courses.js'

let api: CourseApi
const OWNER = caller('clone-owner', ['creator'])
const OTHER_CREATOR = caller('clone-other', ['creator'])
const CLONE = '/api/v2/admin/courses/course/clone'

beforeAll(async () => {
  api = await courseApp()
})
afterAll(() => api.close())

/** A course with general data, a plan, and two sections holding a text and a form block. */
async function fullCourse() {
  const started = await startCourse(api, OWNER, {
    name: 'Física básica',
    general: { description: 'Motion and forces', durationHours: 8, keywords: ['física'] },
  })
  const uuid = started.uuid
  let revision = started.revision
  const plans = await api.call(OWNER, 'POST', `${V2}/builder/subscription-update`, {
    uuid,
    revision,
    items: [{ name: 'Monthly', durationDays: 30, price: 100, currency: 'MXN', reminderDays: [7, 1] }],
  })
  expect(plans.statusCode, plans.body).toBe(200)
  revision = plans.json().revision
  const add = async (item: string, values: Record<string, unknown>, section?: string) => {
    const res = await api.call(OWNER, 'POST', `${V2}/blocks/add`, { uuid, revision, item, values, ...(section ? { section } : {}) })
    expect(res.statusCode, res.body).toBe(200)
    revision = res.json().revision
    return res.json().item.id as string
  }
  const one = await add('section', { title: 'Week 1' })
  const two = await add('section', { title: 'Week 2' })
  await add('text', { html: '<p>Newton</p>' }, one)
  await add(
    'form',
    {
      name: 'Quiz',
      tries: 2,
      requiredScore: 50,
      questions: [
        {
          id: 'q1',
          type: 'boolean',
          text: 'F = ma?',
          options: [
            { id: 't', text: 'True', correct: true },
            { id: 'f', text: 'False', correct: false },
          ],
        },
      ],
    },
    two,
  )
  return uuid
}

describe('POST /api/v2/admin/courses/course/clone', () => {
  it('copies general data, plans and every section and block into a draft the admin owns, and records it', async () => {
    const from = await fullCourse()
    const res = await api.call(ADMIN_CALLER, 'POST', CLONE, { uuid: from })
    expect(res.statusCode, res.body).toBe(201)
    const { uuid, revision } = res.json() as { uuid: string; revision: number }
    expect(uuid).not.toBe(from)
    expect(revision).toBeGreaterThanOrEqual(1)

    const copy = (await api.call(ADMIN_CALLER, 'GET', `/api/v2/admin/courses/course/${uuid}`)).json().Item
    expect(copy).toMatchObject({
      name: 'Física básica (copy)',
      description: 'Motion and forces',
      durationHours: 8,
      keywords: ['física'],
      owner: { username: ADMIN_CALLER.sub },
      publishedVersion: null,
      collaborators: [],
      subscriptions: { learners: 0, total: 0 },
    })
    expect(copy.plans).toMatchObject([{ name: 'Monthly', durationDays: 30, price: 100, currency: 'MXN', archived: false }])
    // The plan's reminder thresholds come along (the builder's view of the copy).
    const draft = (await api.call(ADMIN_CALLER, 'GET', `${V2}/builder/${uuid}`)).json().Item
    expect(draft.plans).toMatchObject([{ name: 'Monthly', reminderDays: [7, 1] }])

    // The content, as the builder shows it to the admin: same titles, kinds and values, new ids.
    const tree = async (course: string) =>
      (await api.call(ADMIN_CALLER, 'GET', `${V2}/builder/blocks/${course}`)).json().items as Array<{
        id: string
        title: string
        blocks: Array<{ id: string; kind: string; values: unknown }>
      }>
    const original = await tree(from)
    const copied = await tree(uuid)
    const shape = (t: typeof original) => t.map((s) => [s.title, s.blocks.map((b) => [b.kind, b.values])])
    expect(shape(copied)).toEqual(shape(original))
    expect(copied.map((s) => s.id)).not.toContain(original[0].id)
    expect(copied.flatMap((s) => s.blocks.map((b) => b.id))).not.toContain(original[0].blocks[0].id)

    // The admin opens it in the builder as its owner; the original is untouched.
    expect((await getDraft(api, ADMIN_CALLER, uuid)).role).toBe('owner')
    expect((await getDraft(api, OWNER, from)).name).toBe('Física básica')

    const audit = (await api.call(ADMIN_CALLER, 'GET', '/api/v2/admin/audit/all?action=courses.clone')).json().items
    expect(audit).toEqual([
      expect.objectContaining({ action: 'courses.clone', targetType: 'course', targetId: uuid, after: { uuid, clonedFrom: from, name: 'Física básica' } }),
    ])
  })

  it('is for admins only, refuses bad input, and answers 404 for an unknown or deleted course', async () => {
    const from = await fullCourse()
    expect((await api.call(null, 'POST', CLONE, { uuid: from })).statusCode).toBe(401)
    const creator = await api.call(OTHER_CREATOR, 'POST', CLONE, { uuid: from })
    expect(creator.statusCode).toBe(403)
    expect(creator.json()).toEqual({ message: 'Permission denied', code: 'FORBIDDEN' })
    expect((await api.call(OWNER, 'POST', CLONE, { uuid: from })).statusCode).toBe(403)
    const bad = await api.call(ADMIN_CALLER, 'POST', CLONE, { uuid: 'nope' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors).toHaveProperty('uuid')
    expect((await api.call(ADMIN_CALLER, 'POST', CLONE, {})).json().errors).toHaveProperty('uuid')
    const unknown = await api.call(ADMIN_CALLER, 'POST', CLONE, { uuid: '00000000-0000-4000-8000-000000000000' })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toEqual({ message: 'Course not found', code: 'NOT_FOUND' })
    await api.db.query('UPDATE courses SET deleted_at = now() WHERE uuid = $1', [from])
    expect((await api.call(ADMIN_CALLER, 'POST', CLONE, { uuid: from })).statusCode).toBe(404)
    const { rows } = await api.db.query<{ n: string | number }>(`SELECT count(*) AS n FROM courses WHERE name LIKE 'Física básica (copy)%'`)
    // Only the first test's copy exists: the refused calls made nothing.
    expect(Number(rows[0].n)).toBe(1)
  })
})
