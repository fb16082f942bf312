/**
 * Durability after kill -9: a server process (embedded database in its data directory; and
 * PostgreSQL when TEST_DATABASE_URL is set) takes DURABILITY_WRITES (200) concurrent writes from
 * signed-in learners — subscriptions, pages completed, evaluation form attempts — and is killed with
 * SIGKILL once half of them are acknowledged. Restarted on the same data, it still has every write
 * it acknowledged.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { NO_RATE_LIMITS } from '../helpers/app.js'
import {
  acknowledged,
  call,
  demoCourses,
  firstOptions,
  missingWrites,
  signedInLearners,
  type Acknowledged,
  type DemoCourse,
  type Learner,
} from '../helpers/exam.js'
import { sharedSecrets, startServerProcess, type ServerProcess } from '../helpers/server-process.js'

const WRITES = Number(process.env.DURABILITY_WRITES ?? 200)
const DATABASE_URL = process.env.TEST_DATABASE_URL
const cleanups: Array<() => Promise<void> | void> = []

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
})

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

async function crashAndRecover(label: string, env: Record<string, string>) {
  let server: ServerProcess = await startServerProcess(env)
  const first = server
  cleanups.push(() => first.stop())
  const admin = server.admin()
  cleanups.push(() => admin.destroy())
  const firstStartMs = server.startedInMs
  const signInStarted = performance.now()
  const [prep, ...learners] = await signedInLearners(admin, server.url, 1 + Math.max(1, Math.ceil(WRITES / 18)), `durable.${label}`)
  const courses = await demoCourses(server.url, prep!)
  expect(courses.length).toBeGreaterThanOrEqual(1)

  const signInMs = performance.now() - signInStarted
  const budget = { left: WRITES }
  const acks = learners.map(() => acknowledged())
  const plans = learners.map((l, i) => learnerWrites(() => server.url, l, acks[i]!, courses, budget))
  expect(budget.left, 'enough learners for every write').toBe(0)

  let answered = 0
  let refused = 0
  const killAt = Math.floor(WRITES / 2)
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
  expect(killed, 'the process was killed mid-stream').toBe(true)
  // Writes still on their way when the process died were never acknowledged.
  expect(refused, 'writes left unanswered by the killed process').toBeGreaterThan(0)
  await new Promise<void>((resolve) =>
    server.child.exitCode !== null || server.child.signalCode !== null ? resolve() : server.child.once('exit', () => resolve()),
  )

  server = await startServerProcess(env)
  const restarted = server
  cleanups.push(() => restarted.stop())
  const missing: string[] = []
  for (const [i, learner] of learners.entries()) missing.push(...(await missingWrites(server.url, learner, acks[i]!, courses)))
  const kept = acks.reduce((n, a) => n + a.subscriptions.size + a.pages.size + [...a.attempts.values()].reduce((x, y) => x + y, 0), 0)
  console.log(
    `durability (${label}): ${WRITES} writes sent, ${answered} acknowledged before kill -9, ${kept} read back after the restart, ${missing.length} lost (first start ${Math.round(firstStartMs)} ms, sign-ins ${Math.round(signInMs)} ms, restart ${Math.round(restarted.startedInMs)} ms)`,
  )
  expect(missing).toEqual([])
}

const baseEnv = () => ({ ...sharedSecrets(), ...NO_RATE_LIMITS, WEB_BUILD: 'never', LOG_LEVEL: 'warn', AULA_SEED: 'demo' })

function dataDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aula-durable-'))
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }))
  return dir
}

describe('acknowledged writes survive kill -9', () => {
  it('on the embedded database (PGlite data directory)', async () => {
    await crashAndRecover('pglite', { ...baseEnv(), AULA_DATA_DIR: dataDir() })
  })

  it.skipIf(!DATABASE_URL)('on PostgreSQL', async () => {
    const schema = `durable_${crypto.randomBytes(5).toString('hex')}`
    const sql = new pg.Client({ connectionString: DATABASE_URL })
    await sql.connect()
    await sql.query(`CREATE SCHEMA ${schema}`)
    cleanups.push(async () => {
      await sql.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
      await sql.end()
    })
    const url = new URL(DATABASE_URL!)
    url.searchParams.set('options', `-c search_path=${schema}`)
    await crashAndRecover('postgres', { ...baseEnv(), AULA_DATA_DIR: dataDir(), DATABASE_URL: url.toString() })
  })
})
