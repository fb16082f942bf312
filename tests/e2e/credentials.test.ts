import crypto from 'node:crypto'
import fs from 'node:fs'
import nodePath from 'node:path'
import zlib from 'node:zlib'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { cartridge } from '../helpers/cartridge.js'
import { RIGHT_ANSWERS, threeQuestionForm } from '../helpers/forms.js'
import { axeViolations } from './a11y.js'
import { useJourney } from './journey.js'
import { apiFrom } from './support.js'

/**
 * Two journeys in a real Chromium against the real server. A creator imports a Common Cartridge
 * (built here as tests/api/cartridge-import.test.ts builds it) and sees the draft with its import
 * report. The credentials journey: a learner who earned a
 * certificate downloads the Open Badge from the dashboard; a verifier that knows nothing of Aula's
 * code checks it with the issuer's published key and the revocation status list; the public
 * verification page shows it valid (checked in the browser). An administrator then revokes the
 * certificate from the learner's page (a dialog asks the reason), and the verification page says it
 * was revoked. Every screen opened is checked with axe-core and photographed at 1366×768 and 390×844.
 */

const SHOTS = process.env.CREDENTIALS_SHOTS_DIR ?? '/tmp/shots-credentials'
const DESKTOP = { width: 1366, height: 768 }
const PHONE = { width: 390, height: 844 }
const CREATOR = '/api/v2/courses/creator'
const refused: string[] = []

const journey = useJourney({ shots: SHOTS, failurePrefix: 'credentials-', failureDetails: () => `refused calls:\n${refused.join('\n')}` })

let staff: { email: string; password: string }
let learner: { email: string; password: string }
let course: { uuid: string; name: string; plan: string; form: string }

async function signIn(page: Page, who: { email: string; password: string }) {
  page.on('response', (r) => {
    if (r.status() >= 400 && r.url().includes('/api/'))
      void r
        .text()
        .then((t) => refused.push(`${r.request().method()} ${r.url()} ${r.status()} ${t.slice(0, 300)}`))
        .catch(() => undefined)
  })
  await page.goto('/login')
  await page.getByRole('textbox', { name: 'Email' }).fill(who.email)
  await page.getByLabel('Password', { exact: true }).fill(who.password)
  await page.getByRole('button', { name: 'Log in' }).click()
  await page.waitForURL('**/dashboard', { timeout: 20_000 })
}

/** axe-core finds nothing moderate or worse, nothing scrolls sideways, and the screen is photographed. */
async function check(page: Page, name: string) {
  await page.waitForLoadState('load')
  expect(await axeViolations(page), `${name}: ${page.url()}`).toEqual([])
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
  expect(overflow, `${name} scrolls sideways`).toBeLessThanOrEqual(0)
  await page.screenshot({ path: nodePath.join(SHOTS, `${name}.png`), fullPage: true })
}

/** Uploads a course file (cover, certificate template) as the builder does; answers its storage path. */
async function upload(page: Page, uuid: string, media: string, file: { bytes: Uint8Array; type: string; name: string }): Promise<string> {
  const par = await apiFrom<{ url: string; fields: Record<string, string>; path: string }>(page, 'POST', `${CREATOR}/builder/${media}-par`, {
    uuid,
    size: file.bytes.length,
    contentType: file.type,
    fileName: file.name,
  })
  const form = new FormData()
  for (const [k, v] of Object.entries(par.fields)) form.append(k, v)
  form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name)
  const res = await fetch(new URL(par.url, journey.server.url), { method: 'POST', body: form })
  if (res.status >= 300) throw new Error(`upload of ${media}: ${res.status} ${await res.text()}`)
  return par.path
}

