import fp from 'fastify-plugin'
import { formsPolicy } from '../../contracts/learner/forms-policy.js'
import { learnerPolicy } from '../../contracts/learner/learner-policy.js'
import { usageEvents } from './events.js'
import { METRICS_PATH } from './prometheus.js'
import { RequestLog } from './request-log.js'
import { UsageMeter } from './usage.js'

declare module 'fastify' {
  interface FastifyInstance {
    /** Monitoring's measurements of this process (server/insights). */
    insights: { meter: UsageMeter; requestLog: RequestLog }
  }
}

/** How often counted usage is written to the database. */
const FLUSH_MS = 60_000
/** How often the real-time request log is written to the database (how late other processes see it at most). */
const REQUEST_LOG_FLUSH_MS = 1000

/** The routes whose use makes a learner "active" that day: the learner's catalogue, player and forms. */
const LEARNING_ROUTES = new Set(
  Object.keys({ ...learnerPolicy, ...formsPolicy })
    .map((k) => k.slice(k.indexOf(' ') + 1))
    .filter((url) => !url.startsWith('/api/certificates/verify')),
)

/** Requests that are not a person using the product: health probes, metrics scrapes and the web app's static files. */
const isBackground = (url: string) =>
  url.startsWith('/api/health') || url.startsWith('/assets/') || url === '/favicon.ico' || url === METRICS_PATH || url.startsWith(`${METRICS_PATH}?`)

/**
 * Measures usage for monitoring: every response is counted (the cost model's requests), people's
 * requests go to the request log shared by every process (real-time users by country), learners using the learning
 * routes are marked active for the day, and e-mails are counted as the mailer reports them.
 */
export const insightsPlugin = fp(async (app) => {
  const meter = new UsageMeter(app.db, app.storage)
  const requestLog = new RequestLog(app.db)
  app.decorate('insights', { meter, requestLog })

  const onEmail = () => meter.countEmail()
  usageEvents.on('email', onEmail)

  app.addHook('onResponse', (request, _reply, done) => {
    meter.countRequest()
    if (!isBackground(request.url)) {
      const principal = request.principal ?? null
      requestLog.record(request.ip, principal?.sub ?? null)
      if (principal && request.routeOptions.url && LEARNING_ROUTES.has(request.routeOptions.url)) meter.countLearner(principal.sub)
    }
    done()
  })

  // Each process writes what it counted (and measures storage every six hours: the last measurement
  // of the day wins); the clean-up of old request activity is done by one process at a time.
  const timer = setInterval(() => {
    meter.flush().catch((err: unknown) => app.log.warn({ err }, 'usage counters: flush failed, kept for the next one'))
    meter.measureStorageIfStale().catch((err: unknown) => app.log.warn({ err }, 'usage counters: storage measurement failed'))
  }, FLUSH_MS)
  timer.unref()
  const logTimer = setInterval(() => {
    requestLog.flush().catch((err: unknown) => app.log.warn({ err }, 'request log: write failed, kept for the next one'))
  }, REQUEST_LOG_FLUSH_MS)
  logTimer.unref()
  app.sweeps.add('request-activity', 60_000, (tx) => requestLog.sweep(tx))

  app.addHook('onClose', async () => {
    clearInterval(timer)
    clearInterval(logTimer)
    usageEvents.off('email', onEmail)
    try {
      await meter.flush()
      await requestLog.flush()
    } catch (err) {
      app.log.warn({ err }, 'usage counters: the last flush failed')
    }
  })
})
