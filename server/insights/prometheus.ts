import { createHash, timingSafeEqual } from 'node:crypto'
import fp from 'fastify-plugin'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'

/** Where Prometheus scrapes (outside /api: an operators' endpoint, not part of the product's API). */
export const METRICS_PATH = '/metrics'

/** The route label of requests no route matched (unknown paths and the web app's fallback). */
export const UNMATCHED_ROUTE = 'unmatched'

/** A queue of jobs stored in the database: how many wait for a worker and how many are being worked on. */
export interface JobQueue {
  name: string
  count(): Promise<{ waiting: number; running: number }>
}

export interface PrometheusOptions {
  /** The job queues whose depth is read at every scrape. */
  queues: JobQueue[]
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])

let processRegistry: Registry | undefined

/**
 * The process's own figures (CPU, resident memory, heap, event-loop delay, garbage collection), one
 * set per process however many apps it builds: each measurement runs once, not once per app.
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry()
    collectDefaultMetrics({ register: processRegistry })
  }
  return processRegistry
}

/** SHA-256 of a text: equal-length inputs for the constant-time comparison. */
const digest = (text: string) => createHash('sha256').update(text).digest()

/** Whether the request carries `Authorization: Bearer <token>`, compared in constant time. */
function bearerMatches(request: FastifyRequest, expected: Buffer): boolean {
  const header = request.headers.authorization
  const match = typeof header === 'string' ? /^Bearer +(\S+) *$/i.exec(header) : null
  // A missing header is compared too, so the time taken says nothing about the token.
  return timingSafeEqual(digest(match?.[1] ?? ''), expected) && match !== null
}

/**
 * Metrics for operators in the Prometheus text format at `GET /metrics`, for a bearer token
 * (METRICS_TOKEN; without it the path answers 404 and nothing is exposed). Per app instance:
 * request latency by method, route pattern and status class; the database connections' use; the
 * depth of the job queues; with the process's CPU, memory and event-loop delay.
 */
export const prometheusPlugin = fp<PrometheusOptions>(async (app, options) => {
  const registry = new Registry()
  const db = app.db
  // Started with the app, so the first scrape already has event-loop samples.
  const processFigures = processMetrics()

  const requests = new Histogram({
    name: 'aula_http_request_duration_seconds',
    help: 'Time from receiving a request to sending its answer, by method, route pattern and status class.',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  })
  app.addHook('onResponse', (request, reply, done) => {
    // The route's pattern (`/api/courses/:id`), never the path asked for: one series per route.
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE
    const method = METHODS.has(request.method) ? request.method : 'OTHER'
    requests.observe({ method, route, status_class: `${Math.floor(reply.statusCode / 100)}xx` }, reply.elapsedTime / 1000)
    done()
  })

  const initial = db.stats?.()
  if (initial) {
    new Gauge({
      name: 'aula_db_calls_in_flight',
      help: 'Database calls (a query or a whole transaction) started and not yet answered.',
      registers: [registry],
      collect() {
        this.set(db.stats!().inFlight)
      },
    })
  }
  if (initial?.queued !== undefined) {
    new Gauge({
      name: 'aula_db_calls_queued',
      help: 'Embedded database: calls waiting behind the one its single connection is running.',
      registers: [registry],
      collect() {
        this.set(db.stats!().queued ?? 0)
      },
    })
  }
  if (initial?.pool) {
    const pool = () => db.stats!().pool!
    const gauges: Array<[string, string, () => number]> = [
      ['aula_db_pool_max_connections', 'Most connections the pool opens.', () => pool().max],
      ['aula_db_pool_open_connections', 'Connections the pool has open, idle or in use.', () => pool().total],
      ['aula_db_pool_idle_connections', 'Open connections nobody is using.', () => pool().idle],
      ['aula_db_pool_waiting_calls', 'Calls waiting for a connection because every one is in use.', () => pool().waiting],
    ]
    for (const [name, help, read] of gauges) {
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read())
        },
      })
    }
    new Counter({
      name: 'aula_db_pool_acquires_total',
      help: 'Connections handed out by the pool.',
      registers: [registry],
      collect() {
        this.reset()
        this.inc(pool().acquires)
      },
    })
    new Counter({
      name: 'aula_db_pool_acquire_wait_seconds_total',
      help: 'Seconds calls waited for a pool connection (opening a new one included), summed.',
      registers: [registry],
      collect() {
        this.reset()
        this.inc(pool().acquireWaitSeconds)
      },
    })
  }

  new Gauge({
    name: 'aula_queue_jobs',
    help: 'Jobs stored in a queue, waiting for a worker or running; the same for every process of one database.',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset()
      await Promise.all(
        options.queues.map(async (queue) => {
          try {
            const { waiting, running } = await queue.count()
            this.set({ queue: queue.name, state: 'waiting' }, waiting)
            this.set({ queue: queue.name, state: 'running' }, running)
          } catch (err) {
            // An unknown depth is left out of this scrape rather than reported as a number.
            app.log.warn({ err, queue: queue.name }, 'metrics: queue depth not read')
          }
        }),
      )
    },
  })

  const token = app.config.METRICS_TOKEN
  const expected = token ? digest(token) : null
  app.get(METRICS_PATH, { schema: { hide: true } }, async (request: FastifyRequest, reply: FastifyReply) => {
    if (!expected) return reply.status(404).send({ message: 'Resource not found', code: 'NOT_FOUND' })
    if (!bearerMatches(request, expected)) {
      return reply.status(401).header('www-authenticate', 'Bearer realm="metrics"').send({ message: 'Not authorized', code: 'UNAUTHENTICATED' })
    }
    const [own, shared] = await Promise.all([registry.metrics(), processFigures.metrics()])
    return reply.header('cache-control', 'no-store').type(registry.contentType).send(`${own}\n${shared}`)
  })

  app.addHook('onClose', async () => {
    registry.clear()
  })
})
