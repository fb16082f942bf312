import nodePath from 'node:path'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { axeViolations } from './a11y.js'
import { useJourney } from './journey.js'
import { networkSettled } from './support.js'

/**
 * The course authoring journey in a real Chromium against the real server: a creator starts a course,
 * fills the general data, uploads a cover while the progress shows, builds two sections with text,
 * video and form blocks, moves a block to the other section with the keyboard, validates, fixes the
 * failing item, publishes; a second tab editing the same course is asked about its edit. Every builder
 * screen is checked with axe-core and photographed at 1366×768 and 390×844 (into /tmp/shots-builder).
 */

const SHOTS = process.env.BUILDER_SHOTS_DIR ?? '/tmp/shots-builder'
const DESKTOP = { width: 1366, height: 768 }
const PHONE = { width: 390, height: 844 }

let creator: { email: string; password: string }
let course = ''
const refused: string[] = []

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login')
  await page.getByRole('textbox', { name: 'Email' }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Log in' }).click()
  await page.waitForURL('**/dashboard', { timeout: 20_000 })
}

/** A signed-in creator's page in a fresh context of `viewport`. */
async function creatorPage(viewport = DESKTOP) {
  const { context, page, errors } = await journey.page({ language: 'eng', viewport })
  // Refused API calls, kept for the failure report.
  page.on('response', (r) => {
    if (r.status() >= 400 && r.url().includes('/api/'))
      void r
        .text()
        .then((t) => refused.push(`${r.request().method()} ${r.url()} ${r.status()} ${t.slice(0, 300)} ${r.request().postData()?.slice(0, 300) ?? ''}`))
  })
  await signIn(page, creator.email, creator.password)
  return { context, page, errors }
}

const journey = useJourney({
  shots: SHOTS,
  failurePrefix: 'builder-',
  failureDetails: () => `refused calls:\n${refused.join('\n')}`,
})

beforeAll(async () => {
  // The bootstrap administrator puts the new creator in the creator group.
  const staff = await journey.staff(['creator'], 'Carla Núñez')
  creator = staff
  // Categories come unseeded: the administrator adds the one the course will be in.
  const category = await fetch(`${journey.server.url}/api/v2/admin/categories/create`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${staff.adminJwt}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Mathematics', description: 'Numbers and shapes' }),
  })
  if (!category.ok) throw new Error(`could not add a category: ${category.status} ${await category.text()}`)
})

const saved = (page: Page) => page.getByRole('status', { name: 'Save status' }).getByText('All changes saved').waitFor({ timeout: 20_000 })

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='

/** A file of `size` bytes starting with the signature of its type. */
function file(name: string, mimeType: string, size: number) {
  // A real 1×1 PNG (browsers ignore what follows its end), or the start of a PDF.
  const head = mimeType === 'image/png' ? Buffer.from(PNG, 'base64') : Buffer.from('%PDF-1.4\n')
  return { name, mimeType, buffer: Buffer.concat([head, Buffer.alloc(size - head.length, 7)]) }
}

