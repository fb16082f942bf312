import nodePath from 'node:path'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { axeViolations } from './a11y.js'
import { useJourney } from './journey.js'
import { networkSettled } from './support.js'

/**
 * The content tab in a real Chromium against the real server: a block moves with the keyboard alone
 * (space to lift, arrows, space to drop) and the server keeps the new order; axe-core finds nothing
 * serious on the tab; pictures at 1366×768 and 390×844 go to /tmp/shots-builder-content for review.
 */

const SHOTS = process.env.BUILDER_CONTENT_SHOTS_DIR ?? '/tmp/shots-builder-content'
const API = '/api/v2/courses/creator'

let page: Page
let errors: string[]
let jwt = ''

const journey = useJourney({
  shots: SHOTS,
  // A failing step leaves its picture, text, stored session and the server's last output next to the pictures.
  failures: SHOTS,
  failurePrefix: 'failed-',
  failureDetails: () => page.evaluate(() => localStorage.getItem('userPayload')).then(String, () => 'null'),
})

/** Signs in through the login screen. */
async function signIn(email: string, password: string): Promise<string> {
  await page.goto('/login')
  await page.getByRole('textbox', { name: 'Email' }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Log in' }).click()
  await page.waitForURL('**/dashboard', { timeout: 15_000 })
  return (await page.evaluate(() => localStorage.getItem('jwt'))) ?? ''
}

beforeAll(async () => {
  // The administrator puts a newly registered user in the creator group; the creator then signs in.
  const creator = await journey.staff(['creator'], 'Lucía Fernández')
  ;({ page, errors } = await journey.page({ language: 'eng' }))
  jwt = await signIn(creator.email, creator.password)
  // The session with the creator group is stored once the menu offers the course creator.
  await page.getByRole('navigation', { name: 'Main menu' }).getByText('Course Creator', { exact: true }).first().waitFor({ timeout: 15_000 })
})

/** The creator API as the signed-in administrator. */
async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${journey.server.url}${API}${path}`, {
    method,
    headers: { Authorization: `Bearer ${jwt}`, 'Content-Type': 'application/json', Accept: 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const json = (await res.json()) as T
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`)
  return json
}

/** A course with two sections: "Basics" (text, link, form) and "Practice" (video). */
async function courseWithContent(): Promise<string> {
  const { uuid, revision: first } = await api<{ uuid: string; revision: number }>('POST', '/start', { name: 'Statistics for everyone' })
  let revision = first
  const add = async (item: string, values: Record<string, unknown>, section?: string) => {
    const answer = await api<{ revision: number; item: { id: string } }>('POST', '/blocks/add', { uuid, revision, item, section, values })
    revision = answer.revision
    return answer.item.id
  }
  const basics = await add('section', { title: 'Basics' })
  await add('text', { title: 'Welcome', html: '<p>Welcome to the course. <strong>Take your time.</strong></p>' }, basics)
  await add('link', { title: 'Further reading', url: 'https://example.org/statistics' }, basics)
  await add(
    'form',
    {
      name: 'Check your understanding',
      tries: 2,
      requiredScore: 60,
      questions: [
        {
          id: 'q1',
          type: 'single',
          text: 'What is a median?',
          options: [
            { id: 'a', text: 'The middle value', correct: true },
            { id: 'b', text: 'The most common value', correct: false },
          ],
        },
      ],
    },
    basics,
  )
  const practice = await add('section', { title: 'Practice' })
  await add('video', { title: 'Lecture', url: 'https://example.org/lecture.mp4', duration: 750 }, practice)
  return uuid
}

const blockTitles = async (uuid: string, section: number) =>
  (await api<{ items: Array<{ blocks: Array<{ values: { title?: string; name?: string } }> }> }>('GET', `/builder/blocks/${uuid}`)).items[section]!.blocks.map(
    (b) => b.values.title ?? b.values.name,
  )

async function shot(name: string, fullPage = true) {
  await networkSettled(page)
  // A whole-page picture taken while scrolled shows the fixed top bar mid-page: start from the top.
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0))
  await page.waitForTimeout(400)
  const width = page.viewportSize()?.width ?? 0
  await page.screenshot({ path: nodePath.join(SHOTS, `${width <= 400 ? 'phone' : 'desktop'}-${name}.png`), fullPage })
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
  const wide = await page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
      .slice(0, 5)
      .map((el) => `${el.outerHTML.slice(0, 300)} ${Math.round(el.getBoundingClientRect().left)}-${Math.round(el.getBoundingClientRect().right)}`),
  )
  expect(overflow, `${name} scrolls sideways: ${wide.join(' | ')}`).toBeLessThanOrEqual(0)
}

