import crypto from 'node:crypto'
import { CognitoUser, CognitoUserAttribute, CognitoUserPool } from 'amazon-cognito-identity-js'
import type { Browser, BrowserContext, Page, Request } from 'playwright-core'
import { codeIn, mailsTo, type Mail } from '../helpers/mail.js'

export { mailsTo, type Mail }

/** Helpers for the journeys: the mail the identity service writes, sessions in the browser, unique users. */

/** A unique, valid e-mail per call (journeys never share accounts). */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now().toString(36)}-${crypto.randomBytes(3).toString('hex')}@example.test`
}

/** A password that satisfies the default policy (12+ characters with upper, lower, number, symbol). */
export function strongPassword(): string {
  return `Aula-${crypto.randomBytes(6).toString('hex')}-Pw9!`
}

/**
 * Waits for the `index`-th message (0-based) to `to` and returns the six-digit code in it.
 * Pass the number of messages already seen to wait for the next one.
 */
export async function waitForCode(dataDir: string, to: string, index = 0, timeoutMs = 15_000): Promise<{ code: string; mail: Mail }> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const mails = mailsTo(dataDir, to)
    if (mails.length > index) {
      const mail = mails[index]
      const code = codeIn(mail)
      if (!code) throw new Error(`no six-digit code in the message to ${to}:\n${mail.text}`)
      return { code, mail }
    }
    if (Date.now() > deadline) throw new Error(`no message #${index + 1} to ${to} within ${timeoutMs} ms`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

/** The bootstrap administrator's temporary password from the server's console output. */
export function adminTemporaryPassword(output: string): { email: string; password: string } {
  const email = /e-mail:\s+(\S+)/.exec(output)?.[1]
  const password = /temporary password:\s+(\S+)/.exec(output)?.[1]
  if (!email || !password) throw new Error(`no bootstrap administrator in the server output:\n${output}`)
  return { email, password }
}

export type Language = 'mx' | 'eng' | 'es' | 'it' | 'gr' | 'rs'

export interface ContextOptions {
  /** The language stored before the first load (the app's default is mx). */
  language?: Language
  /** Accept the cookie banner up front (default true; screenshots show it once). */
  cookieConsent?: boolean
  viewport?: { width: number; height: number }
  /** The browser's own language (BCP 47; a first visit follows it when Aula has it). Default en-US. */
  locale?: string
  /** The browser's colour scheme (react-admin follows it until a theme is chosen). Default light. */
  colorScheme?: 'light' | 'dark'
}

/** A fresh browser context (own storage) with the language chosen before the app loads. */
export async function newContext(browser: Browser, baseURL: string, options: ContextOptions = {}): Promise<BrowserContext> {
  const viewport = options.viewport ?? { width: 1366, height: 768 }
  const context = await browser.newContext({
    baseURL,
    viewport,
    isMobile: viewport.width < 500,
    hasTouch: viewport.width < 500,
    locale: options.locale ?? 'en-US',
    colorScheme: options.colorScheme ?? 'light',
  })
  if (options.language) {
    // Only when nothing is stored yet: a language chosen in the app survives reloads. The script runs
    // in every frame; a sandboxed one (a course's simulation) has no storage and is left alone.
    await context.addInitScript((lang) => {
      if (window.origin === 'null') return
      if (!localStorage.getItem('I18N_LANGUAGE')) localStorage.setItem('I18N_LANGUAGE', lang)
    }, options.language)
  }
  if (options.cookieConsent ?? true) {
    await context.addCookies([{ name: 'cookie_consent', value: 'true', url: baseURL }])
  }
  trackRequests(context)
  return context
}

/** Requests that stay open while the page lives (the top bar's live notification stream): never "in flight". */
const LONG_LIVED = /\/api\/v2\/notifications\/stream(?:\?|$)/
const inflight = new WeakMap<BrowserContext, Set<Request>>()

/** Keeps the context's requests in flight, for `networkSettled`. */
export function trackRequests(context: BrowserContext): void {
  if (inflight.has(context)) return
  const open = new Set<Request>()
  inflight.set(context, open)
  context.on('request', (r) => {
    if (!LONG_LIVED.test(r.url())) open.add(r)
  })
  const done = (r: Request) => open.delete(r)
  context.on('requestfinished', done)
  context.on('requestfailed', done)
}

/**
 * The page has loaded and no request has been in flight for half a second, the live notification
 * stream aside (Playwright's `networkidle` never comes while it is open).
 */
