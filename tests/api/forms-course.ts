import { expect } from 'vitest'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import { ADMIN_CALLER, startCourse, V2, type Caller, type CourseApi } from '../helpers/courses.js'
import { RIGHT_ANSWERS, threeQuestionForm } from '../helpers/forms.js'
import { multipart } from './storage-contract.js'

/**
 * Published courses for the evaluation and certificate tests, built through the real builder API as
 * a creator does: general data, cover, certificate template, a free plan, sections and blocks, then
 * `publish/all`. Learners are subscribed by an administrator through the admin API.
 */

/** The form every test course carries: three questions, one of each type, 3 tries, 60 % to pass. */
export const FORM = threeQuestionForm()

/** All three right. */
export const RIGHT = RIGHT_ANSWERS
/** One of three right (33.33 %: fails at 60 %). */
export const ONE_RIGHT = { q1: ['a'], q2: ['f'], q3: ['x'] }

/** A PDF template as a designer would make it: one page with a heading, plus a second page that is dropped. */
export async function templatePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create()
  const font = await doc.embedFont(StandardFonts.Helvetica)
  doc.addPage([842, 595]).drawText('Experimental Studies Centre', { x: 60, y: 540, size: 18, font })
  doc.addPage([842, 595]).drawText('Back page', { x: 60, y: 540, size: 18, font })
  return Buffer.from(await doc.save())
}

async function upload(api: CourseApi, as: Caller, uuid: string, media: string, file: { bytes: Buffer; type: string; name: string }): Promise<string> {
  const par = await api.call(as, 'POST', `${V2}/builder/${media}-par`, { uuid, size: file.bytes.length, contentType: file.type, fileName: file.name })
  expect(par.statusCode, par.body).toBe(200)
  const { url, fields, path } = par.json() as { url: string; fields: Record<string, string>; path: string }
  const { body, contentType } = await multipart(fields, { bytes: file.bytes, name: file.name, type: file.type })
  const posted = await api.app.inject({ method: 'POST', url, payload: body, headers: { 'content-type': contentType } })
  expect(posted.statusCode, posted.body).toBeLessThan(300)
  return path
}

let made = 0

export interface PublishedCourse {
  uuid: string
  name: string
  plan: string
  /** The form blocks' ids, in course order. */
  forms: string[]
  /** The other blocks' ids. */
  blocks: string[]
  /** The `extra` blocks' ids, in order. */
  extra: string[]
}

export interface CourseOptions {
  name?: string
  /** The certificate template: a PDF (default), a PNG image, or none (the catalogue design is then used). */
  template?: { bytes: Buffer; type: string; name: string } | null
  /** Forms to add (default one FORM, required). */
  forms?: Array<Record<string, unknown>>
  /** Whether the text block is required (default false: only the form counts). */
  textRequired?: boolean
  /** Further blocks after the forms (their ids come back in `extra`). */
  extra?: Array<{ kind: string; values: Record<string, unknown> }>
  /** Question banks to add before the forms (their ids given, so forms can draw from them). */
  banks?: Array<{ id: string; name: string; questions: Array<Record<string, unknown>> }>
}

/** Builds and publishes a course as `owner`; returns its ids. */
export async function publishedCourse(api: CourseApi, owner: Caller, options: CourseOptions = {}): Promise<PublishedCourse> {
  made++
  const name = options.name ?? `Evaluated course ${made}`
  const difficulties = await api.call(owner, 'GET', `${V2}/difficulties/all`)
  expect(difficulties.statusCode, difficulties.body).toBe(200)
  const category = await api.call(ADMIN_CALLER, 'POST', '/api/v2/admin/categories/create', {
    name: `Category ${made} ${process.pid} ${Date.now()}`,
    description: '',
  })
  expect(category.statusCode, category.body).toBe(201)
  const { uuid } = await startCourse(api, owner, {
    name,
    general: {
      briefDescription: 'A short course',
      description: '<p>What the course teaches</p>',
      durationHours: 12.5,
      difficultyId: difficulties.json().items[0].id,
      categoryId: category.json().Item?.id ?? category.json().id,
    },
  })
  const revision = async () => Number((await api.call(owner, 'GET', `${V2}/builder/${uuid}`)).json().Item.revision)
  const put = async (url: string, body: Record<string, unknown>, status = 200) => {
    const res = await api.call(owner, url.includes('-update') || url.endsWith('/add') ? 'POST' : 'PUT', `${V2}/${url}`, {
      uuid,
      revision: await revision(),
      ...body,
    })
    expect(res.statusCode, res.body).toBe(status)
    return res.json()
  }

  const cover = await upload(api, owner, uuid, 'cover', { bytes: Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), type: 'image/png', name: 'cover.png' })
  await put('builder/cover', { cover })
  const template = options.template === undefined ? { bytes: await templatePdf(), type: 'application/pdf', name: 'diploma.pdf' } : options.template
  if (template) {
    await put('builder/certificate-template', { template: await upload(api, owner, uuid, 'certificate-template', template) })
  } else {
    // The checklist wants a template: a catalogue design whose file is not there makes the default design.
    const design = await api.call(ADMIN_CALLER, 'POST', '/api/v2/admin/certificates/create', {
      name: `Design ${made} ${process.pid} ${Date.now()}`,
      description: '',
      templatePath: `catalogues/certificates/missing-${made}.pdf`,
    })
    expect(design.statusCode, design.body).toBe(201)
    await put('builder/update-general', { certificateId: design.json().Item?.id ?? design.json().id })
  }
  const plans = await put('builder/subscription-update', { items: [{ name: 'Free', durationDays: 30 }] })
  const plan = plans.items[0].id as string

  const section = (await put('blocks/add', { item: 'section', values: { title: 'Basics' } })).item.id as string
  const text = (
    await put('blocks/add', { item: 'text', section, values: { title: 'Read me', html: '<p>Read this first.</p>', required: options.textRequired ?? false } })
  ).item.id as string
  for (const bank of options.banks ?? []) await put('banks/add', bank)
  const forms: string[] = []
  for (const form of options.forms ?? [{ ...FORM, required: true }]) {
    forms.push((await put('blocks/add', { item: 'form', section, values: form })).item.id as string)
  }
  const extra: string[] = []
  for (const block of options.extra ?? []) extra.push((await put('blocks/add', { item: block.kind, section, values: block.values })).item.id as string)
  const published = await api.call(owner, 'POST', `${V2}/publish/all`, { uuid })
  expect(published.statusCode, published.body).toBe(200)
  return { uuid, name, plan, forms, blocks: [text], extra }
}

/** Subscribes `learner` to the course's plan through the admin API. */
export async function subscribe(api: CourseApi, course: PublishedCourse, learner: { username: string }) {
  const res = await api.call(ADMIN_CALLER, 'POST', '/api/admin/courses/course/subscriptors/add', {
    uuid: course.uuid,
    subscription: course.plan,
    user: learner.username,
  })
  expect(res.statusCode, res.body).toBe(201)
}

export const FORMS = '/api/v2/courses/forms'
