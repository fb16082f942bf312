import nodePath from 'node:path'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { scormPackage } from '../helpers/scorm.js'
import { axeViolations } from './a11y.js'
import { useJourney, type StaffUser } from './journey.js'
import { addCategory, C, DESKTOP, draftCourse, L, PHONE, signIn } from './steps.js'
import { apiFrom, createConfirmedUser, strongPassword, uniqueEmail } from './support.js'

/**
 * SCORM packages in a real Chromium: a creator adds a SCORM 1.2 and a SCORM 2004 package to a course
 * in the builder (uploads, reads what the manifest says, chooses the rule) and publishes it; a learner
 * runs each package in the player (its script finds the run-time API, saves its place and is passed),
 * reloads and finds the package resuming where it stopped, and finishing both packages earns the
 * certificate. axe-core checks every screen; pictures at 1366×768 and 390×844 go to SHOTS.
 */

const SHOTS = process.env.SCORM_SHOTS_DIR ?? '/tmp/aula-scorm-shots'

const refused: string[] = []
const journey = useJourney({ shots: SHOTS, failurePrefix: 'scorm-', failureDetails: () => `refused calls:\n${refused.join('\n')}` })
let creator: StaffUser
let category = ''
const learner = { email: uniqueEmail('scorm-learner'), password: strongPassword() }

beforeAll(async () => {
  creator = await journey.staff(['creator'], 'Sofía Paquetes')
  category = await addCategory(journey, creator, 'Safety', 'Safety at work')
  await createConfirmedUser(journey.server, learner.email, learner.password, 'Luis Aprendiz')
})

const signedIn = (email: string, password: string) => signIn(journey, email, password, { refused })

/** axe-core finds nothing moderate or worse, and the screen is photographed. */
async function check(page: Page, name: string) {
  await page.waitForLoadState('load')
  expect(await axeViolations(page), `${name}: ${page.url()}`).toEqual([])
  const width = page.viewportSize()?.width ?? 0
  await page.screenshot({ path: nodePath.join(SHOTS, `${width <= 400 ? 'phone' : 'desktop'}-${name}.png`), fullPage: true })
}

let course = ''
let plan = ''
const blocks: Record<'v12' | 'v2004', string> = { v12: '', v2004: '' }

