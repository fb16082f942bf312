import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { useJourney, type StaffUser } from './journey.js'
import { addCategory, C, checkScreen, draftCourse, L, PDF, signIn } from './steps.js'
import { apiFrom, createConfirmedUser, strongPassword, uniqueEmail } from './support.js'

/**
 * Assignments in a real Chromium: a creator makes a course with a required assignment graded by a
 * rubric and publishes it; a learner hands a file in from the player (uploaded straight to storage);
 * a grader added from the collaborators tab's API grades it with the rubric in the builder's Grading
 * tab; the learner sees the grade and feedback and holds the certificate. axe-core checks every
 * screen; pictures at 1366×768 and 390×844 go to SHOTS.
 */

const SHOTS = process.env.ASSIGNMENT_SHOTS_DIR ?? '/tmp/aula-assignment-shots'

const refused: string[] = []
const journey = useJourney({ shots: SHOTS, failurePrefix: 'assignments-', failureDetails: () => `refused calls:\n${refused.join('\n')}` })
let creator: StaffUser
let grader: StaffUser
let category = ''
const learner = { email: uniqueEmail('assignment-learner'), password: strongPassword() }

beforeAll(async () => {
  creator = await journey.staff(['creator'], 'Clara Creadora')
  grader = await journey.staff(['creator'], 'Gael Calificador', 'grader')
  category = await addCategory(journey, creator, 'Writing', 'Writing courses')
  await createConfirmedUser(journey.server, learner.email, learner.password, 'Lucía Alumna')
})

const signedIn = (email: string, password: string) => signIn(journey, email, password, { refused })
const check = (page: Page, name: string) => checkScreen(page, SHOTS, name)

let course = ''
let plan = ''
let block = ''

describe('assignments journey', () => {
  it('a creator makes a course with a rubric-graded assignment, adds a grader and publishes', async () => {
    const { page, errors } = await signedIn(creator.email, creator.password)
    const draft = await draftCourse(page, {
      name: 'Writing an essay',
      briefDescription: 'An essay graded by a person',
      description: 'Write and hand in an essay.',
      durationHours: 2,
      category,
    })
    course = draft.course
    const revision = draft.revision
    const section = await apiFrom<{ revision: number; item: { id: string } }>(page, 'POST', `${C}/blocks/add`, {
      uuid: course,
      revision,
      item: 'section',
      values: { title: 'Your essay' },
    })
    const added = await apiFrom<{ revision: number; item: { id: string } }>(page, 'POST', `${C}/blocks/add`, {
      uuid: course,
      revision: section.revision,
      item: 'assignment',
      section: section.item.id,
      values: {
        title: 'Essay',
        required: true,
        instructions: '<p>Write one page about a book you like.</p>',
        fileTypes: ['.pdf'],
        maxFiles: 1,
        textAnswer: 'optional',
        dueMode: 'none',
        grading: 'rubric',
        passMark: 60,
        rubric: [
          {
            id: 'idea',
            title: 'Idea',
            levels: [
              { id: 'weak', title: 'Weak', points: 0 },
              { id: 'clear', title: 'Clear', points: 10 },
            ],
          },
          {
            id: 'style',
            title: 'Style',
            levels: [
              { id: 'plain', title: 'Plain', points: 5 },
              { id: 'vivid', title: 'Vivid', points: 10 },
            ],
          },
        ],
      },
    })
    block = added.item.id
    // The grader, from the collaborators tab's call, with the role 'grader'.
    await apiFrom(page, 'PUT', `${C}/builder/share/add/collaborators/${course}`, { username: grader.email, revision: added.revision, role: 'grader' })

    await page.goto(`/creator/courses/${course}/content`)
    const essay = page.getByRole('article', { name: 'Essay' })
    await essay.waitFor()
    await check(page, 'builder-assignment')
    await essay.getByRole('button', { name: 'Edit' }).click()
    await essay.getByRole('radiogroup', { name: 'Grading' }).waitFor()
    await check(page, 'builder-assignment-editor')
    await page.goto(`/creator/courses/${course}/collaborators`)
    await page.getByText('Gael Calificador').waitFor()
    await check(page, 'builder-collaborators')
    await apiFrom(page, 'POST', `${C}/publish/all`, { uuid: course })
    plan = (await apiFrom<{ Item: { plans: Array<{ id: string }> } }>(page, 'GET', `${C}/builder/${course}`)).Item.plans[0].id
    expect(errors).toEqual([])
  })

  it('a learner hands a file in from the player', async () => {
    const { page, errors } = await signedIn(learner.email, learner.password)
    await apiFrom(page, 'POST', `${L}/course/subscribe`, { uuid: course, plan })
    await page.goto(`/galaxy/courses/player/${course}/${block}`)
    await page.getByText('You have not handed this assignment in yet.').waitFor({ timeout: 20_000 })
    await check(page, 'player-assignment')
    await page.locator('input[type=file]').setInputFiles({ name: 'essay.pdf', mimeType: 'application/pdf', buffer: PDF })
    await page.getByRole('list', { name: 'Files to hand in' }).getByText('essay.pdf').waitFor({ timeout: 20_000 })
    await page.getByRole('textbox', { name: 'Your answer' }).fill('My favourite book, in one page.')
    await page.getByRole('button', { name: 'Hand in', exact: true }).click()
    await page.getByText('We received your submission.').waitFor({ timeout: 20_000 })
    await page.getByRole('link', { name: 'Download essay.pdf' }).waitFor()
    await check(page, 'player-assignment-handed-in')
    expect(errors).toEqual([])
  })

  it('the grader grades it with the rubric in the Grading tab', async () => {
    const { page, errors } = await signedIn(grader.email, grader.password)
    await page.goto(`/creator/courses/${course}/grading`)
    await page.getByRole('button', { name: "Open Lucía Alumna's submission" }).waitFor({ timeout: 20_000 })
    await check(page, 'builder-grading')
    await page.getByRole('button', { name: "Open Lucía Alumna's submission" }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByText('My favourite book, in one page.').waitFor()
    await dialog.getByRole('radiogroup', { name: 'Idea' }).getByRole('radio', { name: 'Clear (10 points)' }).check()
    await dialog.getByRole('radiogroup', { name: 'Style' }).getByRole('radio', { name: 'Plain (5 points)' }).check()
    await dialog.getByRole('textbox', { name: 'Feedback for the learner' }).fill('A clear idea; work on the style.')
    await check(page, 'builder-grading-dialog')
    await dialog.getByRole('button', { name: 'Grade', exact: true }).click()
    await dialog.getByText('Graded: 15 of 20 points (75 %), passed.').waitFor({ timeout: 20_000 })
    expect(errors).toEqual([])
  })

  it('the learner sees the grade and the feedback, and holds the certificate', async () => {
    const { page, errors } = await signedIn(learner.email, learner.password)
    await page.goto(`/galaxy/courses/player/${course}/${block}`)
    await page.getByText('15 of 20 points (75 %).').waitFor({ timeout: 20_000 })
    await page.getByText('A clear idea; work on the style.').waitFor()
    // The grade completed the course: the certificate was issued in the grading request.
    const progress = await apiFrom<{ completed: boolean; certificate: { code: string } | null }>(page, 'GET', `${L}/metrics/gcc/${course}`)
    expect(progress.completed).toBe(true)
    expect(progress.certificate?.code).toBeTruthy()
    await page.getByText('You completed the course! Your certificate is ready.').waitFor({ timeout: 20_000 })
    await check(page, 'player-assignment-graded')
    expect(errors).toEqual([])
  })
})
