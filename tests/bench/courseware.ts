/**
 * Courseware (`BENCH_ONLY=courseware`): `BENCH_COURSEWARE_LEARNERS` learners (default 1,250), each
 * subscribed to the demo course, study it as the player does for `BENCH_COURSEWARE_SECONDS` (default
 * 60): the course outline first (`GET course/index`), then a block page every 1–3 s (`GET
 * course/page` with `GET metrics/re`, which records the block as opened and answers the progress),
 * back to the outline every fifth page. A second run with the same learners opens a page every
 * 10–30 s, the pace Open edX sizes its servers for. Afterwards every learner's progress is read back
 * (`GET course/index`) and compared with what the server acknowledged: a block answered as completed
 * must still be completed. Target on PostgreSQL: p95 ≤ 100 ms and no errors.
 */
import { fileURLToPath } from 'node:url'
import { DEMO_COURSES } from '../../server/seed/courses.js'
import { subscribeAll } from './exam.js'
import { eachLimit, errorAndCpuRows, routeRows, runLoadClient, sleep, type LoadClient, type Measured } from './load-client.js'
import type { BenchRow } from './run.js'
import { withFreshServer, type BenchDatabase, type ServerTarget } from './servers.js'

const SELF = fileURLToPath(import.meta.url)
const L = '/api/v2/courses'
const P95_TARGET_MS = 100

/** How often a learner opens a page: between `minMs` and `maxMs` after the previous one. */
interface Pace {
  name: string
  minMs: number
  maxMs: number
}

const PACES: Pace[] = [
  { name: 'a page every 1–3 s', minMs: 1000, maxMs: 3000 },
  { name: 'Open edX pace, a page every 10–30 s', minMs: 10_000, maxMs: 30_000 },
]

interface CoursewareJob {
  target: ServerTarget
  learners: number
  seconds: number
  courseName: string
}

interface PaceResult {
  pace: Pace
  measured: Measured
  pages: number
}

interface CoursewareResult {
  runs: PaceResult[]
  setupSeconds: number
  /** Blocks acknowledged as completed, over every learner. */
  acknowledged: number
  lost: number
}

type Index = { Item: { sections: Array<{ blocks: Array<{ id: string; completed: boolean }> }> } }

/** The load client's side (run in its own process by `runLoadClient`). */
export async function coursewareClient(client: LoadClient, job: CoursewareJob): Promise<CoursewareResult> {
  const setupStarted = performance.now()
  const learners = await client.learners(job.learners, 'courseware', (n) => console.error(`  courseware: ${n} learners signed in`))
  const course = await subscribeAll(
    client,
    learners.map((l) => l.token),
    job.courseName,
  )
  const outline = await client.must<Index>('GET', `${L}/course/index/${course}`, { token: learners[0]!.token })
  const blocks = outline.Item.sections.flatMap((s) => s.blocks.map((b) => b.id))
  const setupSeconds = (performance.now() - setupStarted) / 1000

  // What the server answered as completed, per learner.
  const completed = learners.map(() => new Set<string>())
  const runs: PaceResult[] = []
  for (const pace of PACES) {
    const until = Date.now() + job.seconds * 1000
    const gap = () => pace.minMs + Math.random() * (pace.maxMs - pace.minMs)
    let pages = 0
    client.begin()
    await Promise.all(
      learners.map(async ({ token }, i) => {
        // Learners arrive spread over the first gap, each at a block of its own.
        await sleep(Math.random() * Math.min(pace.maxMs, job.seconds * 1000))
        let at = Math.floor(Math.random() * blocks.length)
        await client.call('GET course/index', 'GET', `${L}/course/index/${course}`, { token })
        for (let n = 1; Date.now() < until; n++) {
          const block = blocks[at++ % blocks.length]!
          const [, opened] = await Promise.all([
            client.call('GET course/page', 'GET', `${L}/course/page/${course}/${block}`, { token }),
            client.call<{ block: { completed: boolean } }>('GET metrics/re', 'GET', `${L}/metrics/re/${course}/${block}`, { token }),
          ])
          if (opened.status === 200 && opened.body?.block.completed) completed[i]!.add(block)
          pages++
          if (n % 5 === 0) await client.call('GET course/index', 'GET', `${L}/course/index/${course}`, { token })
          const wait = Math.min(gap(), until - Date.now())
          if (wait > 0) await sleep(wait)
        }
      }),
    )
    runs.push({ pace, measured: client.end(), pages })
  }

  // Read-back: every block acknowledged as completed is completed in the learner's outline.
  let lost = 0
  await eachLimit(learners, 32, async ({ token }, i) => {
    const index = await client.must<Index>('GET', `${L}/course/index/${course}`, { token })
    const done = new Set(index.Item.sections.flatMap((s) => s.blocks.filter((b) => b.completed).map((b) => b.id)))
    for (const block of completed[i]!) if (!done.has(block)) lost++
  })
  return { runs, setupSeconds, acknowledged: completed.reduce((n, s) => n + s.size, 0), lost }
}

/** Courseware on one database: a fresh server with the demo catalogue, the load client in its own process. */
export async function benchCourseware(database: BenchDatabase, learners: number, seconds: number): Promise<BenchRow[]> {
  return withFreshServer(database, { AULA_SEED: 'demo' }, async (_server, target) => {
    const job: CoursewareJob = { target, learners, seconds, courseName: DEMO_COURSES[0]!.name }
    const r = await runLoadClient<CoursewareResult>(SELF, 'coursewareClient', { ...job }, 600_000 + learners * 200 + seconds * 2000 * PACES.length)
    // The latency target is set for PostgreSQL; on PGlite the figures are shown without a verdict.
    const p95Target = database.url ? P95_TARGET_MS : undefined
    const rows: BenchRow[] = []
    for (const run of r.runs) {
      rows.push({
        what: `courseware (${database.name}, ${learners} learners, ${run.pace.name}, ${seconds} s)`,
        value: `${(run.pages / (run.measured.wallMs / 1000)).toFixed(0)} pages/s`,
      })
      rows.push(...routeRows(' ', run.measured, p95Target), ...errorAndCpuRows(run.measured))
    }
    rows.push({ what: `  blocks acknowledged completed ${r.acknowledged}: lost on read-back`, value: String(r.lost), target: '0', met: r.lost === 0 })
    rows.push({ what: '  set-up: accounts made, signed in by SRP, subscribed', value: `${r.setupSeconds.toFixed(0)} s` })
    return rows
  })
}
