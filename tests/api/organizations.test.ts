import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_CALLER, caller, courseApp, type CourseApi } from '../helpers/courses.js'

/**
 * Organisation managers (decision 0038): two organisations, their people by e-mail domain, seats per
 * course set by an administrator, and nothing of one organisation reachable by the other's manager.
 */
let api: CourseApi
const ORG = '/api/v2/organizations'
const acmeManager = caller('acme-manager', ['acme.example'])
const otherManager = caller('other-manager', ['other.example'])
let acmeId = ''
let courseA = ''
let planA = ''
let courseB = ''
let planB = ''
const people: Record<string, { username: string; email: string }> = {}

async function person(key: string, email: string, name: string) {
  const res = await api.call(ADMIN_CALLER, 'POST', '/api/admin/users/create', { email, name })
  expect(res.statusCode, res.body).toBe(201)
  people[key] = res.json().Item
}
async function course(name: string): Promise<[string, string]> {
  const { rows } = await api.db.query<{ uuid: string }>('INSERT INTO courses (name) VALUES ($1) RETURNING uuid', [name])
  const plan = await api.db.query<{ id: string }>('INSERT INTO subscription_plans (course_uuid, name, duration_days) VALUES ($1, $2, 30) RETURNING id', [
    rows[0].uuid,
    'Month',
  ])
  return [rows[0].uuid, plan.rows[0].id]
}

beforeAll(async () => {
  api = await courseApp()
  const acme = await api.call(ADMIN_CALLER, 'POST', '/api/v2/admin/organizations/create', { name: 'Acme', description: '', domain: 'acme.example' })
  expect(acme.statusCode, acme.body).toBe(201)
  acmeId = acme.json().Item.id
  const other = await api.call(ADMIN_CALLER, 'POST', '/api/v2/admin/organizations/create', { name: 'Other', description: '', domain: 'other.example' })
  expect(other.statusCode, other.body).toBe(201)
  await person('ana', 'ana@acme.example', 'Ana Acme')
  await person('bea', 'Bea@ACME.example', 'Beatriz Acme')
  await person('eve', 'eve@evilacme.example', 'Eve Evil')
  await person('sub', 'sam@sub.acme.example', 'Sam Sub')
  await person('olga', 'olga@other.example', 'Olga Other')
  ;[courseA, planA] = await course('Safety basics')
  ;[courseB, planB] = await course('Advanced safety')
}, 60_000)
afterAll(() => api.close())

describe('the managers group', () => {
  it('is made in the pool when the organisation is saved, so administrators can add people to it', async () => {
    const groups = await api.call(ADMIN_CALLER, 'POST', '/api/v2/admin/groups/all', {})
    expect(groups.json().items.map((g: { name: string }) => g.name)).toEqual(expect.arrayContaining(['acme.example', 'other.example']))
    const set = await api.call(ADMIN_CALLER, 'PUT', `/api/admin/users/groups/${people.ana.username}`, { groups: ['general', 'acme.example'] })
    expect(set.statusCode, set.body).toBe(200)
  })
})

describe('access', () => {
  it('admits the domain group and administrators, refuses other groups (403) and answers 404 for an unknown organisation', async () => {
    expect((await api.call(acmeManager, 'GET', `${ORG}/acme.example`)).json().Item.name).toBe('Acme')
    expect((await api.call(ADMIN_CALLER, 'GET', `${ORG}/acme.example`)).statusCode).toBe(200)
    expect((await api.call(otherManager, 'GET', `${ORG}/acme.example`)).statusCode).toBe(403)
    expect((await api.call(caller('learner', ['general']), 'GET', `${ORG}/acme.example/people`)).statusCode).toBe(403)
    expect((await api.call(null, 'GET', `${ORG}/acme.example/people`)).statusCode).toBe(401)
    expect((await api.call(caller('ghost', ['ghost.example']), 'GET', `${ORG}/ghost.example`)).statusCode).toBe(404)
    expect((await api.call(ADMIN_CALLER, 'GET', `${ORG}/ghost.example/people`)).statusCode).toBe(404)
  })
})