export async function networkSettled(page: Page, timeoutMs = 30_000): Promise<void> {
  await page.waitForLoadState('load')
  const open = inflight.get(page.context())
  if (!open) throw new Error('networkSettled needs a context made by newContext (or passed to trackRequests)')
  const end = Date.now() + timeoutMs
  let quietSince = Date.now()
  while (Date.now() < end) {
    if (open.size > 0) quietSince = Date.now()
    else if (Date.now() - quietSince >= 500) return
    await page.waitForTimeout(50)
  }
  throw new Error(`requests still in flight after ${timeoutMs} ms: ${[...open].map((r) => r.url()).join(', ')}`)
}

/** Collects uncaught page errors so that a journey can assert there were none. */
export function trackErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  return errors
}

/** The keys of requirements §3 the session keeps in local storage. */
export const SESSION_KEYS = ['authUser', 'jwt', 'userAttributes', 'userPayload'] as const

export async function storedKeys(page: Page): Promise<Record<string, string | null>> {
  return page.evaluate((keys) => Object.fromEntries(keys.map((k) => [k, localStorage.getItem(k)])), [...SESSION_KEYS])
}

/** Signs a user up through the identity service (as the register screen does) and confirms it with the mailed code. */
export async function createConfirmedUser(server: { url: string; dataDir: string }, email: string, password: string, name: string): Promise<void> {
  const config = (await (await fetch(`${server.url}/api/config`)).json()) as { identity: { userPoolId: string; clientId: string } }
  const pool = new CognitoUserPool({ UserPoolId: config.identity.userPoolId, ClientId: config.identity.clientId, endpoint: `${server.url}/identity/` })
  const attributes = [new CognitoUserAttribute({ Name: 'email', Value: email }), new CognitoUserAttribute({ Name: 'name', Value: name })]
  await new Promise<void>((resolve, reject) => pool.signUp(email, password, attributes, [], (err) => (err ? reject(err) : resolve())))
  const { code } = await waitForCode(server.dataDir, email)
  const user = new CognitoUser({ Username: email, Pool: pool })
  await new Promise<void>((resolve, reject) => user.confirmRegistration(code, false, (err) => (err ? reject(err) : resolve())))
}

/**
 * The bootstrap administrator's first sign-in on `page`: the temporary password from the start-up
 * output, then complete register (the placeholder name is not a person's, so the screen asks for one).
 * Resolves on the dashboard with the administrator's access token.
 */
export async function completeBootstrapRegister(page: Page, output: string, timeout = 20_000, name = 'Rosa Martínez'): Promise<string> {
  const bootstrap = adminTemporaryPassword(output)
  await page.goto('/login')
  await page.getByRole('textbox', { name: 'Email' }).fill(bootstrap.email)
  await page.getByLabel('Password', { exact: true }).fill(bootstrap.password)
  await page.getByRole('button', { name: 'Log in' }).click()
  await page.waitForURL('**/complete-register')
  await page.getByRole('textbox', { name: 'Name' }).fill(name)
  await page.getByLabel('Password', { exact: true }).fill(strongPassword())
  await page.getByRole('checkbox', { name: 'I accept the Terms of Use and Privacy' }).check()
  await page.getByRole('button', { name: 'Complete Register' }).click()
  await page.waitForURL('**/dashboard', { timeout })
  return (await page.evaluate(() => localStorage.getItem('jwt')))!
}

/** Puts a user in groups through the admin API, with an administrator's access token. */
export async function putInGroups(serverUrl: string, adminJwt: string, email: string, groups: string[]): Promise<void> {
  const res = await fetch(`${serverUrl}/api/admin/users/groups/${encodeURIComponent(email)}`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${adminJwt}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ groups }),
  })
  if (!res.ok) throw new Error(`could not put ${email} in ${groups.join(', ')}: ${res.status} ${await res.text()}`)
}

/** An API call from `page` with the session's access token, as the web app makes it; the answer's JSON. */
export async function apiFrom<T>(page: Page, method: string, url: string, body?: unknown): Promise<T> {
  const { status, json } = await page.evaluate(
    async ({ method, url, body }) => {
      const res = await fetch(url, {
        method,
        headers: { Authorization: `Bearer ${localStorage.getItem('jwt')}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      return { status: res.status, json: (await res.json()) as unknown }
    },
    { method, url, body },
  )
  if (status >= 300) throw new Error(`${method} ${url}: ${status} ${JSON.stringify(json)}`)
  return json as T
}
