import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { axeViolations } from './a11y.js'
import { useJourney } from './journey.js'
import {
  adminTemporaryPassword,
  createConfirmedUser,
  type Language,
  networkSettled,
  SESSION_KEYS,
  storedKeys,
  strongPassword,
  uniqueEmail,
  waitForCode,
} from './support.js'

/**
 * Issue 4's journeys in a real Chromium against the real server (embedded identity service, mail as
 * .eml files). One server for the file; every journey has its own browser context and its own account.
 */

const journey = useJourney()

async function open(language?: Language, locale?: string): Promise<{ page: Page; errors: string[] }> {
  return journey.page({ language, locale })
}

const path = (page: Page) => new URL(page.url()).pathname

/** axe-core on the screen as the journey shows it: no moderate, serious or critical violation. */
async function accessible(page: Page) {
  await networkSettled(page)
  expect(await axeViolations(page), path(page)).toEqual([])
}

/** Signs in through the login screen (English) and waits for the dashboard. */
async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login')
  await page.getByRole('textbox', { name: 'Email' }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Log in' }).click()
  await page.getByText('Log in successfully, redirecting ...').waitFor()
  await page.waitForURL('**/dashboard', { timeout: 10_000 })
  await page.getByRole('heading', { name: 'My courses' }).waitFor()
}

