/**
 * The load client of the scenario benchmarks (exam day, courseware, certificates at scale). It runs
 * in a process of its own, never in the server's: `runLoadClient()` spawns this file with a job,
 * and the child calls the scenario module's client function with a `LoadClient`, which sends every
 * request over a pool of kept-alive HTTP connections (undici), times each answer per route, counts
 * non-2xx answers and connection errors, and reads the server process's CPU time from /proc around
 * the measured phase. The child prints its result as one JSON line.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { AdminAddUserToGroupCommand } from '@aws-sdk/client-cognito-identity-provider'
import { Pool } from 'undici'
import { identityAdminClient, processCpuMs } from '../helpers/server-process.js'
import type { BenchRow } from './run.js'
import type { ServerTarget } from './servers.js'
import { createUserWith, signIn } from './srp.js'

const SELF = fileURLToPath(import.meta.url)

/** One route's figures over the measured phase. */
export interface RouteFigures {
  route: string
  count: number
  p50: number
  p95: number
  p99: number
  max: number
  /** Answers outside 2xx. */
  non2xx: number
  /** Requests that got no answer (connection reset, refused, timed out). */
  failed: number
}

/** The measured phase: routes, server CPU time and wall time. */
export interface Measured {
  routes: RouteFigures[]
  calls: number
  serverCpuMs: number
  wallMs: number
}

export interface Answer<T> {
  status: number
  body: T | null
  ms: number
  /** Seconds a busy answer (503) asks the client to wait before trying again. */
  retryAfter?: number
}

export interface Learner {
  email: string
  token: string
}

/** The qth quantile (0–1) of the values, nearest rank. */
export function quantile(values: number[], q: number): number {
  if (values.length === 0) return 0
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** Runs `fn` over the items with at most `limit` in flight. */
export async function eachLimit<T>(items: T[], limit: number, fn: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++
        await fn(items[i]!, i)
      }
    }),
  )
}

export class LoadClient {
  readonly pool: Pool
  private samples = new Map<string, { ms: number[]; non2xx: number; failed: number }>()
  private recording = false
  private cpuStart = 0
  private wallStart = 0

  /** One pool per server process: a signed-in learner always reaches the same one, as a sticky balancer would. */
  private readonly pools: Pool[]
  private readonly pids: number[]

  constructor(
    readonly target: ServerTarget,
    connections = 256,
  ) {
    const options = { connections, keepAliveTimeout: 30_000, headersTimeout: 120_000, bodyTimeout: 120_000 }
    this.pool = new Pool(target.url, options)
    this.pools = [this.pool, ...(target.others ?? []).map((o) => new Pool(o.url, options))]
    this.pids = [target.pid, ...(target.others ?? []).map((o) => o.pid)]
  }

  /** The pool of a caller: by its token, the first one without. */
  private poolOf(token: string | undefined): Pool {
    if (!token || this.pools.length === 1) return this.pool
    let h = 0
    for (let i = token.length - 16; i < token.length; i++) h = (h * 31 + token.charCodeAt(i)) >>> 0
    return this.pools[h % this.pools.length]!
  }

  async close(): Promise<void> {
    await Promise.all(this.pools.map((p) => p.close()))
  }

  private serverCpuMs(): number {
    return this.pids.reduce((sum, pid) => sum + processCpuMs(pid), 0)
  }

