/**
 * An open-loop load generator for the benchmark, run in a process of its own: requests leave on a
 * fixed schedule (`rate` a second, the `urls` taken in turn) whatever the answers do, each on a free
 * kept-alive connection or a new one, so a slow server meets the same arrivals as a fast one. Each
 * answer's time to first byte is measured from the moment the request was due (not from when it
 * could leave), so a stalled client or server shows in the figures instead of hiding them. One
 * second at the same rate warms up first (JIT, connections), unrecorded.
 */
import { spawn } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Pool } from 'undici'
import { quantile } from './load-client.js'

export interface OpenLoopResult {
  /** Requests due in the measured phase. */
  sent: number
  /** 2xx answers of the measured phase per second of it (until the last of them). */
  achievedRate: number
  p50: number
  p95: number
  p99: number
  max: number
  /** Answers outside 2xx. */
  non2xx: number
  /** Requests without an answer (reset, refused, timed out). */
  failed: number
  /** Per path taken in turn: its p50 and p95. */
  paths: Array<{ path: string; p50: number; p95: number }>
}

const SELF = fileURLToPath(import.meta.url)
const HERE = path.dirname(SELF)

/** Runs the open-loop load in a new process; gives its figures. All URLs must share one origin. */
export async function openLoop(urls: string[], opts: { rate: number; seconds: number }): Promise<OpenLoopResult> {
  const child = spawn(process.execPath, ['--import', 'tsx', SELF, JSON.stringify({ urls, ...opts })], { stdio: ['ignore', 'pipe', 'inherit'] })
  let out = ''
  child.stdout.on('data', (d: Buffer) => (out += d.toString()))
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
  if (code !== 0) throw new Error(`open-loop load generator failed (${code}) for ${urls.join(', ')}`)
  return JSON.parse(out.trim().split('\n').pop()!) as OpenLoopResult
}

/** Runs `use` with the bare Fastify reference server (tests/bench/bare.ts) in a process of its own; its /ping URL. */
export async function withBareServer<T>(use: (url: string) => Promise<T>): Promise<T> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(HERE, 'bare.ts')], { stdio: ['ignore', 'pipe', 'inherit'] })
  try {
    const port = await new Promise<number>((resolve, reject) => {
      child.stdout.once('data', (d: Buffer) => resolve((JSON.parse(d.toString()) as { port: number }).port))
      child.once('exit', (code) => reject(new Error(`bare server exited (${code})`)))
    })
    return await use(`http://127.0.0.1:${port}/ping`)
  } finally {
    child.kill('SIGTERM')
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** One phase: `seconds` of requests due every 1/rate s; answers the samples when the last answer is in. */
async function phase(pool: Pool, paths: string[], rate: number, seconds: number) {
  const ttfb: number[] = []
  const byPath = paths.map(() => [] as number[])
  let non2xx = 0
  let failed = 0
  let lastAnswer = 0
  const total = Math.round(rate * seconds)
  const pending: Array<Promise<void>> = []
  const start = performance.now()
  const send = (i: number) => {
    const due = start + (i * 1000) / rate
    return (async () => {
      try {
        // undici answers once the status line and headers are in: the first bytes of the answer.
        const res = await pool.request({ method: 'GET', path: paths[i % paths.length]!, headers: { 'accept-language': 'es-MX' } })
        const ms = performance.now() - due
        await res.body.arrayBuffer()
        if (res.statusCode >= 200 && res.statusCode < 300) {
          ttfb.push(ms)
          byPath[i % paths.length]!.push(ms)
          lastAnswer = performance.now()
        } else non2xx++
      } catch {
        failed++
      }
    })()
  }
  for (let i = 0; i < total;) {
    const due = Math.min(total, Math.floor(((performance.now() - start) * rate) / 1000) + 1)
    for (; i < due; i++) pending.push(send(i))
    await sleep(Math.max(0, start + (i * 1000) / rate - performance.now()))
  }
  await Promise.all(pending)
  return { ttfb, byPath, non2xx, failed, sent: total, wallMs: Math.max(1, lastAnswer - start) }
}

if (process.argv[1] && path.resolve(process.argv[1]) === SELF) {
  const { urls, rate, seconds } = JSON.parse(process.argv[2]!) as { urls: string[]; rate: number; seconds: number }
  const origin = new URL(urls[0]!).origin
  const paths = urls.map((u) => {
    const url = new URL(u)
    if (url.origin !== origin) throw new Error('every URL of an open-loop load shares one origin')
    return url.pathname + url.search
  })
  // No cap on connections: a request due while every connection is busy opens another.
  const pool = new Pool(origin, { keepAliveTimeout: 30_000, headersTimeout: 30_000, bodyTimeout: 30_000 })
  try {
    await phase(pool, paths, rate, 1)
    const r = await phase(pool, paths, rate, seconds)
    const result: OpenLoopResult = {
      sent: r.sent,
      achievedRate: r.ttfb.length / (r.wallMs / 1000),
      p50: quantile(r.ttfb, 0.5),
      p95: quantile(r.ttfb, 0.95),
      p99: quantile(r.ttfb, 0.99),
      max: quantile(r.ttfb, 1),
      non2xx: r.non2xx,
      failed: r.failed,
      paths: paths.map((p, i) => ({ path: p, p50: quantile(r.byPath[i]!, 0.5), p95: quantile(r.byPath[i]!, 0.95) })),
    }
    console.log(JSON.stringify(result))
  } finally {
    await pool.close()
  }
  process.exit(0)
}
