import { describe, expect, it } from 'vitest'
import { expectAdminOnly } from './admin-helpers.js'
import { api, catalogueId, course, NIL, person, plan, subscription, useAdminCoursesApp } from './admin-courses-setup.js'

useAdminCoursesApp()

describe('admin courses: access and input', () => {
  it('answers 401 without a token and 403 to a creator on every route', async () => {
    await expectAdminOnly(api, [
      ['GET', '/api/v2/admin/courses/all/1'],
      ['GET', '/api/v2/admin/courses/all/1/x'],
      ['GET', '/api/v2/admin/courses/count/1'],
      ['GET', '/api/v2/admin/courses/count/1/x'],
      ['GET', `/api/v2/admin/courses/course/${NIL}`],
      ['POST', '/api/admin/courses/course/subscriptors', { uuid: NIL }],
      ['GET', `/api/admin/courses/course/subscriptions/${NIL}/someone`],
      ['GET', `/api/admin/courses/course/subscriptors/estimated/${NIL}`],
      ['GET', `/api/admin/courses/user/forms/${NIL}/someone`],
      ['POST', '/api/admin/courses/forms/detail', { course: NIL, id: NIL }],
    ])
  })

  it('answers 400 with field errors for bad input and 404 for unknown courses', async () => {
    const page0 = await api.call('GET', '/api/v2/admin/courses/all/0')
    expect(page0.statusCode).toBe(400)
    expect(page0.json().errors).toHaveProperty('page')
    expect((await api.call('GET', '/api/v2/admin/courses/all/abc')).statusCode).toBe(400)
    expect((await api.call('GET', `/api/v2/admin/courses/all/1/${'x'.repeat(101)}`)).statusCode).toBe(400)
    const badId = await api.call('GET', '/api/v2/admin/courses/course/not-a-uuid')
    expect(badId.statusCode).toBe(400)
    expect(badId.json().errors).toHaveProperty('id')
    const unknown = await api.call('GET', `/api/v2/admin/courses/course/${NIL}`)
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toEqual({ message: 'Course not found', code: 'NOT_FOUND' })

    const noUuid = await api.call('POST', '/api/admin/courses/course/subscriptors', { page: 1 })
    expect(noUuid.statusCode).toBe(400)
    expect(noUuid.json().errors).toHaveProperty('uuid')
    const badPage = await api.call('POST', '/api/admin/courses/course/subscriptors', { uuid: NIL, page: -1 })
    expect(badPage.json().errors).toHaveProperty('page')
    expect((await api.call('POST', '/api/admin/courses/course/subscriptors', { uuid: NIL })).statusCode).toBe(404)
    expect((await api.call('GET', `/api/admin/courses/course/subscriptors/estimated/${NIL}`)).statusCode).toBe(404)
    expect((await api.call('GET', '/api/admin/courses/course/subscriptors/estimated/nope')).statusCode).toBe(400)
    expect((await api.call('GET', `/api/admin/courses/user/forms/${NIL}/someone`)).statusCode).toBe(404)
    const detail = await api.call('POST', '/api/admin/courses/forms/detail', { course: NIL, id: 'x' })
    expect(detail.statusCode).toBe(400)
    expect(detail.json().errors).toHaveProperty('id')
  })
})

describe('GET /api/v2/admin/courses/all and count', () => {
  it('pages every course changed last first, with owner, status and active learners; leaves deleted courses out', async () => {
    const owner = await person('owner.list@courses.example.test', 'Olga Owner')
    const names: string[] = []
    for (let i = 0; i < 12; i++) names.push(`Paged course ${String(i).padStart(2, '0')}`)
    const uuids: string[] = []
    for (const [i, n] of names.entries()) uuids.push(await course(n, { owner: owner.username, updatedDaysAgo: i + 100 }))
    await course('Paged course deleted', { deleted: true, updatedDaysAgo: 99 })
    await subscription(uuids[0], 'learner-a')
    await subscription(uuids[0], 'learner-a', { ageDays: 40 })
    await subscription(uuids[0], 'learner-b', { revoked: true })
    await subscription(uuids[0], 'learner-c', { ageDays: 60 })

    const first = await api.call('GET', '/api/v2/admin/courses/all/1/Paged')
    expect(first.statusCode).toBe(200)
    const items = first.json().items as Array<Record<string, unknown>>
    expect(items.map((c) => c.name)).toEqual(names.slice(0, 10))
    expect(items[0]).toMatchObject({
      uuid: uuids[0],
      owner: { username: owner.username, email: owner.email, name: 'Olga Owner' },
      status: 'Draft',
      publishedVersion: null,
      activeLearners: 1,
    })
    const second = await api.call('GET', '/api/v2/admin/courses/all/2/Paged')
    expect(second.json().items.map((c: { name: string }) => c.name)).toEqual(names.slice(10))
    expect((await api.call('GET', '/api/v2/admin/courses/all/3/Paged')).json().items).toEqual([])
    expect((await api.call('GET', '/api/v2/admin/courses/count/1/Paged')).json()).toEqual({ count: 12, pageSize: 10, pages: 2 })
  })

  it('searches name and keywords ignoring accents and case, and finds a course by its uuid', async () => {
    const algebra = await course('Introducción al Álgebra')
    const keyworded = await course('Números', { keywords: ['Ecuaciones', 'matemáticas'] })
    await course('Unrelated')
    const byName = await api.call('GET', `/api/v2/admin/courses/all/1/${encodeURIComponent('ALGEBRA')}`)
    expect(byName.json().items.map((c: { uuid: string }) => c.uuid)).toEqual([algebra])
    const byKeyword = await api.call('GET', `/api/v2/admin/courses/all/1/${encodeURIComponent('matematicas')}`)
    expect(byKeyword.json().items.map((c: { uuid: string }) => c.uuid)).toEqual([keyworded])
    const byUuid = await api.call('GET', `/api/v2/admin/courses/all/1/${keyworded.toUpperCase()}`)
    expect(byUuid.json().items.map((c: { uuid: string }) => c.uuid)).toEqual([keyworded])
    // LIKE's wildcards are plain characters in a search.
    expect((await api.call('GET', '/api/v2/admin/courses/count/1/%25')).json().count).toBe(0)
    const all = (await api.call('GET', '/api/v2/admin/courses/count/1')).json()
    expect(all.count).toBeGreaterThanOrEqual(3)
  })
})

