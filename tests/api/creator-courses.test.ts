import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CANNOT_MANAGE_MESSAGE, NOT_AUTHORIZED_MESSAGE, STALE_REVISION_MESSAGE } from '../../contracts/courses/common.js'
import { ADMIN_CALLER, caller, courseApp, courseCast, getDraft, LEGACY, startCourse, V2, type CourseApi, type CourseCast } from '../helpers/courses.js'

let api: CourseApi
let cast: CourseCast
beforeAll(async () => {
  api = await courseApp()
  cast = await courseCast(api)
})
afterAll(() => api.close())

const NOT_AUTHORIZED = { message: NOT_AUTHORIZED_MESSAGE, code: 'NOT_AUTHORIZED' }
const CANNOT_MANAGE = { message: CANNOT_MANAGE_MESSAGE, code: 'CANNOT_MANAGE' }
const FORBIDDEN = { message: 'Permission denied', code: 'FORBIDDEN' }

async function choice(c: string, name?: string) {
  const res = await api.call(cast.owner, 'GET', `${V2}/${c}/all`)
  expect(res.statusCode, res.body).toBe(200)
  const items = res.json().items as Array<{ id: string; name: string }>
  return name ? items.find((i) => i.name === name)! : items[0]
}

describe('POST start', () => {
  it('makes the caller the owner of a new draft at revision 1, in the Draft status', async () => {
    const res = await api.call(cast.owner, 'POST', `${V2}/start`, { name: '  Intro to Rust  ' })
    expect(res.statusCode, res.body).toBe(201)
    const { uuid, revision } = res.json()
    expect(revision).toBe(1)
    const draft = await getDraft(api, cast.owner, uuid)
    expect(draft).toMatchObject({
      uuid,
      name: 'Intro to Rust',
      role: 'owner',
      createdBy: cast.owner.sub,
      revision: 1,
      keywords: [],
      faq: [],
      tags: [],
      plans: [],
      collaborators: [],
      publishedVersion: null,
    })
    const draftStatus = await choice('statuses', 'Draft')
    expect(draft.statusId).toBe(draftStatus.id)
  })

  it('refuses an empty or over-long name, and reviewers and learners', async () => {
    for (const name of ['', '   ', 'x'.repeat(301)]) {
      const res = await api.call(cast.owner, 'POST', `${V2}/start`, { name })
      expect(res.statusCode, name).toBe(400)
      expect(res.json().errors).toHaveProperty('name')
    }
    expect((await api.call(cast.reviewer, 'POST', `${V2}/start`, { name: 'R' })).json()).toEqual(FORBIDDEN)
    expect((await api.call(cast.learner, 'POST', `${V2}/start`, { name: 'L' })).statusCode).toBe(403)
    expect((await api.call(null, 'POST', `${V2}/start`, { name: 'L' })).statusCode).toBe(401)
  })
})

describe('GET builder/:id and the roles', () => {
  it("answers the draft with the caller's role to owner, collaborator, reviewer and admin", async () => {
    const { uuid } = cast.course
    expect((await getDraft(api, cast.owner, uuid)).role).toBe('owner')
    expect((await getDraft(api, cast.collaborator, uuid)).role).toBe('collaborator')
    expect((await getDraft(api, cast.reviewer, uuid)).role).toBe('reviewer')
    expect((await getDraft(api, cast.admin, uuid)).role).toBe('admin')
    const draft = await getDraft(api, cast.owner, uuid)
    expect(draft.collaborators).toEqual([expect.objectContaining({ username: cast.collaborator.username, name: 'Carl Collaborator' })])
  })

  it("answers 'Not authorized!' (404) to another creator, and alike for an unknown course", async () => {
    const other = await api.call(cast.otherCreator, 'GET', `${V2}/builder/${cast.course.uuid}`)
    expect(other.statusCode).toBe(404)
    expect(other.json()).toEqual(NOT_AUTHORIZED)
    const unknown = await api.call(cast.owner, 'GET', `${V2}/builder/00000000-0000-4000-8000-000000000000`)
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toEqual(NOT_AUTHORIZED)
    expect((await api.call(cast.learner, 'GET', `${V2}/builder/${cast.course.uuid}`)).json()).toEqual(FORBIDDEN)
    expect((await api.call(cast.owner, 'GET', `${V2}/builder/not-a-uuid`)).statusCode).toBe(400)
  })
})

