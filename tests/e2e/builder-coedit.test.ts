import nodePath from 'node:path'
import type { BrowserContext, Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { axeViolations } from './a11y.js'
import { useJourney } from './journey.js'
import { trackErrors } from './support.js'

/**
 * Co-editing one course in a real Chromium against the real server, with two browsers (contexts) of
 * one creator: whichever saves second is asked, side by side, and nothing refused is ever sent again
 * by itself; a reload and a tab opened later offer unsent edits instead of applying them; a network
 * cut keeps the edits in the tab and says so. The conflict screen is checked with axe-core and
 * photographed at 1366×768 and 390×844 (into /tmp/shots-builder).
 */

const SHOTS = process.env.BUILDER_SHOTS_DIR ?? '/tmp/shots-builder'
const DESKTOP = { width: 1366, height: 768 }
const PHONE = { width: 390, height: 844 }

const journey = useJourney({ shots: SHOTS, failurePrefix: 'coedit-' })
let creator: { email: string; password: string }
let jwt = ''
const findings: string[] = []
/** Uncaught errors of every page opened. */
const pageErrors: string[][] = []

async function signIn(page: Page) {
  await page.goto('/login')
  await page.getByRole('textbox', { name: 'Email' }).fill(creator.email)
  await page.getByLabel('Password', { exact: true }).fill(creator.password)
  await page.getByRole('button', { name: 'Log in' }).click()
  await page.waitForURL('**/dashboard', { timeout: 20_000 })
}

/** A signed-in creator in a browser of its own (own storage), `viewport` sized. */
async function browserOf(viewport = DESKTOP) {
  const context = await journey.context({ language: 'eng', viewport })
  const page = await tab(context)
  await signIn(page)
  return { context, page }
}

/** Another tab of the same browser: leaving a page with unsent edits is confirmed. */
async function tab(context: BrowserContext) {
  const page = await context.newPage()
  page.on('dialog', (d) => void d.accept())
  pageErrors.push(trackErrors(page))
  return journey.watch(page)
}

/** A new course through the API, its uuid. */
async function newCourse(name: string): Promise<string> {
  const res = await fetch(`${journey.server.url}/api/v2/courses/creator/start`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${jwt}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name }),
  })
  if (!res.ok) throw new Error(`could not start a course: ${res.status} ${await res.text()}`)
  return ((await res.json()) as { uuid: string }).uuid
}

/** The course as the server has it. */
async function savedCourse(uuid: string): Promise<{ revision: number; description: string; requirements: string; certificateDetails: string; name: string }> {
  const res = await fetch(`${journey.server.url}/api/v2/courses/creator/builder/${uuid}`, { headers: { Authorization: `Bearer ${jwt}` } })
  return ((await res.json()) as { Item: { revision: number; description: string; requirements: string; certificateDetails: string; name: string } }).Item
}

// A dialog hides the page from assistive technology; the header's status is still on screen behind it.
const status = (page: Page) => page.getByRole('status', { name: 'Save status', includeHidden: true })
const saved = (page: Page) => status(page).getByText('All changes saved').waitFor({ timeout: 20_000 })
const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true })
const conflict = (page: Page) => page.getByRole('dialog', { name: 'Not saved: the course changed elsewhere' })
const open = async (page: Page, uuid: string) => {
  await page.goto(`/creator/courses/${uuid}/general`)
  await field(page, 'Requirements').waitFor({ timeout: 20_000 })
}

/** axe-core on the screen as it is now, then its picture. */
async function check(page: Page, name: string) {
  for (const v of await axeViolations(page)) findings.push(`${name}: ${v}`)
  const width = page.viewportSize()?.width ?? 0
  await page.screenshot({ path: nodePath.join(SHOTS, `${width <= 400 ? 'phone' : 'desktop'}-${name}.png`) })
}

beforeAll(async () => {
  // The bootstrap administrator puts the new creator in the creator group.
  creator = await journey.staff(['creator'], 'Carla Núñez', 'coeditor')
})