describe('people', () => {
  it('lists exactly the e-mail domain (case ignored; no suffix or subdomain), searched and token-paged', async () => {
    const all = await api.call(acmeManager, 'GET', `${ORG}/acme.example/people`)
    expect(all.statusCode, all.body).toBe(200)
    expect(all.json().items.map((p: { email: string }) => p.email)).toEqual(['ana@acme.example', 'bea@acme.example'])
    expect(all.json().estimated).toBe(2)
    const first = (await api.call(acmeManager, 'GET', `${ORG}/acme.example/people?sizePerPage=1`)).json()
    expect(first.items).toHaveLength(1)
    const second = (await api.call(acmeManager, 'GET', `${ORG}/acme.example/people?sizePerPage=1&paginationToken=${first.paginationToken}`)).json()
    expect(second.items[0].email).toBe('bea@acme.example')
    expect(second.paginationToken).toBeNull()
    const found = (await api.call(acmeManager, 'GET', `${ORG}/acme.example/people?search=beatriz`)).json()
    expect(found.items.map((p: { name: string }) => p.name)).toEqual(['Beatriz Acme'])
    expect((await api.call(acmeManager, 'GET', `${ORG}/acme.example/people?paginationToken=garbage`)).statusCode).toBe(400)
  })

  it('opens its own people only: anyone else is 404', async () => {
    const ana = await api.call(acmeManager, 'GET', `${ORG}/acme.example/people/${people.ana.username}`)
    expect(ana.statusCode, ana.body).toBe(200)
    expect(ana.json().Item.person.email).toBe('ana@acme.example')
    for (const who of ['eve', 'sub', 'olga'])
      expect((await api.call(acmeManager, 'GET', `${ORG}/acme.example/people/${people[who].username}`)).statusCode).toBe(404)
    expect((await api.call(acmeManager, 'GET', `${ORG}/acme.example/people/olga@other.example`)).statusCode).toBe(404)
    expect((await api.call(acmeManager, 'GET', `${ORG}/other.example/people/${people.olga.username}`)).statusCode).toBe(403)
  })
})

