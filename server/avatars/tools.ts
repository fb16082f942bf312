import { spawn } from 'node:child_process'

/** Outcome of a child process run to completion. */
export interface RunResult {
  code: number | null
  stderr: string
}

/**
 * Runs a program with `args`, writing `input` to its standard input. Resolves with its exit code
 * (null when it could not start or was killed) and the end of its standard error. `signal` and the
 * time limit kill it.
 */
export function run(
  program: string,
  args: string[],
  options: { input?: string; signal?: AbortSignal; timeoutMs?: number; cwd?: string } = {},
): Promise<RunResult> {
  return new Promise((resolve) => {
    let stderr = ''
    let settled = false
    const child = spawn(program, args, { stdio: ['pipe', 'ignore', 'pipe'], cwd: options.cwd })
    const finish = (code: number | null) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      options.signal?.removeEventListener('abort', kill)
      resolve({ code, stderr: stderr.slice(-2000) })
    }
    const kill = () => child.kill('SIGKILL')
    const timer = setTimeout(kill, options.timeoutMs ?? 120_000)
    options.signal?.addEventListener('abort', kill)
    if (options.signal?.aborted) kill()
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-4000)
    })
    child.on('error', () => finish(null))
    child.on('close', (code, killedBy) => finish(killedBy ? null : code))
    // A program that stops early closes the pipe: reported through 'close' above.
    child.stdin.on('error', () => undefined)
    child.stdin.end(options.input ?? '')
  })
}

const present = new Map<string, Promise<boolean>>()

/** Whether a program answers `<program> <versionFlag>` (checked once per process). */
export function hasProgram(program: string, versionFlag = '--version'): Promise<boolean> {
  let known = present.get(program)
  if (!known) {
    known = run(program, [versionFlag], { timeoutMs: 10_000 }).then((r) => r.code === 0)
    present.set(program, known)
  }
  return known
}