describe('two people editing one course', () => {
  it('A saves first: B is asked, side by side, and keeping B’s text saves it on the current revision', async () => {
    const a = await browserOf()
    const b = await browserOf()
    jwt = (await a.page.evaluate(() => localStorage.getItem('jwt')))!
    const uuid = await newCourse('Shared course')
    await open(a.page, uuid)
    await open(b.page, uuid)

    await field(a.page, 'Description').fill('Written by A')
    await saved(a.page)
    await field(b.page, 'Description').fill('Written by B')
    const dialog = conflict(b.page)
    await dialog.waitFor({ timeout: 20_000 })
    await status(b.page).getByText('Not saved: conflict').waitFor()
    const decision = dialog.getByRole('radiogroup', { name: 'Description' })
    await decision.getByText('Written by B').waitFor()
    await decision.getByText('Written by A').waitFor()
    // Nothing of B's went out: the server keeps A's text.
    expect((await savedCourse(uuid)).description).toBe('Written by A')
    await check(b.page, 'coedit-conflict')

    // By keyboard: the first choice of the decision, then apply.
    await decision.getByRole('radio', { name: 'Keep mine' }).focus()
    await b.page.keyboard.press('Space')
    await dialog.getByRole('button', { name: 'Apply my choices' }).click()
    await dialog.waitFor({ state: 'detached' })
    await saved(b.page)
    const after = await savedCourse(uuid)
    expect(after.description).toBe('Written by B')

    // A's next look shows B's text; nobody is offered anything.
    await a.page.reload()
    await field(a.page, 'Requirements').waitFor()
    expect(await field(a.page, 'Description').inputValue()).toBe('Written by B')
    expect(await a.page.getByRole('region', { name: /Unsent edits/ }).count()).toBe(0)
  })

  it('B saves first: A takes theirs, sees B’s text, and A’s refused edit is never sent (phone)', async () => {
    const a = await browserOf(PHONE)
    const b = await browserOf()
    const uuid = await newCourse('Second shared course')
    await open(a.page, uuid)
    await open(b.page, uuid)

    await field(b.page, 'Requirements').fill('A calculator')
    await saved(b.page)
    await field(a.page, 'Requirements').fill('A pencil')
    const dialog = conflict(a.page)
    await dialog.getByRole('radiogroup', { name: 'Requirements' }).waitFor({ timeout: 20_000 })
    await check(a.page, 'coedit-conflict')
    await dialog.getByRole('button', { name: 'Take all theirs' }).click()
    await dialog.getByRole('button', { name: 'Apply my choices' }).click()
    await dialog.waitFor({ state: 'detached' })
    await saved(a.page)
    expect(await field(a.page, 'Requirements').inputValue()).toBe('A calculator')

    // A tab opened later in A's browser has nothing to offer, and the server keeps B's text.
    const later = await tab(a.context)
    await open(later, uuid)
    await a.page.waitForTimeout(2000)
    expect(await later.getByRole('region', { name: /Unsent edits/ }).count()).toBe(0)
    expect((await savedCourse(uuid)).requirements).toBe('A calculator')
  })

  it('a reload in the middle of a conflict offers the refused edit with its revision; restoring asks again, side by side', async () => {
    const a = await browserOf()
    const b = await browserOf()
    const uuid = await newCourse('Third shared course')
    await open(a.page, uuid)
    await open(b.page, uuid)
    const base = (await savedCourse(uuid)).revision

    await field(b.page, 'Certificate details').fill('Signed by B')
    await saved(b.page)
    await field(a.page, 'Certificate details').fill('Signed by A')
    await conflict(a.page).waitFor({ timeout: 20_000 })

    // A reloads instead of choosing: the edit is offered, not applied.
    await a.page.reload()
    const offer = a.page.getByRole('region', { name: 'Unsent edits from before this page was reloaded' })
    await offer.waitFor({ timeout: 20_000 })
    await offer.getByText(new RegExp(`1 edit, made .* on revision ${base}\\. Nothing has been applied\\. The server refused them`)).waitFor()
    expect(await field(a.page, 'Certificate details').inputValue()).toBe('Signed by B')
    await a.page.waitForTimeout(2000)
    expect((await savedCourse(uuid)).certificateDetails).toBe('Signed by B')

    await check(a.page, 'coedit-unsent-edits')
    await offer.getByRole('button', { name: 'Review and restore' }).click()
    const dialog = a.page.getByRole('dialog', { name: 'Restore unsent edits' })
    const decision = dialog.getByRole('radiogroup', { name: 'Certificate details' })
    await decision.getByText('Signed by A').waitFor({ timeout: 20_000 })
    await decision.getByText('Signed by B').waitFor()
    await check(a.page, 'coedit-conflict-restore')
    await decision.getByRole('radio', { name: 'Keep mine' }).check()
    await dialog.getByRole('button', { name: 'Apply my choices' }).click()
    await dialog.waitFor({ state: 'detached' })
    await saved(a.page)
    expect((await savedCourse(uuid)).certificateDetails).toBe('Signed by A')
    expect(await field(a.page, 'Certificate details').inputValue()).toBe('Signed by A')
  })

  it('a tab closed with unsent edits: a live tab never takes them; a third tab opened later offers them, and restores them when nobody saved since', async () => {
    const a = await browserOf()
    const uuid = await newCourse('Fourth shared course')
    await open(a.page, uuid)
    const base = (await savedCourse(uuid)).revision

    // The server cannot be reached from this tab: the edit stays in the tab, and the header says so.
    const unreachable = '**/builder/update-general'
    await a.context.route(unreachable, (route) => route.abort('internetdisconnected'))
    await field(a.page, 'Requirements').fill('Kept offline')
    await status(a.page).getByText('Offline — changes kept in this tab').waitFor({ timeout: 20_000 })

    // A second tab of the same browser, while the first is open: nothing is offered.
    const second = await tab(a.context)
    await open(second, uuid)
    await second.waitForTimeout(1500)
    expect(await second.getByRole('region', { name: /Unsent edits/ }).count()).toBe(0)
    await second.close()

    // The first tab closes with its edit unsent (a closing tab tries once more: the network is gone by then).
    await a.context.setOffline(true)
    await a.page.close({ runBeforeUnload: false })
    await a.context.setOffline(false)
    expect((await savedCourse(uuid)).requirements).toBe('')

    // A third tab, opened later: the closed tab's edit is offered with its revision, and not applied.
    const third = await tab(a.context)
    await open(third, uuid)
    const offer = third.getByRole('region', { name: 'Unsent edits from a closed tab' })
    await offer.waitFor({ timeout: 20_000 })
    await offer.getByText(new RegExp(`1 edit, made .* on revision ${base}\\.`)).waitFor()
    expect(await field(third, 'Requirements').inputValue()).toBe('')
    await third.waitForTimeout(1500)
    expect((await savedCourse(uuid)).requirements).toBe('')
    await a.context.unroute(unreachable)
    await offer.getByRole('button', { name: 'Review and restore' }).click()
    await offer.waitFor({ state: 'detached' })
    await saved(third)
    expect(await field(third, 'Requirements').inputValue()).toBe('Kept offline')
    expect((await savedCourse(uuid)).requirements).toBe('Kept offline')
  })

  it('the network cut and restored: the kept edit meets a newer save and is asked about, never sent over it', async () => {
    const a = await browserOf()
    const b = await browserOf()
    const uuid = await newCourse('Fifth shared course')
    await open(a.page, uuid)
    await open(b.page, uuid)

    await a.context.setOffline(true)
    await field(a.page, 'Description').fill('Typed offline by A')
    await status(a.page).getByText('Offline — changes kept in this tab').waitFor({ timeout: 20_000 })
    await field(b.page, 'Description').fill('Saved online by B')
    await saved(b.page)
    await a.context.setOffline(false)
    const dialog = conflict(a.page)
    const decision = dialog.getByRole('radiogroup', { name: 'Description' })
    await decision.getByText('Saved online by B').waitFor({ timeout: 30_000 })
    expect((await savedCourse(uuid)).description).toBe('Saved online by B')
    await decision.getByRole('radio', { name: 'Take theirs' }).check()
    await dialog.getByRole('button', { name: 'Apply my choices' }).click()
    await dialog.waitFor({ state: 'detached' })
    await saved(a.page)
    expect(await field(a.page, 'Description').inputValue()).toBe('Saved online by B')
    expect((await savedCourse(uuid)).description).toBe('Saved online by B')
  })

  it('the conflict screens have no serious accessibility findings, and no page threw', () => {
    expect(findings).toEqual([])
    expect(pageErrors.flat()).toEqual([])
  })
})
