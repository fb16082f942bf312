/**
 * Certificates at scale (`BENCH_ONLY=certificates`): `BENCH_CERT_LEARNERS` learners (default 10,000)
 * complete a course at once. The course is built and published through the builder API as a creator
 * does (cover, certificate template, a free plan, two required text blocks and a required form), so
 * its requirements are earned for real and quickly: each learner opens the text blocks first, then
 * all of them submit the passing answers together (`POST forms/completed`, the call that completes
 * the last requirement and issues the certificate) and download their certificate PDF as soon as it
 * is issued. Afterwards every certificate code is checked on the public verification route.
 * Targets: p95 of the completing call ≤ 500 ms, the last PDF ready within 10 minutes, every
 * certificate issued and verifiable.
 *
 * The verification route's per-address allowance is turned off on this server
 * (RATE_LIMIT_CERTIFICATE_VERIFY=0): here every visitor checking a code comes from one address. Its
 * access tokens last 4 hours (IDENTITY_ACCESS_TOKEN_MINUTES=240): making and signing in 10,000
 * learners one after another takes longer than the default hour, where each browser would refresh
 * its own token.
 */
import { fileURLToPath } from 'node:url'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import { eachLimit, errorAndCpuRows, routeRows, runLoadClient, type LoadClient, type Measured } from './load-client.js'
import type { BenchRow } from './run.js'
import { withFreshServer, type BenchDatabase, type ServerTarget } from './servers.js'
import { RIGHT_ANSWERS, threeQuestionForm } from '../helpers/forms.js'

const SELF = fileURLToPath(import.meta.url)
const L = '/api/v2/courses'
const CREATOR = '/api/v2/courses/creator'
const P95_TARGET_MS = 500
const LAST_PDF_TARGET_S = 600
/** How often a learner tries a busy certificate download again before giving up. */
const BUSY_RETRIES = 30

const FORM = { ...threeQuestionForm(), name: 'Final check', required: true }
const RIGHT = RIGHT_ANSWERS

interface GraduationJob {
  target: ServerTarget
  learners: number
}

interface GraduationResult {
  measured: Measured
  setupSeconds: number
  issued: number
  pdfs: number
  lastPdfSeconds: number
  /** Seconds until the last completing call was answered. */
  lastCompletedSeconds: number
  verified: number
}

interface BuiltCourse {
  uuid: string
  name: string
  plan: string
  texts: string[]
  form: string
}

/** Uploads a file for a course medium (`cover`, `certificate-template`) as the builder does; answers its storage path. */
async function upload(
  client: LoadClient,
  token: string,
  uuid: string,
  media: string,
  file: { bytes: Uint8Array; type: string; name: string },
): Promise<string> {
  const par = await client.must<{ url: string; fields: Record<string, string>; path: string }>('POST', `${CREATOR}/builder/${media}-par`, {
    token,
    body: { uuid, size: file.bytes.length, contentType: file.type, fileName: file.name },
  })
  const form = new FormData()
  for (const [k, v] of Object.entries(par.fields)) form.append(k, v)
  form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name)
  const res = await fetch(new URL(par.url, client.target.url), { method: 'POST', body: form })
  if (res.status >= 300) throw new Error(`upload of ${media}: ${res.status} ${await res.text()}`)
  return par.path
}

