import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { useJourney, type StaffUser } from './journey.js'
import { addCategory, C, checkScreen, draftCourse, L, signIn } from './steps.js'
import { apiFrom, createConfirmedUser, strongPassword, uniqueEmail } from './support.js'

/**
 * A course's discussion in a real Chromium (decision 0034): a learner asks about a block from the
 * player, mentioning the course's owner; the owner (notified) opens the discussion from the builder
 * and answers; the learner (notified) marks that answer accepted; the owner pins and locks the thread,
 * and the learner can no longer reply. axe-core checks every screen; pictures at 1366×768 and 390×844
 * go to SHOTS.
 */

const SHOTS = process.env.DISCUSSION_SHOTS_DIR ?? '/tmp/aula-discussion-shots'

const refused: string[] = []
const journey = useJourney({ shots: SHOTS, failurePrefix: 'discussions-', failureDetails: () => `refused calls:\n${refused.join('\n')}` })
let owner: StaffUser
let category = ''
const learner = { email: uniqueEmail('discussion-learner'), password: strongPassword() }

beforeAll(async () => {
  owner = await journey.staff(['creator'], 'Sofía Docente')
  category = await addCategory(journey, owner, 'Science', 'Science courses')
  await createConfirmedUser(journey.server, learner.email, learner.password, 'Luis Aprendiz')
})

const signedIn = (email: string, password: string) => signIn(journey, email, password, { refused })
const check = (page: Page, name: string) => checkScreen(page, SHOTS, name)

let course = ''
let plan = ''
let block = ''
let threadUrl = ''

async function notices(page: Page) {
  const list = await apiFrom<{ items: Array<{ kind: string; link: string | null }> }>(page, 'GET', '/api/v2/notifications')
  return list.items.filter((n) => n.kind.startsWith('discussion-'))
}