describe('sign-in journeys', () => {
  it('registers, confirms with the mailed code, logs in to the empty dashboard and logs out (local storage cleared)', async () => {
    const { page, errors } = await open('eng')
    const email = uniqueEmail('register')
    const password = strongPassword()

    await page.goto('/register')
    await page.getByRole('heading', { name: 'Create an account' }).waitFor()
    await accessible(page)
    await page.getByRole('textbox', { name: 'Name' }).fill('Ada Lovelace')
    await page.getByRole('textbox', { name: 'Email' }).fill(email)
    await page.getByLabel('Password', { exact: true }).fill(password)
    await page.getByRole('checkbox', { name: 'I accept the Terms of Use and Privacy' }).check()
    await page.getByRole('button', { name: 'Register', exact: true }).click()
    await page.getByText('Register User Successfully').waitFor()
    expect(await page.getByRole('button', { name: 'Register', exact: true }).isDisabled()).toBe(true)

    // Requirements §4: 4 s later, the confirmation screen showing the account's e-mail.
    await page.waitForURL('**/register-confirmation', { timeout: 10_000 })
    await page.getByRole('heading', { name: 'Confirm your account' }).waitFor()
    await page.getByText(email, { exact: true }).waitFor()
    await accessible(page)
    const { code, mail } = await waitForCode(journey.server.dataDir, email)
    expect(mail.subject).toMatch(/Aula/)
    await page.getByRole('textbox', { name: 'Code' }).fill(code)
    await page.getByRole('button', { name: 'Confirm Account' }).click()
    await page.getByText('Account confirmed, redirecting ...').waitFor()
    await page.waitForURL('**/login', { timeout: 10_000 })

    // Log in: success notice, the form locked, then the dashboard.
    await page.getByRole('textbox', { name: 'Email' }).fill(email)
    await page.getByLabel('Password', { exact: true }).fill(password)
    await page.getByRole('button', { name: 'Log in' }).click()
    await page.getByText('Log in successfully, redirecting ...').waitFor()
    expect(await page.getByRole('textbox', { name: 'Email' }).isDisabled()).toBe(true)
    expect(await page.getByRole('button', { name: 'Log in' }).isDisabled()).toBe(true)
    await page.waitForURL('**/dashboard', { timeout: 10_000 })
    await page.getByRole('heading', { name: 'My courses' }).waitFor()
    await page.getByText("You haven't subscribed to any course yet").waitFor()
    await accessible(page)

    // A learner sees the Dashboard entry but none of the administrator's menus.
    const nav = page.getByRole('navigation', { name: 'Main menu' })
    await nav.getByRole('link', { name: 'Dashboard' }).waitFor()
    expect(await nav.getByText('Management').count()).toBe(0)

    const before = await storedKeys(page)
    for (const key of SESSION_KEYS) expect(before[key], `${key} is stored after sign-in`).not.toBeNull()
    expect(JSON.parse(before.userPayload!)['cognito:groups']).toEqual(['general'])

    // Logout from the user menu.
    await page.getByRole('button', { name: 'AL: account menu of Ada Lovelace' }).click()
    await page.getByRole('menuitem', { name: 'Sign out' }).click()
    await page.waitForURL('**/login', { timeout: 10_000 })
    await page.getByRole('heading', { name: 'Log in' }).waitFor()
    expect(await storedKeys(page)).toEqual(Object.fromEntries(SESSION_KEYS.map((k) => [k, null])))

    // The session is really gone: the dashboard sends the visitor to /login again.
    await page.goto('/dashboard')
    await page.waitForURL('**/login')
    expect(errors).toEqual([])
  })

  it('restores a forgotten password with the mailed code and signs in (in the default Spanish)', async () => {
    const email = uniqueEmail('forgot')
    await createConfirmedUser(journey.server, email, strongPassword(), 'Grace Hopper')
    // Nothing stored and a browser in a language Aula lacks (French): the default language, mx.
    const { page, errors } = await open(undefined, 'fr-FR')

    await page.goto('/login')
    await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click()
    await page.waitForURL('**/forgot-password')
    await page.getByRole('heading', { name: 'Recuperar contraseña' }).waitFor()
    await accessible(page)
    await page.getByRole('textbox', { name: 'Correo electrónico' }).fill(email)
    await page.getByRole('button', { name: 'Restablecer' }).click()

    await page.getByText('Ingresa el código que te enviamos por correo electrónico').waitFor()
    await accessible(page)
    // The first message was the sign-up code; the reset code is the second one.
    const { code, mail } = await waitForCode(journey.server.dataDir, email, 1)
    expect(mail.subject).toBe('Aula: código para restablecer la contraseña')
    const newPassword = strongPassword()
    await page.getByRole('textbox', { name: 'Código' }).fill(code)
    await page.getByLabel('Nueva contraseña', { exact: true }).fill(newPassword)
    await page.getByRole('button', { name: 'Restaurar mi contraseña' }).click()

    await page.getByText('Contraseña restablecida, iniciando sesión ...').waitFor()
    await page.waitForURL('**/dashboard', { timeout: 10_000 })
    await page.getByRole('heading', { name: 'Mis cursos' }).waitFor()
    await page.getByText('Aún no te has suscrito a ningún curso').waitFor()
    const stored = await storedKeys(page)
    expect(JSON.parse(stored.userAttributes!).email).toBe(email)
    expect(errors).toEqual([])
  })

  it('takes the bootstrap administrator from the temporary password through complete register to the dashboard with the admin menus', async () => {
    const admin = adminTemporaryPassword(journey.server.output())
    const { page, errors } = await open('eng')

    await page.goto('/login')
    await page.getByRole('textbox', { name: 'Email' }).fill(admin.email)
    await page.getByLabel('Password', { exact: true }).fill(admin.password)
    await page.getByRole('button', { name: 'Log in' }).click()

    await page.waitForURL('**/complete-register')
    await page.getByRole('heading', { name: 'Complete your registration' }).waitFor()
    await accessible(page)
    // The bootstrap account's placeholder name is not a person's name: the screen asks for it.
    const name = page.getByRole('textbox', { name: 'Name' })
    expect(await name.inputValue()).toBe('')
    expect(await name.getAttribute('readonly')).toBeNull()
    await name.fill('Rosa Martínez')
    await page.getByLabel('Password', { exact: true }).fill(strongPassword())
    await page.getByRole('checkbox', { name: 'I accept the Terms of Use and Privacy' }).check()
    await page.getByRole('button', { name: 'Complete Register' }).click()

    await page.getByText('Registration completed, redirecting ...').waitFor()
    await page.waitForURL('**/dashboard', { timeout: 10_000 })
    await page.getByRole('heading', { name: 'My courses' }).waitFor()
    await page.getByRole('button', { name: 'RM: account menu of Rosa Martínez' }).waitFor()
    const nav = page.getByRole('navigation', { name: 'Main menu' })
    for (const menu of ['Dashboard', 'Management', 'Website', 'Finances']) {
      await nav.getByText(menu, { exact: true }).first().waitFor()
    }
    const stored = await storedKeys(page)
    expect(JSON.parse(stored.userPayload!)['cognito:groups']).toContain('admin')
    expect(errors).toEqual([])
  })

  it('shows a general user the permission-denied screen on /admin/users', async () => {
    const email = uniqueEmail('general')
    const password = strongPassword()
    await createConfirmedUser(journey.server, email, password, 'Alan Turing')
    const { page, errors } = await open('eng')
    await logIn(page, email, password)

    await page.goto('/admin/users')
    await page.getByRole('heading', { name: 'Permission denied' }).waitFor()
    await accessible(page)
    expect(path(page)).toBe('/admin/users')
    expect(await page.getByRole('heading', { name: 'Sorry, page not found' }).count()).toBe(0)
    await page.getByRole('link', { name: 'Back to Dashboard' }).click()
    await page.waitForURL('**/dashboard')
    expect(errors).toEqual([])
  })

  it('sends a visitor who opens /settings/profile to /login', async () => {
    const { page, errors } = await open('eng')
    await page.goto('/settings/profile')
    await page.waitForURL('**/login')
    await page.getByRole('heading', { name: 'Log in' }).waitFor()
    await page.getByRole('button', { name: 'Log in' }).waitFor()
    expect(await page.getByRole('button', { name: 'Update profile' }).count()).toBe(0)
    expect(errors).toEqual([])
  })

  it('shows the 404 page on an unknown path', async () => {
    const { page, errors } = await open('eng')
    await page.goto('/no-such-page/at-all')
    await page.getByRole('heading', { name: 'Sorry, page not found' }).waitFor()
    await accessible(page)
    expect(path(page)).toBe('/no-such-page/at-all')
    const back = page.getByRole('link', { name: 'Back to Dashboard' })
    expect(await back.getAttribute('href')).toBe('/dashboard')
    // A visitor following it reaches the dashboard's guard, which sends them to log in.
    await back.click()
    await page.waitForURL('**/login')
    expect(errors).toEqual([])
  })

  it('switches the layout to vertical in the settings panel and keeps it after a reload', async () => {
    const email = uniqueEmail('layout')
    const password = strongPassword()
    await createConfirmedUser(journey.server, email, password, 'Barbara Liskov')
    const { page, errors } = await open('eng')
    await logIn(page, email, password)

    // Where the menu sits as a person sees it: beside the top bar (vertical) or under it (horizontal).
    const nav = page.getByRole('navigation', { name: 'Main menu' })
    const banner = page.getByRole('banner')
    const placement = async () => {
      const [menu, bar] = [(await nav.boundingBox())!, (await banner.boundingBox())!]
      if (menu.x + menu.width <= bar.x + 1) return 'beside the top bar'
      if (menu.y >= bar.y + bar.height - 1) return 'under the top bar'
      return `elsewhere: menu ${JSON.stringify(menu)}, top bar ${JSON.stringify(bar)}`
    }
    // The default (requirements §4) is horizontal.
    expect(await placement()).toBe('under the top bar')

    await page.getByRole('button', { name: 'Layout settings' }).click()
    const panel = page.getByRole('dialog', { name: 'Layout settings' })
    await panel.waitFor()
    await accessible(page)
    const vertical = panel.getByRole('button', { name: 'Vertical', exact: true })
    expect(await vertical.getAttribute('aria-pressed')).toBe('false')
    await vertical.click()
    await expect.poll(() => vertical.getAttribute('aria-pressed')).toBe('true')
    await panel.getByRole('button', { name: 'Close layout settings' }).click()
    await panel.waitFor({ state: 'hidden' })
    await expect.poll(placement).toBe('beside the top bar')
    await accessible(page)

    await page.reload()
    await page.getByRole('heading', { name: 'My courses' }).waitFor()
    await expect.poll(placement).toBe('beside the top bar')
    await page.getByRole('button', { name: 'Layout settings' }).click()
    await panel.waitFor()
    expect(await panel.getByRole('button', { name: 'Vertical', exact: true }).getAttribute('aria-pressed')).toBe('true')
    expect(await panel.getByRole('button', { name: 'Horizontal', exact: true }).getAttribute('aria-pressed')).toBe('false')
    expect(errors).toEqual([])
  })
})
