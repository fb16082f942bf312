import fs from 'node:fs'
import nodePath from 'node:path'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { axeViolations } from './a11y.js'
import { useJourney } from './journey.js'
import { apiFrom, createConfirmedUser, networkSettled, strongPassword, uniqueEmail } from './support.js'

/**
 * Finances in a real Chromium against the real server: an administrator sells three subscriptions
 * to priced plans (an admin-added subscription is a sale); a member of the finances group (not an
 * administrator) finds the Finances menu, opens the landing page and the sales chart, changes the
 * period to one without sales and back, and exports the chart's data and the list of sales as CSV
 * (the files' contents checked). axe-core runs on every finance screen at 1366×768 and 390×844, and
 * each is photographed into SHOTS for review.
 */

const SHOTS = process.env.FINANCE_SHOTS_DIR ?? '/tmp/aula-finance-shots'
const DESKTOP = { width: 1366, height: 768 }
const PHONE = { width: 390, height: 844 }

const journey = useJourney({ shots: SHOTS })
let admin: Page
let finance: { email: string; password: string }

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login')
  await page.getByRole('textbox', { name: 'Email' }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Log in' }).click()
}

/** An API call with the signed-in administrator's token, as the web app makes it. */
const api = <T>(method: string, url: string, body?: unknown) => apiFrom<T>(admin, method, url, body)

beforeAll(async () => {
  // The bootstrap administrator completes the first sign-in.
  ;({ page: admin } = await journey.bootstrapAdmin({ timeout: 15_000 }))

  // A course with two priced plans and a free one; three sales and one free subscription.
  const started = await api<{ uuid: string; revision: number }>('POST', '/api/v2/courses/creator/start', { name: 'Astronomía, nivel 1' })
  const plans = await api<{ items: Array<{ id: string; name: string }> }>('POST', '/api/v2/courses/creator/builder/subscription-update', {
    uuid: started.uuid,
    revision: started.revision,
    items: [
      { name: 'Full year', durationDays: 365, price: 49.9, currency: 'EUR' },
      { name: 'One month', durationDays: 30, price: 9.5, currency: 'EUR' },
      { name: 'Free week', durationDays: 7 },
    ],
  })
  const plan = (name: string) => plans.items.find((p) => p.name === name)!.id
  for (const [who, planName] of [
    ['ana', 'Full year'],
    ['bruno', 'Full year'],
    ['carla', 'One month'],
    ['dario', 'Free week'],
  ] as const) {
    const learner = (await api<{ Item: { email: string } }>('POST', '/api/admin/users/create', { email: uniqueEmail(who), name: who })).Item
    await api('POST', '/api/admin/courses/course/subscriptors/add', { uuid: started.uuid, subscription: plan(planName), user: learner.email })
  }

  // Finance staff: a registered user the administrator puts in the finances group (and nothing else).
  finance = await journey.staff(['finances'], 'Fiona Finanzas', 'fiona-finance')
})

async function financePage(viewport: { width: number; height: number } = DESKTOP, colorScheme: 'light' | 'dark' = 'light') {
  const { page, errors } = await journey.page({ language: 'eng', viewport, colorScheme })
  await signIn(page, finance.email, finance.password)
  // Finance staff who are not learners land on the finance overview, the screen they work in.
  await page.waitForURL('**/admin/finances', { timeout: 15_000 })
  return { page, errors }
}

/** Waits for the charts to settle, checks axe-core (0 serious or critical), photographs the screen. */
async function check(page: Page, name: string) {
  await networkSettled(page)
  await page
    .locator('[aria-busy="true"]')
    .first()
    .waitFor({ state: 'detached' })
    .catch(() => undefined)
  expect(await axeViolations(page), `${name}: ${page.url()}`).toEqual([])
  const width = page.viewportSize()?.width ?? 0
  await page.screenshot({ path: nodePath.join(SHOTS, `${width <= 400 ? 'phone' : 'desktop'}-${name}.png`), fullPage: true })
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
  expect(overflow, `${name} scrolls sideways`).toBeLessThanOrEqual(0)
}

/** Clicks a download button and answers the saved file's text. */
async function download(page: Page, button: string): Promise<{ name: string; text: string; bom: boolean }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button, exact: true }).click()])
  const bytes = fs.readFileSync((await file.path())!)
  return {
    name: file.suggestedFilename(),
    bom: bytes.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf])),
    text: bytes.toString('utf8').replace(/^\uFEFF/, ''),
  }
}

