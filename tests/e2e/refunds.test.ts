import nodePath from 'node:path'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { axeViolations } from './a11y.js'
import { useJourney, type StaffUser } from './journey.js'
import { apiFrom, networkSettled } from './support.js'

/**
 * Receipts and refunds in a real Chromium against the real server: an administrator sells a priced
 * plan to a learner; the learner finds the Receipt button in Settings › Subscriptions and downloads
 * the PDF; the administrator opens the sale's details from the finance overview, fills the refund
 * form and confirms it. axe-core on the pane and the dialog at 1366×768 and 390×844; screenshots in
 * SHOTS for review.
 */

const SHOTS = process.env.REFUND_SHOTS_DIR ?? '/tmp/aula-refund-shots'
const DESKTOP = { width: 1366, height: 768 }
const PHONE = { width: 390, height: 844 }

const journey = useJourney({ shots: SHOTS })
let admin: Page
let learner: StaffUser
let staffAdmin: StaffUser

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login')
  await page.getByRole('textbox', { name: 'Email' }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Log in' }).click()
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 15_000 })
}

async function shot(page: Page, name: string) {
  await networkSettled(page)
  expect(await axeViolations(page), `${name}: ${page.url()}`).toEqual([])
  const width = page.viewportSize()?.width ?? 0
  await page.screenshot({ path: nodePath.join(SHOTS, `${width <= 400 ? 'phone' : 'desktop'}-${name}.png`) })
}

beforeAll(async () => {
  ;({ page: admin } = await journey.bootstrapAdmin({ timeout: 15_000 }))
  const api = <T>(method: string, url: string, body?: unknown) => apiFrom<T>(admin, method, url, body)
  const started = await api<{ uuid: string; revision: number }>('POST', '/api/v2/courses/creator/start', { name: 'Astronomía, nivel 1' })
  const plans = await api<{ items: Array<{ id: string }> }>('POST', '/api/v2/courses/creator/builder/subscription-update', {
    uuid: started.uuid,
    revision: started.revision,
    items: [{ name: 'Full year', durationDays: 365, price: 49.9, currency: 'EUR' }],
  })
  learner = await journey.staff(['general'], 'Lucía Learner', 'lucia')
  staffAdmin = await journey.staff(['admin'], 'Ada Admin', 'ada')
  await api('POST', '/api/admin/courses/course/subscriptors/add', { uuid: started.uuid, subscription: plans.items[0].id, user: learner.email })
})

describe('receipts and refunds journey', () => {
  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`the learner downloads the receipt (${label})`, async () => {
      const { page } = await journey.page({ language: 'eng', viewport })
      await signIn(page, learner.email, learner.password)
      await page.goto('/settings/subscriptions')
      const button = page.getByRole('button', { name: 'Download the receipt of Astronomía, nivel 1' })
      await button.waitFor()
      await shot(page, 'subscriptions-receipt')
      const [file] = await Promise.all([page.waitForEvent('download'), button.click()])
      expect(file.suggestedFilename()).toMatch(/\.pdf$/)
    })

    it(`the administrator refunds part of the sale (${label})`, async () => {
      const { page } = await journey.page({ language: 'eng', viewport })
      await signIn(page, staffAdmin.email, staffAdmin.password)
      await page.goto('/admin/finances')
      await page.getByRole('button', { name: `Details of the sale of Astronomía, nivel 1 to ${learner.email}` }).click()
      const dialog = page.getByRole('dialog')
      await dialog.getByText('Left to refund').waitFor()
      await shot(page, 'sale-dialog')
      await dialog.getByRole('button', { name: 'Refund', exact: true }).click()
      await dialog.getByRole('radio', { name: 'Shorten it' }).check()
      await dialog.getByRole('button', { name: 'Continue' }).click()
      await dialog.getByText('Say why the sale is refunded').waitFor()
      await shot(page, 'refund-form-errors')
      await dialog.getByRole('textbox', { name: 'Amount (EUR)' }).fill('10')
      await dialog.getByRole('textbox', { name: 'Reason' }).fill('Started a month late')
      await dialog.getByRole('textbox', { name: 'Days to take off' }).fill('30')
      await shot(page, 'refund-form')
      await dialog.getByRole('button', { name: 'Continue' }).click()
      await dialog.getByText(`Refund €10.00 to ${learner.email}?`).waitFor()
      await shot(page, 'refund-confirm')
      await dialog.getByRole('button', { name: 'Refund €10.00' }).click()
      await page.getByText('Sale refunded').first().waitFor()
      await dialog
        .getByText(/by .*: Started a month late/)
        .first()
        .waitFor()
      await shot(page, 'sale-refunded')
    })
  }
})
