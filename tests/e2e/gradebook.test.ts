import nodePath from 'node:path'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { RIGHT_ANSWERS, threeQuestionForm } from '../helpers/forms.js'
import { axeViolations } from './a11y.js'
import { useJourney, type StaffUser } from './journey.js'
import { apiFrom, createConfirmedUser, networkSettled, strongPassword, uniqueEmail } from './support.js'

/**
 * The gradebook in a real Chromium: a creator's course with two weighted forms is set up and published
 * through the API; a learner passes one form and opens their progress page (from the dashboard card);
 * the creator opens the builder's gradebook tab, sees the learner's row and changes a weight there.
 * axe-core checks every screen; pictures at 1366×768 and 390×844 go to SHOTS.
 */

const SHOTS = process.env.GRADEBOOK_SHOTS_DIR ?? '/tmp/aula-gradebook-shots'
const DESKTOP = { width: 1366, height: 768 }
const PHONE = { width: 390, height: 844 }
const C = '/api/v2/courses/creator'
const L = '/api/v2/courses'

const journey = useJourney({ shots: SHOTS, failurePrefix: 'gradebook-' })
let creator: StaffUser
let category = ''
const learner = { email: uniqueEmail('gradebook-learner'), password: strongPassword() }

beforeAll(async () => {
  creator = await journey.staff(['creator'], 'Gabriela Notas')
  const res = await fetch(`${journey.server.url}/api/v2/admin/categories/create`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${creator.adminJwt}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Maths', description: 'Numbers' }),
  })
  if (!res.ok) throw new Error(`could not add a category: ${res.status} ${await res.text()}`)
  category = ((await res.json()) as { Item: { id: string } }).Item.id
  await createConfirmedUser(journey.server, learner.email, learner.password, 'Lucía Aprendiz')
})

async function signedIn(email: string, password: string) {
  const { page, errors } = await journey.page({ language: 'eng', viewport: DESKTOP })
  await page.goto('/login')
  await page.getByRole('textbox', { name: 'Email' }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Log in' }).click()
  await page.waitForURL('**/dashboard', { timeout: 20_000 })
  return { page, errors }
}

/** axe-core finds nothing moderate or worse, at both sizes, and each is photographed. */
async function check(page: Page, name: string) {
  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(viewport)
    await networkSettled(page)
    expect(await axeViolations(page), `${name} (${size}): ${page.url()}`).toEqual([])
    await page.screenshot({ path: nodePath.join(SHOTS, `${size}-${name}.png`), fullPage: true })
  }
  await page.setViewportSize(DESKTOP)
}

async function upload(page: Page, parUrl: string, body: Record<string, unknown>, bytes: Buffer, name: string, type: string): Promise<string> {
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

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64')
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2000, 7)])

let course = ''
let plan = ''
const forms: string[] = []

describe('gradebook journey', () => {
  it('a creator publishes a course with two weighted forms', async () => {
    const { page, errors } = await signedIn(creator.email, creator.password)
    const started = await apiFrom<{ uuid: string; revision: number }>(page, 'POST', `${C}/start`, { name: 'Fractions' })
    course = started.uuid
    const difficulty = (await apiFrom<{ items: Array<{ id: string }> }>(page, 'GET', `${C}/difficulties/all`)).items[0].id
    let { revision } = await apiFrom<{ revision: number }>(page, 'PUT', `${C}/builder/update-general`, {
      uuid: course,
      revision: started.revision,
      briefDescription: 'Fractions, step by step',
      description: 'Halves, thirds and quarters.',
      durationHours: 2,
      difficultyId: difficulty,
      categoryId: category,
    })
    for (const [media, field, bytes, name, type] of [
      ['cover', 'cover', PNG, 'cover.png', 'image/png'],
      ['certificate-template', 'template', PDF, 'template.pdf', 'application/pdf'],
    ] as const) {
      const path = await upload(page, `${C}/builder/${media}-par`, { uuid: course }, bytes, name, type)
      ;({ revision } = await apiFrom<{ revision: number }>(page, 'PUT', `${C}/builder/${media}`, { uuid: course, revision, [field]: path }))
    }
    const plans = await apiFrom<{ revision: number; items: Array<{ id: string }> }>(page, 'POST', `${C}/builder/subscription-update`, {
      uuid: course,
      revision,
      items: [{ name: 'Free month', durationDays: 30 }],
    })
    plan = plans.items[0].id
    revision = plans.revision
    const section = await apiFrom<{ revision: number; item: { id: string } }>(page, 'POST', `${C}/blocks/add`, {
      uuid: course,
      revision,
      item: 'section',
      values: { title: 'Halves' },
    })
    revision = section.revision
    for (const [name, weight, required] of [
      ['First check', 3, true],
      ['Second check', 1, false],
    ] as const) {
      const added = await apiFrom<{ revision: number; item: { id: string } }>(page, 'POST', `${C}/blocks/add`, {
        uuid: course,
        revision,
        item: 'form',
        section: section.item.id,
        values: { ...threeQuestionForm(), name, weight, required },
      })
      revision = added.revision
      forms.push(added.item.id)
    }
    await apiFrom(page, 'POST', `${C}/publish/all`, { uuid: course })
    expect(errors).toEqual([])
  })

  it('a learner passes a form and reads their progress page from the dashboard', async () => {
    expect(course).not.toBe('')
    const { page, errors } = await signedIn(learner.email, learner.password)
    await apiFrom(page, 'POST', `${L}/course/subscribe`, { uuid: course, plan })
    await apiFrom(page, 'POST', `${L}/forms/completed`, { course, id: forms[1], answers: RIGHT_ANSWERS })
    await page.goto('/dashboard')
    await page.getByRole('link', { name: 'My grades' }).click()
    await page.getByRole('heading', { level: 1, name: 'My progress in Fractions' }).waitFor({ timeout: 20_000 })
    // (3 × 0 + 1 × 100) / 4
    await page.getByText('25 %', { exact: true }).waitFor()
    await expect(page.getByRole('region', { name: 'What remains for the certificate' }).getByRole('link', { name: 'First check' }).isVisible()).resolves.toBe(
      true,
    )
    await check(page, 'learner-progress')
    expect(errors).toEqual([])
  })

  it('the creator reads the learner’s row in the builder’s gradebook tab and changes a weight', async () => {
    const { page, errors } = await signedIn(creator.email, creator.password)
    await page.goto(`/creator/courses/${course}/gradebook`)
    const row = page.getByRole('row', { name: /Lucía Aprendiz/ })
    await row.waitFor({ timeout: 20_000 })
    await expect(row.textContent()).resolves.toContain('25 %')
    await check(page, 'builder-gradebook')
    const weight = page.getByRole('textbox', { name: 'First check' })
    await weight.fill('2')
    await page.getByRole('status', { name: 'Save status' }).getByText('All changes saved').waitFor({ timeout: 20_000 })
    const saved = await apiFrom<{ items: Array<{ id: string; weight: number }> }>(page, 'GET', `${L}/gradebook/${course}/weights`)
    expect(saved.items.map((i) => i.weight)).toEqual([2, 1])
    expect(errors).toEqual([])
  })
})
