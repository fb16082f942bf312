/**
 * xAPI statements (docs/xapi.md): learner calls through the front door, a stand-in LRS started here
 * (a node:http server that records what it receives and can answer 503, 429 or 400, hold a request,
 * or refuse connections for a while), and the sender on short timings.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app.js'
import { openDb, type Db } from '../../server/db/index.js'
import type { App } from '../../server/types.js'
import type { Statement } from '../../server/xapi/statements.js'
import { testConfig } from '../helpers/app.js'
import { courseApp, testAuth, type Caller, type CourseApi } from '../helpers/courses.js'
import { FORMS, ONE_RIGHT, publishedCourse, RIGHT, subscribe, type PublishedCourse } from './forms-course.js'
import { publishCourse, subscribe as learnerSubscribe, uploadBlockFile } from '../helpers/learner.js'
import { scormPackage } from '../helpers/scorm.js'

const SITE = 'https://aula.example.test'
const USER = 'aula-key'
const PASSWORD = 'lrs:secret'
const BASIC = `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const FAST = { pollMs: 20, timeoutMs: 5000, backoff: { initialMs: 20, maxMs: 200 } }

/** What the stand-in does with the next request instead of storing it. */
type Answer = '503' | '429' | '401' | '400' | 'hold' | 'store-then-down'

interface Received {
  auth: string | undefined
  version: string | undefined
  type: string | undefined
  ids: string[]
  status: number
}

/** A Learning Record Store stand-in: stores statements by id, 409 for a batch with a stored id (storing none of it). */
class StandInLrs {
  readonly stored: Statement[] = []
  readonly received: Received[] = []
  readonly plan: Answer[] = []
  readonly held: http.ServerResponse[] = []
  /** Milliseconds the answer to the nth request waits (a slow LRS, or one whose latency varies). */
  delay: (n: number) => number = () => 0
  isDown = false
  private server = http.createServer((req, res) => void this.handle(req, res))
  private port = 0
  private closing: Promise<void> = Promise.resolve()

  get url() {
    return `http://127.0.0.1:${this.port}`
  }

  async start() {
    await this.closing
    await new Promise<void>((resolve) => this.server.listen(this.port, '127.0.0.1', resolve))
    this.port = (this.server.address() as AddressInfo).port
    this.isDown = false
  }

  /** Stops listening: connections are refused until `start`. */
  down(): Promise<void> {
    this.isDown = true
    const old = this.server
    this.server = http.createServer((req, res) => void this.handle(req, res))
    this.closing = new Promise<void>((resolve) => {
      old.close(() => resolve())
      old.closeAllConnections()
    })
    return this.closing
  }

  /** Answers the held requests with 503. */
  releaseHeld() {
    for (const res of this.held.splice(0)) res.writeHead(503).end('released')
  }

  statementsOf(sub: string) {
    return this.stored.filter((s) => s.actor.account.name === sub)
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = []
    for await (const c of req) chunks.push(c as Buffer)
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Statement[]
    const got: Received = {
      auth: req.headers.authorization,
      version: req.headers['x-experience-api-version'] as string | undefined,
      type: req.headers['content-type'],
      ids: body.map((s) => s.id),
      status: 0,
    }
    this.received.push(got)
    if (req.method !== 'POST' || req.url !== '/xapi/statements' || !Array.isArray(body)) return this.answer(res, got, 404, 'not here')
    const wait = this.delay(this.received.length)
    if (wait) await new Promise((r) => setTimeout(r, wait))
    const next = this.plan.shift()
    if (next === 'hold') {
      this.held.push(res)
      return
    }
    if (next === '503') return this.answer(res, got, 503, 'down for maintenance')
    if (next === '401') return this.answer(res, got, 401, 'who are you?')
    if (next === '429') return this.answer(res, got, 429, 'slow down', { 'retry-after': '0' })
    if (next === '400') return this.answer(res, got, 400, '{"error":"the stand-in refuses this batch"}')
    const known = new Set(this.stored.map((s) => s.id))
    if (body.some((s) => known.has(s.id))) return this.answer(res, got, 409, 'a statement id is already stored')
    this.stored.push(...body)
    if (next === 'store-then-down') {
      // Stored, but the answer is lost: the sender must send them again, and the LRS then has them.
      this.answer(res, got, 503, 'stored, answer lost')
      void this.down()
      return
    }
    this.answer(res, got, 200, JSON.stringify(got.ids), { 'content-type': 'application/json' })
  }