describe('seats and subscriptions', () => {
  it('lets an administrator set seats per course, with a revision (stale: 409)', async () => {
    expect((await api.call(acmeManager, 'PUT', `/api/v2/admin/organizations/seats/${acmeId}`, { course: courseA, seats: 9 })).statusCode).toBe(403)
    const set = await api.call(ADMIN_CALLER, 'PUT', `/api/v2/admin/organizations/seats/${acmeId}`, { course: courseA, seats: 1 })
    expect(set.statusCode, set.body).toBe(200)
    expect(set.json().items).toEqual([expect.objectContaining({ courseId: courseA, seats: 1, used: 0, revision: 1 })])
    expect((await api.call(ADMIN_CALLER, 'PUT', `/api/v2/admin/organizations/seats/${acmeId}`, { course: courseA, seats: 5 })).statusCode).toBe(409)
    const raised = await api.call(ADMIN_CALLER, 'PUT', `/api/v2/admin/organizations/seats/${acmeId}`, { course: courseA, seats: 2, revision: 1 })
    expect(raised.json().items[0]).toMatchObject({ seats: 2, revision: 2 })
    expect((await api.call(ADMIN_CALLER, 'PUT', `/api/v2/admin/organizations/seats/${acmeId}`, { course: courseA, seats: 3, revision: 1 })).statusCode).toBe(
      409,
    )
    const seats = await api.call(acmeManager, 'GET', `${ORG}/acme.example/seats`)
    expect(seats.json().items).toEqual([
      expect.objectContaining({ courseId: courseA, seats: 2, used: 0, left: 2, plans: [expect.objectContaining({ id: planA })] }),
    ])
    expect((await api.call(otherManager, 'GET', `${ORG}/other.example/seats`)).json().items).toEqual([])
  })

  it('subscribes its people within the seats; concurrent adds never pass them; no seats left is a 409', async () => {
    const add = (who: string, c = courseA, p = planA, as = acmeManager, host = 'acme.example') =>
      api.call(as, 'POST', `${ORG}/${host}/subscriptions`, { username: people[who].username, course: c, plan: p })
    const seatsLeft = async () => (await api.call(acmeManager, 'GET', `${ORG}/acme.example/seats`)).json().items[0]
    expect((await add('bea')).statusCode).toBe(201)
    // Someone holding a seat keeps it: adding them again renews their access and takes no other seat.
    expect((await add('bea')).statusCode).toBe(201)
    expect(await seatsLeft()).toMatchObject({ used: 1, left: 1 })
    // Two people at once for the last seat: exactly one gets it (whichever the lock lets in first).
    await person('cid', 'cid@acme.example', 'Cid Acme')
    const results = await Promise.all([add('ana'), add('cid')])
    const codes = results.map((r) => r.statusCode).sort()
    expect(codes, results.map((r) => r.body).join('\n')).toEqual([201, 409])
    const refused = results.find((r) => r.statusCode === 409)!
    expect(refused.json()).toMatchObject({ code: 'NO_SEATS_LEFT' })
    expect(await seatsLeft()).toMatchObject({ used: 2, left: 0 })
    if (results[0].statusCode === 409) {
      // Cid got it: an administrator revokes Cid's, and Ana takes the seat it frees (what follows expects Ana's).
      const revoke = await api.call(ADMIN_CALLER, 'PUT', '/api/admin/courses/course/subscriptors/revoke', { username: people.cid.username, course: courseA })
      expect(revoke.statusCode, revoke.body).toBe(200)
      expect((await add('ana')).statusCode).toBe(201)
    }
    expect((await add('cid')).statusCode).toBe(409)
    // Outside the organisation, a course without seats, a plan of another course.
    expect((await add('olga')).statusCode).toBe(404)
    expect((await add('eve')).statusCode).toBe(404)
    expect((await add('ana', courseB, planB)).statusCode).toBe(404)
    expect((await add('ana', courseA, planB)).statusCode).toBe(400)
    expect((await add('olga', courseA, planA, otherManager, 'acme.example')).statusCode).toBe(403)
    // The learner was told, and the manager sees the subscription with its progress.
    const detail = (await api.call(acmeManager, 'GET', `${ORG}/acme.example/people/${people.bea.username}`)).json().Item
    // Both of Bea's subscriptions (the renewal and the first), newest first.
    const added = expect.objectContaining({ courseId: courseA, status: 'active', percent: 0, byOrganization: true, certificate: null })
    expect(detail.courses).toEqual([added, added])
  })

  it('frees a seat when an administrator revokes a subscription the organisation added', async () => {
    const revoke = await api.call(ADMIN_CALLER, 'PUT', '/api/admin/courses/course/subscriptors/revoke', { username: people.bea.username, course: courseA })
    expect(revoke.statusCode, revoke.body).toBe(200)
    expect((await api.call(acmeManager, 'GET', `${ORG}/acme.example/seats`)).json().items[0]).toMatchObject({ used: 1, left: 1 })
  })

  it('frees a seat when the subscription expires', async () => {
    const seats = async () => (await api.call(acmeManager, 'GET', `${ORG}/acme.example/seats`)).json().items[0]
    const mine = `user_sub = $1 AND course_uuid = $2`
    await api.db.query(`UPDATE subscriptions SET created_at = created_at - interval '3000 days' WHERE ${mine}`, [people.ana.username, courseA])
    try {
      expect(await seats()).toMatchObject({ used: 0, left: 2 })
    } finally {
      await api.db.query(`UPDATE subscriptions SET created_at = created_at + interval '3000 days' WHERE ${mine}`, [people.ana.username, courseA])
    }
    expect(await seats()).toMatchObject({ used: 1, left: 1 })
  })
})

describe('CSV report', () => {
  it('streams people × courses with a BOM, CRLF records and formulas neutralised', async () => {
    await person('formula', 'zed@acme.example', '=HYPERLINK("http://x")')
    const res = await api.call(acmeManager, 'GET', `${ORG}/acme.example/report`)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/csv/)
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="acme\.example-report-/)
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]))
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n')
    expect(lines[0]).toBe('email,name,course,subscription,progress_percent,completed_at,certificate_code')
    expect(lines).toContain('ana@acme.example,Ana Acme,Safety basics,active,0,,')
    expect(lines).toContain('bea@acme.example,Beatriz Acme,Safety basics,revoked,0,,')
    expect(lines).toContain(`zed@acme.example,"'=HYPERLINK(""http://x"")",Safety basics,none,,,`)
    expect(res.body).not.toContain('olga@other.example')
    expect(res.body).not.toContain('evilacme')
    expect((await api.call(otherManager, 'GET', `${ORG}/acme.example/report`)).statusCode).toBe(403)
  })
})
