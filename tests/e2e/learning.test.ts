import { describe, expect, it } from 'vitest'
import fs from 'node:fs'
import os from 'node:os'
import nodePath from 'node:path'
import { PDFDocument } from 'pdf-lib'
import type { Locator, Page } from 'playwright-core'
import { axeViolations } from './a11y.js'
import { useJourney } from './journey.js'
import { strongPassword, uniqueEmail, waitForCode } from './support.js'

/**
 * Issue 10's journey on a fresh server with the seeded demo catalogue: a new learner registers,
 * subscribes to a free plan, studies every block of a course (the player and the form with the keyboard
 * alone), fails the evaluation once and then passes it, downloads the certificate (a real PDF) and sees
 * it confirmed on the public verification page and the course at 100 % on the dashboard. axe-core checks
 * every learner screen; screenshots at 1366×768 and 390×844 go to SHOTS for review.
 */

const COURSE = 'Bienvenida al centro de estudios'
const SHOTS = nodePath.join(os.tmpdir(), 'aula-learning-shots')
/** A screen still loading: a status with a spinner (other statuses announce results and stay). */
const LOADING = 'main [role="status"]:has(.MuiCircularProgress-root)'

// A fresh start with the demo catalogue, as `npm start` on a new machine.
const journey = useJourney({ env: { AULA_SEED: 'demo' }, shots: SHOTS })

async function open(viewport = { width: 1366, height: 768 }): Promise<{ page: Page; errors: string[] }> {
  return journey.page({ language: 'eng', viewport })
}

/** axe-core finds no moderate, serious or critical violation, and the screen is photographed for review. */
async function check(page: Page, name: string) {
  // A running simulation may keep the network busy: the page's own load is what matters here.
  await page.waitForLoadState('load')
  await page.locator(LOADING).waitFor({ state: 'detached' })
  expect(await axeViolations(page), `${name}: ${page.url()}`).toEqual([])
  await page.screenshot({ path: nodePath.join(SHOTS, `${name}.png`), fullPage: true })
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
  expect(overflow, `${name} scrolls sideways`).toBeLessThanOrEqual(0)
}

/** Presses Tab until `target` has the focus (the keyboard alone reaches it), at most `limit` times. */
async function tabTo(page: Page, target: Locator, limit = 60) {
  const handle = await target.elementHandle()
  for (let i = 0; i < limit; i++) {
    if (await page.evaluate((el) => el === document.activeElement, handle)) return
    await page.keyboard.press('Tab')
  }
  throw new Error(`Tab never reached ${String(target)}`)
}

