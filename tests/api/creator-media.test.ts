import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CANNOT_MANAGE_MESSAGE, NOT_AUTHORIZED_MESSAGE } from '../../contracts/courses/common.js'
import { courseApp, courseCast, getDraft, LEGACY, revisionOf, startCourse, V2, type Caller, type CourseApi, type CourseCast } from '../helpers/courses.js'
import { multipart } from './storage-contract.js'
import { uploadBytes } from '../helpers/media.js'

let api: CourseApi
let cast: CourseCast
beforeAll(async () => {
  api = await courseApp()
  cast = await courseCast(api)
})
afterAll(() => api.close())

const MB = 1024 * 1024
const NOT_AUTHORIZED = { message: NOT_AUTHORIZED_MESSAGE, code: 'NOT_AUTHORIZED' }
const CANNOT_MANAGE = { message: CANNOT_MANAGE_MESSAGE, code: 'CANNOT_MANAGE' }

/** Asks for upload parameters, then POSTs the file as a browser does; returns the issued path. */
async function upload(as: Caller, uuid: string, media: string, file: { size: number; type: string; name: string }) {
  const par = await api.call(as, 'POST', `${V2}/builder/${media}-par`, { uuid, size: file.size, contentType: file.type, fileName: file.name })
  expect(par.statusCode, par.body).toBe(200)
  const { url, fields, path } = par.json() as { url: string; fields: Record<string, string>; path: string }
  const { body, contentType } = await multipart(fields, { bytes: uploadBytes(file.type, file.size), name: file.name, type: file.type })
  const posted = await api.app.inject({ method: 'POST', url, payload: body, headers: { 'content-type': contentType } })
  expect(posted.statusCode, posted.body).toBeLessThan(300)
  return path
}

const png = { size: 2048, type: 'image/png', name: 'Portada del curso.png' }

describe('media uploads: -par', () => {
  it('issues parameters for the course and kind, refusing a larger file (413) or another type (400)', async () => {
    const { uuid } = cast.course
    const par = await api.call(cast.collaborator, 'POST', `${V2}/builder/cover-par`, { uuid, size: 1000, contentType: 'image/png', fileName: 'c.png' })
    expect(par.statusCode, par.body).toBe(200)
    expect(par.json()).toEqual({
      url: expect.any(String),
      fields: expect.any(Object),
      path: expect.stringMatching(new RegExp(`^courses/${uuid}/cover/[0-9a-f]{16}-c\\.png$`)),
    })
    const big = await api.call(cast.owner, 'POST', `${V2}/builder/cover-par`, { uuid, size: 5 * MB + 1, contentType: 'image/png', fileName: 'c.png' })
    expect(big.statusCode).toBe(413)
    expect(big.json().message).toBe('Too much data')
    const pdf = await api.call(cast.owner, 'POST', `${V2}/builder/cover-par`, { uuid, size: 1000, contentType: 'application/pdf', fileName: 'c.pdf' })
    expect(pdf.statusCode).toBe(400)
    expect(
      (await api.call(cast.owner, 'POST', `${V2}/builder/certificate-template-par`, { uuid, size: 1000, contentType: 'application/pdf', fileName: 't.pdf' }))
        .statusCode,
    ).toBe(200)
    expect(
      (await api.call(cast.owner, 'POST', `${V2}/builder/presentation-par`, { uuid, size: 400 * MB, contentType: 'video/mp4', fileName: 'p.mp4' })).statusCode,
    ).toBe(200)
    expect(
      (await api.call(cast.owner, 'POST', `${V2}/builder/presentation-par`, { uuid, size: 501 * MB, contentType: 'video/mp4', fileName: 'p.mp4' })).statusCode,
    ).toBe(413)
    expect(
      (await api.call(cast.owner, 'POST', `${LEGACY}/builder/thumbnail-par`, { uuid, size: 10, contentType: 'image/webp', fileName: 't.webp' })).statusCode,
    ).toBe(200)
  })

  it('answers reviewers 403, other creators 404 and learners 403', async () => {
    const body = { uuid: cast.course.uuid, size: 10, contentType: 'image/png', fileName: 'c.png' }
    for (const media of ['cover', 'thumbnail', 'presentation', 'certificate-template']) {
      expect((await api.call(cast.reviewer, 'POST', `${V2}/builder/${media}-par`, body)).json()).toEqual(CANNOT_MANAGE)
      expect((await api.call(cast.otherCreator, 'POST', `${V2}/builder/${media}-par`, body)).json()).toEqual(NOT_AUTHORIZED)
      expect((await api.call(cast.learner, 'POST', `${V2}/builder/${media}-par`, body)).statusCode).toBe(403)
    }
  })
})

