import { describe, expect, it } from 'vitest'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { axeViolations } from './a11y.js'
import { useJourney } from './journey.js'
import { adminTemporaryPassword, type ContextOptions, createConfirmedUser, networkSettled, strongPassword, trackErrors, uniqueEmail } from './support.js'

/**
 * The shell and sign-in screens as a newcomer meets them: axe-core on every screen the journeys open
 * (light and dark, desktop and phone), the skip link, the cookie banner on a phone, the language
 * before sign-in, a session ended on another device, the start-up line. Screenshots of each screen go
 * to SHOTS_DIR (default /tmp/shots-shell) for a person to look at.
 */
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-shell'
const VIEWPORTS = { desktop: { width: 1366, height: 768 }, phone: { width: 390, height: 844 } } as const

const journey = useJourney({ shots: SHOTS })
const context = (options: ContextOptions) => journey.context(options)

async function logIn(page: Page, email: string, password: string, next = '**/dashboard') {
  await page.getByRole('textbox', { name: 'Email' }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Log in' }).click()
  await page.waitForURL(next, { timeout: 15_000 })
}

describe('the start-up console', () => {
  it('ends start-up with one line: the URL to open', () => {
    expect(journey.server.output()).toContain(`Aula is ready: open ${journey.server.url}`)
  })
})

type Device = keyof typeof VIEWPORTS
const DEVICES = Object.keys(VIEWPORTS) as Device[]

describe('axe-core on every screen the journeys open, light and dark', () => {
  it('desktop and phone: 0 moderate, serious or critical violations', async () => {
    const email = uniqueEmail('axe')
    const password = strongPassword()
    await createConfirmedUser(journey.server, email, password, 'Ada Lovelace')
    const found: Record<string, string[]> = {}
    /** The page at `device`'s size, its layout settled (the shell follows the width). */
    const resize = async (page: Page, device: Device) => {
      await page.setViewportSize(VIEWPORTS[device])
      await networkSettled(page)
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
      // Let MUI transitions (app bar, drawers) finish.
      await page.waitForTimeout(300)
    }
    // Each screen is checked at each size and in both colour schemes where it stands, then left at the
    // desktop size in the light scheme. A menu that only one layout has is checked at that size alone.
    const check = async (page: Page, name: string, devices: Device[] = DEVICES) => {
      await networkSettled(page)
      for (const device of devices) {
        if (page.viewportSize()?.width !== VIEWPORTS[device].width) await resize(page, device)
        for (const colorScheme of ['dark', 'light'] as const) {
          await page.emulateMedia({ colorScheme })
          const violations = await axeViolations(page)
          if (violations.length) found[`${colorScheme} ${device} ${name}`] = violations
          await page.screenshot({ path: path.join(SHOTS, `${colorScheme}-${device}-${name}.png`), fullPage: true })
        }
      }
      if (devices.length > 1) await resize(page, 'desktop')
    }

    const visitor = await context({ language: 'eng', viewport: VIEWPORTS.desktop, cookieConsent: false })
    const page = await visitor.newPage()
    const errors = trackErrors(page)
    await page.goto('/login')
    await page.getByRole('heading', { name: 'Log in' }).waitFor()
    await check(page, '01-login-cookie-banner')
    await page.getByRole('button', { name: 'Accept' }).click()
    await page.getByRole('button', { name: 'Log in' }).click()
    await page.getByText('Please Enter Your Email').waitFor()
    await check(page, '02-login-validation')
    await page.goto('/register')
    await page.getByRole('textbox', { name: 'Email' }).fill('pedro example.org')
    await page.getByRole('button', { name: 'Register' }).click()
    await page.getByText('Enter a valid email address, such as name@example.org').waitFor()
    await check(page, '03-register-email-check')
    await page.evaluate((e) => sessionStorage.setItem('aula.pendingEmail', e), email)
    await page.goto('/register-confirmation')
    await page.getByRole('heading', { name: 'Confirm your account' }).waitFor()
    await check(page, '04-register-confirmation')
    await page.goto('/forgot-password')
    await page
      .getByRole('heading', { name: 'Reset your password' })
      .or(page.getByRole('heading', { level: 1 }))
      .first()
      .waitFor()
    await check(page, '05-forgot-password')
    await page.goto('/terms-of-use-and-privacy')
    await page.getByRole('heading', { level: 1 }).waitFor()
    await check(page, '06-terms')
    await page.goto('/no-such-page')
    await page.getByRole('heading', { name: 'Sorry, page not found' }).waitFor()
    await check(page, '07-404-visitor')
    // A deep link: sign-in comes back to it.
    await page.goto('/settings/devices')
    await page.waitForURL('**/login')
    await logIn(page, email, password, '**/settings/devices')
    await page.getByRole('heading', { name: 'Devices' }).waitFor()
    await check(page, '08-settings-devices')
    for (const pane of ['profile', 'subscriptions', 'security', 'support', 'terms-of-use']) {
      await page.goto(`/settings/${pane}`)
      await page.getByRole('tabpanel').waitFor()
      await networkSettled(page)
      await check(page, `09-settings-${pane}`)
    }
    await page.goto('/dashboard')
    await page.getByRole('heading', { name: 'My courses' }).waitFor()
    await page.getByText("You haven't subscribed to any course yet").waitFor()
    await check(page, '10-dashboard-empty')
    // On a desktop the top bar's menus, and the search to the catalogue.
    await page.getByRole('button', { name: 'AL: account menu of Ada Lovelace' }).click()
    await page.getByRole('menuitem', { name: 'Profile' }).waitFor()
    await check(page, '11-user-menu', ['desktop'])
    await page.keyboard.press('Escape')
    await page.getByRole('button', { name: /^Language: English/ }).click()
    await page.getByRole('menuitem', { name: 'Deutsch' }).waitFor()
    await check(page, '12-language-menu', ['desktop'])
    await page.keyboard.press('Escape')
    await page.getByRole('textbox', { name: 'Search courses' }).fill('algebra')
    await page.keyboard.press('Enter')
    await page.getByRole('heading', { name: 'Course catalogue' }).waitFor()
    await check(page, '13-catalogue-coming-soon', ['desktop'])
    // On a phone the menu drawer, and its link to the catalogue.
    await resize(page, 'phone')
    await page.goto('/dashboard')
    await page.getByRole('heading', { name: 'My courses' }).waitFor()
    await page.getByRole('button', { name: 'Show or hide the menu' }).click()
    await page.getByRole('dialog', { name: 'Main menu' }).waitFor()
    await check(page, '11-menu-drawer', ['phone'])
    await page.keyboard.press('Escape')
    await page.getByRole('dialog', { name: 'Main menu' }).waitFor({ state: 'hidden' })
    await page.getByRole('link', { name: 'Browse courses' }).click()
    await page.getByRole('heading', { name: 'Course catalogue' }).waitFor()
    await check(page, '13-catalogue-coming-soon', ['phone'])
    await resize(page, 'desktop')
    await page.goto('/admin/users')
    await page.getByRole('heading', { name: 'Permission denied' }).waitFor()
    await check(page, '14-permission-denied')
    await page.goto('/no-such-page')
    await page.getByRole('heading', { name: 'Sorry, page not found' }).waitFor()
    await check(page, '15-404-signed-in')
    // The administrator: complete register, then the admin menus in both layouts.
    const adminPage = await (await context({ language: 'eng', viewport: VIEWPORTS.desktop })).newPage()
    await adminPage.goto('/login')
    const admin = adminTemporaryPassword(journey.server.output())
    await adminPage.getByRole('textbox', { name: 'Email' }).fill(admin.email)
    await adminPage.getByLabel('Password', { exact: true }).fill(admin.password)
    await adminPage.getByRole('button', { name: 'Log in' }).click()
    await adminPage.waitForURL('**/complete-register')
    await adminPage.getByRole('heading', { name: 'Complete your registration' }).waitFor()
    await check(adminPage, '16-complete-register', ['desktop'])
    await adminPage.getByRole('textbox', { name: 'Name' }).fill('Rosa Martínez')
    await adminPage.getByLabel('Password', { exact: true }).fill(strongPassword())
    await adminPage.getByRole('checkbox').check()
    await adminPage.getByRole('button', { name: 'Complete Register' }).click()
    await adminPage.waitForURL('**/dashboard', { timeout: 15_000 })
    await adminPage.getByRole('heading', { name: 'My courses' }).waitFor()
    await adminPage.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Management' }).click()
    await adminPage.getByRole('menuitem', { name: 'Users' }).waitFor()
    await check(adminPage, '17-admin-management-menu', ['desktop'])
    await adminPage.keyboard.press('Escape')
    // The phone's drawer in the default layout.
    await resize(adminPage, 'phone')
    await adminPage.getByRole('button', { name: 'Show or hide the menu' }).click()
    const drawer = adminPage.getByRole('dialog', { name: 'Main menu' })
    await drawer.getByRole('button', { name: 'Management' }).click()
    await drawer.getByRole('group', { name: 'Management' }).waitFor()
    await check(adminPage, '17-admin-drawer-management', ['phone'])
    await adminPage.keyboard.press('Escape')
    await drawer.waitFor({ state: 'hidden' })
    // The vertical layout on a desktop.
    await resize(adminPage, 'desktop')
    await adminPage.evaluate(() => localStorage.setItem('aula.layoutSettings', JSON.stringify({ layoutType: 'vertical' })))
    await adminPage.reload()
    await adminPage.getByRole('heading', { name: 'My courses' }).waitFor()
    await adminPage.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Management' }).click()
    await adminPage.getByRole('group', { name: 'Management' }).waitFor()
    await check(adminPage, '18-admin-vertical-management', ['desktop'])
    expect(found).toEqual({})
    expect(errors).toEqual([])
  })
})

describe('keyboard', () => {
  it('the skip link shows on the first Tab, readable, and moves focus to the main content', async () => {
    const email = uniqueEmail('skip')
    const password = strongPassword()
    await createConfirmedUser(journey.server, email, password, 'Grace Hopper')
    const page = await (await context({ language: 'eng' })).newPage()
    await page.goto('/login')
    await logIn(page, email, password)
    await page.getByRole('heading', { name: 'My courses' }).waitFor()
    await page.keyboard.press('Tab')
    const link = page.getByRole('link', { name: 'Skip to content' })
    expect(await link.evaluate((el) => el === document.activeElement)).toBe(true)
    const colours = await link.evaluate((el) => [getComputedStyle(el).color, getComputedStyle(el).backgroundColor])
    expect(colours[0]).toBe('rgb(255, 255, 255)')
    expect(colours[1]).not.toBe('rgba(0, 0, 0, 0)')
    await page.screenshot({ path: path.join(SHOTS, 'keyboard-skip-link.png') })
    await page.keyboard.press('Enter')
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content')
    // The next Tab continues inside the page, not back at the top bar.
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('#main-content, footer')))).toBe(true)
  })

  it('a focused top-bar item shows a ring; an active menu entry with focus differs from one without', async () => {
    const email = uniqueEmail('ring')
    const password = strongPassword()
    await createConfirmedUser(journey.server, email, password, 'Grace Hopper')
    const page = await (await context({ language: 'eng' })).newPage()
    await page.goto('/login')
    await logIn(page, email, password)
    const entry = page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Dashboard' })
    const look = () => entry.evaluate((el) => `${getComputedStyle(el).outlineStyle} ${getComputedStyle(el).outlineWidth}`)
    const before = await look()
    await entry.focus()
    // Keyboard focus (focus-visible) comes with a key press.
    await page.keyboard.press('Shift+Tab')
    await page.keyboard.press('Tab')
    const after = await look()
    expect(before).toMatch(/^none/)
    expect(after).toBe('solid 2px')
    await page.screenshot({ path: path.join(SHOTS, 'keyboard-focus-ring.png'), clip: { x: 0, y: 0, width: 700, height: 140 } })
  })
})