describe('PUT builder/update-general', () => {
  it('saves any subset of the fields, keeps the course card details in step, and answers the new revision', async () => {
    const { uuid, revision } = await startCourse(api, cast.owner, { name: 'General data' })
    const difficulty = await choice('difficulties', 'Moderate')
    const org = await api.call(ADMIN_CALLER, 'POST', '/api/v2/admin/organizations/create', { name: 'Universidad Nórdica', domain: 'nordica.example.edu' })
    expect(org.statusCode, org.body).toBe(201)
    const organizationId = org.json().Item.id
    const res = await api.call(cast.owner, 'PUT', `${V2}/builder/update-general`, {
      uuid,
      revision,
      durationHours: 12.5,
      briefDescription: 'Learn the basics ',
      description: 'A longer text',
      requirements: 'None',
      certificateDetails: 'Signed by the dean',
      difficultyId: difficulty.id,
      organizationId,
      keywords: ['rust', 'Rust', ' systems ', ''],
      salesEnabled: true,
    })
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json()
    expect(body.revision).toBe(revision + 1)
    expect(body.Item).toMatchObject({
      revision: revision + 1,
      name: 'General data',
      durationHours: 12.5,
      briefDescription: 'Learn the basics',
      description: 'A longer text',
      requirements: 'None',
      certificateDetails: 'Signed by the dean',
      difficultyId: difficulty.id,
      organizationId,
      keywords: ['rust', 'systems'],
      salesEnabled: true,
    })
    const { rows } = await api.db.query<{ details: unknown }>('SELECT details FROM courses WHERE uuid = $1', [uuid])
    expect(rows[0].details).toMatchObject({ ShortDescription: 'Learn the basics', Organization: 'Universidad Nórdica' })

    // Only the name: the rest stays; clearing the organization drops it from the card.
    const again = await api.call(cast.owner, 'PUT', `${V2}/builder/update-general`, { uuid, revision: revision + 1, name: 'Renamed', organizationId: null })
    expect(again.statusCode, again.body).toBe(200)
    expect(again.json().Item).toMatchObject({ name: 'Renamed', durationHours: 12.5, organizationId: null, keywords: ['rust', 'systems'] })
    const after = await api.db.query<{ details: Record<string, unknown> }>('SELECT details FROM courses WHERE uuid = $1', [uuid])
    expect(after.rows[0].details).not.toHaveProperty('Organization')
    expect(after.rows[0].details).toHaveProperty('ShortDescription', 'Learn the basics')
  })

  it('refuses unknown choices and bad values with field errors, changing nothing', async () => {
    const { uuid, revision } = await startCourse(api, cast.owner)
    const res = await api.call(cast.owner, 'PUT', `${V2}/builder/update-general`, {
      uuid,
      revision,
      categoryId: '00000000-0000-4000-8000-000000000000',
      difficultyId: '00000000-0000-4000-8000-000000000001',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().errors).toEqual({ categoryId: 'Unknown category', difficultyId: 'Unknown difficulty' })
    for (const bad of [{ durationHours: 0 }, { durationHours: -1 }, { name: ' ' }, { keywords: Array(31).fill('k') }, { salesEnabled: 'maybe' }]) {
      const r = await api.call(cast.owner, 'PUT', `${V2}/builder/update-general`, { uuid, revision, ...bad })
      expect(r.statusCode, JSON.stringify(bad)).toBe(400)
    }
    expect((await getDraft(api, cast.owner, uuid)).revision).toBe(revision)
  })

  it('answers 409 with the current revision to a stale write, and the stale write changes nothing', async () => {
    const { uuid, revision } = await startCourse(api, cast.owner, { name: 'Two tabs' })
    const first = await api.call(cast.owner, 'PUT', `${V2}/builder/update-general`, { uuid, revision, description: 'From tab one' })
    expect(first.statusCode).toBe(200)
    const stale = await api.call(cast.collaborator, 'PUT', `${V2}/builder/update-general`, { uuid, revision, description: 'From tab two', name: 'Lost' })
    // The collaborator has no role in this course yet: not even its existence shows.
    expect(stale.statusCode).toBe(404)
    const staleOwner = await api.call(cast.owner, 'PUT', `${V2}/builder/update-general`, { uuid, revision, description: 'From tab two', name: 'Lost' })
    expect(staleOwner.statusCode).toBe(409)
    expect(staleOwner.json()).toEqual({ message: STALE_REVISION_MESSAGE, code: 'STALE_REVISION', revision: revision + 1 })
    const draft = await getDraft(api, cast.owner, uuid)
    expect(draft).toMatchObject({ revision: revision + 1, name: 'Two tabs', description: 'From tab one' })
  })

  it('lets owner, collaborator and admin edit; reviewer gets 403, another creator 404, a learner 403', async () => {
    const { uuid } = cast.course
    for (const who of [cast.owner, cast.collaborator, cast.admin]) {
      const { revision } = await getDraft(api, who, uuid)
      const res = await api.call(who, 'PUT', `${V2}/builder/update-general`, { uuid, revision, requirements: `by ${who.sub}` })
      expect(res.statusCode, res.body).toBe(200)
    }
    const { revision } = await getDraft(api, cast.owner, uuid)
    const reviewer = await api.call(cast.reviewer, 'PUT', `${V2}/builder/update-general`, { uuid, revision, requirements: 'r' })
    expect(reviewer.statusCode).toBe(403)
    expect(reviewer.json()).toEqual(CANNOT_MANAGE)
    const other = await api.call(cast.otherCreator, 'PUT', `${V2}/builder/update-general`, { uuid, revision, requirements: 'o' })
    expect(other.statusCode).toBe(404)
    expect(other.json()).toEqual(NOT_AUTHORIZED)
    expect((await api.call(cast.learner, 'PUT', `${V2}/builder/update-general`, { uuid, revision, requirements: 'l' })).json()).toEqual(FORBIDDEN)
    expect((await getDraft(api, cast.owner, uuid)).revision).toBe(revision)
  })

  it('lets exactly one of two concurrent writes from the same revision through', async () => {
    const { uuid, revision } = await startCourse(api, cast.owner)
    const results = await Promise.all(
      ['a', 'b', 'c'].map((d) => api.call(cast.owner, 'PUT', `${V2}/builder/update-general`, { uuid, revision, description: d })),
    )
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409])
    expect((await getDraft(api, cast.owner, uuid)).revision).toBe(revision + 1)
  })
})

