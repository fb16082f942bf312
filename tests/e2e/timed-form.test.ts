import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { useJourney, type StaffUser } from './journey.js'
import { addCategory, C, checkScreen, draftCourse, L, signIn } from './steps.js'
import { apiFrom, createConfirmedUser, networkSettled, strongPassword, uniqueEmail } from './support.js'

/**
 * A timed form drawing from a question bank, in a real Chromium: a creator writes a bank of four
 * questions (short answer, number, matching, ordering) and a form of ten minutes drawing all four (by the
 * API; the banks tab and the content tab are opened and checked), and publishes. A learner starts the
 * form, answers two questions, loses the connection, answers the other two (the form says they are kept
 * on the device), gets the connection back, sees everything saved, submits and passes; the attempt read
 * back from the server has every answer right. axe-core checks every screen; pictures at 1366×768 and
 * 390×844 go to SHOTS.
 */

const SHOTS = process.env.FORMS_SHOTS_DIR ?? '/tmp/aula-timed-form-shots'

const refused: string[] = []
const journey = useJourney({ shots: SHOTS, failurePrefix: 'timed-form-', failureDetails: () => `refused calls:\n${refused.join('\n')}` })
let creator: StaffUser
let category = ''
const learner = { email: uniqueEmail('forms-learner'), password: strongPassword() }

beforeAll(async () => {
  creator = await journey.staff(['creator'], 'Inés Bancos')
  category = await addCategory(journey, creator, 'Geography', 'Places')
  await createConfirmedUser(journey.server, learner.email, learner.password, 'Marta Alumna')
})

const signedIn = (email: string, password: string) => signIn(journey, email, password, { refused })
const check = (page: Page, name: string) => checkScreen(page, SHOTS, name)

const QUESTIONS = [
  { id: 'capital', type: 'short', text: 'What is the capital of Peru?', accepted: ['Lima'], caseSensitive: false, foldAccents: true },
  { id: 'height', type: 'numeric', text: 'How high is Aconcagua, in km (one decimal)?', answer: 6.9, tolerance: 0.05 },
  {
    id: 'rivers',
    type: 'matching',
    text: 'Match each river with its country',
    pairs: [
      { id: 'p1', left: 'Orinoco', right: 'Venezuela' },
      { id: 'p2', left: 'Magdalena', right: 'Colombia' },
      { id: 'p3', left: 'Paraná', right: 'Argentina' },
    ],
  },
  {
    id: 'north',
    type: 'ordering',
    text: 'Order these cities from north to south',
    items: [
      { id: 'o1', text: 'Bogotá' },
      { id: 'o2', text: 'Quito' },
      { id: 'o3', text: 'Lima' },
      { id: 'o4', text: 'Santiago' },
    ],
  },
]

let course = ''
let plan = ''
let form = ''

