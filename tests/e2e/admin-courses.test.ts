import nodePath from 'node:path'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { axeViolations } from './a11y.js'
import { useJourney } from './journey.js'
import { apiFrom, networkSettled, uniqueEmail } from './support.js'

/**
 * Courses management in a real Chromium against the real server: the administrator finds a course,
 * reads its data, subscribes a learner with a plan, revokes another, reads a learner's forms and
 * clones the course. Every screen is checked with axe-core and photographed at 1366×768 and 390×844
 * (into /tmp/shots-admin-courses for review).
 */

const SHOTS = process.env.ADMIN_COURSES_SHOTS_DIR ?? '/tmp/shots-admin-courses'
const DESKTOP = { width: 1366, height: 768 }
const PHONE = { width: 390, height: 844 }

const journey = useJourney({ shots: SHOTS })
let page: Page
let errors: string[]
const axeFindings: string[] = []

beforeAll(async () => {
  ;({ page, errors } = await journey.bootstrapAdmin())
  await page.getByRole('navigation', { name: 'Main menu' }).getByText('Management', { exact: true }).first().waitFor({ timeout: 15_000 })
})

/** An API call with the signed-in administrator's token, as the web app makes it. */
const api = <T>(method: string, url: string, body?: unknown) => apiFrom<T>(page, method, url, body)

/** axe-core on the screen as it is now (0 moderate, serious or critical expected), then its picture. */
async function check(name: string, p: Page = page) {
  await networkSettled(p)
  await p.waitForTimeout(300)
  for (const v of await axeViolations(p)) axeFindings.push(`${name}: ${v}`)
  const width = p.viewportSize()?.width ?? 0
  await p.screenshot({ path: nodePath.join(SHOTS, `${width <= 400 ? 'phone' : 'desktop'}-${name}.png`), fullPage: true })
}

async function confirm(button: string, p: Page = page) {
  await p.getByRole('button', { name: button, exact: true }).first().click()
  await p.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click()
}

