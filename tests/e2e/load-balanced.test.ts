/**
 * Production's shape on one machine: HAProxy (round robin, health checks on /api/health, retries
 * and redispatch) in front of three server processes on one PostgreSQL schema and one S3-compatible
 * store (s3rver). LB_LEARNERS (100) learners with real tokens take the demo course's evaluation
 * while one process is killed with SIGKILL: every answer the service acknowledged is still there,
 * and clients that lost a call recover by retrying the calls that are safe to repeat. A sign-out
 * through one process is refused by the others within 1 s.
 *
 * Needs haproxy on PATH and PostgreSQL at TEST_DATABASE_URL (or CI's default URL); skipped otherwise.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import S3rver from 's3rver'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NO_RATE_LIMITS } from '../helpers/app.js'
import { call, demoCourses, firstOptions, signedInLearners, type Answer, type DemoCourse, type Learner } from '../helpers/exam.js'
import { freePort, sharedSecrets, startServerProcess, type ServerProcess } from '../helpers/server-process.js'

const LEARNERS = Number(process.env.LB_LEARNERS ?? 100)
const DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://aula_ci:aula_ci@127.0.0.1:5432/aula_ci'
const HAPROXY =
  ['/usr/sbin/haproxy', '/usr/local/sbin/haproxy', '/usr/bin/haproxy'].find((p) => fs.existsSync(p)) ??
  (spawnSync('sh', ['-c', 'command -v haproxy']).stdout?.toString().trim() || null)

async function postgresReachable(): Promise<string | null> {
  const client = new pg.Client({ connectionString: DATABASE_URL, connectionTimeoutMillis: 3000 })
  try {
    await client.connect()
    await client.query('SELECT 1')
    return null
  } catch (err) {
    return (err as Error).message
  } finally {
    await client.end().catch(() => {})
  }
}

const missing =
  HAPROXY === null
    ? 'haproxy is not installed (apt-get install haproxy)'
    : await postgresReachable().then((e) => (e ? `PostgreSQL is not reachable at TEST_DATABASE_URL (${e})` : null))
if (missing) console.warn(`load-balanced test skipped: ${missing}`)

/** HAProxy's configuration: the one docs/production.md shows, with this run's ports. */
function haproxyConfig(port: number, servers: ServerProcess[]) {
  return [
    'global',
    '  maxconn 2000',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 30s',
    '  timeout server 30s',
    '  retries 3',
    // A failed connection is tried again on another server; a request a server took and then died on
    // (no answer) is tried again elsewhere only when repeating it is safe: HAProxy itself would
    // replay any method, so the others are kept to connection failures.
    '  option redispatch 1',
    '  retry-on conn-failure empty-response response-timeout',
    '  option forwardfor',
    'frontend aula',
    `  bind 127.0.0.1:${port}`,
    '  default_backend aula',
    'backend aula',
    '  balance roundrobin',
    '  acl idempotent method GET HEAD OPTIONS PUT DELETE',
    '  http-request disable-l7-retry unless idempotent',
    '  option httpchk GET /api/health',
    '  http-check expect status 200',
    ...servers.map((s, i) => `  server aula${i + 1} ${new URL(s.url).host} check inter 500ms fall 2 rise 2`),
    '',
  ].join('\n')
}

