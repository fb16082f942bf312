/**
 * Screenshots of every screen for a visual review (not a test; nothing is asserted or committed):
 *   npx tsx tests/e2e/screenshots.ts [out dir, default /tmp/aula-shots]
 * Each screen in Spanish (mx, the default) and English, at 1366×768 and on a 390×844 phone.
 */
import fs from 'node:fs'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { launchBrowser, startServer } from './harness.js'
import { adminTemporaryPassword, createConfirmedUser, type Language, networkSettled, newContext, strongPassword, uniqueEmail } from './support.js'

const out = path.resolve(process.argv[2] ?? '/tmp/aula-shots')
fs.mkdirSync(out, { recursive: true })

const VIEWPORTS = { desktop: { width: 1366, height: 768 }, phone: { width: 390, height: 844 } } as const
const LANGUAGES: Language[] = ['mx', 'eng']

const server = await startServer()
const browser = await launchBrowser()
const problems: string[] = []

async function settle(page: Page) {
  await networkSettled(page)
  await page.evaluate(() => document.fonts.ready)
  // Let MUI transitions (drawers, menus, ripples) finish.
  await page.waitForTimeout(400)
}

async function shot(page: Page, name: string, fullPage = true) {
  await settle(page)
  const file = path.join(out, `${name}.png`)
  await page.screenshot({ path: file, fullPage })
  // Things a person would notice that a picture can hide: content wider than the screen.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
  if (overflow > 0) problems.push(`${name}: the page scrolls sideways by ${overflow}px`)
  console.log(file)
}

try {
  const admin = adminTemporaryPassword(server.output())
  for (const language of LANGUAGES) {
    for (const [device, viewport] of Object.entries(VIEWPORTS)) {
      const tag = (screen: string) => `${language}-${device}-${screen}`
      const email = uniqueEmail(`shots-${language}-${device}`)
      const password = strongPassword()
      await createConfirmedUser(server, email, password, 'María José Fernández-Castellanos')

      // Visitor screens.
      const visitor = await newContext(browser, server.url, { language, viewport })
      const page = await visitor.newPage()
      page.on('pageerror', (e) => problems.push(`${tag('visitor')}: page error ${e.message}`))
      await page.goto('/login')
      await shot(page, tag('01-login'))
      await page.locator('button[type=submit]').click()
      await shot(page, tag('02-login-validation'))
      await page.goto('/register')
      await shot(page, tag('03-register'))
      await page.locator('button[type=submit]').click()
      await shot(page, tag('04-register-validation'))
      await page.evaluate((e) => sessionStorage.setItem('aula.pendingEmail', e), email)
      await page.goto('/register-confirmation')
      await shot(page, tag('05-register-confirmation'))
      await page.goto('/forgot-password')
      await shot(page, tag('06-forgot-password-step1'))
      await page.locator('input[type=email]').fill(email)
      await page.locator('button[type=submit]').click()
      await page.locator('input[autocomplete=one-time-code]').waitFor()
      await shot(page, tag('07-forgot-password-step2'))
      await page.goto('/terms-of-use-and-privacy')
      await shot(page, tag('08-terms-public'))
      await page.goto('/no-such-page')
      await shot(page, tag('09-404-visitor'))
      // The administrator's first sign-in stops at complete register (left unfinished for the next round).
      await page.goto('/login')
      await page.locator('input[type=email]').fill(admin.email)
      await page.locator('input[type=password]').fill(admin.password)
      await page.locator('button[type=submit]').click()
      await page.waitForURL('**/complete-register')
      await shot(page, tag('10-complete-register'))
      await visitor.close()

      // Signed-in screens (cookie banner not yet accepted).
      const member = await newContext(browser, server.url, { language, viewport, cookieConsent: false })
      const app = await member.newPage()
      app.on('pageerror', (e) => problems.push(`${tag('member')}: page error ${e.message}`))
      await app.goto('/login')
      await app.locator('input[type=email]').fill(email)
      await app.locator('input[type=password]').fill(password)
      await app.locator('button[type=submit]').click()
      await app.waitForTimeout(300)
      await shot(app, tag('11-login-success'))
      await app.waitForURL('**/dashboard', { timeout: 10_000 })
      await shot(app, tag('12-dashboard-cookie-banner'), false)
      await app.getByRole('button', { name: /^(Accept|Aceptar)$/ }).click()
      await shot(app, tag('13-dashboard'))
      for (const pane of ['profile', 'subscriptions', 'security', 'emails', 'devices', 'support', 'terms-of-use', 'ui']) {
        await app.goto(`/settings/${pane}`)
        await app.locator('#settings-pane').waitFor()
        await shot(app, tag(`20-settings-${pane}`))
      }
      await app.goto('/settings/security')
      await app.locator('#settings-pane button[type=submit]').click()
      await shot(app, tag('21-settings-security-validation'))
      await app.goto('/dashboard')
      if (device === 'phone') {
        await app.locator('header button[aria-expanded]').first().click()
        await shot(app, tag('29-phone-menu-open'), false)
        await app.keyboard.press('Escape')
        await app.goto('/dashboard')
      }
      // The top bar's names as assistive technology reads them (untranslated names show here).
      console.log(`${tag('banner')}:\n${await app.getByRole('banner').ariaSnapshot()}`)
      await app.locator('header button[aria-haspopup=menu]').last().click()
      await shot(app, tag('30-user-menu'), false)
      await app.keyboard.press('Escape')
      await app.locator('header button[aria-haspopup=menu][aria-label*=":"]').first().click()
      await shot(app, tag('31-language-menu'), false)
      await app.keyboard.press('Escape')
      await app.getByRole('button', { name: language === 'eng' ? 'Layout settings' : 'Ajustes de diseño', exact: true }).click()
      await app.getByRole('dialog').waitFor()
      await shot(app, tag('32-layout-settings-drawer'), false)
      await app.getByRole('dialog').getByRole('button', { name: 'Vertical', exact: true }).click()
      await app.keyboard.press('Escape')
      await shot(app, tag('33-dashboard-vertical'))
      await app.goto('/settings/profile')
      await shot(app, tag('34-settings-profile-vertical'))
      await app.goto('/no-such-page')
      await shot(app, tag('40-404'))
      await app.goto('/admin/users')
      await shot(app, tag('41-permission-denied'))
      await member.close()
    }
  }
} finally {
  await browser.close()
  await server.stop()
  fs.rmSync(server.dataDir, { recursive: true, force: true })
}
console.log(problems.length ? `\nNoticed:\n${problems.join('\n')}` : '\nNothing noticed automatically.')