  private answer(res: http.ServerResponse, got: Received, status: number, text: string, headers: Record<string, string> = {}) {
    got.status = status
    res.writeHead(status, headers).end(text)
  }

  async close() {
    this.releaseHeld()
    this.server.closeAllConnections()
    await new Promise<void>((resolve) => this.server.close(() => resolve()))
  }
}

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 15_000) {
  const end = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 10))
  }
}

const xapiEnv = (lrs: StandInLrs, extra: Record<string, string> = {}) => ({
  XAPI_ENDPOINT: `${lrs.url}/xapi/`,
  XAPI_USERNAME: USER,
  XAPI_PASSWORD: PASSWORD,
  PUBLIC_URL: SITE,
  ...extra,
})

const pending = async (db: Db) => Number((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM xapi_statements WHERE status = 'pending'`)).rows[0].n)

/** The verbs of a learner who opens the text block, fails the form once, then passes it (completing the course). */
const STUDY_VERBS = ['experienced', 'answered', 'scored', 'failed', 'answered', 'scored', 'passed', 'completed', 'earned']

/** The learner's calls of STUDY_VERBS, through `apps` in turn (one app, or two processes behind a balancer). */
async function study(apps: App[], who: Caller, course: PublishedCourse, between: () => void = () => {}) {
  const calls = [
    { method: 'GET' as const, url: `/api/v2/courses/metrics/re/${course.uuid}/${course.blocks[0]}` },
    { method: 'POST' as const, url: `${FORMS}/completed`, payload: { course: course.uuid, id: course.forms[0], answers: ONE_RIGHT } },
    { method: 'POST' as const, url: `${FORMS}/completed`, payload: { course: course.uuid, id: course.forms[0], answers: RIGHT } },
  ]
  const answers = []
  for (const [i, call] of calls.entries()) {
    const res = await apps[i % apps.length].inject({ ...call, headers: who.headers })
    expect(res.statusCode, res.body).toBe(200)
    answers.push(res.json())
    between()
  }
  return answers
}

describe('without XAPI_ENDPOINT', () => {
  let api: CourseApi
  let lrs: StandInLrs
  beforeAll(async () => {
    lrs = new StandInLrs()
    await lrs.start()
    // Credentials and a public URL alone do not turn xAPI on.
    api = await courseApp({ XAPI_USERNAME: USER, XAPI_PASSWORD: PASSWORD, PUBLIC_URL: SITE }, { xapiSender: FAST })
  })
  afterAll(async () => {
    await api?.close()
    await lrs?.close()
  })

  it('queues and sends nothing', async () => {
    const owner = await api.user('Olga Owner', ['creator'])
    const course = await publishedCourse(api, owner)
    const learner = await api.user('Nadia Nobody', ['general'])
    await subscribe(api, course, learner)
    const [, , passed] = await study([api.app], learner, course)
    expect(passed.certificate).not.toBeNull()
    expect(api.app.xapi).toBeNull()
    expect((await api.db.query<{ n: number }>('SELECT count(*)::int AS n FROM xapi_statements')).rows[0].n).toBe(0)
    await new Promise((r) => setTimeout(r, 100))
    expect(lrs.received).toEqual([])
  })

  it('needs PUBLIC_URL to name activities and learners, and an endpoint without credentials or query', () => {
    expect(() => testConfig({ XAPI_ENDPOINT: 'https://lrs.example.test/xapi' })).toThrow(/PUBLIC_URL is required when XAPI_ENDPOINT is set/)
    expect(() => testConfig({ XAPI_ENDPOINT: 'javascript:alert(1)', PUBLIC_URL: SITE })).toThrow(/XAPI_ENDPOINT must be an http/)
    expect(() => testConfig({ XAPI_ENDPOINT: 'https://key:secret@lrs.example.test/xapi', PUBLIC_URL: SITE })).toThrow(/must not carry credentials/)
    expect(() => testConfig({ XAPI_ENDPOINT: 'https://lrs.example.test/xapi?x=1', PUBLIC_URL: SITE })).toThrow(/must not have a query/)
    expect(() => testConfig({ XAPI_PASSWORD: 'secret' })).toThrow(/XAPI_USERNAME is required when XAPI_PASSWORD is set/)
  })
})

describe('with an LRS', () => {
  let api: CourseApi
  let lrs: StandInLrs
  let course: PublishedCourse
  let clock = new Date('2026-11-27T09:00:00.000Z')
  const tick = () => {
    clock = new Date(clock.getTime() + 1000)
  }

  beforeAll(async () => {
    lrs = new StandInLrs()
    await lrs.start()
    api = await courseApp(xapiEnv(lrs, { METRICS_TOKEN: 'metrics-token-for-the-xapi-test' }), { now: () => clock, xapiSender: FAST })
    const owner = await api.user('Olga Owner', ['creator'])
    course = await publishedCourse(api, owner, { name: 'Física para todos' })
  })
  afterAll(async () => {
    await api?.close()
    await lrs?.close()
  })

  async function learner(name: string) {
    const who = await api.user(name, ['general'])
    await subscribe(api, course, who)
    return who
  }

  it('sends each event as statements: verbs, actor, objects, results, timestamps and the LRS headers', async () => {
    const irina = await learner('Irina Smirnova')
    const start = clock.getTime()
    const [, , passed] = await study([api.app], irina, course, tick)
    expect(passed.certificate).not.toBeNull()
    await until('the statements at the LRS', () => lrs.statementsOf(irina.sub).length >= STUDY_VERBS.length)
    await until('an empty queue', async () => (await pending(api.db)) === 0)

    const got = lrs.statementsOf(irina.sub)
    expect(got.map((s) => s.verb.display['en-US'])).toEqual(STUDY_VERBS)
    expect(got.map((s) => s.verb.id)).toEqual([
      'http://adlnet.gov/expapi/verbs/experienced',
      ...['answered', 'scored', 'failed', 'answered', 'scored', 'passed', 'completed'].map((v) => `http://adlnet.gov/expapi/verbs/${v}`),
      'http://id.tincanapi.com/verb/earned',
    ])
    for (const s of got) {
      expect(s.id).toMatch(UUID)
      expect(s.version).toBe('1.0.3')
      expect(s.actor).toEqual({ objectType: 'Agent', account: { homePage: SITE, name: irina.sub } })
      expect(s.context.platform).toBe('Aula')
      expect(s.context.extensions).toEqual({ [`${SITE}/xapi/extensions/course-version`]: 1 })
    }
    expect(new Set(got.map((s) => s.id)).size).toBe(got.length)
    // The learner is never named by e-mail (nor by name) in what the LRS receives.
    expect(JSON.stringify(got)).not.toContain(irina.email)
    expect(JSON.stringify(got)).not.toContain('Irina')

    // Timestamps: when each event happened by the server's clock (one second apart here).
    const at = (n: number) => new Date(start + n * 1000).toISOString()
    expect(got.map((s) => s.timestamp)).toEqual([at(0), at(1), at(1), at(1), at(2), at(2), at(2), at(2), at(2)])

    const courseActivity = {
      objectType: 'Activity',
      id: `${SITE}/courses/${course.uuid}`,
      definition: { type: 'http://adlnet.gov/expapi/activities/course', name: { und: 'Física para todos' } },
    }
    const form = {
      objectType: 'Activity',
      id: `${SITE}/courses/${course.uuid}/blocks/${course.forms[0]}`,
      definition: { type: 'http://adlnet.gov/expapi/activities/assessment', name: { und: 'Check yourself' } },
    }
    expect(got[0].object).toEqual({
      objectType: 'Activity',
      id: `${SITE}/courses/${course.uuid}/blocks/${course.blocks[0]}`,
      definition: { type: 'http://adlnet.gov/expapi/activities/lesson', name: { und: 'Read me' } },
    })
    expect(got[0].context.contextActivities).toEqual({ parent: [courseActivity] })
    for (const s of got.slice(1, 7)) {
      expect(s.object).toEqual(form)
      expect(s.context.contextActivities).toEqual({ parent: [courseActivity] })
    }
    const third = { scaled: 0.3333, raw: 33.33, min: 0, max: 100 }
    const full = { scaled: 1, raw: 100, min: 0, max: 100 }
    expect(got.slice(1, 7).map((s) => s.result)).toEqual([
      { completion: true },
      { score: third },
      { score: third, success: false },
      { completion: true },
      { score: full },
      { score: full, success: true },
    ])
    expect(got[7]).toMatchObject({ object: courseActivity, result: { completion: true } })
    expect(got[7].context.contextActivities).toBeUndefined()
    const code = passed.certificate.code as string
    expect(got[8]).toMatchObject({
      object: courseActivity,
      result: {
        completion: true,
        extensions: { [`${SITE}/xapi/extensions/certificate-code`]: code, [`${SITE}/xapi/extensions/certificate-url`]: `${SITE}/certificates/verify/${code}` },
      },
    })

    const requests = lrs.received.filter((r) => r.ids.some((id) => got.some((s) => s.id === id)))
    expect(requests.length).toBeGreaterThan(0)
    for (const r of requests) expect(r).toMatchObject({ auth: BASIC, version: '1.0.3', type: 'application/json', status: 200 })
  })

  it('queues nothing more for a completed course studied again, and one experienced per opening', async () => {
    const otto = await learner('Otto Again')
    await study([api.app], otto, course, tick)
    await until('the first statements', () => lrs.statementsOf(otto.sub).length >= STUDY_VERBS.length)
    const open = await api.call(otto, 'GET', `/api/v2/courses/metrics/re/${course.uuid}/${course.blocks[0]}`)
    expect(open.statusCode, open.body).toBe(200)
    const gcc = await api.call(otto, 'GET', `/api/v2/courses/metrics/gcc/${course.uuid}`)
    expect(gcc.json()).toMatchObject({ completed: true })
    await until('the second opening', () => lrs.statementsOf(otto.sub).length >= STUDY_VERBS.length + 1)
    await until('an empty queue', async () => (await pending(api.db)) === 0)
    expect(lrs.statementsOf(otto.sub).map((s) => s.verb.display['en-US'])).toEqual([...STUDY_VERBS, 'experienced'])
  })

  it('reports what was committed: a refused submission sends nothing, two passes at once complete the course once', async () => {
    const sam = await learner('Sam Tries')
    const submit = (who: Caller, answers: Record<string, string[]>) =>
      api.call(who, 'POST', `${FORMS}/completed`, { course: course.uuid, id: course.forms[0], answers })
    for (let i = 0; i < 3; i++) expect((await submit(sam, ONE_RIGHT)).statusCode).toBe(200)
    expect((await submit(sam, RIGHT)).statusCode).toBe(409)
    const failedThrice = Array.from({ length: 3 }, () => ['answered', 'scored', 'failed']).flat()
    await until('the attempts', () => lrs.statementsOf(sam.sub).length >= failedThrice.length)

    const tom = await learner('Tom Twice')
    const both = await Promise.all([submit(tom, RIGHT), submit(tom, RIGHT)])
    expect(both.map((r) => r.statusCode)).toEqual([200, 200])
    await until('the passes', () => lrs.statementsOf(tom.sub).length >= 8)
    await until('an empty queue', async () => (await pending(api.db)) === 0)
    expect(lrs.statementsOf(sam.sub).map((s) => s.verb.display['en-US'])).toEqual(failedThrice)
    expect(lrs.statementsOf(tom.sub).map((s) => s.verb.display['en-US'])).toEqual([
      'answered',
      'scored',
      'passed',
      'completed',
      'earned',
      'answered',
      'scored',
      'passed',
    ])
  })

  it('sends what a SCORM package newly reports: completed, scored and passed once, nothing for a repeated report', async () => {
    const owner = await api.user('Pia Package', ['creator'])
    const scorm = await publishCourse(api, owner, {
      name: 'Paquete',
      sections: [
        {
          title: 'SCORM',
          blocks: [
            async (uuid) => ({
              kind: 'scorm',
              values: {
                title: 'Lesson package',
                path: await uploadBlockFile(api, owner, uuid, 'scorm', { type: 'application/zip', name: 'p.zip', bytes: scormPackage('2004') }),
              },
            }),
          ],
        },
      ],
    })
    const who = await api.user('Sami Scorm', ['general'])
    await learnerSubscribe(api, who, scorm)
    const base = `/api/v2/courses/course/scorm/${scorm.uuid}/${scorm.blocks[0][0]}`
    const launch = (await api.call(who, 'POST', `${base}/launch`, { sco: 'item_1' })).json().Item as { attempt: number; session: string }
    const passed = { completion_status: 'completed', success_status: 'passed', score: { scaled: '0.9' }, exit: 'normal' }
    for (const seq of [1, 2]) {
      tick()
      const res = await api.call(who, 'PUT', `${base}/commit`, { sco: 'item_1', attempt: launch.attempt, session: launch.session, seq, cmi: passed })
      expect(res.statusCode, res.body).toBe(200)
    }
    await until('the statements at the LRS', () => lrs.statementsOf(who.sub).some((s) => s.verb.display['en-US'] === 'earned'))
    await until('an empty queue', async () => (await pending(api.db)) === 0)
    const got = lrs.statementsOf(who.sub).filter((s) => s.object.definition?.type === 'http://adlnet.gov/expapi/activities/module')
    expect(got.map((s) => s.verb.display['en-US'])).toEqual(['completed', 'scored', 'passed'])
    expect(got[2].result).toMatchObject({ success: true, score: { scaled: 0.9, raw: 90, min: 0, max: 100 } })
    expect(got[0].object.definition?.name).toEqual({ und: 'Lesson package' })
  })

  it('keeps statements while the LRS is away (held, refused, 503, 429, an answer lost) and delivers each once, in order per learner', async () => {
    const metric = async () => {
      const res = await api.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer metrics-token-for-the-xapi-test' } })
      const count = (state: string) => Number(new RegExp(`aula_queue_jobs\\{queue="xapi",state="${state}"\\} (\\d+)`).exec(res.body)?.[1] ?? NaN)
      // Waiting, or taken by the sender for a moment between two refused tries.
      return count('waiting') + count('running')
    }
    const [ana, ben, cai] = [await learner('Ana Away'), await learner('Ben Away'), await learner('Cai Away')]
    const before = lrs.received.length

    // The LRS holds the sender's request: learners' calls are answered all the same.
    lrs.plan.push('hold')
    const first = await api.call(ana, 'GET', `/api/v2/courses/metrics/re/${course.uuid}/${course.blocks[0]}`)
    expect(first.statusCode).toBe(200)
    await until('the held request', () => lrs.held.length === 1)
    const [, , passed] = await study([api.app], ben, course, tick)
    expect(passed.certificate).not.toBeNull()

    // Connections refused: nothing is lost, the queue waits and the operators' metric shows it.
    await lrs.down()
    lrs.releaseHeld()
    await study([api.app], cai, course, tick)
    await new Promise((r) => setTimeout(r, 300))
    expect(await pending(api.db)).toBe(1 + 2 * STUDY_VERBS.length)
    expect(await metric()).toBe(1 + 2 * STUDY_VERBS.length)
    expect(lrs.stored.filter((s) => [ana.sub, ben.sub, cai.sub].includes(s.actor.account.name))).toEqual([])

    // Back with 503 and 429, then it stores a batch but the answer is lost and it goes away again.
    lrs.plan.push('503', '429', 'store-then-down')
    await lrs.start()
    await until('the lost answer', () => lrs.isDown)
    await study([api.app], ana, course, tick)
    await lrs.start()
    await until('every statement at the LRS', async () => (await pending(api.db)) === 0)
    expect(await metric()).toBe(0)

    expect(lrs.statementsOf(ana.sub).map((s) => s.verb.display['en-US'])).toEqual(['experienced', ...STUDY_VERBS])
    expect(lrs.statementsOf(ben.sub).map((s) => s.verb.display['en-US'])).toEqual(STUDY_VERBS)
    expect(lrs.statementsOf(cai.sub).map((s) => s.verb.display['en-US'])).toEqual(STUDY_VERBS)
    const ours = lrs.stored.filter((s) => [ana.sub, ben.sub, cai.sub].includes(s.actor.account.name))
    expect(new Set(ours.map((s) => s.id)).size).toBe(ours.length)
    for (const who of [ana, ben, cai]) {
      const times = lrs.statementsOf(who.sub).map((s) => s.timestamp)
      expect(times).toEqual([...times].sort())
    }
    // Every kind of failure happened, and the resend after the lost answer met a 409 and went one by one.
    const statuses = lrs.received.slice(before).map((r) => r.status)
    expect(statuses).toEqual(expect.arrayContaining([503, 429, 409]))
    const singles = lrs.received.slice(before).filter((r) => r.status === 409 || r.ids.length === 1)
    expect(singles.length).toBeGreaterThan(1)
  })

  it('waits longer after each failure in a row (credentials refused, then 503s), then sends', async () => {
    const eva = await learner('Eva Patient')
    const before = lrs.received.length
    lrs.plan.push('401', ...Array<Answer>(50).fill('503'))
    const res = await api.call(eva, 'GET', `/api/v2/courses/metrics/re/${course.uuid}/${course.blocks[0]}`)
    expect(res.statusCode).toBe(200)
    await until('the first refusal', () => lrs.received.length > before)
    await new Promise((r) => setTimeout(r, 700))
    // Waits of 20, 40, 80, 160, 200, 200… ms: a handful of tries in 0.7 s, where polling every 20 ms would make 35.
    const tries = lrs.received.length - before
    expect(tries).toBeGreaterThanOrEqual(2)
    expect(tries).toBeLessThanOrEqual(9)
    lrs.plan.splice(0)
    await until('the statement', () => lrs.statementsOf(eva.sub).length === 1)
    await until('an empty queue', async () => (await pending(api.db)) === 0)
    expect(lrs.received.slice(before).map((r) => r.status)).toEqual(expect.arrayContaining([401, 503, 200]))
    expect((await api.db.query(`SELECT 1 FROM xapi_statements WHERE actor_sub = $1`, [eva.sub])).rows).toEqual([])
  })

  it('sets a refused batch aside with the LRS answer, and later statements still go', async () => {
    const dora = await learner('Dora Refused')
    lrs.plan.push('400')
    const res = await api.call(dora, 'GET', `/api/v2/courses/metrics/re/${course.uuid}/${course.blocks[0]}`)
    expect(res.statusCode).toBe(200)
    const rejected = async () =>
      (
        await api.db.query<{ id: string; error: string; status: string }>(
          `SELECT id::text, error, status FROM xapi_statements WHERE actor_sub = $1 AND status = 'rejected'`,
          [dora.sub],
        )
      ).rows
    await until('the rejected statement', async () => (await rejected()).length === 1)
    expect((await rejected())[0].error).toBe('HTTP 400: {"error":"the stand-in refuses this batch"}')

    tick()
    await study([api.app], dora, course, tick)
    await until('the later statements', () => lrs.statementsOf(dora.sub).length === STUDY_VERBS.length)
    // Sent statements leave the queue once their answer is read: only the rejected one stays.
    await until('an empty queue', async () => (await pending(api.db)) === 0)
    expect(lrs.statementsOf(dora.sub).map((s) => s.verb.display['en-US'])).toEqual(STUDY_VERBS)
    expect(lrs.statementsOf(dora.sub).map((s) => s.id)).not.toContain((await rejected())[0].id)
    expect(await rejected()).toHaveLength(1)
  })
})

