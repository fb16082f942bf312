import fs from 'node:fs'
import path from 'node:path'
import { Secret, TOTP } from 'otpauth'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { axeViolations } from './a11y.js'
import { useJourney } from './journey.js'
import { adminTemporaryPassword, createConfirmedUser, networkSettled, strongPassword, uniqueEmail } from './support.js'

/**
 * Two-step verification in a real Chromium against the real server with IDENTITY_MFA=staff: a
 * learner turns it on in the security settings and signs in with a code; the bootstrap
 * administrator is made to set it up at the first sign-in. Screenshots of the two-step screens at
 * 1366×768 and 390×844 go to SHOTS for review; axe-core must find nothing moderate, serious or critical.
 */

const SHOTS = process.env.TWO_STEP_SHOTS ?? '/tmp/aula-two-step'
const DESKTOP = { width: 1366, height: 768 }
const PHONE = { width: 390, height: 844 }

const journey = useJourney({ env: { IDENTITY_MFA: 'staff' }, shots: SHOTS, failures: SHOTS, failurePrefix: 'failed-' })

async function open(viewport = DESKTOP) {
  return journey.page({ language: 'eng', viewport })
}

const codeAt = (secret: string, at = Date.now()) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: at })

/** Screenshot for review, and axe-core's moderate, serious and critical findings (expected none). */
async function review(page: Page, name: string) {
  await networkSettled(page)
  await page.evaluate(() => document.fonts.ready)
  await page.waitForTimeout(300)
  // The part under review in view (a full-page capture repeats the fixed top bar mid-page).
  await page.locator('[data-two-step]').first().scrollIntoViewIfNeeded()
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) })
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
  expect(overflow, `${name} scrolls sideways`).toBeLessThanOrEqual(0)
  expect(await axeViolations(page), `${name}: axe`).toEqual([])
}

async function passwordStep(page: Page, email: string, password: string) {
  await page.goto('/login')
  await page.getByRole('textbox', { name: 'Email' }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Log in' }).click()
}

/** The key shown for typing in by hand (grouped in fours on screen). */
async function shownSecret(page: Page) {
  return ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '')
}

