import { randomBytes } from 'node:crypto'
import type { LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'
import type { BlockKind } from '../../contracts/courses/content.js'
import { multipart } from '../api/storage-contract.js'
import { ADMIN_CALLER, revisionOf, startCourse, V2, type Caller, type CourseApi } from './courses.js'
import { uploadBytes } from './media.js'

/**
 * Learner API tests: courses are built and published through the real builder API (media uploaded to
 * storage, plans, lists, sections and blocks), then studied through the learner routes.
 */

export const L = '/api/v2/courses'

export interface BlockSpec {
  kind: BlockKind
  values: Record<string, unknown>
}

export interface CourseSpec {
  name: string
  briefDescription?: string
  description?: string
  keywords?: string[]
  tags?: string[]
  faq?: Array<{ question: string; answer: string }>
  categoryId?: string
  difficultyId?: string
  organizationId?: string
  salesEnabled?: boolean
  plans?: Array<{ name: string; durationDays: number; price?: number | null; currency?: string | null }>
  sections?: Array<{ title: string; blocks: Array<BlockSpec | ((uuid: string) => Promise<BlockSpec>)> }>
}

export interface PublishedCourse {
  uuid: string
  /** Block ids per section, in order. */
  blocks: string[][]
  /** Plan ids in the order given. */
  plans: string[]
}

const ok = (res: LightMyRequestResponse, status = 200) => {
  expect(res.statusCode, res.body).toBe(status)
  return res.json()
}

/** Uploads a file of the given type (a real one where uploads check the type) for a course medium and registers it. */
async function uploadMedia(api: CourseApi, as: Caller, uuid: string, media: 'cover' | 'certificate-template', file: { type: string; name: string }) {
  const par = ok(await api.call(as, 'POST', `${V2}/builder/${media}-par`, { uuid, size: 512, contentType: file.type, fileName: file.name }))
  const { body, contentType } = await multipart(par.fields, { bytes: uploadBytes(file.type, 512), name: file.name, type: file.type })
  const posted = await api.app.inject({ method: 'POST', url: par.url, payload: body, headers: { 'content-type': contentType } })
  expect(posted.statusCode, posted.body).toBeLessThan(300)
  ok(
    await api.call(as, 'PUT', `${V2}/builder/${media}`, {
      uuid,
      revision: await revisionOf(api, as, uuid),
      [media === 'cover' ? 'cover' : 'template']: par.path,
    }),
  )
}

/** Uploads a file for a block of `kind` before the block exists; returns the path to put in its values. */
export async function uploadBlockFile(
  api: CourseApi,
  as: Caller,
  uuid: string,
  kind: 'image' | 'attachment' | 'video' | 'scorm',
  file: { type: string; name: string; bytes?: Buffer },
) {
  const bytes = file.bytes ?? uploadBytes(file.type, 256)
  const par = ok(await api.call(as, 'POST', `${V2}/blocks/resource-par`, { uuid, kind, size: bytes.length, contentType: file.type, fileName: file.name }))
  const { body, contentType } = await multipart(par.fields, { bytes, name: file.name, type: file.type })
  const posted = await api.app.inject({ method: 'POST', url: par.url, payload: body, headers: { 'content-type': contentType } })
  expect(posted.statusCode, posted.body).toBeLessThan(300)
  return par.path as string
}

/** A catalogue entry made by the administrator (categories, organizations). */
export async function catalogueEntry(api: CourseApi, catalogue: 'categories' | 'organizations', name: string): Promise<string> {
  const extra = catalogue === 'organizations' ? { domain: `${randomBytes(4).toString('hex')}.example.edu` } : {}
  return ok(await api.call(ADMIN_CALLER, 'POST', `/api/v2/admin/${catalogue}/create`, { name, description: `About ${name}`, ...extra }), 201).Item.id as string
}

/** The difficulties as the builder offers them, easiest first. */
export async function difficulties(api: CourseApi, as: Caller): Promise<Array<{ id: string; name: string }>> {
  return ok(await api.call(as, 'GET', `${V2}/difficulties/all`)).items
}

let categoryId: string | null = null

/** Builds a complete course as `owner` through the builder API and publishes it. */
export async function publishCourse(api: CourseApi, owner: Caller, spec: CourseSpec): Promise<PublishedCourse> {
  categoryId ??= await catalogueEntry(api, 'categories', `General ${randomBytes(3).toString('hex')}`)
  const difficulty = spec.difficultyId ?? (await difficulties(api, owner))[0].id
  const { uuid } = await startCourse(api, owner, {
    name: spec.name,
    general: {
      briefDescription: spec.briefDescription ?? `${spec.name} in short`,
      description: spec.description ?? `<p>All about ${spec.name}</p>`,
      durationHours: 6,
      difficultyId: difficulty,
      categoryId: spec.categoryId ?? categoryId,
      ...(spec.organizationId ? { organizationId: spec.organizationId } : {}),
      keywords: spec.keywords ?? [],
      salesEnabled: spec.salesEnabled ?? false,
    },
  })
  await uploadMedia(api, owner, uuid, 'cover', { type: 'image/png', name: 'cover.png' })
  await uploadMedia(api, owner, uuid, 'certificate-template', { type: 'application/pdf', name: 'template.pdf' })
  const plans = ok(
    await api.call(owner, 'POST', `${V2}/builder/subscription-update`, {
      uuid,
      revision: await revisionOf(api, owner, uuid),
      items: spec.plans ?? [{ name: 'Free month', durationDays: 30 }],
    }),
  ).items as Array<{ id: string; name: string }>
  if (spec.tags?.length)
    ok(await api.call(owner, 'POST', `${V2}/builder/tags-update`, { uuid, revision: await revisionOf(api, owner, uuid), items: spec.tags }))
  if (spec.faq?.length) ok(await api.call(owner, 'POST', `${V2}/builder/faq-update`, { uuid, revision: await revisionOf(api, owner, uuid), items: spec.faq }))
  const blocks: string[][] = []
  for (const section of spec.sections ?? [{ title: 'Start', blocks: [{ kind: 'text', values: { html: '<p>Welcome</p>' } }] }]) {
    let revision = await revisionOf(api, owner, uuid)
    const added = ok(await api.call(owner, 'POST', `${V2}/blocks/add`, { uuid, revision, item: 'section', values: { title: section.title } }))
    revision = added.revision
    const ids: string[] = []
    for (const given of section.blocks) {
      const b = typeof given === 'function' ? await given(uuid) : given
      const res = ok(await api.call(owner, 'POST', `${V2}/blocks/add`, { uuid, revision, item: b.kind, section: added.item.id, values: b.values }))
      revision = res.revision
      ids.push(res.item.id as string)
    }
    blocks.push(ids)
  }
  ok(await api.call(owner, 'POST', `${V2}/publish/all`, { uuid }))
  const byName = new Map(plans.map((p) => [p.name, p.id]))
  return { uuid, blocks, plans: (spec.plans ?? [{ name: 'Free month' }]).map((p) => byName.get(p.name)!) }
}

/** A form that passes the checklist: two questions, 3 tries, 50 % to pass. */
export const quiz = (name = 'Quiz') => ({
  name,
  tries: 3,
  requiredScore: 50,
  questions: [
    {
      id: 'q1',
      type: 'single',
      text: 'Two plus two?',
      options: [
        { id: 'a', text: '4', correct: true },
        { id: 'b', text: '5', correct: false },
      ],
    },
    {
      id: 'q2',
      type: 'boolean',
      text: 'Water is wet',
      options: [
        { id: 't', text: 'True', correct: true },
        { id: 'f', text: 'False', correct: false },
      ],
    },
  ],
})

/** Subscribes `as` to the plan (expects 201). */
export async function subscribe(api: CourseApi, as: Caller, course: PublishedCourse, plan = course.plans[0]) {
  return ok(await api.call(as, 'POST', `${L}/course/subscribe`, { uuid: course.uuid, plan }), 201)
}

/** Every key anywhere in a JSON value (to prove a field never appears). */
export function keysOf(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) keysOf(v, into)
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      into.add(k)
      keysOf(v, into)
    }
  return into
}
