/**
 * Exam day (`BENCH_ONLY=exam`): `BENCH_EXAM_LEARNERS` learners (default 3,000), each subscribed to the
 * demo course, start its evaluation within 10 s of each other (random offsets): each asks for the
 * form (`POST forms/request`) and submits random choices (`POST forms/completed`). Afterwards every
 * learner's attempts are read back (`GET forms/summary`) and compared with what the server
 * acknowledged. Targets: no errors, no lost answers, p95 ≤ 250 ms for both routes.
 */
import { fileURLToPath } from 'node:url'
import { DEMO_COURSES } from '../../server/seed/courses.js'
import { eachLimit, errorAndCpuRows, routeRows, runLoadClient, sleep, type LoadClient, type Measured } from './load-client.js'
import type { BenchRow } from './run.js'
import { withFreshServer, type BenchDatabase, type ServerTarget } from './servers.js'

const SELF = fileURLToPath(import.meta.url)
const L = '/api/v2/courses'
const P95_TARGET_MS = 250

interface ExamJob {
  target: ServerTarget
  learners: number
  startWindowMs: number
  courseName: string
}

interface ExamResult {
  measured: Measured
  setupSeconds: number
  acknowledged: number
  lost: number
  mismatched: number
}

interface Question {
  id: string
  type: string
  options: Array<{ id: string }>
}

const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)]!

/** Random choices: one option for a single-choice or true/false question, a non-empty random subset for a multiple-choice one. */
function randomAnswers(questions: Question[]): Record<string, string[]> {
  return Object.fromEntries(
    questions.map((q) => {
      if (q.type !== 'multiple') return [q.id, [pick(q.options).id]]
      const chosen = q.options.filter(() => Math.random() < 0.5).map((o) => o.id)
      return [q.id, chosen.length ? chosen : [pick(q.options).id]]
    }),
  )
}

/** Finds a published course by name in the catalogue and subscribes every learner to its first plan. */
export async function subscribeAll(client: LoadClient, tokens: string[], courseName: string): Promise<string> {
  const { items } = await client.must<{ items: Array<{ uuid: string; name: string }> }>('GET', `${L}/all/1`, { token: tokens[0] })
  const course = items.find((c) => c.name === courseName)
  if (!course) throw new Error(`course "${courseName}" is not in the catalogue`)
  const { plans } = await client.must<{ plans: Array<{ id: string }> }>('GET', `${L}/course/subscriptions/${course.uuid}`, { token: tokens[0] })
  await eachLimit(tokens, 32, async (token) => {
    await client.must('POST', `${L}/course/subscribe`, { token, body: { uuid: course.uuid, plan: plans[0]!.id } })
  })
  return course.uuid
}

/** The load client's side (run in its own process by `runLoadClient`). */
export async function examClient(client: LoadClient, job: ExamJob): Promise<ExamResult> {
  const setupStarted = performance.now()
  const learners = await client.learners(job.learners, 'exam', (n) => console.error(`  exam: ${n} learners signed in`))
  const course = await subscribeAll(
    client,
    learners.map((l) => l.token),
    job.courseName,
  )
  const { Item } = await client.must<{ Item: { sections: Array<{ blocks: Array<{ id: string; kind: string }> }> } }>('GET', `${L}/course/index/${course}`, {
    token: learners[0]!.token,
  })
  const form = Item.sections.flatMap((s) => s.blocks).find((b) => b.kind === 'form')
  if (!form) throw new Error('the course has no evaluation form')
  const setupSeconds = (performance.now() - setupStarted) / 1000

  // Everyone starts within the window; each learner asks for the form, then submits.
  const acknowledged = new Map<number, number>()
  client.begin()
  await Promise.all(
    learners.map(async ({ token }, i) => {
      await sleep(Math.random() * job.startWindowMs)
      const asked = await client.call<{ questions: Question[] }>('POST forms/request', 'POST', `${L}/forms/request`, { token, body: { course, id: form.id } })
      if (asked.status !== 200 || !asked.body) return
      const done = await client.call<{ score: number }>('POST forms/completed', 'POST', `${L}/forms/completed`, {
        token,
        body: { course, id: form.id, answers: randomAnswers(asked.body.questions) },
      })
      if (done.status === 200 && done.body) acknowledged.set(i, done.body.score)
    }),
  )
  const measured = client.end()

  // Read-back: every acknowledged answer is stored, with the score the server gave.
  let lost = 0
  let mismatched = 0
  await eachLimit(learners, 32, async ({ token }, i) => {
    const score = acknowledged.get(i)
    if (score === undefined) return
    const summary = await client.must<{ attempts: Array<{ score: number }> }>('GET', `${L}/forms/summary/${course}/${form.id}`, { token })
    if (summary.attempts.length === 0) lost++
    else if (summary.attempts.length !== 1 || summary.attempts[0]!.score !== score) mismatched++
  })
  return { measured, setupSeconds, acknowledged: acknowledged.size, lost, mismatched }
}

/** Exam day on one database: a fresh server with the demo catalogue, the load client in its own process. */
export async function benchExam(database: BenchDatabase, learners: number): Promise<BenchRow[]> {
  return withFreshServer(database, { AULA_SEED: 'demo' }, async (_server, target) => {
    const job: ExamJob = { target, learners, startWindowMs: 10_000, courseName: DEMO_COURSES[0]!.name }
    const r = await runLoadClient<ExamResult>(SELF, 'examClient', { ...job }, 600_000 + learners * 200)
    const label = `exam (${database.name}, ${learners} in 10 s)`
    return [
      ...routeRows(label, r.measured, P95_TARGET_MS),
      ...errorAndCpuRows(r.measured),
      {
        what: `  answers acknowledged ${r.acknowledged}: lost / mismatched on read-back`,
        value: `${r.lost} / ${r.mismatched}`,
        target: '0 lost, all acknowledged',
        met: r.lost + r.mismatched === 0 && r.acknowledged === learners,
      },
      { what: '  set-up: accounts made, signed in by SRP, subscribed', value: `${r.setupSeconds.toFixed(0)} s` },
    ]
  })
}
