/**
 * Certificate PDFs under load (`BENCH_ONLY=pdf`): four learners download their certificate in a loop
 * each, in parallel, while `/api/health` is asked one request at a time; the health answers' latency
 * says how much the downloads hold up everyone else. The server is started as `npm start` starts it
 * with the demo catalogue; the learners study its first course to the certificate over HTTP and
 * download it once before the measured loops.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { AdminAddUserToGroupCommand } from '@aws-sdk/client-cognito-identity-provider'
import type { ChoiceQuestion } from '../../contracts/courses/content.js'
import { loadConfig } from '../../server/config.js'
import { DEMO_COURSES } from '../../server/seed/courses.js'
import { sharedSecrets, startServerProcess } from '../helpers/server-process.js'
import { createUserWith, signIn } from './srp.js'

const LOOPS = 4

export interface PdfBenchResult {
  /** What the run's settings were. */
  label: string
  idle: Latency
  loaded: Latency
  downloads: number
  refused: number
  seconds: number
}

interface Latency {
  p50: number
  p95: number
  max: number
  samples: number
}

function latency(ms: number[]): Latency {
  const sorted = [...ms].sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0
  return { p50: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1] ?? 0, samples: sorted.length }
}

/** `/api/health`, one request at a time (10 ms apart) until `until`; each answer's time in ms. */
async function sampleHealth(url: string, until: number): Promise<number[]> {
  const out: number[] = []
  while (Date.now() < until) {
    const start = performance.now()
    const res = await fetch(`${url}/api/health`)
    await res.arrayBuffer()
    out.push(performance.now() - start)
    await new Promise((r) => setTimeout(r, 10))
  }
  return out
}

async function call(url: string, token: string, method: string, route: string, body?: unknown) {
  const res = await fetch(`${url}${route}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const text = await res.text()
  if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${text}`)
  return text ? (JSON.parse(text) as Record<string, unknown>) : {}
}

/** Studies the first demo course to its certificate as the learner with `token`; answers the course id. */
async function graduate(url: string, token: string): Promise<string> {
  const demo = DEMO_COURSES[0]!
  const { items } = (await call(url, token, 'GET', '/api/v2/courses/all/1')) as { items: Array<{ uuid: string; name: string }> }
  const uuid = items.find((c) => c.name === demo.name)!.uuid
  const { plans } = (await call(url, token, 'GET', `/api/v2/courses/course/subscriptions/${uuid}`)) as { plans: Array<{ id: string }> }
  await call(url, token, 'POST', '/api/v2/courses/course/subscribe', { uuid, plan: plans[0]!.id })
  const { Item } = (await call(url, token, 'GET', `/api/v2/courses/course/index/${uuid}`)) as {
    Item: { sections: Array<{ blocks: Array<{ id: string; kind: string }> }> }
  }
  const blocks = Item.sections.flatMap((s) => s.blocks)
  for (const b of blocks) {
    if (b.kind === 'form') continue
    if (b.kind === 'video') await call(url, token, 'PUT', '/api/v2/courses/metrics/position', { course: uuid, block: b.id, seconds: 8, duration: 8 })
    else await call(url, token, 'GET', `/api/v2/courses/metrics/re/${uuid}/${b.id}`)
  }
  const forms = demo.sections.flatMap((s) => s.blocks.flatMap((b) => (b.kind === 'form' ? [b] : [])))
  const formBlocks = blocks.filter((b) => b.kind === 'form')
  for (const [i, form] of forms.entries()) {
    const answers = Object.fromEntries((form.questions as ChoiceQuestion[]).map((q) => [q.id, q.options.filter((o) => o.correct).map((o) => o.id)]))
    await call(url, token, 'POST', '/api/v2/courses/forms/completed', { course: uuid, id: formBlocks[i]!.id, answers })
  }
  return uuid
}

/** One server, four learners with a certificate, then the loops and the health sampler together. */
export async function benchPdf(label: string, env: Record<string, string>, seconds: number): Promise<PdfBenchResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aula-bench-pdf-'))
  const fullEnv = { ...sharedSecrets(), AULA_DATA_DIR: dataDir, WEB_BUILD: 'never', LOG_LEVEL: 'info', AULA_SEED: 'demo', ...env }
  const server = await startServerProcess(fullEnv, { logFile: path.join(dataDir, 'server.log') })
  try {
    const config = loadConfig(fullEnv)
    const admin = server.admin()
    const learners: Array<{ token: string; course: string }> = []
    for (let i = 0; i < LOOPS; i++) {
      const email = `bench-learner-${i}@example.test`
      await createUserWith(admin, config.IDENTITY_USER_POOL_ID, email, 'Bench-Learner-Pass1!')
      await admin.send(new AdminAddUserToGroupCommand({ UserPoolId: config.IDENTITY_USER_POOL_ID, Username: email, GroupName: 'general' }))
      const token = await signIn(
        `${server.url}/identity/`,
        config.IDENTITY_CLIENT_ID,
        config.IDENTITY_USER_POOL_ID.split('_')[1]!,
        email,
        'Bench-Learner-Pass1!',
      )
      learners.push({ token, course: await graduate(server.url, token) })
    }
    admin.destroy()
    // Each learner's first download before the clock starts: the PDF, font and QR libraries load
    // with the first certificate a process draws.
    for (const { token, course } of learners)
      await (await fetch(`${server.url}/api/v2/courses/certificates/${course}?lang=es`, { headers: { authorization: `Bearer ${token}` } })).arrayBuffer()

    const idle = await sampleHealth(server.url, Date.now() + 1500)
    const until = Date.now() + seconds * 1000
    let downloads = 0
    let refused = 0
    const loop = async ({ token, course }: { token: string; course: string }) => {
      while (Date.now() < until) {
        const res = await fetch(`${server.url}/api/v2/courses/certificates/${course}?lang=es`, { headers: { authorization: `Bearer ${token}` } })
        await res.arrayBuffer()
        if (res.status === 200) downloads++
        else if (res.status === 429) refused++
        else throw new Error(`certificate download answered ${res.status}`)
      }
    }
    const [loaded] = await Promise.all([sampleHealth(server.url, until), ...learners.map(loop)])
    return { label, idle: latency(idle), loaded: latency(loaded), downloads, refused, seconds }
  } finally {
    await server.stop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

/** The lines `npm run bench` prints for the runs. */
export function formatPdfBench(results: PdfBenchResult[]): string[] {
  const ms = (n: number) => `${n.toFixed(1)} ms`
  const lines = [`certificate PDFs: ${LOOPS} parallel download loops while /api/health is sampled (one request at a time)`]
  for (const r of results) {
    lines.push(`  ${r.label}`)
    lines.push(`    /api/health idle     p50 ${ms(r.idle.p50)}, p95 ${ms(r.idle.p95)}, max ${ms(r.idle.max)} (${r.idle.samples} samples)`)
    lines.push(`    /api/health loaded   p50 ${ms(r.loaded.p50)}, p95 ${ms(r.loaded.p95)}, max ${ms(r.loaded.max)} (${r.loaded.samples} samples)`)
    lines.push(`    PDFs: ${r.downloads} downloaded (${(r.downloads / r.seconds).toFixed(1)} /s), ${r.refused} refused with 429 in ${r.seconds} s`)
  }
  return lines
}
