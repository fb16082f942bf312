import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { CognitoUser, CognitoUserAttribute, CognitoUserPool } from 'amazon-cognito-identity-js'
import type { Browser, BrowserContext, Page } from 'playwright-core'

/** Helpers for the journeys: the mail the identity service writes, sessions in the browser, unique users. */

export interface Mail {
  file: string
  to: string
  subject: string
  text: string
}

/** A unique, valid e-mail per call (journeys never share accounts). */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now().toString(36)}-${crypto.randomBytes(3).toString('hex')}@example.test`
}

/** A password that satisfies the default policy (12+ characters with upper, lower, number, symbol). */
export function strongPassword(): string {
  return `Aula-${crypto.randomBytes(6).toString('hex')}-Pw9!`
}

function decodeQuotedPrintable(body: string): string {
  const bytes: number[] = []
  const soft = body.replace(/=\r?\n/g, '')
  for (let i = 0; i < soft.length; i++) {
    const c = soft[i]
    if (c === '=' && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16))
      i += 2
    } else {
      bytes.push(...Buffer.from(c, 'utf8'))
    }
  }
  return Buffer.from(bytes).toString('utf8')
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= / =?UTF-8?B?...?=) in a header value. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset: string, enc: string, text: string) =>
      enc.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    )
}

/** Parses one single-part text message as nodemailer writes it (headers, then a QP, base64 or plain body). */
export function parseMail(file: string): Mail {
  const raw = fs.readFileSync(file, 'utf8').replace(/\r\n/g, '\n')
  const split = raw.indexOf('\n\n')
  const head = raw.slice(0, split).replace(/\n[ \t]+/g, ' ')
  const body = raw.slice(split + 2)
  const headers = new Map<string, string>()
  for (const line of head.split('\n')) {
    const colon = line.indexOf(':')
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim())
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase()
  const text =
    encoding === 'quoted-printable' ? decodeQuotedPrintable(body) : encoding === 'base64' ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8') : body
  return { file, to: decodeHeader(headers.get('to') ?? ''), subject: decodeHeader(headers.get('subject') ?? ''), text }
}

/** Every message written so far to `to` under <dataDir>/mail, oldest first. */
export function mailsTo(dataDir: string, to: string): Mail[] {
  const dir = path.join(dataDir, 'mail')
  if (!fs.existsSync(dir)) return []
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => parseMail(path.join(dir, f)))
    .filter((m) => m.to.toLowerCase().includes(to.toLowerCase()))
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
      const code = /\b(\d{6})\b/.exec(mail.text)?.[1]
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

export type Language = 'mx' | 'eng'

export interface ContextOptions {
  /** The language stored before the first load (the app's default is mx). */
  language?: Language
  /** Accept the cookie banner up front (default true; screenshots show it once). */
  cookieConsent?: boolean
  viewport?: { width: number; height: number }
}

/** A fresh browser context (own storage) with the language chosen before the app loads. */
export async function newContext(browser: Browser, baseURL: string, options: ContextOptions = {}): Promise<BrowserContext> {
  const viewport = options.viewport ?? { width: 1366, height: 768 }
  const context = await browser.newContext({ baseURL, viewport, isMobile: viewport.width < 500, hasTouch: viewport.width < 500 })
  if (options.language) {
    // Only when nothing is stored yet: a language chosen in the app survives reloads.
    await context.addInitScript((lang) => {
      if (!localStorage.getItem('I18N_LANGUAGE')) localStorage.setItem('I18N_LANGUAGE', lang)
    }, options.language)
  }
  if (options.cookieConsent ?? true) {
    await context.addCookies([{ name: 'cookie_consent', value: 'true', url: baseURL }])
  }
  return context
}

/** Collects uncaught page errors so that a journey can assert there were none. */
export function trackErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  return errors
}

/** The keys of spec §3 the session keeps in local storage. */
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