describe('discussion journey', () => {
  it('an owner publishes a course with one block', async () => {
    const { page, errors } = await signedIn(owner.email, owner.password)
    const draft = await draftCourse(page, {
      name: 'Astronomy for everyone',
      briefDescription: 'The night sky, step by step',
      description: 'Stars, planets and how to watch them.',
      durationHours: 2,
      category,
    })
    course = draft.course
    plan = draft.plan
    const revision = draft.revision
    const section = await apiFrom<{ item: { id: string }; revision: number }>(page, 'POST', `${C}/blocks/add`, {
      uuid: course,
      revision,
      item: 'section',
      values: { title: 'The sky' },
    })
    const text = await apiFrom<{ item: { id: string } }>(page, 'POST', `${C}/blocks/add`, {
      uuid: course,
      revision: section.revision,
      item: 'text',
      section: section.item.id,
      values: { title: 'Orbits', html: '<p>Planets move on ellipses.</p>' },
    })
    block = text.item.id
    await apiFrom(page, 'POST', `${C}/publish/all`, { uuid: course })
    expect(errors).toEqual([])
  })

  it('a learner asks about the block from the player, mentioning the owner', async () => {
    expect(block).not.toBe('')
    const { page, errors } = await signedIn(learner.email, learner.password)
    await apiFrom(page, 'POST', `${L}/course/subscribe`, { uuid: course, plan })
    await page.goto(`/galaxy/courses/player/${course}/${block}`)
    await page.getByText('Nobody has asked about this block yet.').waitFor({ timeout: 20_000 })
    await check(page, 'player-block-threads')

    await page.getByRole('link', { name: 'Ask about this block' }).click()
    await page.getByRole('heading', { level: 1, name: 'Course discussion' }).waitFor()
    await page.getByText('No conversations yet. Ask the first question.').waitFor()
    await check(page, 'discussion-empty')
    await page.getByRole('textbox', { name: 'Title' }).fill('Why ellipses and not circles?')
    const body = page.getByRole('textbox', { name: 'Your question' })
    await body.pressSequentially('I read the block. @Sof')
    await page.getByRole('button', { name: 'Mention Sofía Docente' }).click()
    await body.pressSequentially('could you explain?')
    await expect(body.inputValue()).resolves.toBe('I read the block. @Sofía Docente could you explain?')
    await check(page, 'discussion-ask')
    await page.getByRole('button', { name: 'Post' }).click()
    await page.getByRole('heading', { level: 1, name: 'Why ellipses and not circles?' }).waitFor({ timeout: 20_000 })
    threadUrl = new URL(page.url()).pathname
    await check(page, 'thread-asked')

    // The block now lists its thread in the player.
    await page.goto(`/galaxy/courses/player/${course}/${block}`)
    await page.getByRole('link', { name: 'Why ellipses and not circles?' }).waitFor({ timeout: 20_000 })
    expect(errors).toEqual([])
  })

  it('the owner is notified, opens the discussion from the builder and answers', async () => {
    expect(threadUrl).not.toBe('')
    const { page, errors } = await signedIn(owner.email, owner.password)
    expect(await notices(page)).toEqual([expect.objectContaining({ kind: 'discussion-mention', link: threadUrl })])
    await page.goto(`/creator/courses/${course}`)
    await page.getByRole('link', { name: 'Course discussion' }).click()
    await page.getByRole('heading', { level: 1, name: 'Course discussion' }).waitFor()
    await page.getByRole('button', { name: 'See reported posts' }).waitFor()
    await check(page, 'discussion-staff')
    await page.getByRole('link', { name: /Why ellipses and not circles\?/ }).click()
    await page
      .getByRole('textbox', { name: 'Your reply' })
      .fill('Gravity pulls with a force that falls with the square of the distance: the paths are ellipses.')
    await page.getByRole('button', { name: 'Reply' }).click()
    const replies = page.getByRole('list', { name: 'Replies' })
    await replies.getByText('Course staff', { exact: true }).waitFor()
    await check(page, 'thread-answered-staff')
    expect(errors).toEqual([])
  })

  it('the learner is notified and accepts the staff’s answer; the owner pins and locks the thread', async () => {
    const learnerSide = await signedIn(learner.email, learner.password)
    const page = learnerSide.page
    expect((await notices(page)).map((n) => [n.kind, n.link])).toEqual([['discussion-reply', threadUrl]])
    await page.goto(threadUrl)
    const answer = page.getByRole('list', { name: 'Replies' }).getByRole('article')
    await answer.getByRole('button', { name: 'Mark as the accepted answer' }).click()
    await answer.getByText('Accepted answer', { exact: true }).waitFor()
    await check(page, 'thread-accepted')

    const ownerSide = await signedIn(owner.email, owner.password)
    await ownerSide.page.goto(threadUrl)
    await ownerSide.page.getByRole('button', { name: 'Pin', exact: true }).click()
    await ownerSide.page.getByRole('button', { name: 'Unpin' }).waitFor()
    await ownerSide.page.getByRole('button', { name: 'Lock the thread' }).click()
    await ownerSide.page.getByText('This thread is locked: it takes no new replies.').waitFor()
    await check(ownerSide.page, 'thread-locked-staff')

    journey.watch(page)
    await page.goto(`/galaxy/courses/discussions/${course}`)
    const card = page.getByRole('list', { name: 'Threads' }).getByRole('listitem').first()
    await card.getByText('Pinned', { exact: true }).waitFor()
    await card.getByText('Locked', { exact: true }).waitFor()
    await card.getByText('Answered', { exact: true }).waitFor()
    await check(page, 'discussion-pinned-locked')
    await page.goto(threadUrl)
    await page.getByText('This thread is locked: it takes no new replies.').waitFor()
    expect(await page.getByRole('textbox', { name: 'Your reply' }).count()).toBe(0)
    expect(learnerSide.errors).toEqual([])
    expect(ownerSide.errors).toEqual([])
  })
})