describe('finances journey', () => {
  it('finance staff open the sales chart, change the period and export CSV', async () => {
    const { page, errors } = await financePage()
    // The Finances menu is there for the finances group; Management is not.
    const menu = page.getByRole('navigation', { name: 'Main menu' })
    await menu.getByText('Finances', { exact: true }).first().click()
    await menu
      .getByRole('link', { name: 'Overview' })
      .or(page.getByRole('menuitem', { name: 'Overview' }))
      .first()
      .click()
    await page.waitForURL('**/admin/finances')
    await expect.poll(() => menu.getByText('Management', { exact: true }).count()).toBe(0)
    await page.getByRole('heading', { level: 1, name: 'Finances' }).waitFor()
    const totals = page.getByRole('region', { name: 'Totals for the period' })
    // Revenue and net (nothing refunded) are the same figure.
    await totals.getByText('€109.30').first().waitFor()
    expect(await totals.getByText('Revenue in EUR').count()).toBe(1)
    await check(page, 'finances')

    // The sales screen: the chart over the last 30 days has today's sales.
    await page.getByRole('link', { name: /^Sales Sales over time/ }).click()
    await page.waitForURL('**/admin/finances/sales?**')
    const overTime = page.getByRole('region', { name: 'Sales over time' })
    await overTime.getByRole('figure').waitFor()
    const list = page.getByRole('region', { name: 'List of sales' })
    await list.getByText('3 sales').waitFor()
    await check(page, 'finances-sales')

    // A period long before any sale: the charts and the list say so, and the address keeps it.
    await page.getByLabel('From', { exact: true }).fill('2024-01-01')
    await page.getByLabel('To', { exact: true }).fill('2024-03-31')
    await page.getByRole('button', { name: 'Apply', exact: true }).click()
    await page.waitForURL('**from=2024-01-01&to=2024-03-31**')
    await overTime.getByText('No data for this period').waitFor()
    await list.getByText('There are no sales in this period.').waitFor()
    await check(page, 'finances-sales-empty')
    await page.reload()
    await page.getByRole('region', { name: 'List of sales' }).getByText('There are no sales in this period.').waitFor()

    // Back to the last 7 days, by week; the chart's data and the list export as CSV.
    await page.getByRole('button', { name: 'Last 7 days', exact: true }).click()
    await page.getByRole('button', { name: 'Week', exact: true }).click()
    await list.getByText('3 sales').waitFor()
    await overTime.getByRole('figure').waitFor()
    const chartCsv = await download(page, 'Export CSV: Sales over time')
    expect(chartCsv.name).toMatch(/^sales-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}-week\.csv$/)
    expect(chartCsv.bom).toBe(true)
    const chartLines = chartCsv.text.trimEnd().split('\r\n')
    expect(chartLines[0]).toBe('Period,Revenue (EUR),Sales (EUR)')
    const weekly = chartLines.slice(1).map((l) => l.split(','))
    expect(weekly.reduce((sum, cells) => sum + Number(cells[1]), 0)).toBeCloseTo(109.3)
    expect(weekly.reduce((sum, cells) => sum + Number(cells[2]), 0)).toBe(3)

    const listCsv = await download(page, 'Export CSV: List of sales')
    expect(listCsv.bom).toBe(true)
    const rows = listCsv.text.trimEnd().split('\r\n')
    expect(rows[0]).toBe(
      'sold_at,course,plan,amount,currency,buyer_email,buyer,channel,recorded_by,course_id,plan_id,sale_id,subscription_id,revoked_at,receipt_number,refunded_amount,refunded_at',
    )
    // The course name holds a comma: quoted, as RFC 4180 says.
    const sold = rows.slice(1).map((r) => /^20[\d:.TZ-]+,"Astronomía, nivel 1",([^,]+),([\d.]+),(EUR),/.exec(r)?.slice(1).join(' '))
    expect(sold.sort()).toEqual(['Full year 49.90 EUR', 'Full year 49.90 EUR', 'One month 9.50 EUR'])

    // The table view is the chart's text alternative.
    await overTime.getByRole('button', { name: 'Table', exact: true }).click()
    await overTime.getByRole('table').waitFor()
    await check(page, 'finances-sales-table')

    await page.getByRole('navigation', { name: 'Finances' }).getByRole('link', { name: 'Finance analytics' }).click()
    await page.getByRole('region', { name: 'Share by course' }).getByRole('figure').waitFor()
    await check(page, 'finances-analytics')
    expect(errors).toEqual([])
  })

  it('every finance screen passes axe-core on a phone and scrolls only downwards', async () => {
    const { page, errors } = await financePage(PHONE)
    for (const [path, name, ready] of [
      ['/admin/finances', 'finances', 'Totals for the period'],
      ['/admin/finances/sales', 'finances-sales', 'List of sales'],
      ['/admin/finances/analytics', 'finances-analytics', 'Share by course'],
    ] as const) {
      await page.goto(path)
      await page.getByRole('region', { name: ready }).waitFor()
      await check(page, name)
    }
    expect(errors).toEqual([])
  })

  it('reads well in the dark theme (axe-core checks the contrast)', async () => {
    const { page, errors } = await financePage(DESKTOP, 'dark')
    await page.goto('/admin/finances/sales')
    await page.getByRole('region', { name: 'Sales over time' }).getByRole('figure').waitFor()
    await check(page, 'finances-sales-dark')
    await page.goto('/admin/finances/analytics')
    await page.getByRole('region', { name: 'Share by course' }).getByRole('figure').waitFor()
    await check(page, 'finances-analytics-dark')
    expect(errors).toEqual([])
  })

  it('refuses the finance API to a learner and shows the learner permission denied', async () => {
    const context = await journey.context({ language: 'eng' })
    const page = await context.newPage()
    const email = uniqueEmail('lena')
    const password = strongPassword()
    await createConfirmedUser(journey.server, email, password, 'Lena Learner')
    await signIn(page, email, password)
    await page.waitForURL('**/dashboard', { timeout: 15_000 })
    await page.goto('/admin/finances/sales')
    await page.getByRole('heading', { name: 'Permission denied' }).waitFor()
    const status = await page.evaluate(
      async () => (await fetch('/api/v2/finances/sales/totals', { headers: { Authorization: `Bearer ${localStorage.getItem('jwt')}` } })).status,
    )
    expect(status).toBe(403)
  })
})
