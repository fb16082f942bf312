import { spawn, type ChildProcess } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider'
import { ensureServerBuild } from '../../scripts/build-server.js'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

/**
 * The arguments for `node` that start the server as `npm start` does: its prestart builds
 * `dist-server/` when stale (done here too), then `start` runs node on the build. `nodeOptions` go
 * before the script (profiling flags).
 */
export async function startArgs(nodeOptions: string[] = []): Promise<string[]> {
  await ensureServerBuild()
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }
  const [program, ...args] = pkg.scripts.start.split(/\s+/)
  if (program !== 'node') throw new Error(`npm start runs ${program}, not node`)
  return [...nodeOptions, ...args]
}

/** Secrets that several processes of one installation share (README: same key and admin pair). */
export function sharedSecrets() {
  return {
    IDENTITY_SECRET_KEY: crypto.randomBytes(32).toString('hex'),
    IDENTITY_ADMIN_ACCESS_KEY_ID: `AKIA${crypto.randomBytes(8).toString('hex').toUpperCase()}`,
    IDENTITY_ADMIN_SECRET_ACCESS_KEY: crypto.randomBytes(30).toString('base64'),
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer()
    s.once('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo
      s.close(() => resolve(port))
    })
  })
}

/** A memory figure of a process's /proc status (kB there), in bytes. */
function statusBytes(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) * 1024
}

/** CPU time a process has used so far (user + system), in milliseconds (Linux /proc). */
export function processCpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
  // utime and stime are fields 14 and 15 of the whole line, in clock ticks (100 per second).
  return (Number(fields[11]) + Number(fields[12])) * 10
}

/** The identity admin API of the server at `url`, signed with the installation's admin key pair. */
export function identityAdminClient(url: string, env: Record<string, string>): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({
    region: (env.IDENTITY_USER_POOL_ID ?? 'eu-west-1_AulaLocal').split('_')[0],
    endpoint: `${url}/identity/`,
    credentials: { accessKeyId: env.IDENTITY_ADMIN_ACCESS_KEY_ID, secretAccessKey: env.IDENTITY_ADMIN_SECRET_ACCESS_KEY },
  })
}

/** Server processes still running: killed when this process exits, however it exits. */
const running = new Set<ChildProcess>()
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL')
})

export interface ServerProcess {
  url: string
  pid: number
  child: ChildProcess
  /** Milliseconds from spawn to the first 200 from /api/health. */
  startedInMs: number
  /** CPU time the process had used by then (less sensitive to a busy machine than the wall time). */
  startCpuMs: number
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string
  /** Resident set size of the server process, in bytes (Linux /proc). */
  rss(): number
  /** The highest resident set size the server process has had so far, in bytes (Linux /proc VmHWM). */
  peakRss(): number
  /** CPU time the server process has used so far (user + system), in milliseconds (Linux /proc). */
  cpuMs(): number
  admin(): CognitoIdentityProviderClient
  stop(): Promise<void>
}

/**
 * Starts the real server (its build in `dist-server/`, as `npm start` runs it) in a process of its own, on a
 * free loopback port, and waits until /api/health answers 200. `logFile`: stdout and stderr go
 * there instead of being kept in memory (long loads with info logging).
 */
export async function startServerProcess(env: Record<string, string>, opts: { logFile?: string; timeoutMs?: number } = {}): Promise<ServerProcess> {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const out = opts.logFile ? fs.openSync(opts.logFile, 'a') : null
  const args = await startArgs(process.env.BENCH_SERVER_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_SERVER_PROFILE}`] : [])
  const started = performance.now()
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', out ?? 'pipe', out ?? 'pipe'],
  })
  if (out !== null) fs.closeSync(out)
  running.add(child)
  let output = ''
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()))
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()))
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      running.delete(child)
      resolve()
    }),
  )
  const deadline = Date.now() + (opts.timeoutMs ?? 120_000)
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`)
    try {
      const res = await fetch(`${url}/api/health`)
      if (res.ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`server did not answer /api/health in time:\n${output}`)
    }
    await new Promise((r) => setTimeout(r, 20))
  }
  const startedInMs = performance.now() - started
  const pid = child.pid!
  const cpuMs = () => processCpuMs(pid)
  const startCpuMs = cpuMs()
  return {
    url,
    pid,
    child,
    startedInMs,
    startCpuMs,
    output: () => output,
    rss: () => statusBytes(pid, 'VmRSS'),
    peakRss: () => statusBytes(pid, 'VmHWM'),
    cpuMs,
    admin: () => identityAdminClient(url, env),
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM')
        const force = setTimeout(() => child.kill('SIGKILL'), 15_000)
        await exited
        clearTimeout(force)
      }
    },
  }
}