describe('choices', () => {
  it('lists difficulties by level, categories, organizations, certificates and statuses to the builder groups only', async () => {
    const difficulties = (await api.call(cast.reviewer, 'GET', `${V2}/difficulties/all`)).json().items
    expect(difficulties.map((d: { name: string }) => d.name)).toEqual(['Very Easy', 'Easy', 'Moderate', 'Difficult', 'Very Difficult'])
    expect(difficulties[0]).toMatchObject({ level: 1 })
    await api.call(ADMIN_CALLER, 'POST', '/api/v2/admin/categories/create', { name: 'Programming' })
    await api.call(ADMIN_CALLER, 'POST', '/api/v2/admin/certificates/create', { name: 'Standard', templatePath: 'certificates/standard.pdf' })
    const categories = (await api.call(cast.owner, 'GET', `${V2}/categories/all`)).json().items
    expect(categories).toContainEqual(expect.objectContaining({ name: 'Programming' }))
    const certificates = (await api.call(cast.owner, 'GET', `${V2}/certificates/all`)).json().items
    expect(certificates).toContainEqual(expect.objectContaining({ name: 'Standard', templatePath: 'certificates/standard.pdf' }))
    const organizations = await api.call(cast.owner, 'GET', `${V2}/organizations/all`)
    expect(organizations.statusCode).toBe(200)
    const statuses = (await api.call(cast.owner, 'GET', `${V2}/statuses/all`)).json().items
    expect(statuses.map((s: { code: string }) => s.code)).toEqual(expect.arrayContaining(['DRAFT', 'PUBLISHED']))
    for (const c of ['difficulties', 'categories', 'organizations', 'certificates', 'statuses']) {
      expect((await api.call(cast.learner, 'GET', `${V2}/${c}/all`)).statusCode).toBe(403)
      expect((await api.call(null, 'GET', `${V2}/${c}/all`)).statusCode).toBe(401)
      expect((await api.call(cast.owner, 'GET', `${LEGACY}/${c}/all`)).statusCode).toBe(200)
    }
  })
})