describe('two-step verification screens', () => {
  const learner = uniqueEmail('totp-e2e')
  const password = strongPassword()
  let secret = ''

  it('a learner turns it on under Settings › Security with the QR code and a code', async () => {
    await createConfirmedUser(journey.server, learner, password, 'Lena Totp')
    const { page, errors } = await open()
    await passwordStep(page, learner, password)
    await page.waitForURL('**/dashboard', { timeout: 15_000 })
    await page.goto('/settings/security')
    await page.getByRole('heading', { name: 'Two-step verification' }).waitFor()
    await page.getByText('Two-step verification is off.').waitFor()
    await page.getByRole('button', { name: 'Turn on' }).click()
    await page.getByRole('img', { name: `QR code to add ${learner} to an authenticator app` }).waitFor()
    secret = await shownSecret(page)
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    await review(page, 'settings-setup-desktop')

    // A wrong code keeps the set-up open with an explanation.
    await page.getByRole('textbox', { name: '6-digit code' }).fill('12345')
    await page.getByRole('button', { name: 'Confirm and turn on' }).click()
    await page.getByText('The code has 6 digits').waitFor()
    const wrong = codeAt(secret) === '000000' ? '111111' : '000000'
    await page.getByRole('textbox', { name: '6-digit code' }).fill(wrong)
    await page.getByRole('button', { name: 'Confirm and turn on' }).click()
    await page.getByText('That code is not right.', { exact: false }).waitFor()

    await page.getByRole('textbox', { name: '6-digit code' }).fill(codeAt(secret))
    await page.getByRole('button', { name: 'Confirm and turn on' }).click()
    await page.getByText('Two-step verification is now on.').waitFor()
    await page.getByRole('button', { name: 'Turn off' }).waitFor()
    await review(page, 'settings-on-desktop')
    expect(errors).toEqual([])
  })

  it('asks for the code at sign-in: a wrong one is explained, the right one opens the dashboard', async () => {
    const { page, errors } = await open()
    await passwordStep(page, learner, password)
    await page.getByText('Enter the code your authenticator app shows.').waitFor()
    await review(page, 'signin-code-desktop')
    const wrong = codeAt(secret, Date.now() + 30_000) === '000000' ? '111111' : '000000'
    await page.getByRole('textbox', { name: '6-digit code' }).fill(wrong)
    await page.getByRole('button', { name: 'Verify' }).click()
    await page.getByText('That code is wrong or was already used.', { exact: false }).waitFor()
    await page.getByRole('textbox', { name: '6-digit code' }).fill(codeAt(secret, Date.now() + 30_000))
    await page.getByRole('button', { name: 'Verify' }).click()
    await page.waitForURL('**/dashboard', { timeout: 15_000 })
    expect(errors).toEqual([])
  })

  it('shows the sign-in code step on a phone', async () => {
    const { page } = await open(PHONE)
    await passwordStep(page, learner, password)
    await page.getByText('Enter the code your authenticator app shows.').waitFor()
    await review(page, 'signin-code-phone')
    // Back to the password step without an answer.
    await page.getByRole('button', { name: 'Back to sign in' }).click()
    await page.getByRole('button', { name: 'Log in' }).waitFor()
  })

  it('shows the settings set-up on a phone, and turning it off asks first', async () => {
    const other = uniqueEmail('totp-phone')
    await createConfirmedUser(journey.server, other, password, 'Pia Phone')
    const { page } = await open(PHONE)
    await passwordStep(page, other, password)
    await page.waitForURL('**/dashboard', { timeout: 15_000 })
    await page.goto('/settings/security')
    await page.getByRole('button', { name: 'Turn on' }).click()
    await page.getByRole('img', { name: `QR code to add ${other} to an authenticator app` }).waitFor()
    await review(page, 'settings-setup-phone')
    const key = await shownSecret(page)
    await page.getByRole('textbox', { name: '6-digit code' }).fill(codeAt(key))
    await page.getByRole('button', { name: 'Confirm and turn on' }).click()
    await page.getByText('Two-step verification is now on.').waitFor()
    await page.getByRole('button', { name: 'Turn off' }).click()
    const dialog = page.getByRole('dialog', { name: 'Turn off two-step verification?' })
    await dialog.waitFor()
    await dialog.getByRole('button', { name: 'Turn off' }).click()
    await page.getByText('Two-step verification is now off.').waitFor()
  })

  it('makes the administrator (staff) set it up at the first sign-in, after the new password', async () => {
    const admin = adminTemporaryPassword(journey.server.output())
    for (const [device, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      const { page, errors } = await open(viewport)
      await passwordStep(page, admin.email, admin.password)
      if (device === 'desktop') {
        await page.waitForURL('**/complete-register')
        // The bootstrap account's placeholder name is not a person's name: the screen asks for one.
        await page.getByRole('textbox', { name: 'Name' }).fill('Rosa Martínez')
        const newPassword = strongPassword()
        await page.getByLabel('Password', { exact: true }).fill(newPassword)
        await page.getByRole('checkbox', { name: 'I accept the Terms of Use and Privacy' }).check()
        await page.getByRole('button', { name: 'Complete Register' }).click()
        admin.password = newPassword
      }
      await page.getByRole('heading', { name: 'Set up two-step verification' }).waitFor()
      await page.getByRole('img', { name: `QR code to add ${admin.email} to an authenticator app` }).waitFor()
      await review(page, `signin-setup-${device}`)
      const key = await shownSecret(page)
      await page.getByRole('textbox', { name: '6-digit code' }).fill(codeAt(key))
      await page.getByRole('button', { name: 'Turn on and continue' }).click()
      await page.waitForURL('**/dashboard', { timeout: 15_000 })
      expect(errors).toEqual([])
      if (device === 'desktop') {
        // Set up once; the phone then meets the code step, so it resets it through the service's admin path.
        await resetAdminTwoStep(admin.email)
      }
    }
  })
})

/** Turns the administrator's two-step verification off again (as another administrator would for a lost phone). */
async function resetAdminTwoStep(email: string) {
  const { CognitoIdentityProviderClient, AdminSetUserMFAPreferenceCommand } = await import('@aws-sdk/client-cognito-identity-provider')
  const creds = JSON.parse(fs.readFileSync(path.join(journey.server.dataDir, 'identity', 'admin-credentials.json'), 'utf8')) as {
    accessKeyId: string
    secretAccessKey: string
  }
  const config = (await (await fetch(`${journey.server.url}/api/config`)).json()) as { identity: { userPoolId: string } }
  const client = new CognitoIdentityProviderClient({
    region: config.identity.userPoolId.split('_')[0],
    endpoint: `${journey.server.url}/identity/`,
    credentials: creds,
    maxAttempts: 1,
  })
  try {
    await client.send(
      new AdminSetUserMFAPreferenceCommand({ UserPoolId: config.identity.userPoolId, Username: email, SoftwareTokenMfaSettings: { Enabled: false } }),
    )
  } finally {
    client.destroy()
  }
}
