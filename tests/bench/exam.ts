/**
 * Exam day (`BENCH_ONLY=exam`): `BENCH_EXAM_LEARNERS` learners (default 3,000), each subscribed to the
 * demo course, start its evaluation within 10 s of each other (random offsets), as the web app takes a
 * form: `POST forms/request` (the form's page), `POST forms/attempts/start` (the attempt and its
 * questions), one `PUT forms/attempts/{id}/answers` per question with a random choice (a pause of
 * 0.5–2 s before each, the time to read and answer), then `POST forms/attempts/{id}/submit`.
 * Afterwards every acknowledged write is read back: each answer a PUT answered 2xx must be stored in
 * its attempt (the admin's view of the try, `POST /api/admin/courses/forms/detail`, or the learner's
 * open attempt when the submit was not acknowledged), and each acknowledged submit must be graded with
 * the score it answered (`GET forms/summary`) and the stored answers must grade as it said per question.
 * Targets: no errors, no lost or changed writes, p95 ≤ 250 ms for every route.
 */
import { fileURLToPath } from 'node:url'
import { DEMO_COURSES } from '../../server/seed/courses.js'
import { eachLimit, errorAndCpuRows, routeRows, runLoadClient, sleep, type LoadClient, type Measured } from './load-client.js'
import type { BenchRow } from './run.js'
import { withFreshServer, type BenchDatabase, type ServerTarget } from './servers.js'

const SELF = fileURLToPath(import.meta.url)
const L = '/api/v2/courses'
const P95_TARGET_MS = 250
/** The pause before each answer: reading the question and choosing. */
const THINK_MS = { min: 500, max: 2000 }

interface ExamJob {
  target: ServerTarget
  learners: number
  startWindowMs: number
  courseName: string
}

interface ExamResult {
  measured: Measured
  setupSeconds: number
  /** Attempts started (a 2xx start). */
  started: number
  /** Answers a PUT acknowledged; of them, not found in the stored attempt / stored with another value. */
  answers: { acknowledged: number; lost: number; changed: number }
  /** Submits acknowledged; of them, without their graded result on read-back / graded otherwise than answered. */
  submits: { acknowledged: number; lost: number; mismatched: number }
}

interface Question {
  id: string
  type: string
  options: Array<{ id: string }>
}

interface Attempt {
  id: string
  questions: Question[]
  answers: Record<string, unknown>
}

interface Submitted {
  score: number
  passed: boolean
  questions: Array<{ id: string; right: boolean | null }>
}

type Detail = {
  Item: { score: number | null; form: { questions: Array<{ id: string; correct: boolean | null; options: Array<{ id: string; chosen: boolean }> }> } }
}

const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)]!

