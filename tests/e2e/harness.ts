import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium, type Browser } from 'playwright-core'
import { freePort, startArgs } from '../helpers/server-process.js'

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true })
}

export interface RunningServer {
  url: string
  dataDir: string
  output: () => string
  /** Sends SIGTERM and resolves with the exit code. */
  stop(): Promise<number | null>
}

/**
 * Starts the real product (its build, as `npm start` runs it) on a free loopback port and waits for /api/health.
 * The demo catalogue is left out (`AULA_SEED=none`) unless a journey asks for it with `AULA_SEED: 'demo'`.
 */
export async function startServer(options: { dataDir?: string; env?: Record<string, string> } = {}): Promise<RunningServer> {
  const port = await freePort()
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'aula-e2e-'))
  let output = ''
  const child: ChildProcess = spawn(process.execPath, await startArgs(), {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', AULA_DATA_DIR: dataDir, LOG_LEVEL: 'warn', AULA_SEED: 'none', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout!.on('data', (d) => (output += d))
  child.stderr!.on('data', (d) => (output += d))
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 150_000
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
      throw new Error(`server did not become healthy:\n${output}`)
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  return {
    url,
    dataDir,
    output: () => output,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve(child.exitCode)
        child.once('exit', (code) => resolve(code))
        child.kill('SIGTERM')
      }),
  }
}
