import path from 'node:path'
import Fastify, { LogController, type FastifyServerOptions } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import addFormats from 'ajv-formats'
import { trustProxyOption, type Config } from './config.js'
import type { Db } from './db/index.js'
import { IdentityAdmin } from './identity/admin-client.js'
import { setupIdentity } from './identity/index.js'
import { createMailer } from './mail/index.js'
import { appInfo } from './info.js'
import { accessPlugin } from './plugins/access.js'
import { Sweeps } from './db/sweeps.js'
import { insightsPlugin } from './insights/plugin.js'
import { prometheusPlugin } from './insights/prometheus.js'
import { countOpenRequests } from './avatars/queries.js'
import { countOpenJobs } from './jobs/queries.js'
import { limitsPlugin } from './limits/index.js'
import { NotificationHub } from './notifications/hub.js'
import { NotificationMailer } from './notifications/mailer.js'
import { pruneNotifications } from './notifications/queries.js'
import { lazySchemas } from './plugins/lazy-schemas.js'
import { errorsPlugin } from './plugins/errors.js'
import { openapiPlugin } from './plugins/openapi.js'
import { securityPlugin } from './plugins/security.js'
import { apiCompressionPlugin, webPlugin } from './plugins/web.js'
import { SiteVisits } from './site/visits.js'

import apiRoutes, { publicWebsite } from './routes/index.js'
import { ROOT_DIR } from './runtime.js'
import { createPaymentProvider } from './payments/index.js'
import { ReminderJob, type ReminderJobOptions } from './reminders/job.js'
import { createStorage, storageOrigins, type Storage } from './storage/index.js'
import { countQueuedStatements, learningRecords, XapiSender, type XapiSenderOptions } from './xapi/index.js'
import type { App, Authenticator } from './types.js'

export interface AppOptions {
  config: Config
  db: Db
  /** pino options, or false for silence (tests). */
  logger?: FastifyServerOptions['logger']
  /** Token verification; the identity service provides it. */
  authenticate?: Authenticator
  /** Folder of the built web app. */
  distDir?: string
  /** Where the bootstrap administrator's temporary password is printed (default: stdout). */
  print?: (line: string) => void
  /** File storage; by default the one the configuration names (STORAGE_DRIVER). */
  storage?: Storage
  /** The server's clock for the rules that measure time between requests (video progress, rate-limit windows); tests move it. */
  now?: () => Date
  /** The xAPI sender's timing (batch size, lease, timeout, poll and back-off); tests shorten them. */
  xapiSender?: Omit<XapiSenderOptions, 'endpoint' | 'username' | 'password'>
  /** The reminder and digest mail job's timing; tests run it by hand (`app.reminders.runOnce()`). */
  reminders?: ReminderJobOptions
}

/** Fields that are never written to a log when an object logged at the top level carries them. */
const SECRET_LOG_FIELDS = ['password', 'Password', 'token', 'code'] as const

/**
 * pino's `formatters.log`: passwords, tokens and codes in a logged object (`{ body: { password } }`)
 * are written as "[redacted]"; the caller's object is never changed. Errors keep their `code` (an
 * error code, not a secret). Credentials in headers never reach a log at all: the request and answer
 * serializers (LOG_SAFETY) write method, URL, host, address and status, never headers. This does what
 * pino's `redact` did with these rules at a small part of its cost, paid on every request's log line.
 */
export function withoutSecrets(entry: Record<string, unknown>): Record<string, unknown> {
  let out = entry
  for (const key in entry) {
    const value = entry[key]
    if (value === null || typeof value !== 'object' || Array.isArray(value) || value instanceof Error) continue
    for (const field of SECRET_LOG_FIELDS) {
      if (!Object.hasOwn(value, field)) continue
      if (out === entry) out = { ...entry }
      out[key] = { ...(out[key] as object), [field]: '[redacted]' }
    }
  }
  return out
}

type LoggedRequest = { method?: string; url?: string; host?: string; ip?: string; socket?: { remotePort?: number } }

/** The logger options every Aula logger shares (with its level and stream). */
export const LOG_SAFETY = {
  formatters: { log: withoutSecrets },
  // A request or answer is logged as what was asked, from where, and its status: never headers or body.
  serializers: {
    req: (req: LoggedRequest) => ({ method: req.method, url: req.url, host: req.host, remoteAddress: req.ip, remotePort: req.socket?.remotePort }),
    res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
  },
}

/**
 * Builds the whole server without listening (tests call `app.inject`). Plugins load in a fixed
 * order: error handling and security, access policy and OpenAPI, then the routes, then the web app.
 */