describe('timed form journey', () => {
  it('a creator writes a question bank and a timed form drawing from it, and publishes the course', async () => {
    const { page, errors } = await signedIn(creator.email, creator.password)
    const draft = await draftCourse(page, {
      name: 'Andes geography',
      briefDescription: 'Rivers, peaks and cities of the Andes',
      description: 'A short course with a timed check.',
      durationHours: 1,
      category,
    })
    course = draft.course
    plan = draft.plan
    let revision = draft.revision
    const bank = crypto.randomUUID()
    ;({ revision } = await apiFrom<{ revision: number }>(page, 'POST', `${C}/banks/add`, {
      uuid: course,
      revision,
      id: bank,
      name: 'Andes',
      questions: QUESTIONS,
    }))
    const section = crypto.randomUUID()
    ;({ revision } = await apiFrom<{ revision: number }>(page, 'POST', `${C}/blocks/add`, {
      uuid: course,
      revision,
      item: 'section',
      id: section,
      values: { title: 'The Andes' },
    }))
    form = crypto.randomUUID()
    ;({ revision } = await apiFrom<{ revision: number }>(page, 'POST', `${C}/blocks/add`, {
      uuid: course,
      revision,
      item: 'form',
      section,
      id: form,
      values: {
        title: 'Timed check',
        required: true,
        name: 'Timed check',
        tries: 2,
        requiredScore: 75,
        questions: [],
        draws: [{ bank, count: 4 }],
        shuffleQuestions: true,
        timeLimitMinutes: 10,
        weight: 2,
      },
    }))

    // The banks tab shows the bank and its questions in the editors; the content tab the form's settings.
    await page.goto(`/creator/courses/${course}/banks`)
    const bankCard = page.getByRole('button', { name: /^Andes/ })
    await bankCard.waitFor()
    await networkSettled(page)
    await bankCard.click()
    await page.getByRole('textbox', { name: 'Text of question 4' }).waitFor()
    await networkSettled(page)
    await check(page, 'builder-banks')
    await page.goto(`/creator/courses/${course}/content`)
    const block = page.getByRole('article', { name: 'Timed check' })
    await block.waitFor()
    await networkSettled(page)
    await block.getByRole('button', { name: 'Edit' }).click()
    await block.getByLabel('Time limit (minutes)').waitFor()
    await block.getByRole('combobox', { name: 'Bank of draw 1' }).waitFor()
    await check(page, 'builder-form')

    await apiFrom(page, 'POST', `${C}/publish/all`, { uuid: course })
    expect(errors).toEqual([])
  })

  it('a learner answers, loses the connection, answers on, submits once back online, and passes with every answer stored', async () => {
    expect(course).not.toBe('')
    const { page, errors, context } = await signedIn(learner.email, learner.password)
    await apiFrom(page, 'POST', `${L}/course/subscribe`, { uuid: course, plan })
    await page.goto(`/galaxy/courses/player/${course}/${form}`)
    await page.getByText('You have 10 minutes to answer once you start.', { exact: false }).waitFor({ timeout: 20_000 })
    await networkSettled(page)
    await check(page, 'form-start')
    await page.getByRole('button', { name: 'Start the evaluation' }).click()
    await page.getByRole('timer', { name: 'Time left' }).waitFor()
    const group = (text: RegExp) => page.getByRole('group', { name: text })

    // Two answers with the connection up: they reach the server.
    await group(/capital of Peru/)
      .getByRole('textbox', { name: 'Your answer' })
      .fill('lima')
    await group(/Aconcagua/)
      .getByRole('textbox', { name: 'Your answer (a number)' })
      .fill('6,9')
    await page.getByText('All your answers are saved.').waitFor({ timeout: 15_000 })
    await check(page, 'form-attempt')

    // The connection drops: the form says so and keeps working.
    await context.setOffline(true)
    await page.getByText('You are offline: your answers are kept on this device and will be sent when the connection returns.').waitFor()
    const rivers = group(/Match each river/)
    for (const [left, right] of [
      ['Orinoco', 'Venezuela'],
      ['Magdalena', 'Colombia'],
      ['Paraná', 'Argentina'],
    ])
      await rivers.getByRole('combobox', { name: left }).selectOption({ label: right })
    const north = group(/north to south/)
    const wanted = ['Bogotá', 'Quito', 'Lima', 'Santiago']
    for (let i = 0; i < wanted.length; i++) {
      const order = (await north.getByRole('listitem').evaluateAll((items) => items.map((li) => li.getAttribute('aria-label') ?? ''))).map((label) =>
        label.replace(/^Position \d+: /, ''),
      )
      for (let j = order.indexOf(wanted[i]!); j > i; j--) await north.getByRole('button', { name: `Move “${wanted[i]}” up` }).click()
    }
    const kept = await page.evaluate(() =>
      Object.keys(localStorage)
        .filter((k) => k.startsWith('aula.formAttempt.'))
        .map((k) => JSON.parse(localStorage.getItem(k)!)),
    )
    expect(kept[0].unsent.length).toBeGreaterThanOrEqual(2)
    await check(page, 'form-offline')

    // Back online: what was kept is sent, then the attempt is submitted.
    await context.setOffline(false)
    await page.getByText('All your answers are saved.').waitFor({ timeout: 20_000 })
    await page.getByRole('button', { name: 'Submit answers' }).click()
    await page.getByText('You passed the evaluation!').waitFor({ timeout: 20_000 })
    await page.getByText('Your score in this attempt: 100 %').waitFor()
    await networkSettled(page)
    await check(page, 'form-result')

    // The attempt as the server stored it: submitting again answers the same grade, every answer right.
    const summary = await apiFrom<{ attempts: Array<{ id: string | null; status: string; score: number | null; passed: boolean | null; late: boolean }> }>(
      page,
      'GET',
      `${L}/forms/summary/${course}/${form}`,
    )
    expect(summary.attempts).toHaveLength(1)
    expect(summary.attempts[0]).toMatchObject({ status: 'graded', score: 100, passed: true, late: false })
    const again = await apiFrom<{ score: number; passed: boolean; pending: boolean; questions: Array<{ id: string; right: boolean | null }> }>(
      page,
      'POST',
      `${L}/forms/attempts/${summary.attempts[0]!.id}/submit`,
      {},
    )
    expect(again.score).toBe(100)
    expect(again.passed).toBe(true)
    expect(again.pending).toBe(false)
    expect(again.questions).toHaveLength(4)
    expect(again.questions.every((q) => q.right === true)).toBe(true)
    expect(errors).toEqual([])
  })
})