describe('content tab', () => {
  it('moves a block with the keyboard alone, and the server keeps the new order', async () => {
    const uuid = await courseWithContent()
    await page.goto(`/creator/courses/${uuid}/content`)
    const basics = page.getByRole('region', { name: 'Section 1: Basics' })
    await basics.getByRole('article').first().waitFor({ timeout: 20_000 })
    expect(await blockTitles(uuid, 0)).toEqual(['Welcome', 'Further reading', 'Check your understanding'])

    // Tab to the drag handle of "Welcome" from the section's title field, as a keyboard user would.
    await basics.getByRole('textbox', { name: 'Section title' }).focus()
    const handle = basics.getByRole('button', { name: 'Drag block Welcome' })
    for (let i = 0; i < 5 && !(await handle.evaluate((el) => el === document.activeElement)); i += 1) await page.keyboard.press('Tab')
    expect(await handle.evaluate((el) => el === document.activeElement)).toBe(true)

    await page.keyboard.press('Space')
    // The lift is announced in the interface language.
    await expect
      .poll(
        () =>
          page
            .locator('[aria-live]')
            .allInnerTexts()
            .then((t) => t.join(' ')),
        { timeout: 5000 },
      )
      .toContain('You have lifted the block “Welcome”, at position 1 of 3 in “Basics”.')
    await page.keyboard.press('ArrowDown')
    await page.waitForTimeout(300)
    await page.keyboard.press('ArrowDown')
    await page.waitForTimeout(300)
    await page.keyboard.press('Space')
    await expect
      .poll(
        () =>
          page
            .locator('[aria-live]')
            .allInnerTexts()
            .then((t) => t.join(' ')),
        { timeout: 5000 },
      )
      .toContain('You have dropped the item at position 3 of 3.')

    const onScreen = () => basics.locator('article h3').allInnerTexts()
    await expect.poll(onScreen).toEqual(['Further reading', 'Check your understanding', 'Welcome'])
    await expect.poll(() => blockTitles(uuid, 0), { timeout: 10_000 }).toEqual(['Further reading', 'Check your understanding', 'Welcome'])
    // Escape puts a lifted block back where it was.
    await basics.getByRole('button', { name: 'Drag block Welcome' }).focus()
    await page.keyboard.press('Space')
    await page.waitForTimeout(200)
    await page.keyboard.press('ArrowUp')
    await page.waitForTimeout(300)
    await page.keyboard.press('Escape')
    await expect
      .poll(() =>
        page
          .locator('[aria-live]')
          .allInnerTexts()
          .then((t) => t.join(' ')),
      )
      .toContain('Move cancelled. The item is back at position 3.')
    await page.reload()
    await basics.getByRole('article').first().waitFor({ timeout: 20_000 })
    expect(await onScreen()).toEqual(['Further reading', 'Check your understanding', 'Welcome'])

    // The menu moves a block to another section for those who do not drag.
    await basics.getByRole('button', { name: 'Actions for block Welcome' }).click()
    await page.getByRole('menuitem', { name: 'Move to section…' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Move' }).click()
    await expect.poll(() => blockTitles(uuid, 1), { timeout: 10_000 }).toEqual(['Lecture', 'Welcome'])
    expect(errors).toEqual([])
  })

  it('has no serious accessibility findings and fits desktop and phone screens', async () => {
    const uuid = await courseWithContent()
    for (const viewport of [
      { width: 1366, height: 768 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport)
      await page.goto(`/creator/courses/${uuid}/content`)
      const basics = page.getByRole('region', { name: 'Section 1: Basics' })
      await basics.getByRole('article').first().waitFor({ timeout: 20_000 })
      expect(await axeViolations(page)).toEqual([])
      await shot('content')
      // A block's title is read whole on a phone as on a desktop, not cut beside the block's buttons.
      const title = basics.getByRole('heading', { name: 'Check your understanding' })
      expect(await title.evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight + 1)).toBe(true)
      // An open text editor and an open form editor.
      await basics.getByRole('article', { name: 'Welcome' }).getByRole('button', { name: 'Edit' }).click()
      await basics.getByRole('article', { name: 'Check your understanding' }).getByRole('button', { name: 'Edit' }).click()
      await basics.getByRole('textbox', { name: 'Text', exact: true }).waitFor()
      expect(await axeViolations(page)).toEqual([])
      await shot('content-editors')
      await basics.getByRole('button', { name: 'Actions for block Welcome' }).click()
      await page.getByRole('menuitem', { name: 'Version history' }).click()
      await page.getByRole('region', { name: 'History of “Welcome”' }).getByRole('listitem').first().waitFor()
      expect(await axeViolations(page)).toEqual([])
      await shot('content-history', false)
      await page.keyboard.press('Escape')
      await page.goto(`/creator/courses/${uuid}/review`)
      await page.getByRole('region', { name: '1. Basics' }).waitFor({ timeout: 20_000 })
      expect(await axeViolations(page)).toEqual([])
      await shot('review')
    }
    await page.setViewportSize({ width: 1366, height: 768 })
    expect(errors).toEqual([])
  })
})
