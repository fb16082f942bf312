/**
 * Durability after kill -9, shared by the e2e test (`tests/e2e/durability.test.ts`, 200 writes in CI)
 * and the bench (`BENCH_ONLY=durability`, 1,000 by default): a server process takes `writes`
 * concurrent writes from signed-in learners of the demo catalogue (subscriptions, pages completed,
 * evaluation form attempts) and is killed with SIGKILL once half of them are acknowledged; restarted
 * on the same data, every write it acknowledged is read back.
 */
import { acknowledged, call, demoCourses, firstOptions, missingWrites, signedInLearners, type Acknowledged, type DemoCourse, type Learner } from './exam.js'
import { startServerProcess, type ServerProcess } from './server-process.js'

interface Write {
  run(): Promise<boolean>
}

/** Every write of one learner: the subscriptions first, then the pages and the form attempts at once. */
function learnerWrites(base: () => string, learner: Learner, ack: Acknowledged, courses: DemoCourse[], budget: { left: number }) {
  const take = () => (budget.left > 0 ? (budget.left--, true) : false)
  const subscriptions: Write[] = []
  const rest: Write[] = []
  for (const course of courses) {
    if (!take()) break
    subscriptions.push({
      run: async () => {
        const res = await call(base(), learner, 'POST', '/api/v2/courses/course/subscribe', { uuid: course.uuid, plan: course.plan })
        if (res.status === 201) ack.subscriptions.add(course.uuid)
        return res.status === 201
      },
    })
  }
  for (const course of courses) {
    for (const page of course.pages) {
      if (!take()) break
      rest.push({
        run: async () => {
          const res = await call(base(), learner, 'GET', `/api/v2/courses/metrics/re/${course.uuid}/${page}`)
          const ok = res.status === 200 && (res.body as { block: { completed: boolean } }).block.completed
          if (ok) ack.pages.add(`${course.uuid}/${page}`)
          return ok
        },
      })
    }
    for (const form of course.forms) {
      for (let attempt = 0; attempt < 3; attempt++) {
        if (!take()) break
        rest.push({
          run: async () => {
            const res = await call(base(), learner, 'POST', '/api/v2/courses/forms/completed', {
              course: course.uuid,
              id: form.id,
              answers: firstOptions(form),
            })
            const key = `${course.uuid}/${form.id}`
            if (res.status === 200) ack.attempts.set(key, (ack.attempts.get(key) ?? 0) + 1)
            return res.status === 200
          },
        })
      }
    }
  }
  return { subscriptions, rest }
}

/** What one crash and restart showed. */
export interface CrashResult {
  writes: number
  /** Writes acknowledged before the kill. */
  answered: number
  /** Writes the killed process left unanswered (or refused). */
  refused: number
  killed: boolean
  /** Acknowledged writes found again after the restart (attempts counted one by one). */
  kept: number
  /** What was acknowledged and is gone after the restart. */
  missing: string[]
  firstStartMs: number
  signInMs: number
  restartMs: number
}

/**
 * Runs the writes against a server started with `env`, kills it half way, restarts it on the same data
 * and reads every acknowledged write back. `cleanup` is handed what must be undone afterwards (the
 * server processes, the identity client), whether or not the run succeeds.
 */
export async function crashAndRecover(
  env: Record<string, string>,
  writes: number,
  tag: string,
  cleanup: (undo: () => Promise<void> | void) => void,
): Promise<CrashResult> {
  let server: ServerProcess = await startServerProcess(env)
  const first = server
  cleanup(() => first.stop())
  const admin = server.admin()
  cleanup(() => admin.destroy())
  const firstStartMs = server.startedInMs
  const signInStarted = performance.now()
  const [prep, ...learners] = await signedInLearners(admin, server.url, 1 + Math.max(1, Math.ceil(writes / 18)), tag)
  const courses = await demoCourses(server.url, prep!)
  if (courses.length === 0) throw new Error('the demo catalogue has no course to write to')

  const signInMs = performance.now() - signInStarted
  const budget = { left: writes }
  const acks = learners.map(() => acknowledged())
  const plans = learners.map((l, i) => learnerWrites(() => server.url, l, acks[i]!, courses, budget))
  if (budget.left !== 0) throw new Error('not enough learners for every write')

  let answered = 0
  let refused = 0
  const killAt = Math.floor(writes / 2)
  let killed = false
  const count = async (w: Write) => {
    const ok = await w.run()
    if (ok) answered++
    else refused++
    if (answered >= killAt && !killed) {
      killed = true
      server.child.kill('SIGKILL')
    }
  }
  await Promise.all(
    plans.map(async (p) => {
      for (const w of p.subscriptions) await count(w)
      await Promise.all(p.rest.map(count))
    }),
  )
  if (!killed) throw new Error('every write was answered before half were acknowledged: nothing was killed')
  await new Promise<void>((resolve) =>
    server.child.exitCode !== null || server.child.signalCode !== null ? resolve() : server.child.once('exit', () => resolve()),
  )

  server = await startServerProcess(env)
  const restarted = server
  cleanup(() => restarted.stop())
  const missing: string[] = []
  for (const [i, learner] of learners.entries()) missing.push(...(await missingWrites(server.url, learner, acks[i]!, courses)))
  const kept = acks.reduce((n, a) => n + a.subscriptions.size + a.pages.size + [...a.attempts.values()].reduce((x, y) => x + y, 0), 0)
  return { writes, answered, refused, killed, kept, missing, firstStartMs, signInMs, restartMs: restarted.startedInMs }
}
