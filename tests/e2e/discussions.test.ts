import nodePath from 'node:path'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { axeViolations } from './a11y.js'
import { useJourney, type StaffUser } from './journey.js'
import { apiFrom, createConfirmedUser, networkSettled, strongPassword, uniqueEmail } from './support.js'

/**
 * A course's discussion in a real Chromium (decision 0034): a learner asks about a block from the
 * player, mentioning the course's owner; the owner (notified) opens the discussion from the builder
 * and answers; the learner (notified) marks that answer accepted; the owner pins and locks the thread,
 * and the learner can no longer reply. axe-core checks every screen; pictures at 1366×768 and 390×844
 * go to SHOTS.
 */

const SHOTS = process.env.DISCUSSION_SHOTS_DIR ?? '/tmp/aula-discussion-shots'
const DESKTOP = { width: 1366, height: 768 }
const PHONE = { width: 390, height: 844 }
const C = '/api/v2/courses/creator'
const L = '/api/v2/courses'

const refused: string[] = []
const journey = useJourney({ shots: SHOTS, failurePrefix: 'discussions-', failureDetails: () => `refused calls:\n${refused.join('\n')}` })
let owner: StaffUser
let category = ''
const learner = { email: uniqueEmail('discussion-learner'), password: strongPassword() }

beforeAll(async () => {
  owner = await journey.staff(['creator'], 'Sofía Docente')
  const res = await fetch(`${journey.server.url}/api/v2/admin/categories/create`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${owner.adminJwt}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Science', description: 'Science courses' }),
  })
  if (!res.ok) throw new Error(`could not add a category: ${res.status} ${await res.text()}`)
  category = ((await res.json()) as { Item: { id: string } }).Item.id
  await createConfirmedUser(journey.server, learner.email, learner.password, 'Luis Aprendiz')
})

async function signedIn(email: string, password: string, viewport = DESKTOP) {
  const { page, errors } = await journey.page({ language: 'eng', viewport })
  page.on('response', (r) => {
    if (r.status() >= 400 && r.url().includes('/api/'))
      void r.text().then((t) => refused.push(`${r.request().method()} ${r.url()} ${r.status()} ${t.slice(0, 300)}`))
  })
  await page.goto('/login')
  await page.getByRole('textbox', { name: 'Email' }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Log in' }).click()
  await page.waitForURL('**/dashboard', { timeout: 20_000 })
  return { page, errors }
}

/** axe-core finds nothing moderate or worse at both sizes, and the screen is photographed at each. */
async function check(page: Page, name: string) {
  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(viewport)
    await networkSettled(page)
    expect(await axeViolations(page), `${name} (${size}): ${page.url()}`).toEqual([])
    await page.screenshot({ path: nodePath.join(SHOTS, `${size}-${name}.png`), fullPage: true })
  }
  await page.setViewportSize(DESKTOP)
}

async function upload(page: Page, parUrl: string, body: Record<string, unknown>, bytes: Buffer, name: string, type: string): Promise<string> {
  const par = await apiFrom<{ url: string; fields: Record<string, string>; path: string }>(page, 'POST', parUrl, {
    ...body,
    size: bytes.length,
    contentType: type,
    fileName: name,
  })
  const status = await page.evaluate(
    async ({ par, data, name, type }) => {
      const form = new FormData()
      for (const [k, v] of Object.entries(par.fields)) form.append(k, v)
      form.append('file', new Blob([Uint8Array.from(atob(data), (c) => c.charCodeAt(0))], { type }), name)
      return (await fetch(par.url, { method: 'POST', body: form })).status
    },
    { par, data: bytes.toString('base64'), name, type },
  )
  expect(status).toBeLessThan(300)
  return par.path
}

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64')
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2000, 7)])

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
    const started = await apiFrom<{ uuid: string; revision: number }>(page, 'POST', `${C}/start`, { name: 'Astronomy for everyone' })
    course = started.uuid
    const difficulty = (await apiFrom<{ items: Array<{ id: string }> }>(page, 'GET', `${C}/difficulties/all`)).items[0].id
    let { revision } = await apiFrom<{ revision: number }>(page, 'PUT', `${C}/builder/update-general`, {
      uuid: course,
      revision: started.revision,
      briefDescription: 'The night sky, step by step',
      description: 'Stars, planets and how to watch them.',
      durationHours: 2,
      difficultyId: difficulty,
      categoryId: category,
    })
    for (const [media, field, bytes, name, type] of [
      ['cover', 'cover', PNG, 'cover.png', 'image/png'],
      ['certificate-template', 'template', PDF, 'template.pdf', 'application/pdf'],
    ] as const) {
      const path = await upload(page, `${C}/builder/${media}-par`, { uuid: course }, bytes, name, type)
      ;({ revision } = await apiFrom<{ revision: number }>(page, 'PUT', `${C}/builder/${media}`, { uuid: course, revision, [field]: path }))
    }
    const plans = await apiFrom<{ items: Array<{ id: string }>; revision: number }>(page, 'POST', `${C}/builder/subscription-update`, {
      uuid: course,
      revision,
      items: [{ name: 'Free month', durationDays: 30 }],
    })
    plan = plans.items[0].id
    revision = plans.revision
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