describe('GET /api/v2/admin/courses/course/:id', () => {
  it('shows general data, catalogue values, owner, collaborators, plans, the published version and subscription counts', async () => {
    const owner = await person('owner.detail@courses.example.test', 'Dora Detail')
    const helper = await person('helper.detail@courses.example.test', 'Hugo Helper')
    const uuid = await course('Detailed course', { owner: owner.username, keywords: ['one', 'two'] })
    const difficulty = await catalogueId('difficulties', 'Easy')
    await api.db.query(
      `UPDATE courses SET description = 'Long text', requirements = 'None', certificate_details = 'Signed', duration_hours = 12.5,
         tags = '{tag-a}', sales_enabled = true, difficulty_id = $2, revision = 4 WHERE uuid = $1`,
      [uuid, difficulty],
    )
    await api.db.query(
      `INSERT INTO course_collaborators (course_uuid, user_sub, username, name, added_by) VALUES ($1, $2, $2, 'Hugo', $3), ($1, 'gone-user', 'gone-user', 'Gone', $3)`,
      [uuid, helper.username, owner.username],
    )
    const monthly = await plan(uuid, 'Monthly', 30, { price: 199.5, position: 0 })
    const old = await plan(uuid, 'Old plan', 7, { archived: true })
    const yearly = await plan(uuid, 'Yearly', 365, { position: 1 })
    await api.db.query(
      `INSERT INTO course_versions (course_uuid, version, content, published_by, published_at) VALUES ($1, 1, '{}', $2, '2026-01-02T03:04:05Z')`,
      [uuid, owner.username],
    )
    await api.db.query('UPDATE courses SET published_version = 1 WHERE uuid = $1', [uuid])
    await subscription(uuid, 'l1')
    await subscription(uuid, 'l1', { ageDays: 50 })
    await subscription(uuid, 'l2', { revoked: true })
    await subscription(uuid, 'l3', { ageDays: 10, days: 5 })

    const res = await api.call('GET', `/api/v2/admin/courses/course/${uuid}`)
    expect(res.statusCode).toBe(200)
    const item = res.json().Item
    expect(item).toMatchObject({
      uuid,
      name: 'Detailed course',
      revision: 4,
      briefDescription: 'About Detailed course',
      description: 'Long text',
      requirements: 'None',
      certificateDetails: 'Signed',
      durationHours: 12.5,
      keywords: ['one', 'two'],
      tags: ['tag-a'],
      salesEnabled: true,
      status: { name: 'Draft' },
      difficulty: { id: difficulty, name: 'Easy' },
      category: null,
      organization: null,
      owner: { username: owner.username, email: owner.email, name: 'Dora Detail' },
      publishedVersion: 1,
      publishedAt: '2026-01-02T03:04:05.000Z',
      subscriptions: { learners: 3, total: 4, active: 1, expired: 2, revoked: 1 },
    })
    expect(item.collaborators).toEqual([
      expect.objectContaining({ username: helper.username, email: helper.email, name: 'Hugo Helper' }),
      expect.objectContaining({ username: 'gone-user', email: null, name: 'Gone' }),
    ])
    expect(item.plans).toEqual([
      { id: monthly, name: 'Monthly', durationDays: 30, price: 199.5, currency: 'MXN', archived: false },
      { id: yearly, name: 'Yearly', durationDays: 365, price: null, currency: null, archived: false },
      { id: old, name: 'Old plan', durationDays: 7, price: null, currency: null, archived: true },
    ])
  })

  it('answers 404 for a deleted course', async () => {
    const gone = await course('Deleted one', { deleted: true })
    expect((await api.call('GET', `/api/v2/admin/courses/course/${gone}`)).statusCode).toBe(404)
  })
})