  /**
   * One request; the answer's JSON body (null for another type or no answer). Timed from the call to
   * the last byte of the answer, so time waiting for a free connection counts as a browser's would.
   */
  async call<T = Record<string, unknown>>(
    route: string,
    method: 'GET' | 'POST' | 'PUT',
    urlPath: string,
    opts: { token?: string; body?: unknown } = {},
  ): Promise<Answer<T>> {
    const started = performance.now()
    const headers: Record<string, string> = {}
    if (opts.token) headers.authorization = `Bearer ${opts.token}`
    if (opts.body !== undefined) headers['content-type'] = 'application/json'
    let status = 0
    let body: T | null = null
    let retryAfter: number | undefined
    try {
      const res = await this.poolOf(opts.token).request({
        method,
        path: urlPath,
        headers,
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      })
      status = res.statusCode
      if (res.headers['retry-after'] !== undefined) retryAfter = Number(res.headers['retry-after'])
      if (String(res.headers['content-type'] ?? '').startsWith('application/json')) body = (await res.body.json()) as T
      else await res.body.arrayBuffer()
    } catch {
      status = 0
    }
    const ms = performance.now() - started
    if (this.recording) {
      let s = this.samples.get(route)
      if (!s) this.samples.set(route, (s = { ms: [], non2xx: 0, failed: 0 }))
      if (status === 0) s.failed++
      else {
        s.ms.push(ms)
        if (status < 200 || status >= 300) s.non2xx++
      }
    }
    return { status, body, ms, retryAfter }
  }

  /** A call that must succeed (setting up or reading back); throws otherwise. */
  async must<T = Record<string, unknown>>(method: 'GET' | 'POST' | 'PUT', urlPath: string, opts: { token?: string; body?: unknown } = {}): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const a = await this.call<T>('setup', method, urlPath, opts)
      if (a.status >= 200 && a.status < 300 && a.body !== null) return a.body
      // No answer at all (a kept-alive connection closed under us): asked again, a few times.
      if (a.status !== 0 || attempt === 3) throw new Error(`${method} ${urlPath}: ${a.status} ${JSON.stringify(a.body)}`)
    }
  }

  /** Starts the measured phase: from here, calls are timed per route and the server's CPU time counts. */
  begin() {
    this.samples.clear()
    this.recording = true
    this.cpuStart = this.serverCpuMs()
    this.wallStart = performance.now()
  }

  /** Ends the measured phase and gives its figures. */
  end(): Measured {
    this.recording = false
    const serverCpuMs = this.serverCpuMs() - this.cpuStart
    const wallMs = performance.now() - this.wallStart
    const routes = [...this.samples].map(([route, s]) => ({
      route,
      count: s.ms.length + s.failed,
      p50: quantile(s.ms, 0.5),
      p95: quantile(s.ms, 0.95),
      p99: quantile(s.ms, 0.99),
      max: quantile(s.ms, 1),
      non2xx: s.non2xx,
      failed: s.failed,
    }))
    return { routes, calls: routes.reduce((n, r) => n + r.count, 0), serverCpuMs, wallMs }
  }

  /**
   * `count` learner accounts, each with a real access token: made through the identity admin API
   * (confirmed, permanent password, in the learners' group or the `groups` given) and signed in by a
   * complete SRP handshake, as the web app signs in. Several at once; `progress` is told every 500.
   */
  async learners(count: number, prefix: string, progress: (done: number) => void = () => {}, groups = ['general']): Promise<Learner[]> {
    const { target } = this
    const admin = identityAdminClient(target.url, target.env)
    const poolName = target.userPoolId.split('_')[1]!
    const out: Learner[] = new Array<Learner>(count)
    let done = 0
    const started = performance.now()
    try {
      await eachLimit(
        Array.from({ length: count }, (_, i) => i),
        12,
        async (i) => {
          const email = `${prefix}-${i}@example.test`
          const password = `Bench-${prefix}-${i}-Pass1!`
          await createUserWith(admin, target.userPoolId, email, password)
          for (const GroupName of groups) await admin.send(new AdminAddUserToGroupCommand({ UserPoolId: target.userPoolId, Username: email, GroupName }))
          out[i] = { email, token: await signIn(`${target.url}/identity/`, target.clientId, poolName, email, password) }
          if (++done % 500 === 0) progress(done)
        },
      )
    } finally {
      admin.destroy()
    }
    console.error(`  ${count} learner accounts made and signed in in ${((performance.now() - started) / 1000).toFixed(1)} s`)
    return out
  }
}