describe('media registration', () => {
  it('registers an uploaded cover: the draft and the course card show it, and its URL serves the file', async () => {
    const { uuid, revision } = await startCourse(api, cast.owner)
    const path = await upload(cast.owner, uuid, 'cover', png)
    const res = await api.call(cast.owner, 'PUT', `${V2}/builder/cover`, { uuid, revision, cover: path })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ revision: revision + 1, path, url: expect.any(String) })
    const draft = await getDraft(api, cast.owner, uuid)
    expect(draft).toMatchObject({ cover: path, coverUrl: expect.any(String), revision: revision + 1 })
    const { rows } = await api.db.query<{ details: Record<string, unknown> }>('SELECT details FROM courses WHERE uuid = $1', [uuid])
    expect(rows[0].details.Cover).toBe(path)
    const file = await api.app.inject({ method: 'GET', url: draft.coverUrl! })
    expect(file.statusCode).toBe(200)
    expect(file.rawPayload.length).toBe(png.size)
    const list = (await api.call(cast.owner, 'GET', `${V2}/all/1/mine`)).json().items.find((c: { uuid: string }) => c.uuid === uuid)
    expect(list).toMatchObject({ cover: path, coverUrl: expect.any(String) })

    // null takes the cover off the course.
    const cleared = await api.call(cast.owner, 'PUT', `${V2}/builder/cover`, { uuid, revision: revision + 1, cover: null })
    expect(cleared.json()).toEqual({ revision: revision + 2, path: null, url: null })
    const after = await api.db.query<{ details: Record<string, unknown> }>('SELECT details FROM courses WHERE uuid = $1', [uuid])
    expect(after.rows[0].details).not.toHaveProperty('Cover')
  })

  it('registers thumbnail, presentation and certificate template under their own fields', async () => {
    const { uuid } = await startCourse(api, cast.owner)
    const thumb = await upload(cast.owner, uuid, 'thumbnail', { size: 100, type: 'image/jpeg', name: 'thumb.jpg' })
    const video = await upload(cast.owner, uuid, 'presentation', { size: 300, type: 'video/webm', name: 'intro.webm' })
    const template = await upload(cast.owner, uuid, 'certificate-template', { size: 200, type: 'application/pdf', name: 'diploma.pdf' })
    let revision = await revisionOf(api, cast.owner, uuid)
    for (const [media, field, path] of [
      ['thumbnail', 'thumbnail', thumb],
      ['presentation', 'presentation', video],
      ['certificate-template', 'template', template],
    ]) {
      const res = await api.call(cast.owner, 'PUT', `${V2}/builder/${media}`, { uuid, revision, [field]: path })
      expect(res.statusCode, res.body).toBe(200)
      revision = res.json().revision
    }
    expect(await getDraft(api, cast.owner, uuid)).toMatchObject({
      thumbnail: thumb,
      thumbnailUrl: expect.any(String),
      presentation: video,
      presentationUrl: expect.any(String),
      template,
      templateUrl: expect.any(String),
    })
  })

  it('refuses a path not issued for this course and kind, or a file that never arrived (400), changing nothing', async () => {
    const { uuid, revision } = await startCourse(api, cast.owner)
    const other = await startCourse(api, cast.owner)
    const elsewhere = await upload(cast.owner, other.uuid, 'cover', png)
    const thumb = await upload(cast.owner, uuid, 'thumbnail', png)
    const par = await api.call(cast.owner, 'POST', `${V2}/builder/cover-par`, { uuid, size: 10, contentType: 'image/png', fileName: 'never.png' })
    const neverUploaded = par.json().path
    for (const cover of [elsewhere, thumb, neverUploaded, 'courses/../etc/passwd', `courses/${uuid}/cover/x.png`]) {
      const res = await api.call(cast.owner, 'PUT', `${V2}/builder/cover`, { uuid, revision, cover })
      expect(res.statusCode, cover).toBe(400)
      expect(res.json().errors).toHaveProperty('cover')
    }
    expect(await getDraft(api, cast.owner, uuid)).toMatchObject({ revision, cover: null })
  })

  it('keeps the course rules: reviewer 403, other creator 404, learner 403, stale 409 changes nothing; legacy body answers alike', async () => {
    const { uuid } = cast.course
    const path = await upload(cast.collaborator, uuid, 'cover', png)
    const revision = await revisionOf(api, cast.owner, uuid)
    expect((await api.call(cast.reviewer, 'PUT', `${V2}/builder/cover`, { uuid, revision, cover: path })).json()).toEqual(CANNOT_MANAGE)
    expect((await api.call(cast.otherCreator, 'PUT', `${V2}/builder/cover`, { uuid, revision, cover: path })).json()).toEqual(NOT_AUTHORIZED)
    expect((await api.call(cast.learner, 'PUT', `${V2}/builder/cover`, { uuid, revision, cover: path })).statusCode).toBe(403)
    const stale = await api.call(cast.collaborator, 'PUT', `${V2}/builder/cover`, { uuid, revision: revision - 1, cover: path })
    expect(stale.statusCode).toBe(409)
    expect(stale.json()).toMatchObject({ code: 'STALE_REVISION', revision })
    expect((await getDraft(api, cast.owner, uuid)).cover).toBeNull()
    const legacy = await api.call(cast.collaborator, 'POST', `${LEGACY}/builder/cover`, { uuid, revision, updates: { cover: path } })
    expect(legacy.statusCode, legacy.body).toBe(200)
    expect(legacy.json()).toMatchObject({ revision: revision + 1, path })
    const legacyPut = await api.call(cast.owner, 'PUT', `${LEGACY}/builder/cover`, { uuid, revision: revision + 1, cover: null })
    expect(legacyPut.statusCode).toBe(200)
  })
})
