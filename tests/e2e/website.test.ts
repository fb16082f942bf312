import nodePath from 'node:path'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { axeViolations } from './a11y.js'
import { gradientPng, localInput } from './steps.js'
import { useJourney, type StaffUser } from './journey.js'
import { networkSettled } from './support.js'

/**
 * The website editors in a real Chromium: an administrator adds a carousel slide with an image and a
 * news post scheduled a little later; the sign-in screen shows the slide, and the public read route
 * lists the post once its time has come. axe-core checks every screen; pictures at 1366×768 and
 * 390×844 go to SHOTS.
 */

const SHOTS = process.env.WEBSITE_SHOTS_DIR ?? '/tmp/aula-website-shots'
const DESKTOP = { width: 1366, height: 768 }
const PHONE = { width: 390, height: 844 }

const journey = useJourney({ shots: SHOTS, failurePrefix: 'website-' })
let admin: StaffUser

beforeAll(async () => {
  admin = await journey.staff(['admin'], 'Ana Portal')
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

describe('website content', { timeout: 300_000 }, () => {
  it('an administrator adds a slide with an image; the sign-in screen shows it', async () => {
    const { page, errors } = await signedIn()
    await page.goto('/admin/website/carousel')
    await expect.poll(() => page.getByText('This site has no slides yet').count(), { timeout: 20_000 }).toBe(1)
    await check(page, 'carousel-empty')
    await page.getByRole('button', { name: 'Add slide' }).click()
    const dialog = page.getByRole('dialog', { name: 'New slide' })
    await dialog.getByRole('textbox', { name: 'Title' }).fill('Enrolment is open')
    await dialog.getByRole('textbox', { name: 'Text' }).fill('Courses start in January')
    await dialog.getByRole('textbox', { name: 'Link (optional)' }).fill('/register')
    await dialog.getByLabel('Image: Choose file').setInputFiles({ name: 'campus.png', mimeType: 'image/png', buffer: gradientPng(320, 180) })
    await expect.poll(() => dialog.getByText('campus.png').count(), { timeout: 20_000 }).toBeGreaterThan(0)
    await check(page, 'carousel-dialog')
    await dialog.getByRole('button', { name: 'Save' }).click()
    const list = page.getByRole('list', { name: 'Slides in the order they appear' })
    await expect.poll(() => list.getByRole('heading', { name: 'Enrolment is open' }).count(), { timeout: 20_000 }).toBe(1)
    await check(page, 'carousel')
    expect(errors).toEqual([])

    const phone = await journey.page({ language: 'eng', viewport: PHONE })
    await phone.page.goto('/login')
    await expect.poll(() => phone.page.getByText('Enrolment is open').count(), { timeout: 20_000 }).toBe(1)
    await check(phone.page, 'login-slide')
    const desktop = await journey.page({ language: 'eng', viewport: DESKTOP })
    await desktop.page.goto('/login')
    await expect.poll(() => desktop.page.getByText('Enrolment is open').count(), { timeout: 20_000 }).toBe(1)
    const image = desktop.page.locator('section[aria-roledescription="carousel"] img')
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 20_000 }).toBe(true)
    await check(desktop.page, 'login-slide')
  })

  it('a news post scheduled a little later is public once its time comes', async () => {
    const { page } = await signedIn()
    await page.goto('/admin/website/news')
    await expect.poll(() => page.getByText('There are no posts yet').count(), { timeout: 20_000 }).toBe(1)
    await check(page, 'news-empty')
    await page.getByRole('link', { name: 'New post' }).click()
    await page.getByRole('textbox', { name: 'Title' }).fill('New school year')
    await page.getByRole('textbox', { name: 'Summary' }).fill('It starts in January')
    await page.locator('.ProseMirror').click()
    await page.keyboard.type('Welcome back to the campus.')
    await page.getByRole('combobox', { name: 'State' }).click()
    await page.getByRole('option', { name: 'Scheduled' }).click()
    await page.getByRole('listbox').waitFor({ state: 'detached' })
    // The editor takes whole minutes: the next one at least 25 s ahead (time to save and to see the post
    // still hidden), so the wait is between 25 and 85 s.
    const at = new Date(Math.ceil((Date.now() + 25_000) / 60_000) * 60_000)
    await page.getByLabel('Publication date').fill(localInput(at))
    await check(page, 'news-editor')
    await page.getByRole('button', { name: 'Save' }).click()
    await page.waitForURL(/\/admin\/website\/news\/[0-9a-f-]{36}$/, { timeout: 20_000 })
    await expect.poll(() => page.getByRole('heading', { name: 'Revision history' }).count(), { timeout: 20_000 }).toBe(1)

    const listed = async () => {
      const res = await fetch(`${journey.server.url}/api/v2/site/website/posts/news`)
      return ((await res.json()) as { items: Array<{ slug: string }> }).items.map((p) => p.slug)
    }
    if (at.getTime() - Date.now() > 5_000) expect(await listed()).not.toContain('new-school-year')
    await page.goto('/admin/website/news')
    await expect.poll(() => page.getByRole('link', { name: 'New school year' }).count(), { timeout: 20_000 }).toBe(1)
    await check(page, 'news')
    await expect.poll(listed, { timeout: 180_000, interval: 5_000 }).toContain('new-school-year')

    const phone = await journey.page({ language: 'eng', viewport: PHONE })
    await phone.page.goto('/login')
    await phone.page.getByRole('textbox', { name: 'Email' }).fill(admin.email)
    await phone.page.getByLabel('Password', { exact: true }).fill(admin.password)
    await phone.page.getByRole('button', { name: 'Log in' }).click()
    await phone.page.waitForURL('**/dashboard', { timeout: 20_000 })
    await phone.page.goto('/admin/website/news')
    await expect.poll(() => phone.page.getByText('Published').count(), { timeout: 20_000 }).toBeGreaterThan(0)
    await check(phone.page, 'news')
    await phone.page.goto('/admin/website/carousel')
    await expect.poll(() => phone.page.getByRole('heading', { name: 'Enrolment is open' }).count(), { timeout: 20_000 }).toBe(1)
    await check(phone.page, 'carousel')
  })
})
