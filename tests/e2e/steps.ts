import nodePath from 'node:path'
import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { axeViolations } from './a11y.js'
import type { Journey, OpenPage, StaffUser } from './journey.js'
import { apiFrom, networkSettled } from './support.js'

export { gradientPng } from '../helpers/media.js'

/**
 * Steps several journeys share: signing in, checking a screen with axe-core at both sizes, uploading
 * as the web app does, and drafting a publishable course through the creator's API.
 */

export const DESKTOP = { width: 1366, height: 768 }
export const PHONE = { width: 390, height: 844 }
/** The creator's and the learner's API roots. */
export const C = '/api/v2/courses/creator'
export const L = '/api/v2/courses'

export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64')
export const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2000, 7)])

/** A catalogue category added by the bootstrap administrator (`staff.adminJwt`); answers its id. */
export async function addCategory(journey: Journey, staff: StaffUser, name: string, description: string): Promise<string> {
  const res = await fetch(`${journey.server.url}/api/v2/admin/categories/create`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${staff.adminJwt}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name, description }),
  })
  if (!res.ok) throw new Error(`could not add a category: ${res.status} ${await res.text()}`)
  return ((await res.json()) as { Item: { id: string } }).Item.id
}

/**
 * Signs in at /login in a fresh English page and waits for the dashboard. The API calls the server
 * refuses (status ≥ 400) are written to `refused` when given (a failure report's details).
 */
export async function signIn(
  journey: Journey,
  email: string,
  password: string,
  options: { viewport?: { width: number; height: number }; refused?: string[] } = {},
): Promise<OpenPage> {
  const opened = await journey.page({ language: 'eng', viewport: options.viewport ?? DESKTOP })
  const { page } = opened
  const refused = options.refused
  if (refused)
    page.on('response', (r) => {
      if (r.status() >= 400 && r.url().includes('/api/'))
        void r.text().then((t) => refused.push(`${r.request().method()} ${r.url()} ${r.status()} ${t.slice(0, 300)}`))
    })
  await page.goto('/login')
  await page.getByRole('textbox', { name: 'Email' }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Log in' }).click()
  await page.waitForURL('**/dashboard', { timeout: 20_000 })
  return opened
}

/**
 * axe-core finds nothing moderate or worse on the screen at 1366×768 and at 390×844, and each size is
 * photographed into `shots` (`desktop-<name>.png`, `phone-<name>.png`); the page ends at desktop size.
 */
export async function checkScreen(page: Page, shots: string, name: string): Promise<void> {
  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(viewport)
    await networkSettled(page)
    expect(await axeViolations(page), `${name} (${size}): ${page.url()}`).toEqual([])
    await page.screenshot({ path: nodePath.join(shots, `${size}-${name}.png`), fullPage: true })
  }
  await page.setViewportSize(DESKTOP)
}

/** Uploads bytes from the page as the web app does: parameters from `parUrl`, then the multipart POST. Answers the stored path. */
export async function uploadFrom(page: Page, parUrl: string, body: Record<string, unknown>, bytes: Buffer, name: string, type: string): Promise<string> {
  const par = await apiFrom<{ url: string; fields: Record<string, string>; path: string }>(page, 'POST', parUrl, {
    ...body,
    size: bytes.length,
    contentType: type,
    fileName: name,
  })
  const status = await page.evaluate(
    async ({ par, data, name, type }) => {
      const form = new FormData()
      for (const [k, v] of Object.entries(par.fields)) form.append(k, v)
      form.append('file', new Blob([Uint8Array.from(atob(data), (c) => c.charCodeAt(0))], { type }), name)
      return (await fetch(par.url, { method: 'POST', body: form })).status
    },
    { par, data: bytes.toString('base64'), name, type },
  )
  expect(status).toBeLessThan(300)
  return par.path
}

export interface DraftCourse {
  course: string
  /** The free month's plan. */
  plan: string
  /** The draft's revision after the last write. */
  revision: number
}

/**
 * A course drafted through the creator's API by the signed-in `page`: general data (the first
 * difficulty, `category`), a cover (a 1×1 PNG unless given), a certificate template and a free month's plan. Its content and
 * publication are the journey's own.
 */
export async function draftCourse(
  page: Page,
  values: { name: string; briefDescription: string; description: string; durationHours: number; category: string; cover?: Buffer; planName?: string },
): Promise<DraftCourse> {
  const started = await apiFrom<{ uuid: string; revision: number }>(page, 'POST', `${C}/start`, { name: values.name })
  const course = started.uuid
  const difficulty = (await apiFrom<{ items: Array<{ id: string }> }>(page, 'GET', `${C}/difficulties/all`)).items[0].id
  let { revision } = await apiFrom<{ revision: number }>(page, 'PUT', `${C}/builder/update-general`, {
    uuid: course,
    revision: started.revision,
    briefDescription: values.briefDescription,
    description: values.description,
    durationHours: values.durationHours,
    difficultyId: difficulty,
    categoryId: values.category,
  })
  for (const [media, field, bytes, name, type] of [
    ['cover', 'cover', values.cover ?? PNG, 'cover.png', 'image/png'],
    ['certificate-template', 'template', PDF, 'template.pdf', 'application/pdf'],
  ] as const) {
    const path = await uploadFrom(page, `${C}/builder/${media}-par`, { uuid: course }, bytes, name, type)
    ;({ revision } = await apiFrom<{ revision: number }>(page, 'PUT', `${C}/builder/${media}`, { uuid: course, revision, [field]: path }))
  }
  const plans = await apiFrom<{ items: Array<{ id: string }>; revision: number }>(page, 'POST', `${C}/builder/subscription-update`, {
    uuid: course,
    revision,
    items: [{ name: values.planName ?? 'Free month', durationDays: 30 }],
  })
  return { course, plan: plans.items[0].id, revision: plans.revision }
}

/** A time as a `datetime-local` field's text, in the browser's (this machine's) zone. */
export function localInput(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`
}