/** Builds and publishes the course as a creator (who is also an administrator, for the category). */
async function buildCourse(client: LoadClient, token: string): Promise<BuiltCourse> {
  const name = `Certified in a minute ${Date.now()}`
  const category = await client.must<{ Item?: { id: string }; id?: string }>('POST', '/api/v2/admin/categories/create', {
    token,
    body: { name: `Bench ${name}`, description: 'Short certified courses' },
  })
  const { items: difficulties } = await client.must<{ items: Array<{ id: string }> }>('GET', `${CREATOR}/difficulties/all`, { token })
  const { uuid } = await client.must<{ uuid: string }>('POST', `${CREATOR}/start`, { token, body: { name } })
  const revision = async () => (await client.must<{ Item: { revision: number } }>('GET', `${CREATOR}/builder/${uuid}`, { token })).Item.revision
  const change = async <T>(method: 'POST' | 'PUT', route: string, body: Record<string, unknown>) =>
    client.must<T>(method, `${CREATOR}/${route}`, { token, body: { uuid, revision: await revision(), ...body } })
  await change('PUT', 'builder/update-general', {
    briefDescription: 'Read two pages, pass one check',
    description: '<p>A short course that ends with a certificate.</p>',
    durationHours: 1,
    difficultyId: difficulties[0]!.id,
    categoryId: category.Item?.id ?? category.id,
  })
  const png = Uint8Array.from(Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'))
  await change('PUT', 'builder/cover', { cover: await upload(client, token, uuid, 'cover', { bytes: png, type: 'image/png', name: 'cover.png' }) })
  const doc = await PDFDocument.create()
  doc.addPage([842, 595]).drawText('Aula certificate', { x: 60, y: 540, size: 18, font: await doc.embedFont(StandardFonts.Helvetica) })
  await change('PUT', 'builder/certificate-template', {
    template: await upload(client, token, uuid, 'certificate-template', { bytes: await doc.save(), type: 'application/pdf', name: 'template.pdf' }),
  })
  const plans = await change<{ items: Array<{ id: string }> }>('POST', 'builder/subscription-update', { items: [{ name: 'Free', durationDays: 30 }] })
  const section = (await change<{ item: { id: string } }>('POST', 'blocks/add', { item: 'section', values: { title: 'All of it' } })).item.id
  const texts: string[] = []
  for (const title of ['Read me first', 'Read me next']) {
    texts.push(
      (await change<{ item: { id: string } }>('POST', 'blocks/add', { item: 'text', section, values: { title, html: `<p>${title}.</p>`, required: true } }))
        .item.id,
    )
  }
  const form = (await change<{ item: { id: string } }>('POST', 'blocks/add', { item: 'form', section, values: FORM })).item.id
  await client.must('POST', `${CREATOR}/publish/all`, { token, body: { uuid } })
  return { uuid, name, plan: plans.items[0]!.id, texts, form }
}

/** The load client's side (run in its own process by `runLoadClient`). */
export async function graduationClient(client: LoadClient, job: GraduationJob): Promise<GraduationResult> {
  const setupStarted = performance.now()
  const [staff] = await client.learners(1, 'bench-creator', undefined, ['admin', 'creator'])
  const course = await buildCourse(client, staff!.token)
  const learners = await client.learners(job.learners, 'graduate', (n) => console.error(`  certificates: ${n} learners signed in`))
  // Each learner subscribes and reads the text blocks: everything but the form is done.
  await eachLimit(learners, 32, async ({ token }) => {
    await client.must('POST', `${L}/course/subscribe`, { token, body: { uuid: course.uuid, plan: course.plan } })
    for (const block of course.texts) await client.must('GET', `${L}/metrics/re/${course.uuid}/${block}`, { token })
  })
  const setupSeconds = (performance.now() - setupStarted) / 1000

  // Everyone passes the form at once, then downloads the certificate it was given.
  const codes: Array<string | null> = learners.map(() => null)
  let pdfs = 0
  let lastPdf = 0
  let lastCompleted = 0
  client.begin()
  const started = performance.now()
  await Promise.all(
    learners.map(async ({ token }, i) => {
      const done = await client.call<{ certificate: { code: string; url: string } | null }>('POST forms/completed', 'POST', `${L}/forms/completed`, {
        token,
        body: { course: course.uuid, id: course.form, answers: RIGHT },
      })
      lastCompleted = Math.max(lastCompleted, performance.now() - started)
      const certificate = done.status === 200 ? done.body?.certificate : null
      if (!certificate) return
      codes[i] = certificate.code
      // A busy server answers 503 with Retry-After (its drawing queue is full): the learner tries again then.
      let pdf = await client.call('GET certificate PDF', 'GET', certificate.url, { token })
      for (let retry = 0; pdf.status === 503 && retry < BUSY_RETRIES; retry++) {
        await new Promise((r) => setTimeout(r, (pdf.retryAfter ?? 1) * 1000))
        pdf = await client.call('GET certificate PDF, after busy', 'GET', certificate.url, { token })
      }
      if (pdf.status === 200) {
        pdfs++
        lastPdf = Math.max(lastPdf, performance.now() - started)
      }
    }),
  )
  const measured = client.end()

  // Read-back: every issued code is known to the public verification route, for this course.
  let verified = 0
  await eachLimit(codes, 32, async (code) => {
    if (code === null) return
    const res = await client.call<{ course: string }>('verify', 'GET', `/api/certificates/verify/${encodeURIComponent(code)}`)
    if (res.status === 200 && res.body?.course === course.name) verified++
  })
  return {
    measured,
    setupSeconds,
    issued: codes.filter((c) => c !== null).length,
    pdfs,
    lastPdfSeconds: lastPdf / 1000,
    lastCompletedSeconds: lastCompleted / 1000,
    verified,
  }
}

/** Certificates at scale on one database: a fresh server without the demo catalogue, the load client in its own process. */
export async function benchGraduation(database: BenchDatabase, learners: number): Promise<BenchRow[]> {
  return withFreshServer(database, { AULA_SEED: 'none', RATE_LIMIT_CERTIFICATE_VERIFY: '0', IDENTITY_ACCESS_TOKEN_MINUTES: '240' }, async (_server, target) => {
    const r = await runLoadClient<GraduationResult>(SELF, 'graduationClient', { target, learners }, 1_200_000 + learners * 400)
    const label = `certificates (${database.name}, ${learners} at once):`
    const completing = { ...r.measured, routes: r.measured.routes.filter((x) => x.route === 'POST forms/completed') }
    const downloads = { ...r.measured, routes: r.measured.routes.filter((x) => x.route !== 'POST forms/completed') }
    return [
      ...routeRows(label, completing, P95_TARGET_MS),
      ...routeRows(label, downloads),
      ...errorAndCpuRows(r.measured),
      // Arriving together, the calls are answered one after another at the server's pace: the p95 of
      // N calls at once is about 0.95 × N divided by this rate.
      {
        what: `  completing calls answered per second (all ${learners} in ${r.lastCompletedSeconds.toFixed(1)} s)`,
        value: `${(learners / r.lastCompletedSeconds).toFixed(0)} /s`,
      },
      {
        what: `  time until the last certificate PDF is ready (${r.pdfs} PDFs)`,
        value: `${r.lastPdfSeconds.toFixed(1)} s`,
        target: '< 10 min',
        met: r.pdfs === learners && r.lastPdfSeconds < LAST_PDF_TARGET_S,
      },
      {
        what: '  certificates issued / verifiable on the public route',
        value: `${r.issued} / ${r.verified}`,
        target: `${learners} / ${learners}`,
        met: r.issued === learners && r.verified === learners,
      },
      { what: '  set-up: course built, accounts made, signed in by SRP, studied', value: `${r.setupSeconds.toFixed(0)} s` },
    ]
  })
}