describe('course authoring journey', () => {
  it('starts, fills, uploads, builds, moves, validates, fixes and publishes a course', async () => {
    const { page, errors } = await creatorPage()
    await page.goto('/creator/courses')
    await page.getByText('You have no courses yet. Create the first one with “New course”.').waitFor()

    // Start a course.
    await page.getByRole('button', { name: 'New course' }).click()
    await page.getByRole('dialog', { name: 'New course' }).getByRole('textbox', { name: 'Course name' }).fill('Statistics for everyone')
    await page.getByRole('button', { name: 'Create and open' }).click()
    await page.waitForURL(/\/creator\/courses\/[0-9a-f-]{36}\/general$/)
    course = /courses\/([0-9a-f-]{36})/.exec(page.url())![1]
    await page.getByRole('heading', { level: 1, name: 'Statistics for everyone' }).waitFor()

    // General data.
    await page.getByRole('textbox', { name: 'Duration (hours)' }).fill('12')
    await page.getByRole('textbox', { name: 'Brief description' }).fill('Numbers for daily life, plainly explained.')
    await page.getByRole('textbox', { name: 'Description', exact: true }).fill('Averages, spread, chance and charts, with exercises.')
    for (const [choice, option] of [
      ['Difficulty', 'Easy'],
      ['Category', 'Mathematics'],
    ]) {
      await page.getByRole('combobox', { name: choice }).click()
      await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click()
    }
    await saved(page)

    // The cover, uploaded slowly enough for the progress to show.
    await page.getByRole('tab', { name: 'Media' }).click()
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 400 * 1024 })
    const cover = page.getByRole('group', { name: 'Cover', exact: true })
    await cover.locator('input[type=file]').setInputFiles(file('cover.png', 'image/png', 1_500_000))
    await cover.getByRole('progressbar').first().waitFor({ timeout: 10_000 })
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 })
    await page.getByRole('group', { name: 'Preview: Cover' }).locator('img').waitFor({ timeout: 30_000 })
    await saved(page)

    // Two sections: text and video in the first, a form in the second.
    await page.getByRole('tab', { name: 'Content' }).click()
    await page.getByRole('button', { name: 'Add section' }).first().click()
    const first = page.getByRole('region', { name: /^Section 1:/ })
    await first.waitFor()
    await page.getByRole('button', { name: 'Add section' }).first().click()
    const second = page.getByRole('region', { name: /^Section 2:/ })
    await second.waitFor()
    await first.getByRole('button', { name: /^Add block to/ }).click()
    await page.getByRole('menuitem', { name: 'Text' }).click()
    await page.getByRole('article', { name: 'Text' }).getByRole('textbox', { name: 'Block title (optional)' }).fill('Welcome')
    await page.locator('[contenteditable=true]').first().fill('Statistics starts with counting.')
    await first.getByRole('button', { name: /^Add block to/ }).click()
    await page.getByRole('menuitem', { name: 'Video' }).click()
    const video = page.getByRole('article', { name: 'Video' })
    await video.getByRole('textbox', { name: 'Block title (optional)' }).fill('Intro video')
    await page.getByRole('article', { name: 'Intro video' }).getByRole('button', { name: 'Web address' }).click()
    await page.getByRole('article', { name: 'Intro video' }).getByRole('textbox', { name: 'Address (URL)' }).fill('https://example.org/intro.mp4')
    // A linked video's length is the creator's to give: learners' progress is measured against it.
    await page.getByRole('article', { name: 'Intro video' }).getByRole('textbox', { name: 'Length' }).fill('12:30')
    await second.getByRole('button', { name: /^Add block to/ }).click()
    await page.getByRole('menuitem', { name: 'Evaluation form' }).click()
    const form = page.getByRole('article', { name: 'Evaluation form' })
    await form.getByRole('textbox', { name: 'Block title (optional)' }).fill('Quiz')
    const quiz = page.getByRole('article', { name: 'Quiz' })
    await quiz.getByRole('textbox', { name: /Form name/ }).fill('Quiz one')
    await quiz.getByRole('button', { name: 'Add question' }).click()
    await quiz.getByRole('textbox', { name: 'Text of question 1' }).fill('Is the mean a kind of average?')
    await quiz.getByRole('textbox', { name: 'Text of option A of question 1' }).fill('Yes')
    await quiz.getByRole('textbox', { name: 'Text of option B of question 1' }).fill('No')
    await quiz
      .getByRole('checkbox', { name: 'Option A is correct' })
      .or(quiz.getByRole('radio', { name: 'Option A is correct' }))
      .check()
    await saved(page)
    await check(page, 'content')

    // The video goes from the first section to the second, dragged with the mouse by its handle. The
    // editors are closed and the window made tall, so that both sections are in view while dragging.
    const closeEditor = page.getByRole('button', { name: 'Close editor' })
    while ((await closeEditor.count()) > 0) await closeEditor.first().click()
    await page.setViewportSize({ width: DESKTOP.width, height: 1400 })
    await page.evaluate(() => window.scrollTo(0, 0))
    const handle = page.getByRole('button', { name: 'Drag block Intro video' })
    const from = (await handle.boundingBox())!
    const block = (await page.getByRole('article', { name: 'Intro video' }).boundingBox())!
    const [x0, y0] = [from.x + from.width / 2, from.y + from.height / 2]
    await page.mouse.move(x0, y0)
    await page.mouse.down()
    // The library reads pointer moves once per animation frame: the input is paced so it sees each.
    for (let dy = 3; dy <= 12; dy += 3) {
      await page.mouse.move(x0, y0 + dy)
      await page.waitForTimeout(30)
    }
    // The library drops where the dragged block's centre is: that centre is brought onto the quiz's lower half.
    const quizBox = (await second.getByRole('article', { name: 'Quiz' }).boundingBox())!
    const [x1, y1] = [x0, y0 + (quizBox.y + quizBox.height * 0.75) - (block.y + block.height / 2)]
    for (let i = 1; i <= 20; i++) {
      await page.mouse.move(x0 + ((x1 - x0) * i) / 20, y0 + 12 + ((y1 - y0 - 12) * i) / 20)
      await page.waitForTimeout(30)
    }
    await page.mouse.up()
    await page.setViewportSize(DESKTOP)
    await second.getByRole('article', { name: 'Intro video' }).waitFor({ timeout: 10_000 })
    await saved(page)
    await page.reload()
    await page
      .getByRole('region', { name: /^Section 2:/ })
      .getByRole('article', { name: 'Intro video' })
      .waitFor({ timeout: 20_000 })

    // A plan.
    await page.getByRole('tab', { name: 'Plans' }).click()
    await page.getByRole('button', { name: 'Add plan' }).click()
    await page.getByRole('textbox', { name: /Plan name/ }).fill('Monthly')
    await saved(page)

    // Validate: the certificate template is missing; its link leads to the media tab.
    await page.getByRole('tab', { name: 'Publish' }).click()
    await page.getByRole('button', { name: 'Validate' }).click()
    await page.getByText('Validation completed').waitFor()
    const checklist = page.getByRole('region', { name: 'Checklist' })
    await checklist.getByText('Certificate template — Missing').waitFor()
    expect(await page.getByRole('button', { name: 'Publish' }).isDisabled()).toBe(true)
    await check(page, 'publish-failing')
    await checklist.getByRole('link', { name: 'Fix in “Media”' }).click()
    await page.waitForURL(/\/media$/)
    await page
      .getByRole('group', { name: 'Certificate template' })
      .locator('input[type=file]')
      .setInputFiles(file('certificate.pdf', 'application/pdf', 20_000))
    await page.getByRole('group', { name: 'Preview: Certificate template' }).getByRole('link').waitFor({ timeout: 20_000 })
    await saved(page)

    await page.getByRole('tab', { name: 'Publish' }).click()
    await page.getByRole('button', { name: 'Validate' }).click()
    await page.getByText(/Everything is ready to publish/).waitFor()
    await page.getByRole('button', { name: 'Publish' }).click()
    await page.getByText('Publishing completed').waitFor()
    await page
      .getByText(/Published version: 1/)
      .first()
      .waitFor()
    await check(page, 'publish-done')
    expect(errors).toEqual([])
  })

  it('asks a second tab whose edit met a newer save, and keeps what it typed when asked to', async () => {
    const { context, page } = await creatorPage()
    await page.goto(`/creator/courses/${course}/general`)
    const other = await context.newPage()
    await other.goto(`/creator/courses/${course}/general`)
    await other.getByRole('textbox', { name: 'Requirements' }).waitFor()
    // The first tab saves a change: the second tab's view is now stale.
    await page.getByRole('textbox', { name: 'Name' }).fill('Statistics for everyone, 2nd edition')
    await saved(page)
    await other.getByRole('textbox', { name: 'Requirements' }).fill('A calculator')
    const dialog = other.getByRole('dialog', { name: 'Not saved: the course changed elsewhere' })
    const decision = dialog.getByRole('radiogroup', { name: 'Requirements' })
    await decision.waitFor({ timeout: 20_000 })
    await check(other, 'conflict')
    await decision.getByRole('radio', { name: 'Keep mine' }).check()
    await dialog.getByRole('button', { name: 'Apply my choices' }).click()
    await other.getByRole('heading', { level: 1, name: 'Statistics for everyone, 2nd edition' }).waitFor()
    expect(await other.getByRole('textbox', { name: 'Requirements' }).inputValue()).toBe('A calculator')
    await saved(other)
    await page.reload()
    expect(await page.getByRole('textbox', { name: 'Requirements' }).inputValue()).toBe('A calculator')
  })

  it('every builder screen: axe-core finds nothing serious, pictures at desktop and phone size', async () => {
    const screens: Array<[string, string]> = [
      ['list', '/creator/courses'],
      ...['general', 'media', 'content', 'faq', 'tags', 'plans', 'collaborators', 'publish'].map((t): [string, string] => [
        t,
        `/creator/courses/${course}/${t}`,
      ]),
      ['review', `/creator/courses/${course}/review`],
      ['not-authorized', '/creator/courses/00000000-0000-4000-8000-000000000000/general'],
    ]
    for (const viewport of [DESKTOP, PHONE]) {
      const { page } = await creatorPage(viewport)
      for (const [name, path] of screens) {
        await page.goto(path)
        await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 20_000 })
        await check(page, name)
      }
    }
    expect(findings).toEqual([])
  })
})

/** Serious or critical axe findings of every screen checked. */
const findings: string[] = []

/** axe-core on the screen as it is now, then its picture at the page's size. */
async function check(page: Page, name: string) {
  await networkSettled(page)
  for (const v of await axeViolations(page)) findings.push(`${name}: ${v}`)
  const width = page.viewportSize()?.width ?? 0
  await page.screenshot({ path: nodePath.join(SHOTS, `${width <= 400 ? 'phone' : 'desktop'}-${name}.png`), fullPage: true })
}