describe('cookie banner on a phone', () => {
  it('never covers the register button or a link: the page keeps room below it and scrolls', async () => {
    const page = await (await context({ language: 'mx', viewport: VIEWPORTS.phone, cookieConsent: false })).newPage()
    await page.goto('/register')
    const banner = page.getByRole('region', { name: 'Aviso de cookies' })
    await banner.waitFor()
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
    await page.waitForTimeout(200)
    const bannerBox = (await banner.boundingBox())!
    for (const target of [page.getByRole('button', { name: 'Registrarme' }), page.getByRole('link', { name: 'Inicia sesión' })]) {
      const box = (await target.boundingBox())!
      expect(box.y + box.height, 'above the banner').toBeLessThanOrEqual(bannerBox.y)
    }
    await page.screenshot({ path: path.join(SHOTS, 'phone-register-cookie-banner-scrolled.png') })
  })
})

describe('language before sign-in', () => {
  it.each([
    ['de-DE', 'de', 'Anmelden', 'Anmelden | Aula'],
    ['ru-RU', 'ru', 'Вход', 'Вход | Aula'],
    ['es-ES', 'es-ES', 'Iniciar sesión', 'Iniciar sesión | Aula'],
    ['es-AR', 'es-MX', 'Iniciar sesión', 'Iniciar sesión | Aula'],
    ['it-IT', 'it', 'Accedi', 'Accedi | Aula'],
    ['en-GB', 'en', 'Log in', 'Log in | Aula'],
    ['pt-BR', 'es-MX', 'Iniciar sesión', 'Iniciar sesión | Aula'],
  ])('a first visit from a %s browser starts in its language (<html lang=%s>)', async (locale, lang, heading, title) => {
    const page = await (await context({ locale })).newPage()
    await page.goto('/login')
    await page.getByRole('heading', { level: 1, name: heading }).waitFor()
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang)
    await expect.poll(() => page.title()).toBe(title)
  })

  it('the login screen offers the language menu; the choice moves the screen, <html lang> and the tab title', async () => {
    const page = await (await context({ locale: 'en-US' })).newPage()
    await page.goto('/login')
    await page.getByRole('button', { name: /^Language: English/ }).click()
    await page.getByRole('menuitem', { name: 'Italiano' }).click()
    await page.getByRole('heading', { level: 1, name: 'Accedi' }).waitFor()
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('it')
    await expect.poll(() => page.title()).toBe('Accedi | Aula')
    await page.reload()
    await page.getByRole('heading', { level: 1, name: 'Accedi' }).waitFor()
  })
})

