import nodePath from 'node:path'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { axeViolations } from './a11y.js'
import { useJourney } from './journey.js'
import { networkSettled } from './support.js'

/**
 * The monitoring journey in a real Chromium against the real server: an administrator opens
 * monitoring, sees the storage size, uploads a file with the API (as the builder's cover upload does)
 * and sees the size and the file count grow after a refresh and after a reload. Every monitoring and
 * analytics screen is checked with axe-core and photographed at 1366×768 and 390×844 (into
 * /tmp/aula-monitor-shots for review).
 */

const SHOTS = process.env.MONITOR_SHOTS_DIR ?? '/tmp/aula-monitor-shots'
const VIEWPORTS = [
  { name: 'desktop', width: 1366, height: 768 },
  { name: 'phone', width: 390, height: 844 },
]
const PAGES = ['active-learners', 'subscriptions', 'completion', 'top-courses']

// The demo catalogue: the administrator studies two of its courses so the analytics have figures.
const journey = useJourney({ env: { AULA_SEED: 'demo' }, shots: SHOTS })
let page: Page
let errors: string[]

beforeAll(async () => {
  ;({ page, errors } = await journey.bootstrapAdmin({ name: 'Marta Ibáñez', timeout: 15_000 }))
  await page.getByRole('navigation', { name: 'Main menu' }).getByText('Management', { exact: true }).first().waitFor({ timeout: 15_000 })
})

/** The storage card's figures as shown. */
async function storage(): Promise<{ size: string; objects: string }> {
  const size = page.getByTestId('storage-size')
  await size.waitFor({ timeout: 20_000 })
  return { size: (await size.textContent()) ?? '', objects: (await page.getByTestId('storage-objects').textContent()) ?? '' }
}

/** Every chart panel has finished loading (no busy panel left). */
async function settled() {
  await networkSettled(page)
  await page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0, undefined, { timeout: 20_000 })
  await page.waitForTimeout(300)
}

async function checkAndShoot(name: string) {
  for (const v of VIEWPORTS) {
    await page.setViewportSize({ width: v.width, height: v.height })
    await settled()
    expect(await axeViolations(page), `${name} at ${v.name}`).toEqual([])
    // No sideways scrolling on a phone.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      `${name} scrolls sideways at ${v.name}`,
    ).toBeLessThanOrEqual(0)
    await page.screenshot({ path: nodePath.join(SHOTS, `${v.name}-${name}.png`), fullPage: true })
  }
  await page.setViewportSize({ width: 1366, height: 768 })
}

/** Uploads a file the way the builder does: upload parameters, then the browser's multipart POST. */
async function uploadCover(bytes: number): Promise<void> {
  const status = await page.evaluate(async (size) => {
    const auth = { authorization: `Bearer ${localStorage.getItem('jwt')}`, 'content-type': 'application/json' }
    const started = await fetch('/api/v2/courses/creator/start', { method: 'POST', headers: auth, body: JSON.stringify({ name: 'Curso con portada' }) })
    const { uuid } = (await started.json()) as { uuid: string }
    const par = await fetch('/api/v2/courses/creator/builder/cover-par', {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ uuid, size, contentType: 'image/png', fileName: 'portada.png' }),
    })
    const { url, fields } = (await par.json()) as { url: string; fields: Record<string, string> }
    const form = new FormData()
    for (const [k, v] of Object.entries(fields)) form.append(k, v)
    form.append('file', new Blob([new Uint8Array(size).fill(7)], { type: 'image/png' }), 'portada.png')
    return [started.status, par.status, (await fetch(url, { method: 'POST', body: form })).status]
  }, bytes)
  expect(status[0]).toBe(201)
  expect(status[1]).toBe(200)
  expect(status[2]).toBeLessThan(300)
}

