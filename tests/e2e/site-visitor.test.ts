import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { useJourney, type StaffUser } from './journey.js'
import { addCategory, C, checkScreen, DESKTOP, draftCourse, signIn, gradientPng, localInput } from './steps.js'
import { apiFrom, networkSettled, strongPassword, uniqueEmail, waitForCode } from './support.js'

/**
 * A visitor of the public website in a real Chromium: an administrator adds a slide and a news post
 * scheduled a minute later and features a published course; a visitor without an account sees the
 * slide on the site's home page and on the sign-in screen, finds the post once its time has come,
 * reads the course's page, clicks Subscribe, registers, confirms, signs in and lands on subscribing
 * to that course. The post is in the sitemap and the news feed; the administrator sees the visits
 * counted. axe-core checks every public page at 1366×768 and 390×844; pictures go to SHOTS.
 *
 * Featuring, the news list, the feeds, the sitemap and the analytics screen are other parts of the
 * site; SITE_VISITOR_OWN_ONLY=1 leaves their steps out (for running the course pages' part alone).
 */

const SHOTS = process.env.SITE_VISITOR_SHOTS_DIR ?? '/tmp/aula-site-visitor-shots'
const OWN_ONLY = process.env.SITE_VISITOR_OWN_ONLY === '1'

const journey = useJourney({ shots: SHOTS, failurePrefix: 'site-visitor-' })
let admin: StaffUser
let owner: StaffUser
let category = ''
let course = ''
let plan = ''
let postAt = 0
let career = ''
const visitor = { email: uniqueEmail('site-visitor'), password: strongPassword() }

beforeAll(async () => {
  admin = await journey.staff(['admin'], 'Ana Portal')
  owner = await journey.staff(['creator'], 'Sofía Docente')
  category = await addCategory(journey, admin, 'Astronomía', 'Cursos del cielo')
})

const signedIn = (user: StaffUser) => signIn(journey, user.email, user.password)
const check = (page: Page, name: string) => checkScreen(page, SHOTS, name)

/** An administration call with the bootstrap administrator's token; the answer's JSON. */
async function asAdmin<T>(method: string, path: string, body: unknown): Promise<T> {
  const res = await fetch(`${journey.server.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${admin.adminJwt}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`)
  return (await res.json()) as T
}

/** A public address's text (sitemap, feed). */
const publicText = async (path: string) => {
  const res = await fetch(`${journey.server.url}${path}`)
  return { status: res.status, text: await res.text() }
}

