import { beforeAll, describe, expect, it } from 'vitest'
import { useJourney, type StaffUser } from './journey.js'
import { addCategory, C, checkScreen, draftCourse, L, signIn } from './steps.js'
import { apiFrom, createConfirmedUser, strongPassword, uniqueEmail } from './support.js'

/**
 * Essay grading in a real Chromium: a creator publishes a course whose required form asks for an
 * essay (by the API); a learner takes the form and submits a written answer (by the API, as the player
 * sends it); the creator opens the builder's Grading tab, switches to its Essays view, opens the essay
 * and grades it; the learner's attempt is then graded and passed. axe-core checks the Essays view and
 * the grading dialog; pictures at 1366×768 and 390×844 go to SHOTS.
 */

const SHOTS = process.env.ESSAY_SHOTS_DIR ?? '/tmp/aula-essay-shots'
const ANSWER = 'Water evaporates from the sea, condenses into clouds and falls again as rain or snow.'

const refused: string[] = []
const journey = useJourney({ shots: SHOTS, failurePrefix: 'essays-', failureDetails: () => `refused calls:\n${refused.join('\n')}` })
let creator: StaffUser
let category = ''
const learner = { email: uniqueEmail('essay-learner'), password: strongPassword() }

beforeAll(async () => {
  creator = await journey.staff(['creator'], 'Elena Evaluadora')
  category = await addCategory(journey, creator, 'Science', 'Science courses')
  await createConfirmedUser(journey.server, learner.email, learner.password, 'Tomás Alumno')
})

const signedIn = (email: string, password: string) => signIn(journey, email, password, { refused })

let course = ''
let plan = ''
let form = ''

describe('essay grading journey', () => {
  it('a creator publishes a course whose form asks for an essay', async () => {
    const { page, errors } = await signedIn(creator.email, creator.password)
    const draft = await draftCourse(page, {
      name: 'The water cycle',
      briefDescription: 'Explain the water cycle in your own words',
      description: 'A short course with one written answer.',
      durationHours: 1,
      category,
    })
    course = draft.course
    plan = draft.plan
    const section = await apiFrom<{ revision: number; item: { id: string } }>(page, 'POST', `${C}/blocks/add`, {
      uuid: course,
      revision: draft.revision,
      item: 'section',
      values: { title: 'Check' },
    })
    const added = await apiFrom<{ revision: number; item: { id: string } }>(page, 'POST', `${C}/blocks/add`, {
      uuid: course,
      revision: section.revision,
      item: 'form',
      section: section.item.id,
      values: {
        name: 'Water cycle check',
        tries: 2,
        requiredScore: 50,
        required: true,
        questions: [{ id: 'cycle', type: 'essay', text: 'Explain the water cycle in two or three sentences.', maxPoints: 10 }],
      },
    })
    form = added.item.id
    await apiFrom(page, 'POST', `${C}/publish/all`, { uuid: course })
    expect(errors).toEqual([])
  })

  it('a learner submits a written answer', async () => {
    const { page, errors } = await signedIn(learner.email, learner.password)
    await apiFrom(page, 'POST', `${L}/course/subscribe`, { uuid: course, plan })
    const { attempt } = await apiFrom<{ attempt: { id: string; questions: Array<{ id: string }> } }>(page, 'POST', `${L}/forms/attempts/start`, {
      course,
      id: form,
    })
    await apiFrom(page, 'PUT', `${L}/forms/attempts/${attempt.id}/answers`, { answers: { [attempt.questions[0].id]: ANSWER } })
    const result = await apiFrom<{ pending: boolean }>(page, 'POST', `${L}/forms/attempts/${attempt.id}/submit`, {})
    expect(result.pending).toBe(true)
    expect(errors).toEqual([])
  })

  it("the creator grades the essay in the Grading tab's Essays view", async () => {
    const { page, errors } = await signedIn(creator.email, creator.password)
    await page.goto(`/creator/courses/${course}/grading`)
    await page.getByRole('tab', { name: 'Essays' }).click()
    const open = page.getByRole('button', { name: "Grade Tomás Alumno's essay" })
    await open.waitFor({ timeout: 20_000 })
    await page.getByText('1 essay to grade').waitFor()
    await checkScreen(page, SHOTS, 'builder-grading-essays')
    await open.click()
    const dialog = page.getByRole('dialog', { name: "Water cycle check: Tomás Alumno's essay" })
    await dialog.getByText(ANSWER).waitFor()
    await dialog.getByRole('spinbutton', { name: 'Points (0 to 10)' }).fill('8')
    await dialog.getByRole('textbox', { name: 'Feedback for the learner' }).fill('Clear; say where the water goes underground too.')
    await checkScreen(page, SHOTS, 'builder-grading-essay-dialog')
    await dialog.getByRole('button', { name: 'Save grade' }).click()
    await dialog.getByText('Graded: 8 of 10 points.').waitFor({ timeout: 20_000 })
    await dialog.getByText('The form is now graded: 80 %, passed.').waitFor()
    await checkScreen(page, SHOTS, 'builder-grading-essay-graded')
    await dialog.getByRole('button', { name: 'Close' }).click()
    await page.getByText('No essays are waiting for a grade').waitFor({ timeout: 20_000 })
    await checkScreen(page, SHOTS, 'builder-grading-essays-empty')
    expect(errors).toEqual([])
  })
})