/** A random choice: one option for a single-choice or true/false question, a non-empty random subset for a multiple-choice one. */
function randomAnswer(q: Question): string[] {
  if (q.type !== 'multiple') return [pick(q.options).id]
  const chosen = q.options.filter(() => Math.random() < 0.5).map((o) => o.id)
  return chosen.length ? chosen : [pick(q.options).id]
}

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x))

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
  const [admin] = await client.learners(1, 'exam-admin', undefined, ['admin'])
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

  // What the server acknowledged, per learner: the attempt, each answer a PUT took, the submit's result.
  const attempts = new Array<string | undefined>(learners.length)
  const saved = learners.map(() => new Map<string, string[]>())
  const submitted = new Map<number, Submitted>()
  client.begin()
  await Promise.all(
    learners.map(async ({ token }, i) => {
      await sleep(Math.random() * job.startWindowMs)
      const asked = await client.call('POST forms/request', 'POST', `${L}/forms/request`, { token, body: { course, id: form.id } })
      if (asked.status !== 200) return
      const start = await client.call<{ attempt: Attempt }>('POST attempts/start', 'POST', `${L}/forms/attempts/start`, {
        token,
        body: { course, id: form.id },
      })
      if (start.status !== 200 || !start.body) return
      const attempt = start.body.attempt
      attempts[i] = attempt.id
      for (const q of attempt.questions) {
        await sleep(THINK_MS.min + Math.random() * (THINK_MS.max - THINK_MS.min))
        const answer = randomAnswer(q)
        const put = await client.call('PUT attempts/answers', 'PUT', `${L}/forms/attempts/${attempt.id}/answers`, {
          token,
          body: { answers: { [q.id]: answer } },
        })
        if (put.status >= 200 && put.status < 300) saved[i]!.set(q.id, answer)
      }
      const done = await client.call<Submitted>('POST attempts/submit', 'POST', `${L}/forms/attempts/${attempt.id}/submit`, { token, body: {} })
      if (done.status === 200 && done.body) submitted.set(i, done.body)
    }),
  )
  const measured = client.end()

  // Read-back of every acknowledged write.
  const answers = { acknowledged: saved.reduce((n, m) => n + m.size, 0), lost: 0, changed: 0 }
  const submits = { acknowledged: submitted.size, lost: 0, mismatched: 0 }
  await eachLimit(learners, 32, async ({ token }, i) => {
    const id = attempts[i]
    if (!id) return
    const result = submitted.get(i)
    // The stored answers: the admin's view of a closed try; an attempt whose submit went unacknowledged may still be open.
    let stored: Record<string, string[]>
    let detail: Detail | null = null
    if (result) {
      detail = await client.must<Detail>('POST', '/api/admin/courses/forms/detail', { token: admin!.token, body: { course, id } })
      stored = Object.fromEntries(detail.Item.form.questions.map((q) => [q.id, q.options.filter((o) => o.chosen).map((o) => o.id)]))
    } else {
      const open = await client.must<{ attempt: Attempt }>('POST', `${L}/forms/attempts/start`, { token, body: { course, id: form.id } })
      stored = open.attempt.id === id ? (open.attempt.answers as Record<string, string[]>) : {}
    }
    for (const [question, answer] of saved[i]!) {
      const got = stored[question]
      if (!got || got.length === 0) answers.lost++
      else if (!sameSet(got, answer)) answers.changed++
    }
    if (!result) return
    // The submit's result: graded with the score it answered, and the stored answers right where it said.
    const summary = await client.must<{ attempts: Array<{ id: string | null; status: string; score: number | null }> }>(
      'GET',
      `${L}/forms/summary/${course}/${form.id}`,
      { token },
    )
    const graded = summary.attempts.find((a) => a.id === id)
    if (!graded) submits.lost++
    else if (
      graded.status !== 'graded' ||
      graded.score !== result.score ||
      detail!.Item.score !== result.score ||
      result.questions.some((q) => detail!.Item.form.questions.find((d) => d.id === q.id)?.correct !== q.right)
    )
      submits.mismatched++
  })
  return { measured, setupSeconds, started: attempts.filter(Boolean).length, answers, submits }
}

/**
 * Exam day on one database: a fresh server with the demo catalogue, the load client in its own process.
 * `processes` server processes (PostgreSQL only) share the learners, each learner always the same one.
 */
export async function benchExam(database: BenchDatabase, learners: number, processes = 1): Promise<BenchRow[]> {
  const n = database.url ? processes : 1
  return withFreshServer(
    database,
    { AULA_SEED: 'demo' },
    async (_server, target) => {
      const job: ExamJob = { target, learners, startWindowMs: 10_000, courseName: DEMO_COURSES[0]!.name }
      const r = await runLoadClient<ExamResult>(SELF, 'examClient', { ...job }, 600_000 + learners * 200)
      const label = `exam (${database.name}, ${learners} in 10 s${n > 1 ? `, ${n} processes` : ''})`
      return [
        ...routeRows(label, r.measured, P95_TARGET_MS),
        ...errorAndCpuRows(r.measured),
        {
          what: `  started ${r.started}, answers acknowledged ${r.answers.acknowledged}: lost / changed`,
          value: `${r.answers.lost} / ${r.answers.changed}`,
          target: '0, every learner started',
          met: r.answers.lost + r.answers.changed === 0 && r.started === learners,
        },
        {
          what: `  submits acknowledged ${r.submits.acknowledged}: ungraded / graded otherwise`,
          value: `${r.submits.lost} / ${r.submits.mismatched}`,
          target: '0, every learner submitted',
          met: r.submits.lost + r.submits.mismatched === 0 && r.submits.acknowledged === learners,
        },
        { what: '  set-up: accounts made, signed in by SRP, subscribed', value: `${r.setupSeconds.toFixed(0)} s` },
      ]
    },
    n,
  )
}