describe('monitoring', () => {
  it('shows the storage size, which grows after an upload (refresh and reload)', async () => {
    await page.goto('/admin/monitoring')
    await page.getByRole('heading', { level: 1, name: 'Monitoring' }).waitFor()
    await page.getByRole('heading', { name: 'Server' }).waitFor()
    const before = await storage()
    expect(before.size).toMatch(/bytes/)
    const objectsBefore = Number(before.objects.replace(/\D/g, ''))
    // Server figures come from the running process.
    await expect.poll(() => page.getByText(/^Aula \d+\.\d+\.\d+/).count()).toBeGreaterThan(0)

    await uploadCover(250_000)
    await page.getByRole('button', { name: 'Refresh' }).click()
    await expect.poll(async () => Number((await storage()).objects.replace(/\D/g, '')), { timeout: 15_000 }).toBe(objectsBefore + 1)
    const afterRefresh = await storage()
    expect(afterRefresh.size).not.toBe(before.size)

    await uploadCover(50_000)
    await page.reload()
    await expect.poll(async () => Number((await storage()).objects.replace(/\D/g, '')), { timeout: 20_000 }).toBe(objectsBefore + 2)
    const bytes = (s: string) => Number(/\(([\d,.\s]+) bytes\)/.exec(s)?.[1]?.replace(/\D/g, ''))
    expect(bytes((await storage()).size)).toBe(bytes(before.size) + 300_000)
  })

  it('shows cost and usage as modelled, the forecast, and real-time users', async () => {
    await page.goto('/admin/monitoring')
    await settled()
    await expect.poll(() => page.getByText('Modelled figures', { exact: false }).count()).toBeGreaterThan(0)
    await page.getByRole('heading', { name: 'Forecast for the month' }).waitFor()
    await page.getByRole('heading', { name: 'Real-time users by country' }).waitFor()
    // The admin's own requests come from the loopback address: a country-less row in the table view.
    const realtime = page.getByRole('region', { name: 'Real-time users by country' })
    await realtime.getByRole('button', { name: 'Table' }).click()
    await expect.poll(() => realtime.getByRole('rowheader', { name: 'Unknown (local network)' }).count()).toBe(1)
    await realtime.getByRole('button', { name: 'Chart' }).click()
    await checkAndShoot('monitoring')
  })

  it('studies two demo courses (the analytics data)', async () => {
    const studied = await page.evaluate(async () => {
      const auth = { authorization: `Bearer ${localStorage.getItem('jwt')}`, 'content-type': 'application/json' }
      const json = async (url: string, init?: RequestInit) => (await fetch(url, { headers: auth, ...init })).json()
      const { items } = (await json('/api/v2/courses/all/1')) as { items: Array<{ uuid: string }> }
      let done = 0
      for (const course of items.slice(0, 2)) {
        const { plans } = (await json(`/api/v2/courses/course/subscriptions/${course.uuid}`)) as { plans: Array<{ id: string }> }
        const subscribed = await fetch('/api/v2/courses/course/subscribe', {
          method: 'POST',
          headers: auth,
          body: JSON.stringify({ uuid: course.uuid, plan: plans[0]!.id }),
        })
        if (subscribed.status !== 201) continue
        const { Item } = (await json(`/api/v2/courses/course/index/${course.uuid}`)) as { Item: { sections: Array<{ blocks: Array<{ id: string }> }> } }
        const opened = await fetch(`/api/v2/metrics/re/${course.uuid}/${Item.sections[0]!.blocks[0]!.id}`, { headers: auth })
        if (opened.ok) done++
      }
      return done
    })
    expect(studied).toBe(2)
  })

  it.each(PAGES)('opens the %s analytics page from the section links, accessible on desktop and phone', async (name) => {
    const day = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10)
    const period = `from=${day(29)}&to=${day(0)}`
    await page.goto(`/admin/monitoring?${period}`)
    await page
      .getByRole('navigation', { name: 'Monitoring sections' })
      .getByRole('link')
      .filter({
        hasText: new RegExp(
          `^${{ 'active-learners': 'Active learners', subscriptions: 'Subscriptions', completion: 'Completion', 'top-courses': 'Top courses' }[name]}$`,
        ),
      })
      .click()
    await page.waitForURL(`**/admin/monitoring/${name}?${period}`)
    await settled()
    // The courses studied above show up: no empty state.
    expect(await page.getByText('No data for this period').count()).toBe(0)
    await checkAndShoot(`analytics-${name}`)
  })

  it('reads well in the dark theme: axe-core on monitoring and an analytics page', async () => {
    await page.emulateMedia({ colorScheme: 'dark' })
    for (const url of ['/admin/monitoring', '/admin/monitoring/subscriptions']) {
      await page.goto(url)
      await page.getByRole('heading', { level: 1, name: 'Monitoring' }).waitFor()
      await checkAndShoot(`dark-${url.split('/').pop()}`)
    }
    await page.emulateMedia({ colorScheme: 'light' })
  })

  it('made no console errors', () => {
    expect(errors).toEqual([])
  })
})