describe('list and count', () => {
  let lister: ReturnType<typeof caller>
  let partner: ReturnType<typeof caller>
  beforeAll(async () => {
    lister = await api.user('Lucía Lister', ['creator'])
    partner = await api.user('Pablo Partner', ['creator'])
    await startCourse(api, lister, { name: 'Programación básica', general: { keywords: ['código'] } })
    await startCourse(api, lister, { name: 'ÁLGEBRA lineal' })
    await startCourse(api, lister, { name: 'Ёлочные игрушки', general: { keywords: ['Ιστορία', 'Übung'] } })
    for (let i = 0; i < 11; i++) await startCourse(api, lister, { name: `Bulk ${i}` })
    const shared = await startCourse(api, partner, { name: 'Partner course', general: { keywords: ['Cañón'] } })
    const d = await getDraft(api, partner, shared.uuid)
    const res = await api.call(partner, 'PUT', `${V2}/builder/share/add/collaborators/${shared.uuid}`, {
      username: (lister as { username?: string }).username ?? lister.sub,
      revision: d.revision,
    })
    expect(res.statusCode, res.body).toBe(200)
  })

  const list = async (as: ReturnType<typeof caller>, path: string) => {
    const res = await api.call(as, 'GET', `${V2}/all/${path}`)
    expect(res.statusCode, res.body).toBe(200)
    return res.json().items as Array<{ name: string; role: string; revision: number; status: { code: string } | null; updatedAt: string }>
  }
  const count = async (as: ReturnType<typeof caller>, path: string) => {
    const res = await api.call(as, 'GET', `${V2}/count/${path}`)
    expect(res.statusCode, res.body).toBe(200)
    return res.json() as { count: number; pageSize: number; pages: number }
  }

  it('pages by 10, most recently changed first, with role and status', async () => {
    const first = await list(lister, '1/mine')
    expect(first).toHaveLength(10)
    expect(first[0]).toMatchObject({ name: 'Bulk 10', role: 'owner', revision: 1, status: { code: 'DRAFT' } })
    const times = first.map((i) => i.updatedAt)
    expect([...times].sort().reverse()).toEqual(times)
    expect(await list(lister, '2/mine')).toHaveLength(4)
    expect(await count(lister, '1/mine')).toEqual({ count: 14, pageSize: 10, pages: 2 })
  })

  it('filters mine, shared and all; reviewers and admins see every course under all', async () => {
    expect((await list(lister, '1/shared')).map((i) => [i.name, i.role])).toEqual([['Partner course', 'collaborator']])
    expect((await count(lister, '1/all')).count).toBe(15)
    expect((await count(lister, '1')).count).toBe(15)
    expect((await count(partner, '1/all')).count).toBe(1)
    const everything = (await api.db.query<{ n: number }>('SELECT count(*)::int AS n FROM courses WHERE deleted_at IS NULL')).rows[0].n
    expect((await count(cast.reviewer, '1/all')).count).toBe(everything)
    expect((await count(cast.admin, '1/all')).count).toBe(everything)
    expect((await list(cast.reviewer, '1/all/partner'))[0]).toMatchObject({ name: 'Partner course', role: 'reviewer' })
    expect((await count(cast.reviewer, '1/mine')).count).toBe(0)
  })

  it('searches names and keywords without regard to accents or case', async () => {
    expect((await list(lister, '1/all/programacion')).map((i) => i.name)).toEqual(['Programación básica'])
    expect((await list(lister, '1/all/algebra')).map((i) => i.name)).toEqual(['ÁLGEBRA lineal'])
    expect((await list(lister, '1/all/CODIGO')).map((i) => i.name)).toEqual(['Programación básica'])
    expect((await list(lister, '1/shared/canon')).map((i) => i.name)).toEqual(['Partner course'])
    for (const q of ['елочные', 'ЁЛОЧНЫЕ', 'ιστορια', 'ubung'])
      expect(
        (await list(lister, `1/mine/${encodeURIComponent(q)}`)).map((i) => i.name),
        q,
      ).toEqual(['Ёлочные игрушки'])
    expect((await count(lister, '1/all/bulk%201')).count).toBe(2)
    expect((await count(lister, '1/all/%25')).count).toBe(0)
  })

  it('refuses a bad filter or page, and learners', async () => {
    expect((await api.call(lister, 'GET', `${V2}/all/1/everything`)).statusCode).toBe(400)
    expect((await api.call(lister, 'GET', `${V2}/all/0/mine`)).statusCode).toBe(400)
    expect((await api.call(cast.learner, 'GET', `${V2}/all/1/mine`)).statusCode).toBe(403)
  })

  it('answers the legacy paths as v2', async () => {
    for (const path of ['all/1/mine', 'all/1/all/programacion', 'count/1/shared', 'count/1']) {
      const v2 = await api.call(lister, 'GET', `${V2}/${path}`)
      const old = await api.call(lister, 'GET', `${LEGACY}/${path}`)
      expect(old.statusCode).toBe(v2.statusCode)
      expect(old.json()).toEqual(v2.json())
    }
  })
})

