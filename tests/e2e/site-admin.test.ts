import nodePath from 'node:path'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { axeViolations } from './a11y.js'
import { useJourney, type StaffUser } from './journey.js'
import { networkSettled } from './support.js'

/**
 * The website admin's catalogue screens in a real Chromium (demo catalogue seeded): an administrator
 * features a published course and saves the list, and opens the careers and analytics screens. axe-core
 * checks every screen; pictures at 1366×768 and 390×844 go to SHOTS.
 */

const SHOTS = process.env.SITE_ADMIN_SHOTS_DIR ?? '/tmp/aula-site-admin-shots'
const DESKTOP = { width: 1366, height: 768 }
const PHONE = { width: 390, height: 844 }

const journey = useJourney({ env: { AULA_SEED: 'demo' }, shots: SHOTS, failurePrefix: 'site-admin-' })
let admin: StaffUser

beforeAll(async () => {
  admin = await journey.staff(['admin'], 'Sara Sitio')
  const res = await fetch(`${journey.server.url}/api/v2/admin/careers/create`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${admin.adminJwt}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Ingeniería en Sistemas', description: 'Software, redes y datos' }),
  })
  if (!res.ok) throw new Error(`could not add a career: ${res.status} ${await res.text()}`)
})

async function signedIn(viewport = DESKTOP) {
  const { page, errors } = await journey.page({ language: 'eng', viewport })
  await page.goto('/login')
  await page.getByRole('textbox', { name: 'Email' }).fill(admin.email)
  await page.getByLabel('Password', { exact: true }).fill(admin.password)
  await page.getByRole('button', { name: 'Log in' }).click()
  await page.waitForURL('**/dashboard', { timeout: 20_000 })
  return { page, errors }
}

/** axe-core finds nothing serious, and the screen is photographed. */
async function check(page: Page, name: string) {
  await networkSettled(page)
  expect(await axeViolations(page), `${name}: ${page.url()}`).toEqual([])
  const width = page.viewportSize()?.width ?? 0
  await page.screenshot({ path: nodePath.join(SHOTS, `${width <= 400 ? 'phone' : 'desktop'}-${name}.png`), fullPage: true })
}

describe('website admin: featured courses, careers, analytics', () => {
  it('features a published course through the screen and finds it saved after a reload', async () => {
    const { page, errors } = await signedIn()
    await page.goto('/admin/website/courses')
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Featured courses' }).isVisible(), { timeout: 20_000 }).toBe(true)
    await page.getByText('This site features no course yet').waitFor()
    await check(page, 'featured-empty')
    await page.getByRole('combobox', { name: 'Add a course' }).click()
    await page.keyboard.type('estudio')
    await page.getByRole('option', { name: 'Técnicas de estudio eficaces' }).click()
    await page.getByRole('combobox', { name: 'Add a course' }).click()
    await page.keyboard.type('bienvenida')
    await page.getByRole('option', { name: 'Bienvenida al centro de estudios' }).click()
    await page.getByRole('button', { name: 'Move up: Bienvenida al centro de estudios' }).click()
    await page.getByRole('button', { name: 'Save' }).click()
    await page.getByText('Featured courses saved').waitFor()
    await page.reload()
    const list = page.getByRole('list', { name: 'Featured courses in the order they appear' })
    await list.waitFor()
    await expect
      .poll(() => list.getByRole('heading', { level: 2 }).allTextContents())
      .toEqual(['Bienvenida al centro de estudios', 'Técnicas de estudio eficaces'])
    await check(page, 'featured')

    await page.goto('/admin/website/careers')
    await page.getByRole('heading', { level: 1, name: 'Careers' }).waitFor()
    await page.getByText('This site shows no career yet').waitFor()
    await page.getByRole('combobox', { name: 'Add a career' }).click()
    await page.keyboard.type('sistemas')
    await page.getByRole('option', { name: 'Ingeniería en Sistemas' }).click()
    await page.getByRole('button', { name: 'Save' }).click()
    await page.getByText('Careers saved').waitFor()
    const careers = page.getByRole('list', { name: 'Careers in the order they appear' })
    await careers.getByText('0 school cycles').waitFor()
    await careers.getByRole('link', { name: 'View Ingeniería en Sistemas on the site' }).waitFor()
    await check(page, 'careers')

    await page.goto('/admin/website/analytics')
    await page.getByRole('heading', { level: 1, name: 'Site analytics' }).waitFor()
    await page.getByText('Visits are counted without cookies or personal data.').waitFor()
    await page.getByText('No data for this period').waitFor()
    await check(page, 'analytics')
    expect(errors).toEqual([])
  })

  it('lays the three screens out on a phone', async () => {
    const { page, errors } = await signedIn(PHONE)
    await page.goto('/admin/website/courses')
    await page.getByRole('list', { name: 'Featured courses in the order they appear' }).waitFor({ timeout: 20_000 })
    await check(page, 'featured')
    await page.goto('/admin/website/careers')
    await page.getByRole('list', { name: 'Careers in the order they appear' }).waitFor()
    await check(page, 'careers')
    await page.goto('/admin/website/analytics')
    await page.getByText('No data for this period').waitFor()
    await check(page, 'analytics')
    // Nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    expect(errors).toEqual([])
  })

  // The journey's server has no visits to count (the public pages count them); to see the figures laid
  // out, this test answers the report route with a fixed report of the route's shape.
  it('draws a report with figures on a desktop and on a phone', async () => {
    const days = Array.from({ length: 30 }, (_, i) => {
      const day = new Date(Date.UTC(2026, 9, 30 + i)).toISOString().slice(0, 10)
      return { day, views: (i * 7) % 23 }
    })
    const report = {
      from: days[0]!.day,
      to: days[29]!.day,
      total: days.reduce((n, d) => n + d.views, 0),
      days,
      pages: [
        { path: '/site/website/mx', views: 180 },
        { path: '/site/website/mx/news/inscripciones-abiertas-para-el-ciclo-escolar-2027', views: 95 },
        { path: '/site/website/eng/careers', views: 40 },
      ],
      referrers: [
        { host: '', views: 200 },
        { host: 'www.google.com', views: 90 },
        { host: 'facebook.com', views: 25 },
      ],
      languages: [
        { language: 'mx', views: 250 },
        { language: 'eng', views: 65 },
      ],
    }
    for (const viewport of [DESKTOP, PHONE]) {
      const { page, errors } = await signedIn(viewport)
      await page.route('**/api/v2/admin/sites/website/analytics?**', (route) => route.fulfill({ json: report }))
      await page.goto(`/admin/website/analytics?from=${report.from}&to=${report.to}`)
      await page.getByRole('figure', { name: 'Chart: Views per day. The table view shows the same data.' }).waitFor({ timeout: 20_000 })
      await page.getByRole('table', { name: 'Where visitors come from' }).getByText('Direct or unknown').waitFor()
      await check(page, 'analytics-report')
      if (viewport === PHONE) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
      expect(errors).toEqual([])
    }
  })
})