/** A scenario's client function: run in the load client process with the job the parent gave. */
export type ClientScript<J, R> = (client: LoadClient, job: J) => Promise<R>

/**
 * Runs the client function `exportName` of the scenario module `modulePath` in a new process with
 * `job` (which carries `target`); gives its result. The process is killed after `timeoutMs`.
 */
export async function runLoadClient<R>(
  modulePath: string,
  exportName: string,
  job: { target: ServerTarget } & Record<string, unknown>,
  timeoutMs: number,
): Promise<R> {
  const jobFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'aula-bench-job-')), 'job.json')
  fs.writeFileSync(jobFile, JSON.stringify(job))
  const child = spawn(process.execPath, ['--import', 'tsx', SELF, modulePath, exportName, jobFile], { stdio: ['ignore', 'pipe', 'inherit'] })
  // The client never outlives the benchmark, however it ends.
  const killOnExit = () => {
    child.kill('SIGKILL')
    fs.rmSync(path.dirname(jobFile), { recursive: true, force: true })
  }
  process.once('exit', killOnExit)
  let out = ''
  child.stdout.on('data', (d: Buffer) => (out += d.toString()))
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
  try {
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
    if (code !== 0) throw new Error(`load client ${path.basename(modulePath)} ${exportName} failed (${code ?? 'killed after the time limit'})`)
    return JSON.parse(out.trim().split('\n').pop()!) as R
  } finally {
    clearTimeout(timer)
    process.off('exit', killOnExit)
    if (child.exitCode === null) child.kill('SIGKILL')
    fs.rmSync(path.dirname(jobFile), { recursive: true, force: true })
  }
}

/** The load client process: imports the scenario module (which imports this one) once this one is loaded, then runs its client. */
async function clientProcess(modulePath: string, exportName: string, jobFile: string) {
  const job = JSON.parse(fs.readFileSync(jobFile, 'utf8')) as { target: ServerTarget }
  const mod = (await import(pathToFileURL(modulePath).href)) as Record<string, ClientScript<unknown, unknown>>
  const client = new LoadClient(job.target)
  try {
    const result = await mod[exportName]!(client, job)
    console.log(JSON.stringify(result))
  } finally {
    await client.close()
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === SELF) {
  const [modulePath, exportName, jobFile] = process.argv.slice(2) as [string, string, string]
  clientProcess(modulePath, exportName, jobFile).then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error)
      process.exit(1)
    },
  )
}

/** Table rows for the routes of a measured phase: p50 / p95 as the value, p99 beside it, judged against `p95Target` (ms) when given. */
export function routeRows(label: string, measured: Measured, p95Target?: number): BenchRow[] {
  return measured.routes.map((r) => ({
    what: `${label} ${r.route} (${r.count})`,
    value: `${r.p50.toFixed(0)} / ${r.p95.toFixed(0)} ms`,
    p99: Math.round(r.p99),
    ...(p95Target === undefined ? {} : { target: `p95 ≤ ${p95Target} ms`, met: r.p95 <= p95Target }),
  }))
}

/** The rows every scenario ends with: errors of the measured phase and the server's CPU time per call. */
export function errorAndCpuRows(measured: Measured): BenchRow[] {
  const non2xx = measured.routes.reduce((n, r) => n + r.non2xx, 0)
  const failed = measured.routes.reduce((n, r) => n + r.failed, 0)
  return [
    { what: '  errors: non-2xx answers / no answer (reset, refused)', value: `${non2xx} / ${failed}`, target: '0', met: non2xx + failed === 0 },
    {
      what: `  server CPU per call (${measured.calls} calls in ${(measured.wallMs / 1000).toFixed(1)} s)`,
      value: `${(measured.serverCpuMs / Math.max(1, measured.calls)).toFixed(2)} ms`,
    },
  ]
}