async function registerAndLogIn(page: Page, email: string, password: string) {
  await page.goto('/register')
  await page.getByRole('textbox', { name: 'Name' }).fill('Lucía Martín')
  await page.getByRole('textbox', { name: 'Email' }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('checkbox', { name: 'I accept the Terms of Use and Privacy' }).check()
  await page.getByRole('button', { name: 'Register', exact: true }).click()
  await page.waitForURL('**/register-confirmation', { timeout: 15_000 })
  const { code } = await waitForCode(journey.server.dataDir, email)
  await page.getByRole('textbox', { name: 'Code' }).fill(code)
  await page.getByRole('button', { name: 'Confirm Account' }).click()
  await page.waitForURL('**/login', { timeout: 15_000 })
  await page.getByRole('textbox', { name: 'Email' }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Log in' }).click()
  await page.waitForURL('**/dashboard', { timeout: 15_000 })
}

/** Chooses options of one question with the keyboard: radios by arrows from the first, checkboxes by Space. */
async function answer(page: Page, question: RegExp, options: string[]) {
  const group = page.getByRole('group', { name: question })
  const radios = group.getByRole('radio')
  if ((await radios.count()) > 0) {
    const names = await radios.evaluateAll((els) => els.map((el) => el.closest('label')?.textContent?.trim() ?? ''))
    const wanted = names.indexOf(options[0])
    expect(wanted, `${options[0]} in ${question}`).toBeGreaterThanOrEqual(0)
    await tabTo(page, radios.first())
    await page.keyboard.press('Space')
    for (let i = 0; i < wanted; i++) await page.keyboard.press('ArrowDown')
    await expect.poll(() => group.getByRole('radio', { name: options[0] }).isChecked()).toBe(true)
    return
  }
  for (const option of options) {
    const box = group.getByRole('checkbox', { name: option })
    await tabTo(page, box)
    await page.keyboard.press('Space')
    await expect.poll(() => box.isChecked()).toBe(true)
  }
}

const Q = {
  q1: /Qué necesitas para abrir un curso/,
  q2: /tipos de bloque/,
  q3: /Un vídeo cuenta como completado/,
  q4: /Cuándo recibes el certificado/,
}

describe('learning journey', () => {
  it('registers, subscribes, studies every block, fails then passes the form, downloads and verifies the certificate', async () => {
    const { page, errors } = await open()
    const email = uniqueEmail('learner')
    await registerAndLogIn(page, email, strongPassword())

    // Catalogue → overview → free plan.
    await page.goto('/galaxy')
    await page
      .getByRole('link', { name: new RegExp(COURSE) })
      .first()
      .waitFor()
    await check(page, 'desktop-catalogue')
    await page
      .getByRole('link', { name: new RegExp(COURSE) })
      .first()
      .click()
    await page.getByRole('heading', { level: 1, name: COURSE }).waitFor()
    await check(page, 'desktop-overview')
    await page.getByRole('button', { name: 'Subscribe' }).first().click()
    await page.getByText('You are subscribed to the course').waitFor()
    await check(page, 'desktop-overview-subscribed')
    await page.getByRole('link', { name: 'Start or continue the course' }).click()
    await page.waitForURL(/\/galaxy\/courses\/player\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/)
    const index = page.getByRole('navigation', { name: 'Course index' })
    await index.locator('a[aria-current="page"]').waitFor()
    const total = await index.locator('a[href*="/galaxy/courses/player/"]').count()
    expect(total).toBeGreaterThanOrEqual(7)

    // Every block, moving on with the keyboard alone.
    const seen: string[] = []
    for (let n = 1; ; n++) {
      const heading = page.getByRole('heading', { level: 1 })
      await expect.poll(() => heading.evaluate((el) => el === document.activeElement)).toBe(true)
      const title = (await heading.textContent()) ?? ''
      seen.push(title)
      await page.getByText(`Block ${n} of ${total}`).first().waitFor()
      const current = index.locator('a[aria-current="page"]')
      const kind = (await current.textContent()) ?? ''
      if (kind.includes('Evaluation')) break
      if (kind.includes('Video')) {
        const video = page.locator('main video')
        await video.waitFor()
        await tabTo(page, video)
        await page.keyboard.press('Space')
        // Chromium's controls start playing on Space; a muted start is the fallback when they do not.
        if (await video.evaluate((v: HTMLVideoElement) => v.paused)) await video.evaluate((v: HTMLVideoElement) => ((v.muted = true), v.play()))
        await current.getByRole('img', { name: 'Completed', exact: true }).waitFor({ timeout: 60_000 })
      } else {
        await page.locator(LOADING).waitFor({ state: 'detached' })
        if (n === 1) await check(page, 'desktop-player-text')
        if ((await page.locator('main iframe[sandbox="allow-scripts"]').count()) > 0) await check(page, 'desktop-player-simulation')
        await current.getByRole('img', { name: 'Completed', exact: true }).waitFor()
      }
      const here = page.url()
      await tabTo(page, page.getByRole('link', { name: 'Next' }))
      await page.keyboard.press('Enter')
      await page.waitForURL((url) => url.href !== here)
    }
    expect(seen.length).toBe(total)

    // The form: a failed attempt, then a passing one (answers from server/seed/courses.ts).
    await page.getByText('You have not taken this evaluation yet.').waitFor()
    await check(page, 'desktop-player-form')
    // Starting an attempt uses a try; the answers are then kept on the server as they are given.
    await tabTo(page, page.getByRole('button', { name: 'Start the evaluation' }))
    await page.keyboard.press('Enter')
    await page.getByRole('group', { name: Q.q1 }).waitFor()
    await answer(page, Q.q1, ['Haber aprobado otro curso antes'])
    await answer(page, Q.q2, ['Llamadas telefónicas'])
    await answer(page, Q.q3, ['Verdadero'])
    await answer(page, Q.q4, ['Al día siguiente de terminar'])
    await tabTo(page, page.getByRole('button', { name: 'Submit answers' }))
    await page.keyboard.press('Enter')
    await page.getByText('You did not reach the required score.').waitFor()
    await page.getByText('Your score in this attempt: 0 %').waitFor()
    expect(await page.getByText('Wrong', { exact: true }).count()).toBe(4)
    // Nothing on the page names the right options.
    expect(await page.getByText('Right', { exact: true }).count()).toBe(0)
    await check(page, 'desktop-player-form-failed')
    await tabTo(page, page.getByRole('button', { name: 'Try again' }))
    await page.keyboard.press('Enter')
    await page.getByRole('group', { name: Q.q1 }).waitFor()
    await answer(page, Q.q1, ['Una suscripción activa al curso'])
    await answer(page, Q.q2, ['Vídeos', 'Simulaciones interactivas', 'Evaluaciones'])
    await answer(page, Q.q3, ['Falso'])
    await answer(page, Q.q4, ['En cuanto completas los bloques y apruebas las evaluaciones'])
    await tabTo(page, page.getByRole('button', { name: 'Submit answers' }))
    await page.keyboard.press('Enter')
    await page.getByText('You passed the evaluation!').waitFor()
    await page.getByText('Your score in this attempt: 100 %').waitFor()
    await page.getByText('2 / 3').waitFor()
    await page.getByText('100 % complete').first().waitFor()

    // The certificate: downloaded by keyboard, a real PDF, confirmed by the public page.
    const banner = page.getByText(/Verification code: /)
    await banner.waitFor()
    const code = /Verification code: (\S+)/.exec((await banner.textContent()) ?? '')?.[1]
    expect(code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/)
    await check(page, 'desktop-player-certificate')
    const downloading = page.waitForEvent('download')
    await tabTo(page, page.getByRole('button', { name: 'Download the certificate' }))
    await page.keyboard.press('Enter')
    const download = await downloading
    const file = await download.path()
    const bytes = fs.readFileSync(file)
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-')
    const pdf = await PDFDocument.load(bytes)
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(1)
    expect(download.suggestedFilename()).toMatch(/\.pdf$/)

    await page.goto(`/certificates/verify/${code}`)
    await page.getByText('Valid certificate').waitFor()
    await page.getByText(/Lucía Martín earned the certificate of the course/).waitFor()
    await check(page, 'desktop-verify')

    // The dashboard shows the course with its progress.
    await page.goto('/dashboard')
    await page.getByText(COURSE).first().waitFor()
    await page.getByText('Progress: 100 %').first().waitFor()
    await check(page, 'desktop-dashboard')

    expect(errors).toEqual([])
  })

  it('on a phone the index is a drawer and every player screen passes axe', async () => {
    const { page, errors } = await open({ width: 390, height: 844 })
    await registerAndLogIn(page, uniqueEmail('phone'), strongPassword())
    await page.goto('/galaxy')
    await page
      .getByRole('link', { name: new RegExp(COURSE) })
      .first()
      .waitFor()
    await check(page, 'phone-catalogue')
    await page
      .getByRole('link', { name: new RegExp(COURSE) })
      .first()
      .click()
    await page.getByRole('button', { name: 'Subscribe' }).first().waitFor()
    await check(page, 'phone-overview')
    await page.getByRole('button', { name: 'Subscribe' }).first().click()
    await page.getByText('You are subscribed to the course').waitFor()
    await page.getByRole('link', { name: 'Start or continue the course' }).click()
    await page.getByRole('heading', { level: 1 }).waitFor()
    await check(page, 'phone-player-text')
    expect(await page.getByRole('navigation', { name: 'Course index' }).count()).toBe(0)
    await page.getByRole('button', { name: 'Open the course index' }).click()
    const index = page.getByRole('navigation', { name: 'Course index' })
    await index.waitFor()
    await check(page, 'phone-player-index')
    const links = index.locator('a[href*="/galaxy/courses/player/"]')
    await links.nth((await links.count()) - 1).click()
    await page.getByText('You have not taken this evaluation yet.').waitFor()
    await check(page, 'phone-player-form')
    // A second visit without a block goes back to the form, the block last opened.
    const url = page.url()
    await page.goto(url.slice(0, url.lastIndexOf('/')))
    await page.waitForURL(url)
    await page.goto('/dashboard')
    await page.getByText(COURSE).first().waitFor()
    await check(page, 'phone-dashboard')
    await page.goto('/certificates/verify/ZZZZ-ZZZZ-ZZZZ')
    await page.getByRole('heading', { name: 'Unknown certificate code' }).waitFor()
    await check(page, 'phone-verify-unknown')
    expect(errors).toEqual([])
  })
})