const retryable = (a: Answer) => a.status === 0 || a.status === 502 || a.status === 503 || a.status === 504
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe.skipIf(missing !== null)('three processes behind HAProxy on one PostgreSQL and one S3 store', () => {
  const dirs: string[] = []
  const servers: ServerProcess[] = []
  let haproxy: ChildProcess
  let s3: S3rver
  let sql: pg.Client
  let schema: string
  let lb: string
  let course: DemoCourse
  let form: DemoCourse['forms'][number]

  beforeAll(async () => {
    const tmp = () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aula-lb-'))
      dirs.push(dir)
      return dir
    }
    s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: tmp(), configureBuckets: [{ name: 'aula-lb', configs: [] }] })
    const { port: s3Port } = await s3.run()
    schema = `lb_${crypto.randomBytes(5).toString('hex')}`
    sql = new pg.Client({ connectionString: DATABASE_URL })
    await sql.connect()
    await sql.query(`CREATE SCHEMA ${schema}`)
    const url = new URL(DATABASE_URL)
    url.searchParams.set('options', `-c search_path=${schema}`)
    const env = {
      ...sharedSecrets(),
      ...NO_RATE_LIMITS,
      DATABASE_URL: url.toString(),
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'aula-lb',
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      S3_FORCE_PATH_STYLE: 'true',
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      TRUST_PROXY: '1',
      WEB_BUILD: 'never',
      LOG_LEVEL: 'warn',
    }
    // All three start at once (the migrations run once, under their lock); the first publishes the
    // demo catalogue before it listens.
    const starts = await Promise.allSettled(['demo', 'none', 'none'].map((seed) => startServerProcess({ ...env, AULA_DATA_DIR: tmp(), AULA_SEED: seed })))
    for (const start of starts) if (start.status === 'fulfilled') servers.push(start.value)
    for (const start of starts) if (start.status === 'rejected') throw start.reason

    const port = await freePort()
    lb = `http://127.0.0.1:${port}`
    const cfg = path.join(tmp(), 'haproxy.cfg')
    fs.writeFileSync(cfg, haproxyConfig(port, servers))
    const check = spawnSync(HAPROXY!, ['-c', '-f', cfg])
    if (check.status !== 0) throw new Error(`haproxy refused its configuration:\n${check.stdout}${check.stderr}`)
    haproxy = spawn(HAPROXY!, ['-db', '-f', cfg], { stdio: ['ignore', 'ignore', 'pipe'] })
    let log = ''
    haproxy.stderr?.on('data', (d: Buffer) => (log += d.toString()))
    const deadline = Date.now() + 15_000
    for (;;) {
      const res = await fetch(`${lb}/api/health`).catch(() => null)
      if (res?.ok) break
      if (haproxy.exitCode !== null || Date.now() > deadline) throw new Error(`haproxy did not come up:\n${log}`)
      await sleep(100)
    }
  }, 180_000)

  afterAll(async () => {
    haproxy?.kill('SIGTERM')
    await Promise.all(servers.map((s) => s.stop()))
    await s3?.close()
    await sql?.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
    await sql?.end()
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true })
  })

  /**
   * Stops the process, then kills it with SIGKILL a moment later: the balancer keeps sending it calls
   * in the meantime, so the kill meets calls in flight however fast the others were answered.
   */
  async function freezeThenKill(victim: { child: ChildProcess }) {
    victim.child.kill('SIGSTOP')
    await sleep(300)
    victim.child.kill('SIGKILL')
  }

  /** An idempotent call, repeated while the service is between processes (a killed one, a proxy error). */
  async function safely(learner: Learner, method: 'GET' | 'POST', url: string, body: unknown, stats: { retries: number }) {
    for (let attempt = 0; ; attempt++) {
      const answer = await call(lb, learner, method, url, body)
      if (!retryable(answer) || attempt >= 10) return answer
      stats.retries++
      await sleep(100 * (attempt + 1))
    }
  }

  it('keeps every acknowledged answer of an exam while one process is killed', async () => {
    const admin = servers[0]!.admin()
    try {
      const [prep, ...learners] = await signedInLearners(admin, lb, LEARNERS + 1, 'lb')
      const courses = await demoCourses(lb, prep!)
      course = courses.find((c) => c.forms.length > 0)!
      form = course.forms[0]!
      const stats = { retries: 0, resubmitted: 0, foundRecorded: 0 }
      const acknowledged = new Map<string, number>()
      const sends = new Map<string, number>()
      let submitted = 0
      const victim = servers[1]!
      let killed: Promise<void> = Promise.resolve()

      const exam = async (learner: Learner) => {
        // Safe to repeat: a subscription recorded before its answer was lost answers 409 the second time.
        const subscribed = await safely(learner, 'POST', '/api/v2/courses/course/subscribe', { uuid: course.uuid, plan: course.plan }, stats)
        expect([201, 409], JSON.stringify(subscribed.body)).toContain(subscribed.status)
        const asked = await safely(learner, 'POST', '/api/v2/courses/forms/request', { course: course.uuid, id: form.id }, stats)
        expect(asked.status, JSON.stringify(asked.body)).toBe(200)
        let used = (asked.body as { attemptsUsed: number }).attemptsUsed
        // A submission is not idempotent: after a lost answer the client reads its standing and
        // submits again only when the attempt was not recorded.
        for (;;) {
          sends.set(learner.email, (sends.get(learner.email) ?? 0) + 1)
          const sent = await call(lb, learner, 'POST', '/api/v2/courses/forms/completed', { course: course.uuid, id: form.id, answers: firstOptions(form) })
          if (sent.status === 200) {
            acknowledged.set(learner.email, (acknowledged.get(learner.email) ?? 0) + 1)
            submitted++
            if (submitted === Math.floor(LEARNERS / 3)) killed = freezeThenKill(victim)
            break
          }
          expect(retryable(sent), `${sent.status} ${JSON.stringify(sent.body)}`).toBe(true)
          const standing = await safely(learner, 'POST', '/api/v2/courses/forms/request', { course: course.uuid, id: form.id }, stats)
          const now = (standing.body as { attemptsUsed: number }).attemptsUsed
          // Recorded before the process died: the answer was lost, the attempt was not.
          if (now > used) {
            stats.foundRecorded++
            break
          }
          used = now
          stats.resubmitted++
        }
        const progress = await safely(learner, 'POST', '/api/v2/courses/forms/progress', { course: course.uuid }, stats)
        expect(progress.status, JSON.stringify(progress.body)).toBe(200)
      }
      const started = performance.now()
      // Everyone at once: when a third of the answers are in, the rest are on their way.
      await Promise.all(learners.map((learner) => exam(learner)))
      const examMs = performance.now() - started
      await killed
      expect(victim.child.signalCode).toBe('SIGKILL')

      // Read back every learner's attempts through the two processes left.
      const problems: string[] = []
      for (const learner of learners) {
        const standing = await safely(learner, 'POST', '/api/v2/courses/forms/request', { course: course.uuid, id: form.id }, stats)
        const used = (standing.body as { attemptsUsed: number }).attemptsUsed
        if (used < (acknowledged.get(learner.email) ?? 0)) problems.push(`${learner.email}: ${acknowledged.get(learner.email)} acknowledged, ${used} kept`)
        if (used < 1) problems.push(`${learner.email}: no attempt recorded`)
        // More attempts than the client sent would be a submission replayed on the way.
        if (used > (sends.get(learner.email) ?? 0)) problems.push(`${learner.email}: ${used} attempts recorded for ${sends.get(learner.email)} sent`)
      }
      console.log(
        `load-balanced exam: ${learners.length} learners in ${Math.round(examMs)} ms, ${[...acknowledged.values()].reduce((a, b) => a + b, 0)} answers acknowledged, ` +
          `${stats.retries} idempotent calls retried, ${stats.resubmitted} submissions sent again after a lost answer, ${stats.foundRecorded} found recorded after a lost answer, ${problems.length} lost or replayed`,
      )
      expect(problems).toEqual([])
      // Every learner finished: an acknowledged answer, or one found recorded after its answer was lost.
      expect(acknowledged.size + stats.foundRecorded).toBe(learners.length)
      // The kill met calls in flight, and their clients recovered.
      expect(stats.retries + stats.resubmitted + stats.foundRecorded).toBeGreaterThan(0)
    } finally {
      admin.destroy()
    }
  })

  it('refuses, within 1 s, through every process a session signed out through one', async () => {
    const live = servers.filter((s) => s.child.exitCode === null && s.child.signalCode === null)
    expect(live.length).toBe(2)
    const admin = live[0]!.admin()
    try {
      const [learner] = await signedInLearners(admin, lb, 1, 'lb.signout')
      const status = async (base: string) => (await call(base, learner!, 'GET', '/api/v2/user/subscriptions')).status
      for (const s of live) expect(await status(s.url)).toBe(200)
      const out = await fetch(`${live[0]!.url}/identity/`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.GlobalSignOut' },
        body: JSON.stringify({ AccessToken: learner!.token }),
      })
      expect(out.status, await out.text()).toBe(200)
      const deadline = Date.now() + 1000
      let other = await status(live[1]!.url)
      while (other !== 401 && Date.now() < deadline) {
        await sleep(50)
        other = await status(live[1]!.url)
      }
      expect(other).toBe(401)
      expect(await status(lb)).toBe(401)
      expect(await status(lb)).toBe(401)
    } finally {
      admin.destroy()
    }
  })
})
