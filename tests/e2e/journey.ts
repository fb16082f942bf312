import fs from 'node:fs'
import os from 'node:os'
import nodePath from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, beforeEach } from 'vitest'
import { launchBrowser, startServer, type RunningServer } from './harness.js'
import {
  completeBootstrapRegister,
  createConfirmedUser,
  newContext,
  putInGroups,
  strongPassword,
  trackErrors,
  uniqueEmail,
  type ContextOptions,
} from './support.js'

/** Where a failed test leaves what the browser showed (screenshot, address, visible text), unless a journey says otherwise. */
export const FAILURES = nodePath.join(os.tmpdir(), 'aula-e2e-failures')

export interface JourneyOptions {
  /** The server's environment (`AULA_SEED: 'demo'`, `IDENTITY_MFA: 'staff'`, …). */
  env?: Record<string, string>
  /** The folder the journey's screenshots go to, made before the first test. */
  shots?: string
  /** Where a failed test's picture, address and text go (default FAILURES). */
  failures?: string
  /** The start of those files' names. */
  failurePrefix?: string
  /** More for the failure report (e.g. the API calls the server refused). */
  failureDetails?: () => string | Promise<string>
}

export interface OpenPage {
  context: BrowserContext
  page: Page
  /** The page's uncaught errors. */
  errors: string[]
}

export interface StaffUser {
  email: string
  password: string
  /** The bootstrap administrator's access token. */
  adminJwt: string
}

export interface Journey {
  readonly server: RunningServer
  readonly browser: Browser
  /** A fresh browser context on the server, closed after the journey. */
  context(options?: ContextOptions): Promise<BrowserContext>
  /** Closes `context` (made some other way) after the journey. */
  track(context: BrowserContext): BrowserContext
  /** A page in a fresh context; it is the one photographed if the test fails. */
  page(options?: ContextOptions): Promise<OpenPage>
  /** Makes `page` the one photographed if the test fails. */
  watch(page: Page): Page
  /**
   * The bootstrap administrator's first sign-in (complete register) in a fresh context's page, once
   * per server. Resolves on the dashboard.
   */
  bootstrapAdmin(options?: ContextOptions & { name?: string; timeout?: number }): Promise<OpenPage & { jwt: string }>
  /**
   * A registered, confirmed user put in `groups` by the bootstrap administrator (whose registration is
   * completed first when it is not yet). `label` starts its e-mail address (default: the first group).
   */
  staff(groups: string[], name: string, label?: string): Promise<StaffUser>
}

/**
 * One server and one browser for the file's tests: started before the first test, closed (with every
 * context made through the handle) after the last, the data folder removed. A failed test leaves the
 * watched page's picture, address and text, and the server's last output, in the failures folder.
 */
export function useJourney(options: JourneyOptions = {}): Journey {
  let server: RunningServer | undefined
  let browser: Browser | undefined
  let adminJwt: string | undefined
  let watched: Page | undefined
  const contexts: BrowserContext[] = []
  const pageErrors = new WeakMap<Page, string[]>()

  beforeAll(async () => {
    if (options.shots) fs.mkdirSync(options.shots, { recursive: true })
    server = await startServer({ env: options.env })
    browser = await launchBrowser()
  })

  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close().catch(() => undefined)))
    await browser?.close()
    await server?.stop()
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true })
  })

  beforeEach(({ onTestFailed }) => {
    onTestFailed(async ({ task }) => {
      const page = watched
      if (!page || page.isClosed()) return
      const folder = options.failures ?? FAILURES
      const base = nodePath.join(folder, `${options.failurePrefix ?? ''}${task.name.replace(/[^\w-]+/g, '-').slice(0, 80)}`)
      fs.mkdirSync(folder, { recursive: true })
      await page.screenshot({ path: `${base}.png`, fullPage: true }).catch(() => undefined)
      const text = await page
        .locator('body')
        .innerText()
        .catch((e: Error) => `(no text: ${e.message})`)
      const errors = pageErrors.get(page) ?? []
      const parts = [page.url(), errors.length ? `page errors:\n${errors.join('\n')}` : '', (await options.failureDetails?.()) ?? '', text]
      fs.writeFileSync(`${base}.txt`, `${parts.filter(Boolean).join('\n\n')}\n\nserver output:\n${server?.output().slice(-4000) ?? ''}`)
      console.error(`journey failed; see ${base}.png and ${base}.txt`)
    })
  })

  const journey: Journey = {
    get server() {
      if (!server) throw new Error('the server is not started yet')
      return server
    },
    get browser() {
      if (!browser) throw new Error('the browser is not launched yet')
      return browser
    },
    async context(contextOptions = {}) {
      return journey.track(await newContext(journey.browser, journey.server.url, contextOptions))
    },
    track(context) {
      contexts.push(context)
      return context
    },
    async page(contextOptions = {}) {
      const context = await journey.context(contextOptions)
      const page = await context.newPage()
      const errors = trackErrors(page)
      pageErrors.set(page, errors)
      watched = page
      return { context, page, errors }
    },
    watch(page) {
      watched = page
      return page
    },
    async bootstrapAdmin({ name, timeout, ...contextOptions } = {}) {
      if (adminJwt) throw new Error('the bootstrap administrator has completed its registration already')
      const open = await journey.page({ language: 'eng', ...contextOptions })
      const jwt = await completeBootstrapRegister(open.page, journey.server.output(), timeout, name)
      adminJwt = jwt
      return { ...open, jwt }
    },
    async staff(groups, name, label = groups[0] ?? 'staff') {
      if (!adminJwt) await (await journey.bootstrapAdmin()).context.close()
      const user = { email: uniqueEmail(label), password: strongPassword(), adminJwt: adminJwt! }
      await createConfirmedUser(journey.server, user.email, user.password, name)
      await putInGroups(journey.server.url, user.adminJwt, user.email, groups)
      return user
    },
  }
  return journey
}