describe('legacy builder writes', () => {
  it('take {uuid, id, cuid, updates} and answer as the v2 route, 409 included', async () => {
    const { uuid, revision } = await startCourse(api, cast.owner, { name: 'Legacy' })
    const ok = await api.call(cast.owner, 'POST', `${LEGACY}/builder/update-general`, {
      uuid,
      id: 'x',
      cuid: 'y',
      revision,
      updates: { description: 'Old client' },
    })
    expect(ok.statusCode, ok.body).toBe(200)
    expect(ok.json()).toMatchObject({ revision: revision + 1, Item: { description: 'Old client' } })
    const stale = await api.call(cast.owner, 'POST', `${LEGACY}/builder/update-general`, { uuid, revision, updates: { description: 'Stale' } })
    expect(stale.statusCode).toBe(409)
    expect(stale.json()).toMatchObject({ code: 'STALE_REVISION', revision: revision + 1 })
    const missing = await api.call(cast.owner, 'POST', `${LEGACY}/builder/update-general`, { uuid, updates: { description: 'No revision' } })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().errors).toHaveProperty('revision', 'Required')
    // The revision may come inside `updates`, as old clients put every field there.
    const inside = await api.call(cast.owner, 'POST', `${LEGACY}/builder/update-general`, { uuid, updates: { revision: revision + 1, requirements: 'Inside' } })
    expect(inside.statusCode, inside.body).toBe(200)
    const tags = await api.call(cast.owner, 'POST', `${LEGACY}/builder/tags-update/`, { uuid, revision: revision + 2, updates: ['a', 'b'] })
    expect(tags.statusCode, tags.body).toBe(200)
    expect(tags.json()).toEqual({ revision: revision + 3, items: ['a', 'b'] })
    const faq = await api.call(cast.owner, 'POST', `${LEGACY}/builder/faq-update`, { uuid, revision: revision + 3, items: [{ question: 'Q?', answer: 'A.' }] })
    expect(faq.statusCode, faq.body).toBe(200)
    // Permissions are the v2 route's.
    const reviewer = await api.call(cast.reviewer, 'POST', `${LEGACY}/builder/update-general`, { uuid, revision: revision + 4, updates: { description: 'r' } })
    expect(reviewer.json()).toEqual(CANNOT_MANAGE)
    const other = await api.call(cast.otherCreator, 'POST', `${LEGACY}/builder/tags-update`, { uuid, revision: revision + 4, updates: ['x'] })
    expect(other.json()).toEqual(NOT_AUTHORIZED)
    expect((await api.call(cast.learner, 'POST', `${LEGACY}/builder/tags-update`, { uuid, revision: revision + 4, updates: ['x'] })).statusCode).toBe(403)
    expect((await api.call(cast.owner, 'POST', `${LEGACY}/builder/not-an-action`, { uuid, revision: 1 })).statusCode).toBe(400)
  })

  it('serve start, builder/:id and the share paths under the legacy prefix', async () => {
    const res = await api.call(cast.owner, 'POST', `${LEGACY}/start`, { name: 'Started on the old path' })
    expect(res.statusCode).toBe(201)
    const { uuid } = res.json()
    const old = await api.call(cast.owner, 'GET', `${LEGACY}/builder/${uuid}`)
    expect(old.json()).toEqual({ Item: await getDraft(api, cast.owner, uuid) })
    expect((await api.call(cast.otherCreator, 'GET', `${LEGACY}/builder/${uuid}`)).json()).toEqual(NOT_AUTHORIZED)
    const collaborators = await api.call(cast.reviewer, 'GET', `${LEGACY}/share/collaborators/${cast.course.uuid}`)
    expect(collaborators.json().items).toEqual([expect.objectContaining({ username: cast.collaborator.username })])
  })
})