describe('SCORM journey', () => {
  it('a creator adds a SCORM 1.2 and a SCORM 2004 package in the builder and publishes the course', async () => {
    const { page, errors } = await signedIn(creator.email, creator.password)
    // The course's general data and media through the API (the builder journey covers those screens).
    const draft = await draftCourse(page, {
      name: 'Working safely',
      briefDescription: 'Safety at work, with interactive packages',
      description: 'Two packages from an authoring tool.',
      durationHours: 2,
      category,
    })
    course = draft.course
    plan = draft.plan

    // The packages, in the builder's content tab.
    await page.goto(`/creator/courses/${course}/content`)
    await page.getByRole('button', { name: 'Add section' }).first().click()
    const section = page.getByRole('region', { name: /^Section 1:/ })
    await section.waitFor()
    for (const [version, title, rule] of [
      ['1.2', 'Fire safety', 'every part reports it is passed (against the package’s mastery score)'],
      ['2004', 'First aid', 'every part reports it is completed'],
    ] as const) {
      await section.getByRole('button', { name: /^Add block to/ }).click()
      await page.getByRole('menuitem', { name: 'SCORM package' }).click()
      const block = page.getByRole('article', { name: 'SCORM package' })
      await block.getByRole('textbox', { name: 'Block title (optional)' }).fill(title)
      const named = page.getByRole('article', { name: title })
      await named.locator('input[type=file]').setInputFiles({
        name: `${title}.zip`,
        mimeType: 'application/zip',
        buffer: scormPackage(version, { title: `${title} package` }),
      })
      await named.getByText(`SCORM ${version}${version === '2004' ? ' 4th Edition' : ''} · 1 part`).waitFor({ timeout: 30_000 })
      await named.getByRole('radio', { name: rule }).check()
    }
    await page.getByRole('status', { name: 'Save status' }).getByText('All changes saved').waitFor({ timeout: 20_000 })
    await check(page, 'builder-scorm')
    await page.setViewportSize(PHONE)
    await check(page, 'builder-scorm')
    await page.setViewportSize(DESKTOP)

    const tree = await apiFrom<{ items: Array<{ blocks: Array<{ id: string; values: { title?: string; completeWhen?: string } }> }> }>(
      page,
      'GET',
      `${C}/builder/blocks/${course}`,
    )
    const [fire, aid] = tree.items[0].blocks
    expect([fire.values.title, fire.values.completeWhen, aid.values.title, aid.values.completeWhen]).toEqual([
      'Fire safety',
      'passed',
      'First aid',
      'completed',
    ])
    blocks.v12 = fire.id
    blocks.v2004 = aid.id
    await apiFrom(page, 'POST', `${C}/publish/all`, { uuid: course })
    expect(errors).toEqual([])
  })

  it('a learner runs both packages, resumes where a package stopped after a reload, and earns the certificate', async () => {
    expect(course).not.toBe('')
    const { page, errors } = await signedIn(learner.email, learner.password)
    await apiFrom(page, 'POST', `${L}/course/subscribe`, { uuid: course, plan })
    const commit = () => page.waitForResponse((r) => r.url().endsWith('/commit') && r.request().method() === 'PUT' && r.status() === 200, { timeout: 20_000 })

    // SCORM 1.2: the package starts from the beginning, saves its place, and the learner leaves.
    await page.goto(`/galaxy/courses/player/${course}/${blocks.v12}`)
    const frame = page.frameLocator('iframe[title="Package: Fire safety"]')
    await frame.getByText('entry=ab-initio; location=; suspend=; learner=Luis Aprendiz').waitFor({ timeout: 30_000 })
    await check(page, 'player-scorm')
    let saved = commit()
    await frame.getByRole('button', { name: 'Save my place' }).click()
    await saved
    await page.getByText('In progress').waitFor()

    // After a reload the package resumes inside itself, then is passed: the block is done.
    await page.reload()
    await frame.getByText('entry=resume; location=3; suspend=page=3;answers=ab; learner=Luis Aprendiz').waitFor({ timeout: 30_000 })
    saved = commit()
    await frame.getByRole('button', { name: 'Pass the quiz' }).click()
    await saved
    await page.getByText('Passed · 85 %').waitFor()

    // SCORM 2004, in a phone's window: started, passed.
    await page.setViewportSize(PHONE)
    await page.goto(`/galaxy/courses/player/${course}/${blocks.v2004}`)
    const frame2004 = page.frameLocator('iframe[title="Package: First aid"]')
    await frame2004.getByText(/^entry=ab-initio; location=; suspend=; learner=Luis Aprendiz$/).waitFor({ timeout: 30_000 })
    await check(page, 'player-scorm-2004')
    saved = commit()
    await frame2004.getByRole('button', { name: 'Pass the quiz' }).click()
    const answer = (await (await saved).json()) as { progress: { completed: boolean; certificate: unknown } }
    expect(answer.progress.completed).toBe(true)
    expect(answer.progress.certificate).not.toBeNull()
    await page.getByText('You completed the course! Your certificate is ready.').waitFor({ timeout: 20_000 })
    await check(page, 'player-scorm-certificate')

    const state = await apiFrom<{ Item: { scos: Array<{ completion: string; success: string; score: number | null; done: boolean }> } }>(
      page,
      'GET',
      `${L}/course/scorm/${course}/${blocks.v2004}`,
    )
    expect(state.Item.scos[0]).toMatchObject({ completion: 'completed', success: 'passed', score: 85, done: true })
    expect(errors).toEqual([])
  })
})