describe('a session that ends elsewhere ends here', () => {
  it('after “sign out on every device” in another browser, the open tab goes to /logout and /login with requirements §8’s text in Spanish', async () => {
    const email = uniqueEmail('elsewhere')
    const password = strongPassword()
    await createConfirmedUser(journey.server, email, password, 'Pedro Páramo')
    const open = await (await context({ language: 'es' })).newPage()
    await open.goto('/login')
    await open.getByRole('textbox', { name: 'Correo electrónico' }).fill(email)
    await open.getByLabel('Contraseña', { exact: true }).fill(password)
    await open.getByRole('button', { name: 'Iniciar sesión' }).click()
    await open.waitForURL('**/dashboard', { timeout: 15_000 })
    await open.getByRole('heading', { name: 'Mis cursos' }).waitFor()

    const other = await (await context({ language: 'es' })).newPage()
    await other.goto('/login')
    await logInSpanish(other, email, password)
    await other.goto('/global-logout')
    await other.waitForURL('**/login', { timeout: 15_000 })

    // Back in the first tab: the next thing it asks of the service is refused.
    await open.goto('/settings/devices')
    await open.waitForURL('**/login', { timeout: 15_000 })
    const alert = open.getByRole('alert')
    await alert.waitFor()
    expect(await alert.innerText()).toBe('No autorizado: Parece que tu sesión ha caducado; cierra sesión y vuelve a iniciarla para acceder al recurso')
    expect(await open.evaluate(() => localStorage.getItem('jwt'))).toBeNull()
    expect(await open.getByText(/revoked/i).count()).toBe(0)
    await open.screenshot({ path: path.join(SHOTS, 'session-ended-elsewhere-es.png') })
  })
})

async function logInSpanish(page: Page, email: string, password: string) {
  await page.getByRole('textbox', { name: 'Correo electrónico' }).fill(email)
  await page.getByLabel('Contraseña', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Iniciar sesión' }).click()
  await page.waitForURL('**/dashboard', { timeout: 15_000 })
}
