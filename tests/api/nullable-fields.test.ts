import Value from 'typebox/value'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { catalogueItemResponse } from '../../contracts/admin/catalogues.js'
import { CourseDraftResponse } from '../../contracts/courses/creator.js'
import { adminApp, type AdminApi } from './admin-helpers.js'
import { courseApp, courseCast, getDraft, V2, type CourseApi, type CourseCast } from '../helpers/courses.js'

/**
 * A value-or-null field of a JSON body: null is stored as null (never coerced to "" or 0), a value
 * of the type as it is, and the answers pass TypeBox's check of their own contract.
 */
describe('nullable fields of request bodies', () => {
  let admin: AdminApi
  beforeAll(async () => {
    admin = await adminApp()
  })
  afterAll(() => admin.close())

  it('a catalogue’s nullable text fields store null, and the item answers match their contract', async () => {
    const created = await admin.call('POST', '/api/v2/admin/collaborators/create', {
      name: 'Nadia Null',
      description: '',
      email: 'nadia@example.test',
      role: 'Instructor',
    })
    expect(created.statusCode, created.body).toBe(201)
    const { id, revision } = created.json().Item as { id: string; revision: number }

    const cleared = await admin.call('PUT', `/api/v2/admin/collaborators/update/${id}`, {
      name: 'Nadia Null',
      description: '',
      email: null,
      role: null,
      revision,
    })
    expect(cleared.statusCode, cleared.body).toBe(200)
    const read = await admin.call('GET', `/api/v2/admin/collaborators/collaborator/${id}`)
    expect(read.json().Item).toMatchObject({ email: null, role: null })
    expect(Value.Check(catalogueItemResponse('collaborators'), read.json())).toBe(true)

    const subject = await admin.call('POST', '/api/v2/admin/school-subjects/create', { name: 'Subject without code', description: '', code: null })
    expect(subject.statusCode, subject.body).toBe(201)
    expect(subject.json().Item.code).toBeNull()
    // A second subject without a code: null is no code at all, so the unique code does not clash.
    const second = await admin.call('POST', '/api/v2/admin/school-subjects/create', { name: 'Second subject without code', description: '', code: null })
    expect(second.statusCode, second.body).toBe(201)
    expect(second.json().Item.code).toBeNull()
  })
})

describe('nullable numbers of request bodies', () => {
  let api: CourseApi
  let cast: CourseCast
  beforeAll(async () => {
    api = await courseApp()
    cast = await courseCast(api)
  })
  afterAll(() => api.close())

  it('a course’s duration set to null is stored as null, not 0; 0 itself is refused', async () => {
    const { uuid } = cast.course
    let revision = (await getDraft(api, cast.owner, uuid)).revision
    const set = await api.call(cast.owner, 'PUT', `${V2}/builder/update-general`, { uuid, revision, durationHours: 12.5 })
    expect(set.statusCode, set.body).toBe(200)
    revision = set.json().revision

    const cleared = await api.call(cast.owner, 'PUT', `${V2}/builder/update-general`, { uuid, revision, durationHours: null })
    expect(cleared.statusCode, cleared.body).toBe(200)
    revision = cleared.json().revision
    const read = await api.call(cast.owner, 'GET', `${V2}/builder/${uuid}`)
    expect(read.json().Item.durationHours).toBeNull()
    expect(Value.Check(CourseDraftResponse, read.json())).toBe(true)

    const zero = await api.call(cast.owner, 'PUT', `${V2}/builder/update-general`, { uuid, revision, durationHours: 0 })
    expect(zero.statusCode).toBe(400)
    expect((await getDraft(api, cast.owner, uuid)).durationHours).toBeNull()
  })
})