export async function buildApp(options: AppOptions): Promise<App> {
  const { config, db } = options
  const schemas = lazySchemas()
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: config.BODY_LIMIT,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    schemaController: schemas.schemaController,
    ajv: { customOptions: { allErrors: true, coerceTypes: 'array', removeAdditional: true, useDefaults: true }, plugins: [addFormats as never] },
    return503OnClosing: true,
    // One log line per request (written when it completes) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    // request.ip: the client as the trusted proxies saw it (per-address limits, device last address).
    trustProxy: trustProxyOption(config),
  }).withTypeProvider<TypeBoxTypeProvider>()
  if (options.logger) {
    app.addHook('onResponse', (request, reply, done) => {
      request.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed')
      done()
    })
  }

  app.decorate('compileSchemas', schemas.compileDeferred)
  app.decorate('config', config)
  app.decorate('db', db)
  const sweeps = new Sweeps(db, app.log)
  app.decorate('sweeps', sweeps)
  app.addHook('onReady', async () => sweeps.start())
  app.addHook('onClose', async () => sweeps.stop())
  const siteVisits = new SiteVisits(db, app.log.child({ module: 'site-visits' }))
  app.decorate('siteVisits', siteVisits)
  app.addHook('onClose', async () => siteVisits.flush())
  app.decorate('now', options.now ?? (() => new Date()))
  app.decorate('storage', options.storage ?? (await createStorage(config)))
  app.decorate('payments', createPaymentProvider(config))
  app.decorate(
    'xapi',
    learningRecords(config, () => app.now()),
  )
  if (config.XAPI_ENDPOINT && app.xapi) {
    // Sending is the sender's own loop, never a request's: a slow or absent LRS delays no learner.
    const sender = new XapiSender(db, app.log.child({ module: 'xapi' }), {
      ...options.xapiSender,
      endpoint: config.XAPI_ENDPOINT,
      username: config.XAPI_USERNAME,
      password: config.XAPI_PASSWORD,
    })
    app.addHook('onReady', async () => sender.start())
    app.addHook('onClose', async () => sender.stop())
  }

  await app.register(errorsPlugin)
  await app.register(securityPlugin, {
    connectSrc: config.IDENTITY_MODE === 'cognito' ? [`https://cognito-idp.${config.IDENTITY_USER_POOL_ID.split('_')[0]}.amazonaws.com`] : [],
    fileOrigins: storageOrigins(config),
    filesOrigin: config.FILES_ORIGIN,
    publicUrl: config.PUBLIC_URL,
  })
  const mailer = await createMailer(config, app.log)
  app.decorate('mailer', mailer)
  app.addHook('onClose', async () => mailer.close())
  const identity = await setupIdentity(app, { config, db, mailer, print: options.print })
  app.decorate('identityUsers', new IdentityAdmin(app.identityAdmin, config.IDENTITY_USER_POOL_ID, config.IDENTITY_MODE === 'embedded' ? db : null))
  // Expiry reminders and weekly digests link the course and the unsubscribe address: no PUBLIC_URL, no job.
  const reminders = config.PUBLIC_URL
    ? new ReminderJob(
        { db, log: app.log.child({ module: 'reminders' }), mailer, users: app.identityUsers, now: () => app.now(), publicUrl: config.PUBLIC_URL },
        options.reminders,
      )
    : null
  app.decorate('reminders', reminders)
  if (reminders) {
    app.addHook('onReady', async () => reminders.start())
    app.addHook('onClose', async () => reminders.stop())
  } else {
    app.addHook('onReady', async () => app.log.info('expiry reminders and weekly digests are not sent: PUBLIC_URL is not set'))
  }
  // Notifications (decision 0032): live streams fed by the table's announcements, and mail after commit.
  const hub = new NotificationHub(db, app.log.child({ module: 'notifications' }))
  const notificationMail = new NotificationMailer(db, app.identityUsers, mailer, app.log.child({ module: 'notifications' }), config.PUBLIC_URL)
  hub.onAnnouncement(() => notificationMail.wake())
  app.decorate('notifications', { hub, mail: notificationMail })
  sweeps.add('notifications', 6 * 60 * 60_000, pruneNotifications)
  app.addHook('onReady', async () => {
    await hub.start()
    notificationMail.start()
  })
  // preClose: open streams end before the server waits for its connections to finish.
  app.addHook('preClose', async () => {
    await hub.stop()
    await notificationMail.stop()
  })
  await app.register(accessPlugin, { authenticate: options.authenticate ?? identity.authenticate })
  await app.register(limitsPlugin, { db, config, now: () => app.now().getTime() })
  await app.register(apiCompressionPlugin)
  await app.register(insightsPlugin)
  await app.register(openapiPlugin, { version: appInfo.version, publicUrl: config.PUBLIC_URL })
  await app.register(prometheusPlugin, {
    queues: [
      { name: 'avatar', count: () => countOpenRequests(db) },
      { name: 'user_import', count: () => countOpenJobs(db) },
      { name: 'xapi', count: () => countQueuedStatements(db) },
    ],
  })
  await app.register(apiRoutes, { prefix: '/api' })
  await app.register(publicWebsite)
  await app.register(webPlugin, { distDir: options.distDir ?? path.join(ROOT_DIR, 'dist') })
  return app
}
