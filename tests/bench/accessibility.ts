/**
 * Lighthouse's accessibility score of the sign-in page, a learner's dashboard and the course player, for
 * `npm run bench` (`benchAccessibility`) or alone:
 *   npx tsx tests/bench/accessibility.ts          (starts a server of this checkout with the demo catalogue)
 *
 * The signed-in pages are audited in the browser the learner signed in with (Lighthouse keeps its
 * storage), so they are the screens a learner sees, not the sign-in page they would redirect to.
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import desktopConfig from 'lighthouse/core/config/desktop-config.js'
import { chromium } from 'playwright-core'
import { CHROMIUM, CHROMIUM_ARGS, startServer } from '../e2e/harness.js'
import { createConfirmedUser, strongPassword, uniqueEmail } from '../e2e/support.js'
import type { WebBenchRow } from './web.js'

/** Issue 24's target on each audited page. */
export const ACCESSIBILITY_TARGET = 100

interface Audit {
  page: string
  score: number
  /** The failed audits' ids (what keeps the score under 100). */
  failed: string[]
}

async function audit(port: number, url: string, page: string): Promise<Audit> {
  const answer = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['accessibility'], disableStorageReset: true }, desktopConfig)
  const lhr = answer?.lhr
  if (!lhr) throw new Error(`Lighthouse gave no result for ${page}`)
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${page}: ${lhr.runtimeError.message}`)
  const refs = lhr.categories.accessibility?.auditRefs ?? []
  const failed = refs.filter((r) => r.weight > 0 && (lhr.audits[r.id]?.score ?? 1) < 1).map((r) => r.id)
  return { page, score: Math.round((lhr.categories.accessibility?.score ?? 0) * 100), failed }
}

/**
 * Audits /login in a fresh browser, then signs a new learner in, subscribes them to the first course of
 * the catalogue and audits their dashboard and the course's first block in the same browser.
 */
export async function benchAccessibility(server: { url: string; dataDir: string }): Promise<WebBenchRow[]> {
  const email = uniqueEmail('lighthouse')
  const password = strongPassword()
  await createConfirmedUser(server, email, password, 'Ada Lovelace')
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_ARGS })
  const results: Audit[] = []
  try {
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`)
    const context = browser.contexts()[0]!
    await context.addCookies([{ name: 'cookie_consent', value: 'true', url: server.url }])
    const page = await context.newPage()
    await page.goto(`${server.url}/login`)
    await page.evaluate(() => localStorage.setItem('I18N_LANGUAGE', 'eng'))
    results.push(await audit(chrome.port, `${server.url}/login`, '/login'))

    await page.goto(`${server.url}/login`)
    await page.getByRole('textbox', { name: 'Email' }).fill(email)
    await page.getByLabel('Password', { exact: true }).fill(password)
    await page.getByRole('button', { name: 'Log in' }).click()
    await page.waitForURL('**/dashboard')
    await page.goto(`${server.url}/galaxy`)
    await page.locator('a[href*="/galaxy/courses/overview/"]').first().click()
    await page.getByRole('button', { name: 'Subscribe' }).first().click()
    await page.getByRole('link', { name: 'Start or continue the course' }).click()
    await page.waitForURL(/\/galaxy\/courses\/player\//)
    const player = page.url()
    results.push(await audit(chrome.port, `${server.url}/dashboard`, 'the dashboard'))
    results.push(await audit(chrome.port, player, 'the player'))
  } finally {
    chrome.kill()
  }
  return results.map((r) => ({
    what: `Lighthouse accessibility, ${r.page} (desktop)`,
    value: r.failed.length ? `${r.score} (failed: ${r.failed.join(', ')})` : String(r.score),
    target: `${ACCESSIBILITY_TARGET}`,
    met: r.score >= ACCESSIBILITY_TARGET,
  }))
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const server = await startServer({ env: { AULA_SEED: 'demo' } })
  try {
    for (const r of await benchAccessibility(server)) console.log(`${r.what}  ${r.value}  target ${r.target}: ${r.met ? 'met' : 'MISSED'}`)
  } finally {
    await server.stop()
  }
}