describe('a visitor of the public site', { timeout: 420_000 }, () => {
  it('an administrator adds a slide and a news post scheduled a minute later', async () => {
    const { page, errors } = await signedIn(admin)
    await page.goto('/admin/website/carousel')
    await page.getByRole('button', { name: 'Add slide' }).waitFor({ timeout: 20_000 })
    await page.getByRole('button', { name: 'Add slide' }).click()
    const dialog = page.getByRole('dialog', { name: 'New slide' })
    await dialog.getByRole('textbox', { name: 'Title' }).fill('Inscripciones abiertas')
    await dialog.getByRole('textbox', { name: 'Text' }).fill('Los cursos empiezan en enero')
    await dialog.getByRole('textbox', { name: 'Link (optional)' }).fill('/site/website/mx/courses')
    await dialog.getByLabel('Image: Choose file').setInputFiles({ name: 'campus.png', mimeType: 'image/png', buffer: gradientPng(640, 360) })
    await expect.poll(() => dialog.getByText('campus.png').count(), { timeout: 20_000 }).toBeGreaterThan(0)
    await dialog.getByRole('button', { name: 'Save' }).click()
    const list = page.getByRole('list', { name: 'Slides in the order they appear' })
    await expect.poll(() => list.getByRole('heading', { name: 'Inscripciones abiertas' }).count(), { timeout: 20_000 }).toBe(1)

    await page.goto('/admin/website/news')
    await page.getByRole('link', { name: 'New post' }).click()
    await page.getByRole('textbox', { name: 'Title' }).fill('Nuevo ciclo escolar')
    await page.getByRole('textbox', { name: 'Summary' }).fill('Empieza en enero')
    await page.locator('.ProseMirror').click()
    await page.keyboard.type('Bienvenidos de nuevo al campus.')
    await page.getByRole('combobox', { name: 'State' }).click()
    await page.getByRole('option', { name: 'Scheduled' }).click()
    await page.getByRole('listbox').waitFor({ state: 'detached' })
    // The editor takes whole minutes: the next one at least 25 s ahead (time to save it and to see it
    // still hidden), so the wait is between 25 and 85 s.
    const at = new Date(Math.ceil((Date.now() + 25_000) / 60_000) * 60_000)
    postAt = at.getTime()
    await page.getByLabel('Publication date').fill(localInput(at))
    await page.getByRole('button', { name: 'Save' }).click()
    await page.waitForURL(/\/admin\/website\/news\/[0-9a-f-]{36}$/, { timeout: 20_000 })
    // Saved, and not public before its time.
    const early = await publicText('/site/website/mx/news')
    if (postAt - Date.now() > 2_000) expect(early.text).not.toContain('Nuevo ciclo escolar')
    expect(errors).toEqual([])
  })

  it('a course is published and the administrator features it on the site', async () => {
    const { page, errors } = await signedIn(owner)
    const draft = await draftCourse(page, {
      name: 'Astronomía para todos',
      briefDescription: 'El cielo nocturno, paso a paso',
      description: '<p>Estrellas, planetas y cómo <strong>observarlos</strong>.</p>',
      durationHours: 12,
      category,
      cover: gradientPng(640, 360),
      planName: 'Mes gratis',
    })
    course = draft.course
    plan = draft.plan
    const section = await apiFrom<{ item: { id: string }; revision: number }>(page, 'POST', `${C}/blocks/add`, {
      uuid: course,
      revision: draft.revision,
      item: 'section',
      values: { title: 'El cielo' },
    })
    await apiFrom(page, 'POST', `${C}/blocks/add`, {
      uuid: course,
      revision: section.revision,
      item: 'text',
      section: section.item.id,
      values: { title: 'Órbitas', html: '<p>Los planetas giran en elipses.</p>' },
    })
    await apiFrom(page, 'POST', `${C}/publish/all`, { uuid: course })
    expect(errors).toEqual([])

    // A career with a school cycle and a subject taught by the course (the admin catalogues).
    const A = '/api/v2/admin'
    const made = async (catalogue: string, body: Record<string, unknown>) =>
      (await asAdmin<{ Item: { id: string } }>('POST', `${A}/${catalogue}/create`, { description: '', ...body })).Item.id
    career = await made('careers', { name: 'Ingeniería espacial', description: 'Cohetes, satélites y misiones.' })
    const cycle = await made('school-cycles', { name: 'Ciclo 2027-1', startsOn: '2027-01-15', endsOn: '2027-06-30' })
    const subject = await made('school-subjects', { name: 'Mecánica celeste', code: 'MC-101' })
    await asAdmin('POST', `${A}/careers/cycle-associate`, { career, cycle })
    await asAdmin('POST', `${A}/careers/subject-associate`, { career, subject })
    await asAdmin('POST', `${A}/school-subjects/course-associate`, { subject, course })

    if (OWN_ONLY) return
    const adminSide = await signedIn(admin)
    const featured = '/api/v2/admin/sites/website/featured-courses'
    const now = await apiFrom<{ revision: number }>(adminSide.page, 'GET', featured).catch((e: Error) => {
      throw new Error(`featuring a course needs the site administration's ${featured} (not on this branch yet?): ${e.message}`)
    })
    const after = await apiFrom<{ items: Array<{ uuid: string }> }>(adminSide.page, 'PUT', featured, { revision: now.revision, courses: [course] })
    expect(after.items.map((c) => c.uuid)).toEqual([course])
    const careers = '/api/v2/admin/sites/website/careers'
    const chosen = await apiFrom<{ revision: number }>(adminSide.page, 'GET', careers)
    await apiFrom(adminSide.page, 'PUT', careers, { revision: chosen.revision, careers: [career] })
  })

  it('a visitor without an account sees the slide, the post once its time has come and the course, then subscribes', async () => {
    expect(course).not.toBe('')
    const { page, errors } = await journey.page({ language: 'eng', viewport: DESKTOP })
    await page.goto('/site/website/mx')
    expect(await page.evaluate(() => localStorage.getItem('jwt'))).toBeNull()
    await page.getByRole('heading', { name: 'Inscripciones abiertas' }).waitFor({ timeout: 20_000 })
    if (!OWN_ONLY) {
      // The featured course is on the home page (the home page's featured courses are another part of the site).
      expect(await page.getByRole('link', { name: 'Astronomía para todos' }).count(), 'the featured course on the home page').toBeGreaterThan(0)
    }
    await check(page, 'site-home')
    await page.goto('/login')
    await expect.poll(() => page.getByText('Inscripciones abiertas').count(), { timeout: 20_000 }).toBe(1)

    if (!OWN_ONLY) {
      // The news list: the post only from its time on.
      const news = async () => {
        await page.goto('/site/website/mx/news')
        return page.getByRole('link', { name: 'Nuevo ciclo escolar' }).count()
      }
      if (postAt - Date.now() > 5_000) expect(await news()).toBe(0)
      await expect.poll(news, { timeout: 200_000, interval: 5_000 }).toBe(1)
      expect(Date.now()).toBeGreaterThanOrEqual(postAt - 1_000)
      await check(page, 'site-news')
    }

    await page.goto('/site/website/mx/courses')
    await page.getByRole('link', { name: 'Astronomía para todos' }).waitFor()
    await check(page, 'site-courses')
    await page.getByRole('link', { name: 'Astronomía para todos' }).click()
    await page.getByRole('heading', { level: 1, name: 'Astronomía para todos' }).waitFor()
    expect(await page.getByText('12 horas').count()).toBeGreaterThan(0)
    await page.getByRole('heading', { name: 'El cielo' }).waitFor()
    const data = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}') as Record<string, unknown>
    expect(data['@type']).toBe('Course')
    await check(page, 'site-course')

    await page.goto('/site/website/mx/careers')
    if (OWN_ONLY) {
      // No career chosen for the site without the site administration's route: the polite note.
      await page.getByText('Pronto presentaremos aquí nuestras carreras.', { exact: false }).waitFor()
      await check(page, 'site-careers-none')
    } else {
      await check(page, 'site-careers')
      await page.getByRole('link', { name: 'Ingeniería espacial' }).click()
      await page.getByRole('heading', { level: 1, name: 'Ingeniería espacial' }).waitFor()
      await page.getByRole('heading', { name: 'Mecánica celeste (MC-101)' }).waitFor()
      await check(page, 'site-career')
    }

    await page.goto(`/site/website/mx/courses/${course}`)
    await page.getByRole('link', { name: 'Suscribirse al plan Mes gratis' }).click()
    await page.waitForURL(`**/register?subscribe=${course}&plan=${plan}`)
    await page.getByRole('textbox', { name: 'Name' }).fill('Lucía Visitante')
    await page.getByRole('textbox', { name: 'Email' }).fill(visitor.email)
    await page.getByLabel('Password', { exact: true }).fill(visitor.password)
    await page.getByRole('checkbox').check()
    await page.getByRole('button', { name: 'Register' }).click()
    await page.waitForURL('**/register-confirmation', { timeout: 20_000 })
    const { code } = await waitForCode(journey.server.dataDir, visitor.email)
    await page.getByRole('textbox', { name: 'Code' }).fill(code)
    await page.getByRole('button', { name: 'Confirm Account' }).click()
    await page.waitForURL('**/login', { timeout: 20_000 })
    await page.getByLabel('Password', { exact: true }).fill(visitor.password)
    await page.getByRole('button', { name: 'Log in' }).click()
    await page.waitForURL(`**/galaxy/courses/overview/${course}?plan=${plan}`, { timeout: 20_000 })
    await page.getByRole('button', { name: 'Subscribe: Mes gratis' }).click()
    await page.getByRole('link', { name: 'Start or continue the course' }).waitFor({ timeout: 20_000 })

    // Signed in now: the public page's Subscribe leads straight to the course's screen, not the dashboard.
    await page.goto(`/site/website/mx/courses/${course}`)
    await page.getByRole('link', { name: 'Suscribirse al plan Mes gratis' }).click()
    await page.waitForURL(`**/galaxy/courses/overview/${course}?plan=${plan}`, { timeout: 20_000 })
    await page.getByRole('link', { name: 'Start or continue the course' }).waitFor({ timeout: 20_000 })
    expect(errors).toEqual([])
  })

  it('the post is in the sitemap and the news feed', async () => {
    if (OWN_ONLY) return
    const sitemap = await publicText('/site/website/sitemap.xml')
    expect(sitemap.status, 'the sitemap (another part of the site) answers').toBe(200)
    expect(sitemap.text).toContain('/site/website/mx/news/nuevo-ciclo-escolar')
    const feed = await publicText('/site/website/mx/news/feed.xml')
    expect(feed.status, 'the news feed (another part of the site) answers').toBe(200)
    expect(feed.text).toContain('Nuevo ciclo escolar')
  })

  it('the administrator sees the visits counted', async () => {
    if (OWN_ONLY) return
    const { page } = await signedIn(admin)
    const day = new Date().toISOString().slice(0, 10)
    const counted = await apiFrom<{ total: number }>(page, 'GET', `/api/v2/admin/sites/website/analytics?from=${day}&to=${day}`).catch((e: Error) => {
      throw new Error(`the visit counts need the site administration's analytics route (not on this branch yet?): ${e.message}`)
    })
    expect(counted.total).toBeGreaterThan(0)
    await page.goto('/admin/website/analytics')
    await networkSettled(page)
    expect(await page.getByRole('heading', { level: 1 }).count(), 'the analytics screen (another part of the site) is there').toBeGreaterThan(0)
    expect(await page.getByText(/courses/).count(), 'the course pages visited are listed').toBeGreaterThan(0)
  })
})