describe('courses management journey', () => {
  it('finds a course, subscribes and revokes learners, reads a learner’s forms and clones the course', async () => {
    // A course built through the creator API (admins may build), with a plan and a form, and two learners.
    const lena = (
      await api<{ Item: { username: string; email: string } }>('POST', '/api/admin/users/create', { email: uniqueEmail('lena'), name: 'Lena Learner' })
    ).Item
    const mark = (
      await api<{ Item: { username: string; email: string } }>('POST', '/api/admin/users/create', { email: uniqueEmail('mark'), name: 'Mark Student' })
    ).Item
    const started = await api<{ uuid: string; revision: number }>('POST', '/api/v2/courses/creator/start', { name: 'Álgebra para todos' })
    const uuid = started.uuid
    let revision = (
      await api<{ revision: number }>('PUT', '/api/v2/courses/creator/builder/update-general', {
        uuid,
        revision: started.revision,
        briefDescription: 'Numbers and letters for everyone',
        description: 'Equations, step by step.',
        durationHours: 12,
        keywords: ['equations'],
      })
    ).revision
    const plans = await api<{ revision: number; items: Array<{ id: string }> }>('POST', '/api/v2/courses/creator/builder/subscription-update', {
      uuid,
      revision,
      items: [
        { name: 'Monthly', durationDays: 30 },
        { name: 'Yearly', durationDays: 365 },
      ],
    })
    revision = plans.revision
    const section = await api<{ revision: number; item: { id: string } }>('POST', '/api/v2/courses/creator/blocks/add', {
      uuid,
      revision,
      item: 'section',
      values: { title: 'Week 1' },
    })
    revision = section.revision
    await api('POST', '/api/v2/courses/creator/blocks/add', {
      uuid,
      revision,
      item: 'form',
      section: section.item.id,
      values: {
        name: 'Final quiz',
        tries: 3,
        requiredScore: 60,
        questions: [
          {
            id: 'q1',
            type: 'boolean',
            text: 'x + 1 = 2 means x = 1',
            options: [
              { id: 't', text: 'True', correct: true },
              { id: 'f', text: 'False', correct: false },
            ],
          },
        ],
      },
    })
    for (const name of ['Biología celular', 'Cálculo diferencial', 'Historia del arte']) await api('POST', '/api/v2/courses/creator/start', { name })
    await api('POST', '/api/admin/courses/course/subscriptors/add', { uuid, subscription: plans.items[1].id, user: mark.email })

    // The list (Management > Courses), searched without the accent.
    await page.goto('/admin/courses')
    await page.getByRole('heading', { level: 1, name: 'Courses Management' }).waitFor()
    await page.getByRole('link', { name: 'Cálculo diferencial' }).waitFor()
    await check('courses-list')
    await page.getByRole('searchbox', { name: 'Search by name, keyword or id' }).fill('algebra')
    await page.waitForURL('**/admin/courses?search=algebra')
    await expect.poll(() => page.getByRole('row').count()).toBe(2)
    await page.getByRole('link', { name: 'Álgebra para todos' }).click()

    // The course: general data, plans, subscriptors.
    await page.getByRole('heading', { level: 1, name: 'Álgebra para todos' }).waitFor()
    await page.getByText('Estimated total: 1 learner').waitFor()
    await page.getByRole('link', { name: 'Mark Student' }).waitFor()
    await check('course-detail')

    // Subscribe Lena with the monthly plan.
    await page.getByRole('button', { name: 'Add learner' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add a learner to Álgebra para todos' })
    await dialog.getByRole('button', { name: 'Add', exact: true }).click()
    await dialog.getByText('Required').first().waitFor()
    await dialog.getByRole('textbox', { name: 'Learner' }).fill(lena.email)
    await dialog.getByRole('combobox', { name: 'Plan' }).click()
    await page.getByRole('option', { name: 'Monthly (30 days)' }).click()
    await check('course-add-learner')
    await dialog.getByRole('button', { name: 'Add', exact: true }).click()
    await page.getByText(`${lena.email} was subscribed.`).waitFor()
    await page.getByRole('link', { name: 'Lena Learner' }).waitFor()
    await page.getByText('Estimated total: 2 learners').waitFor()

    // Revoke Mark's subscription.
    const markRow = page.getByRole('row').filter({ hasText: 'Mark Student' })
    await markRow.getByRole('button', { name: 'Revoke' }).click()
    await page
      .getByRole('dialog')
      .getByText('Mark Student loses access to Álgebra para todos now and cannot subscribe to it again until an administrator lifts the block.')
      .waitFor()
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click()
    await page.getByText("Mark Student's subscription was revoked.").waitFor()
    await markRow.getByText('Revoked').waitFor()
    await check('course-after-revoke')

    // Lena's subscriptions and forms.
    await page.getByRole('link', { name: 'Lena Learner' }).click()
    await page.getByRole('heading', { level: 1, name: `Lena Learner <${lena.email}> in the course` }).waitFor()
    await page.getByRole('region', { name: 'Final quiz' }).getByText('Not taken').waitFor()
    await check('course-learner')

    // Phone pictures of the same screens (the same session, the window narrowed to a phone's).
    await page.setViewportSize(PHONE)
    await page.goto('/admin/courses')
    await page.getByRole('link', { name: 'Álgebra para todos' }).waitFor()
    await check('courses-list')
    await page.goto(`/admin/courses/${uuid}`)
    await page.getByRole('link', { name: 'Lena Learner' }).waitFor()
    await check('course-detail')
    await page.getByRole('button', { name: 'Add learner' }).click()
    await page.getByRole('dialog').waitFor()
    await check('course-add-learner')
    await page.keyboard.press('Escape')
    await page.goto(`/admin/courses/${uuid}/learners/${encodeURIComponent(lena.username)}`)
    await page.getByRole('region', { name: 'Final quiz' }).waitFor()
    await check('course-learner')
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0)
    await page.setViewportSize(DESKTOP)

    // Clone: the copy opens in the course builder (open to administrators), and is listed here too.
    await page.goto(`/admin/courses/${uuid}`)
    await page.getByRole('heading', { level: 1, name: 'Álgebra para todos' }).waitFor()
    await confirm('Clone')
    await page.waitForURL(/\/creator\/courses\/[0-9a-f-]{36}/, { timeout: 15_000 })
    await page.getByRole('heading', { level: 1, name: 'Álgebra para todos (copy)' }).waitFor({ timeout: 15_000 })
    const copyUuid = new URL(page.url()).pathname.split('/')[3]!
    await page.goto(`/admin/courses/${copyUuid}`)
    await page.getByRole('heading', { level: 1, name: 'Álgebra para todos (copy)' }).waitFor()
    await page.getByText('Estimated total: 0 learners').waitFor()
    await check('course-clone')
    await page.setViewportSize(PHONE)
    await check('course-clone')
    const blocks = await api<{ items: Array<{ title: string; blocks: Array<{ kind: string }> }> }>('GET', `/api/v2/courses/creator/builder/blocks/${copyUuid}`)
    expect(blocks.items.map((s) => [s.title, s.blocks.map((b) => b.kind)])).toEqual([['Week 1', ['form']]])

    expect(errors).toEqual([])
    expect(axeFindings).toEqual([])
  })
})
