import fs from 'node:fs'
import os from 'node:os'
import nodePath from 'node:path'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { axeViolations } from './a11y.js'
import { useJourney } from './journey.js'
import { apiFrom, createConfirmedUser, networkSettled, putInGroups, strongPassword } from './support.js'

/**
 * Organisation managers in a real Chromium (decision 0038): an administrator gives an organisation
 * seats on a course (on the organisation's edit page) and puts a user in the organisation's group; the
 * manager finds the organisation in the top menu, sees only its people, subscribes them until the
 * seats run out, and downloads the CSV report. axe-core on every screen; pictures at 1366×768 and 390×844.
 */

const SHOTS = process.env.ORGANISATIONS_SHOTS_DIR ?? nodePath.join(os.tmpdir(), 'aula-organisations-shots')
const DESKTOP = { width: 1366, height: 768 }
const PHONE = { width: 390, height: 844 }
const COURSE = 'Bienvenida al centro de estudios'

// The demo catalogue gives the course the seats are on.
const journey = useJourney({ env: { AULA_SEED: 'demo' }, shots: SHOTS, failurePrefix: 'organisations-' })
let admin: Page
let adminJwt = ''
let orgId = ''
const manager = { email: 'mara@acme.example', password: strongPassword() }

beforeAll(async () => {
  ;({ page: admin, jwt: adminJwt } = await journey.bootstrapAdmin({ timeout: 20_000 }))
  const org = await apiFrom<{ Item: { id: string } }>(admin, 'POST', '/api/v2/admin/organizations/create', {
    name: 'Acme',
    description: '',
    domain: 'acme.example',
  })
  orgId = org.Item.id
  await createConfirmedUser(journey.server, manager.email, manager.password, 'Mara Manager')
  await createConfirmedUser(journey.server, 'ana@acme.example', strongPassword(), 'Ana Acme')
  await createConfirmedUser(journey.server, 'olga@other.example', strongPassword(), 'Olga Other')
  // The manager's group: the organisation's domain (made when the organisation was saved).
  await putInGroups(journey.server.url, adminJwt, manager.email, ['general', 'acme.example'])
}, 120_000)

async function check(page: Page, name: string) {
  await networkSettled(page)
  expect(await axeViolations(page), `${name}: ${page.url()}`).toEqual([])
  await page.screenshot({ path: nodePath.join(SHOTS, `${name}.png`), fullPage: true })
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
  expect(overflow, `${name} scrolls sideways`).toBeLessThanOrEqual(0)
}

async function signIn(viewport: { width: number; height: number }) {
  const { page } = await journey.page({ language: 'eng', viewport })
  await page.goto('/login')
  await page.getByRole('textbox', { name: 'Email' }).fill(manager.email)
  await page.getByLabel('Password', { exact: true }).fill(manager.password)
  await page.getByRole('button', { name: 'Log in' }).click()
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 20_000 })
  return page
}

describe('organisation managers', () => {
  it('an administrator gives the organisation one seat on a course', async () => {
    await admin.setViewportSize(DESKTOP)
    await admin.goto(`/admin/organizations/${orgId}`)
    const seats = admin.getByRole('region', { name: 'Seats per course' })
    await seats.getByRole('combobox', { name: 'Course' }).fill('Bienvenida')
    await admin.getByRole('option', { name: COURSE }).click()
    await seats.getByRole('spinbutton', { name: 'Seats' }).fill('1')
    await seats.getByRole('button', { name: 'Save seats' }).click()
    await expect.poll(() => seats.getByText(`${COURSE}: 1`).count()).toBe(1)
    await check(admin, 'desktop-admin-seats')
  })

  it('the manager sees only the organisation’s people, subscribes one until the seats run out, and downloads the report', async () => {
    const page = await signIn(DESKTOP)
    await page.getByRole('link', { name: 'Organisation acme.example' }).first().click()
    await page.waitForURL('**/admin/acme.example')
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Organisation Acme' }).count()).toBe(1)
    await expect.poll(() => page.getByRole('button', { name: /Ana Acme/ }).count()).toBe(1)
    expect(await page.getByText('olga@other.example').count()).toBe(0)
    await check(page, 'desktop-organisation')

    await page.getByRole('button', { name: /Ana Acme/ }).click()
    const panel = page.getByRole('region', { name: 'Courses of Ana Acme' })
    await panel.getByRole('combobox', { name: 'Course' }).click()
    await page.getByRole('option', { name: `${COURSE} (1 free)` }).click()
    // The seeded course may offer several plans: take the first.
    if (await panel.getByRole('button', { name: 'Add subscription' }).isDisabled()) {
      await panel.getByRole('combobox', { name: 'Plan' }).click()
      await page.getByRole('option').first().click()
    }
    await panel.getByRole('button', { name: 'Add subscription' }).click()
    await expect.poll(() => panel.getByText(/Subscription added: Ana Acme/).count()).toBe(1)
    await expect.poll(() => panel.getByText('No seats are left on any course.').count()).toBe(1)
    await expect.poll(() => page.getByText('0 of 1 seats free').count()).toBe(1)
    await check(page, 'desktop-organisation-person')

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV report' }).click()])
    const file = nodePath.join(SHOTS, 'report.csv')
    await download.saveAs(file)
    const bytes = fs.readFileSync(file)
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const text = bytes.toString('utf8')
    expect(text).toContain(`ana@acme.example,Ana Acme,${COURSE},active,0,,\r\n`)
    expect(text).not.toContain('olga@other.example')
  })

  it('works on a phone', async () => {
    const page = await signIn(PHONE)
    await page.goto('/admin/acme.example')
    await expect.poll(() => page.getByRole('button', { name: /Ana Acme/ }).count()).toBe(1)
    await check(page, 'phone-organisation')
    await page.getByRole('button', { name: /Ana Acme/ }).click()
    await expect.poll(() => page.getByRole('cell', { name: COURSE }).count()).toBe(1)
    await check(page, 'phone-organisation-person')
  })
})
