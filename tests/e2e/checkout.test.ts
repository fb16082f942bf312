import nodePath from 'node:path'
import os from 'node:os'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkoutSession, signedEvent, startStripeStandIn, STRIPE_TEST_KEY, STRIPE_TEST_WEBHOOK_SECRET, type StripeStandIn } from '../helpers/stripe.js'
import { axeViolations } from './a11y.js'
import { useJourney } from './journey.js'
import { apiFrom, networkSettled } from './support.js'

/**
 * Online checkout in a real Chromium against the real server (decision 0028), with a local stand-in of
 * the Stripe API: an administrator puts a priced plan on the seeded demo course and enables its sales; a
 * learner finds the Buy button on the overview (1366×768 and 390×844, axe-core, photographed into SHOTS),
 * presses it with the keyboard and lands on the stand-in's payment page; back on the overview the page
 * says the payment was received and waits; the signed webhook arrives and the course opens.
 */

const SHOTS = process.env.CHECKOUT_SHOTS_DIR ?? nodePath.join(os.tmpdir(), 'aula-checkout-shots')
const COURSE = 'Bienvenida al centro de estudios'
const env: Record<string, string> = { AULA_SEED: 'demo', STRIPE_SECRET_KEY: STRIPE_TEST_KEY, STRIPE_WEBHOOK_SECRET: STRIPE_TEST_WEBHOOK_SECRET }
let stripe: StripeStandIn

// Registered before the journey's own hook: the server starts with the stand-in's address.
beforeAll(async () => {
  stripe = await startStripeStandIn()
  env.STRIPE_API_BASE = stripe.base
})
afterAll(() => stripe?.close())

const journey = useJourney({ env, shots: SHOTS })
let uuid = ''
let learner: { email: string; password: string }
let admin: Page

beforeAll(async () => {
  ;({ page: admin } = await journey.bootstrapAdmin({ timeout: 20_000 }))
  const api = <T>(method: string, url: string, body?: unknown) => apiFrom<T>(admin, method, url, body)
  const page = await api<{ items: Array<{ uuid: string; name: string }> }>('GET', '/api/v2/courses/all/1')
  uuid = page.items.find((c) => c.name === COURSE)!.uuid
  const revision = async () => (await api<{ Item: { revision: number } }>('GET', `/api/v2/courses/creator/builder/${uuid}`)).Item.revision
  await api('PUT', '/api/v2/courses/creator/builder/update-general', { uuid, revision: await revision(), salesEnabled: true })
  await api('POST', '/api/v2/courses/creator/builder/subscription-update', {
    uuid,
    revision: await revision(),
    items: [
      { name: 'Open access', durationDays: 30 },
      { name: 'Mentored', durationDays: 60, price: 49.9, currency: 'EUR' },
    ],
  })
  await api('POST', '/api/v2/courses/creator/publish/all', { uuid })
  learner = await journey.staff(['general'], 'Lucía Martín', 'buyer')
})

async function signIn(viewport: { width: number; height: number }) {
  const { page, errors } = await journey.page({ language: 'eng', viewport })
  await page.goto('/login')
  await page.getByRole('textbox', { name: 'Email' }).fill(learner.email)
  await page.getByLabel('Password', { exact: true }).fill(learner.password)
  await page.getByRole('button', { name: 'Log in' }).click()
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 15_000 })
  return { page, errors }
}

async function check(page: Page, name: string) {
  await networkSettled(page)
  expect(await axeViolations(page), `${name}: ${page.url()}`).toEqual([])
  await page.screenshot({ path: nodePath.join(SHOTS, `${name}.png`), fullPage: true })
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
  expect(overflow, `${name} scrolls sideways`).toBeLessThanOrEqual(0)
}

describe('buying a plan online', () => {
  it('shows a Buy button per priced plan on a phone', async () => {
    const { page, errors } = await signIn({ width: 390, height: 844 })
    await page.goto(`/galaxy/courses/overview/${uuid}`)
    await page.getByRole('button', { name: 'Buy: Mentored' }).waitFor()
    await check(page, 'phone-overview-buy')
    expect(errors).toEqual([])
  })

  it('Buy by keyboard → payment page → back: "payment received", then the course opens once the webhook came', async () => {
    const { page, errors } = await signIn({ width: 1366, height: 768 })
    await page.goto(`/galaxy/courses/overview/${uuid}`)
    const buy = page.getByRole('button', { name: 'Buy: Mentored' })
    await buy.waitFor()
    await check(page, 'desktop-overview-buy')
    await buy.focus()
    await page.keyboard.press('Enter')
    await page.waitForURL(`${stripe.base}/c/pay/**`, { timeout: 15_000 })
    const fields = stripe.sessions.at(-1)!
    expect(fields['line_items[0][price_data][unit_amount]']).toBe('4990')
    const sessionId = new URL(page.url()).pathname.split('/').at(-1)!
    // The learner comes back before the webhook does.
    await page.goto(fields.success_url.replace(/^https?:\/\/[^/]+/, ''))
    await page.getByText('Payment received: your course will appear in a moment.').waitFor()
    await check(page, 'desktop-payment-received')
    const { payload, signature } = signedEvent(
      'checkout.session.completed',
      checkoutSession(sessionId, fields, { status: 'complete', payment_status: 'paid', payment_intent: 'pi_journey_1' }),
    )
    const hook = await fetch(`${journey.server.url}/api/v2/payments/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    })
    expect(hook.status).toBe(200)
    await page.getByRole('link', { name: 'Start or continue the course' }).waitFor({ timeout: 15_000 })
    await page.getByText(/Active subscription: 5\d days left/).waitFor()
    await check(page, 'desktop-bought')
    expect(errors).toEqual([])
  })

  it('the learner finds the course on the dashboard and downloads the receipt; an administrator refunds it all, revoking the subscription; the learner is told', async () => {
    const { page, errors } = await signIn({ width: 1366, height: 768 })
    await page.goto('/dashboard')
    await page.getByText(COURSE).first().waitFor({ timeout: 15_000 })
    await page.goto('/settings/subscriptions')
    const receipt = page.getByRole('button', { name: `Download the receipt of ${COURSE}` })
    await receipt.waitFor()
    const [file] = await Promise.all([page.waitForEvent('download'), receipt.click()])
    expect(file.suggestedFilename()).toMatch(/\.pdf$/)

    await admin.goto('/admin/finances')
    await admin.getByRole('button', { name: `Details of the sale of ${COURSE} to ${learner.email}` }).click()
    const dialog = admin.getByRole('dialog')
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click()
    await dialog.getByRole('radio', { name: 'Revoke it' }).check()
    await dialog.getByRole('textbox', { name: 'Amount (EUR)' }).fill('49.90')
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Bought by mistake')
    await dialog.getByRole('button', { name: 'Continue' }).click()
    await dialog.getByRole('button', { name: 'Refund €49.90' }).click()
    await admin.getByText('Sale refunded').first().waitFor()
    expect(stripe.refunds.at(-1)).toMatchObject({ payment_intent: 'pi_journey_1', amount: '4990' })

    // The learner's bell has it, live or on the next page.
    await page.goto('/dashboard')
    const bell = page.getByRole('button', { name: /^Notifications, [1-9]\d* unread$/ })
    await bell.waitFor({ timeout: 15_000 })
    await bell.click()
    await page.getByText(`Your subscription to the course "${COURSE}" has been revoked.`).waitFor()
    await check(page, 'desktop-notification-revoked')
    expect(errors).toEqual([])
  })
})