describe.skipIf(!process.env.TEST_DATABASE_URL)('two processes on one PostgreSQL schema', () => {
  let api: CourseApi
  let dbB: Db
  let b: App
  let lrs: StandInLrs

  beforeAll(async () => {
    lrs = new StandInLrs()
    await lrs.start()
    // A slow LRS whose latency varies, and small batches: both senders are at work at once, and a
    // batch posted later may be stored first.
    lrs.delay = (n) => (n % 2 ? 60 : 5)
    const timing = { ...FAST, batchSize: 4 }
    api = await courseApp(xapiEnv(lrs, { XAPI_USERNAME: 'process-a' }), { xapiSender: timing })
    const { rows } = await api.db.query<{ s: string }>('SELECT current_schema() AS s')
    dbB = await openDb({ url: process.env.TEST_DATABASE_URL, schema: rows[0].s })
    b = await buildApp({
      config: testConfig(xapiEnv(lrs, { XAPI_USERNAME: 'process-b' })),
      db: dbB,
      authenticate: testAuth,
      print: () => {},
      xapiSender: timing,
    })
    await b.ready()
  })
  afterAll(async () => {
    await b?.close()
    await dbB?.close()
    await api?.close()
    await lrs?.close()
  })

  it('sends each statement once, in order per learner, whichever process queued or sends it', async () => {
    const owner = await api.user('Olga Owner', ['creator'])
    const course = await publishedCourse(api, owner)
    const learners: Caller[] = []
    for (const name of ['Pia One', 'Pal Two', 'Poe Three', 'Pat Four']) {
      const who = await api.user(name, ['general'])
      await subscribe(api, course, who)
      learners.push(who)
    }
    await Promise.all(learners.map((who, i) => study(i % 2 ? [api.app, b] : [b, api.app], who, course)))
    await until('every statement at the LRS', () => learners.every((who) => lrs.statementsOf(who.sub).length === STUDY_VERBS.length), 30_000)
    await until('an empty queue', async () => (await pending(api.db)) === 0)
    for (const who of learners) expect(lrs.statementsOf(who.sub).map((s) => s.verb.display['en-US'])).toEqual(STUDY_VERBS)

    const posted = lrs.received.flatMap((r) => r.ids)
    expect(posted).toHaveLength(learners.length * STUDY_VERBS.length)
    expect(new Set(posted).size).toBe(posted.length)
    expect(lrs.received.every((r) => r.status === 200)).toBe(true)
    const senders = new Set(lrs.received.map((r) => Buffer.from(r.auth!.replace('Basic ', ''), 'base64').toString().split(':')[0]))
    expect(senders).toEqual(new Set(['process-a', 'process-b']))
  })
})
