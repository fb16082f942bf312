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
  // JSON lines go out in batches of up to 8 KB, and at least every half second: under load one system
  // call carries dozens of request lines instead of one each. pino writes what is left when the process
  // exits; the ready line waits for a flush (main.ts). The readable lines stay unbuffered, for people.
  if (!isTTY) return { ...base, stream: pino.destination({ dest: 1, sync: false, minLength: 8192, periodicFlush: 500 }) }
  return { ...base, stream: pinoPretty({ colorize: true, sync: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' }) }
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
