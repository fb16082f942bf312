import type { FastifyServerOptions } from 'fastify'
import pino from 'pino'
import pinoPretty from 'pino-pretty'
import type { Config } from './config.js'
import { LOG_SAFETY } from './app.js'

/**
 * How `npm start` talks: readable lines (pino-pretty) when a person watches a terminal, one JSON object
 * per line otherwise (log collectors, containers, pipes). Secrets are left out in both (LOG_SAFETY).
 */
export function loggerOptions(config: Pick<Config, 'LOG_LEVEL'>, isTTY: boolean): FastifyServerOptions['logger'] {
  const base = { level: config.LOG_LEVEL, ...LOG_SAFETY }
  if (!isTTY) return { ...base, stream: new BatchedLines(pino.destination({ dest: 1, sync: true })) }
  return { ...base, stream: pinoPretty({ colorize: true, sync: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' }) }
}

/**
 * JSON log lines written in batches: up to 8 KB at a time, and at the latest half a second after a
 * line arrives, so that under load one system call carries dozens of request lines instead of one each.
 * Lines are kept as a list and joined once per batch (appending to one growing string and measuring it
 * on every line, as sonic-boom's own buffering does, costs more than the write it saves). What is left
 * is written when the process exits; `flush` writes at once (main.ts flushes before the ready line).
 */
export class BatchedLines {
  private lines: string[] = []
  private length = 0
  private timer: NodeJS.Timeout | null = null

  constructor(
    private readonly out: { write(chunk: string): unknown },
    private readonly maxLength = 8192,
    private readonly maxDelayMs = 500,
  ) {
    process.once('exit', () => this.flushSync())
  }

  write(line: string): boolean {
    this.lines.push(line)
    this.length += line.length
    if (this.length >= this.maxLength) this.flushSync()
    else this.timer ??= setTimeout(() => this.flushSync(), this.maxDelayMs).unref()
    return true
  }

  flushSync() {
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    if (this.lines.length === 0) return
    const chunk = this.lines.join('')
    this.lines = []
    this.length = 0
    this.out.write(chunk)
  }

  flush(done?: (err?: Error) => void) {
    this.flushSync()
    done?.()
  }
}

/**
 * The last line of start-up: where to open Aula, and how long the web build took when start-up built
 * it. A wildcard host is shown as localhost, the address a browser on this machine opens.
 */
export function readyLine(config: Pick<Config, 'HOST' | 'PORT'>, webBuildMs: number | null): string {
  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST
  const built = webBuildMs === null ? '' : ` (web app built in ${(webBuildMs / 1000).toFixed(1)} s)`
  return `Aula is ready: open http://${host}:${config.PORT}${built}`
}