/** A short course with one required form, built and published through the builder API by `page`'s creator (also an administrator). */
async function buildCourse(page: Page) {
  const name = 'Química en la cocina'
  const category = await apiFrom<{ Item?: { id: string }; id?: string }>(page, 'POST', '/api/v2/admin/categories/create', {
    name: 'Ciencias',
    description: 'Cursos de ciencias',
  })
  const { items: difficulties } = await apiFrom<{ items: Array<{ id: string }> }>(page, 'GET', `${CREATOR}/difficulties/all`)
  const { uuid } = await apiFrom<{ uuid: string }>(page, 'POST', `${CREATOR}/start`, { name })
  const revision = async () => (await apiFrom<{ Item: { revision: number } }>(page, 'GET', `${CREATOR}/builder/${uuid}`)).Item.revision
  const change = async <T>(method: 'POST' | 'PUT', route: string, body: Record<string, unknown>) =>
    apiFrom<T>(page, method, `${CREATOR}/${route}`, { uuid, revision: await revision(), ...body })
  await change('PUT', 'builder/update-general', {
    briefDescription: 'Pass one check',
    description: '<p>A short course that ends with a certificate.</p>',
    durationHours: 2,
    difficultyId: difficulties[0]!.id,
    categoryId: category.Item?.id ?? category.id,
  })
  const png = Uint8Array.from(Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'))
  await change('PUT', 'builder/cover', { cover: await upload(page, uuid, 'cover', { bytes: png, type: 'image/png', name: 'cover.png' }) })
  const doc = await PDFDocument.create()
  doc.addPage([842, 595]).drawText('Aula', { x: 60, y: 540, size: 18, font: await doc.embedFont(StandardFonts.Helvetica) })
  await change('PUT', 'builder/certificate-template', {
    template: await upload(page, uuid, 'certificate-template', { bytes: await doc.save(), type: 'application/pdf', name: 'template.pdf' }),
  })
  const plans = await change<{ items: Array<{ id: string }> }>('POST', 'builder/subscription-update', { items: [{ name: 'Free', durationDays: 30 }] })
  const section = (await change<{ item: { id: string } }>('POST', 'blocks/add', { item: 'section', values: { title: 'Todo' } })).item.id
  await change('POST', 'blocks/add', { item: 'text', section, values: { title: 'Lee esto', html: '<p>Lee esto.</p>', required: false } })
  const form = (await change<{ item: { id: string } }>('POST', 'blocks/add', { item: 'form', section, values: { ...threeQuestionForm(), required: true } }))
    .item.id
  await apiFrom(page, 'POST', `${CREATOR}/publish/all`, { uuid })
  return { uuid, name, plan: plans.items[0]!.id, form }
}

/**
 * A third party's verifier: the issuer's JWKS (found from the credential's issuer), Node's crypto and
 * zlib, nothing of Aula's code. Answers the credential, whether its signature holds and its status bit.
 */
async function verifyIndependently(jwt: string): Promise<{ signature: boolean; revoked: boolean | null; vc: Record<string, unknown> | null }> {
  const part = (p: string) => JSON.parse(Buffer.from(p, 'base64url').toString('utf8')) as Record<string, unknown>
  const checked = async (token: string) => {
    const [h, p, s] = token.split('.')
    const header = part(h!)
    const payload = part(p!)
    const jwks = (await (await fetch(`${payload.iss as string}/jwks`)).json()) as { keys: Array<{ kid: string }> }
    const jwk = jwks.keys.find((k) => k.kid === header.kid)
    if (!jwk || header.alg !== 'EdDSA') return null
    const key = crypto.createPublicKey({ key: jwk as crypto.JsonWebKey, format: 'jwk' })
    return crypto.verify(null, Buffer.from(`${h}.${p}`), key, Buffer.from(s!, 'base64url')) ? payload : null
  }
  const payload = await checked(jwt)
  if (!payload) return { signature: false, revoked: null, vc: null }
  const vc = payload.vc as { credentialStatus?: { statusListCredential: string; statusListIndex: string } }
  const status = vc.credentialStatus
  if (!status) return { signature: true, revoked: null, vc }
  const list = await checked(await (await fetch(status.statusListCredential)).text())
  if (!list) return { signature: true, revoked: null, vc }
  const encoded = ((list.vc as { credentialSubject: { encodedList: string } }).credentialSubject.encodedList as string).slice(1)
  const bits = zlib.gunzipSync(Buffer.from(encoded, 'base64url'))
  const i = Number(status.statusListIndex)
  return { signature: true, revoked: (bits[i >> 3]! & (0x80 >> (i & 7))) !== 0, vc }
}

beforeAll(async () => {
  // PUBLIC_URL is not set: the credentials' addresses are the server's own, which the verifier fetches.
  const made = await journey.staff(['admin', 'creator'], 'Carla Núñez')
  staff = made
  const { page, context } = await journey.page({ language: 'eng', viewport: DESKTOP })
  await signIn(page, staff)
  course = await buildCourse(page)
  await context.close()
  learner = await journey.staff(['general'], 'Lucía Martín', 'learner')
})

describe('course import journey', () => {
  it('a creator imports a Common Cartridge and sees the draft course with its import report', async () => {
    const creator = await journey.staff(['creator'], 'Iker Sanz', 'importer')
    for (const [viewport, prefix, version] of [
      [DESKTOP, 'desktop', '1.3.0'],
      [PHONE, 'phone', '1.1.0'],
    ] as const) {
      const { page, errors } = await journey.page({ language: 'eng', viewport })
      await signIn(page, creator)
      await page.goto('/creator/courses')
      const open = page.getByRole('button', { name: 'Import a Common Cartridge' })
      await open.waitFor()
      await check(page, `${prefix}-builder-list`)
      await open.click()
      const dialog = page.getByRole('dialog', { name: 'Import a Common Cartridge' })
      await dialog.waitFor()
      await check(page, `${prefix}-import-dialog`)
      await dialog
        .locator('input[type=file]')
        .setInputFiles({ name: 'physics.imscc', mimeType: 'application/octet-stream', buffer: Buffer.from(cartridge(version)) })
      // The draft opens in the builder with the report of what was imported and what was not.
      await page.waitForURL(/\/creator\/courses\/[0-9a-f-]{36}/, { timeout: 60_000 })
      await page.getByText(`Imported from “physics.imscc” (Common Cartridge ${version})`).waitFor({ timeout: 30_000 })
      await page.getByRole('heading', { level: 1, name: 'Physics & Fun' }).waitFor()
      await check(page, `${prefix}-imported-draft`)
      expect(errors).toEqual([])
      await page.context().close()
    }
  })
})

describe('credentials journey', () => {
  it('a learner downloads the badge, an outside verifier and the public page find it valid; revoked by an administrator, it shows revoked', async () => {
    // The learner earns the certificate (subscribe, pass the form) and downloads the badge from the dashboard.
    const { page, errors } = await journey.page({ language: 'eng', viewport: DESKTOP })
    await signIn(page, learner)
    await apiFrom(page, 'POST', '/api/v2/courses/course/subscribe', { uuid: course.uuid, plan: course.plan })
    await apiFrom(page, 'POST', '/api/v2/courses/forms/request', { course: course.uuid, id: course.form })
    const passed = await apiFrom<{ certificate: { code: string } }>(page, 'POST', '/api/v2/courses/forms/completed', {
      course: course.uuid,
      id: course.form,
      answers: RIGHT_ANSWERS,
    })
    const code = passed.certificate.code
    await page.goto('/dashboard')
    const badgeButton = page.getByRole('button', { name: 'Download the Open Badge' })
    await badgeButton.waitFor()
    await check(page, 'desktop-dashboard-certificate')
    const downloading = page.waitForEvent('download')
    await badgeButton.click()
    const download = await downloading
    const saved = JSON.parse(fs.readFileSync(await download.path(), 'utf8')) as { jwt: string; credential: { id: string } }
    const outside = await verifyIndependently(saved.jwt)
    expect(outside).toMatchObject({ signature: true, revoked: false })
    expect(outside.vc).toEqual(saved.credential)
    // One byte of the payload changed: the outside verifier refuses it.
    const [h, p, s] = saved.jwt.split('.')
    const bytes = Buffer.from(p!, 'base64url')
    bytes[Math.floor(bytes.length / 2)]! ^= 1
    expect((await verifyIndependently(`${h}.${bytes.toString('base64url')}.${s}`)).signature).toBe(false)

    // The public verification page: valid, the credential checked in the browser.
    const visitor = await journey.page({ language: 'eng', viewport: DESKTOP })
    await visitor.page.goto(`/certificates/verify/${code}`)
    await visitor.page.getByRole('heading', { level: 2, name: 'Valid certificate' }).waitFor()
    await visitor.page.getByText(/was checked in this browser with the issuer's public key and is not revoked/).waitFor()
    await check(visitor.page, 'desktop-verify-valid')

    // An administrator revokes it from the learner's page, giving the reason in the dialog.
    const admin = await journey.page({ language: 'eng', viewport: DESKTOP })
    await signIn(admin.page, staff)
    await admin.page.goto(`/admin/courses/${course.uuid}/learners/${encodeURIComponent(learner.email)}`)
    await admin.page.getByText(code).waitFor()
    await check(admin.page, 'desktop-admin-learner-certificate')
    await admin.page.getByRole('button', { name: 'Revoke certificate' }).click()
    const dialog = admin.page.getByRole('dialog', { name: 'Revoke the certificate?' })
    await dialog.waitFor()
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('The exam was taken by someone else')
    await check(admin.page, 'desktop-admin-revoke-dialog')
    await dialog.getByRole('button', { name: 'Revoke certificate' }).click()
    await admin.page.getByText(`Certificate ${code} revoked`).waitFor()
    await admin.page.getByText('Revoked', { exact: true }).first().waitFor()
    await check(admin.page, 'desktop-admin-certificate-revoked')

    // The outside verifier now reads the bit set; the public page says revoked, and when.
    expect(await verifyIndependently(saved.jwt)).toMatchObject({ signature: true, revoked: true })
    journey.watch(visitor.page)
    await visitor.page.reload()
    await visitor.page.getByRole('heading', { level: 2, name: 'Certificate revoked' }).waitFor()
    await visitor.page.getByText('This certificate was revoked on', { exact: false }).waitFor()
    await visitor.page.getByText("Its Open Badges credential is marked revoked in the issuer's status list.").waitFor()
    expect(await visitor.page.getByText('Valid certificate').count()).toBe(0)
    await check(visitor.page, 'desktop-verify-revoked')

    // On a phone too.
    const phone = await journey.page({ language: 'eng', viewport: PHONE })
    await phone.page.goto(`/certificates/verify/${code}`)
    await phone.page.getByRole('heading', { level: 2, name: 'Certificate revoked' }).waitFor()
    await phone.page.getByText("Its Open Badges credential is marked revoked in the issuer's status list.").waitFor()
    await check(phone.page, 'phone-verify-revoked')
    await signIn(phone.page, staff)
    await phone.page.goto(`/admin/courses/${course.uuid}/learners/${encodeURIComponent(learner.email)}`)
    await phone.page.getByRole('button', { name: 'Restore certificate' }).waitFor()
    await check(phone.page, 'phone-admin-certificate-revoked')
    await phone.page.getByRole('button', { name: 'Restore certificate' }).click()
    await phone.page.getByRole('dialog', { name: 'Restore the certificate?' }).waitFor()
    await check(phone.page, 'phone-admin-restore-dialog')

    // The learner's dashboard says it was revoked and offers no download; the server refuses it too.
    journey.watch(page)
    await page.goto('/dashboard')
    await page.getByText('Certificate revoked').waitFor()
    expect(await page.getByRole('button', { name: 'Download the Open Badge' }).count()).toBe(0)
    await check(page, 'desktop-dashboard-revoked')
    const refusedPdf = await page.evaluate(
      async (url) => (await fetch(url, { headers: { Authorization: `Bearer ${localStorage.getItem('jwt')}` } })).status,
      `/api/v2/courses/certificates/${course.uuid}`,
    )
    expect(refusedPdf).toBe(410)
    expect([...errors, ...visitor.errors, ...admin.errors, ...phone.errors]).toEqual([])
  })
})
