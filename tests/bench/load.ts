/**
 * The load generator of the benchmark, run in a process of its own so that it never shares the
 * server's event loop: `load()` spawns this file, which runs autocannon and prints its result.
 */
import { spawn } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'

export interface LoadResult {
  rps: number
  p50: number
  p99: number
  non2xx: number
  errors: number
}

const SELF = fileURLToPath(import.meta.url)

export async function load(url: string, opts: { connections: number; seconds: number; headers?: Record<string, string> }): Promise<LoadResult> {
  const child = spawn(process.execPath, ['--import', 'tsx', SELF, JSON.stringify({ url, ...opts })], { stdio: ['ignore', 'pipe', 'inherit'] })
  let out = ''
  child.stdout.on('data', (d: Buffer) => (out += d.toString()))
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
  if (code !== 0) throw new Error(`load generator failed (${code}) for ${url}`)
  const result = JSON.parse(out.trim().split('\n').pop()!) as LoadResult
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`)
  return result
}

if (process.argv[1] && path.resolve(process.argv[1]) === SELF) {
  const { url, connections, seconds, headers } = JSON.parse(process.argv[2]) as {
    url: string
    connections: number
    seconds: number
    headers?: Record<string, string>
  }
  // A short warm-up (JIT, connection set-up, caches), then the measured run.
  await autocannon({ url, connections, duration: 1, headers })
  const r = await autocannon({ url, connections, duration: seconds, headers })
  const result: LoadResult = { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors }
  console.log(JSON.stringify(result))
}
