import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { RIGHT_ANSWERS, threeQuestionForm } from '../helpers/forms.js'
import { useJourney, type StaffUser } from './journey.js'
import { addCategory, C, checkScreen, draftCourse, L, signIn } from './steps.js'
import { apiFrom, createConfirmedUser, strongPassword, uniqueEmail } from './support.js'

/**
 * The gradebook in a real Chromium: a creator's course with two weighted forms is set up and published
 * through the API; a learner passes one form and opens their progress page (from the dashboard card);
 * the creator opens the builder's gradebook tab, sees the learner's row and changes a weight there.
 * axe-core checks every screen; pictures at 1366×768 and 390×844 go to SHOTS.
 */

const SHOTS = process.env.GRADEBOOK_SHOTS_DIR ?? '/tmp/aula-gradebook-shots'

const journey = useJourney({ shots: SHOTS, failurePrefix: 'gradebook-' })
let creator: StaffUser
let category = ''
const learner = { email: uniqueEmail('gradebook-learner'), password: strongPassword() }

beforeAll(async () => {
  creator = await journey.staff(['creator'], 'Gabriela Notas')
  category = await addCategory(journey, creator, 'Maths', 'Numbers')
  await createConfirmedUser(journey.server, learner.email, learner.password, 'Lucía Aprendiz')
})

const signedIn = (email: string, password: string) => signIn(journey, email, password)
const check = (page: Page, name: string) => checkScreen(page, SHOTS, name)

let course = ''
let plan = ''
const forms: string[] = []

describe('gradebook journey', () => {
  it('a creator publishes a course with two weighted forms', async () => {
    const { page, errors } = await signedIn(creator.email, creator.password)
    const draft = await draftCourse(page, {
      name: 'Fractions',
      briefDescription: 'Fractions, step by step',
      description: 'Halves, thirds and quarters.',
      durationHours: 2,
      category,
    })
    course = draft.course
    plan = draft.plan
    let revision = draft.revision
    const section = await apiFrom<{ revision: number; item: { id: string } }>(page, 'POST', `${C}/blocks/add`, {
      uuid: course,
      revision,
      item: 'section',
      values: { title: 'Halves' },
    })
    revision = section.revision
    for (const [name, weight, required] of [
      ['First check', 3, true],
      ['Second check', 1, false],
    ] as const) {
      const added = await apiFrom<{ revision: number; item: { id: string } }>(page, 'POST', `${C}/blocks/add`, {
        uuid: course,
        revision,
        item: 'form',
        section: section.item.id,
        values: { ...threeQuestionForm(), name, weight, required },
      })
      revision = added.revision
      forms.push(added.item.id)
    }
    await apiFrom(page, 'POST', `${C}/publish/all`, { uuid: course })
    expect(errors).toEqual([])
  })

  it('a learner passes a form and reads their progress page from the dashboard', async () => {
    expect(course).not.toBe('')
    const { page, errors } = await signedIn(learner.email, learner.password)
    await apiFrom(page, 'POST', `${L}/course/subscribe`, { uuid: course, plan })
    await apiFrom(page, 'POST', `${L}/forms/completed`, { course, id: forms[1], answers: RIGHT_ANSWERS })
    await page.goto('/dashboard')
    await page.getByRole('link', { name: 'My grades' }).click()
    await page.getByRole('heading', { level: 1, name: 'My progress in Fractions' }).waitFor({ timeout: 20_000 })
    // (3 × 0 + 1 × 100) / 4
    await page.getByText('25 %', { exact: true }).waitFor()
    await expect(page.getByRole('region', { name: 'What remains for the certificate' }).getByRole('link', { name: 'First check' }).isVisible()).resolves.toBe(
      true,
    )
    await check(page, 'learner-progress')
    expect(errors).toEqual([])
  })

  it('the creator reads the learner’s row in the builder’s gradebook tab and changes a weight', async () => {
    const { page, errors } = await signedIn(creator.email, creator.password)
    await page.goto(`/creator/courses/${course}/gradebook`)
    const row = page.getByRole('row', { name: /Lucía Aprendiz/ })
    await row.waitFor({ timeout: 20_000 })
    await expect(row.textContent()).resolves.toContain('25 %')
    await check(page, 'builder-gradebook')
    const weight = page.getByRole('textbox', { name: 'First check' })
    await weight.fill('2')
    await page.getByRole('status', { name: 'Save status' }).getByText('All changes saved').waitFor({ timeout: 20_000 })
    const saved = await apiFrom<{ items: Array<{ id: string; weight: number }> }>(page, 'GET', `${L}/gradebook/${course}/weights`)
    expect(saved.items.map((i) => i.weight)).toEqual([2, 1])
    expect(errors).toEqual([])
  })
})
