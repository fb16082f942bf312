import { ConfigError, loadConfig, type Config } from './config.js'
import { migrate } from './db/migrate.js'
import { openAppDb } from './db/open.js'
import { restrictDataDir } from './data-dir.js'

// The AWS SDK is pinned while Aula runs on Node 20 (README, "Production"); its notice that later
// versions need Node 22 would otherwise be printed at every start.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true'

// React, which renders the public site on the server, loads its development build (several times
// slower to render) unless NODE_ENV says production: a server started from here is a production one
// unless its environment says otherwise. Set before the app's modules load (below).
process.env.NODE_ENV ??= 'production'

// The data directory holds the database, keys and mail: whatever the process creates is its owner's only.
process.umask(0o077)

let config: Config
try {
  config = loadConfig()
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message)
    process.exit(1)
  }
  throw error
}

// Start-up time: the database opens (the embedded one compiles its WebAssembly off the main
// thread) while the server's modules load and the web build is checked.
const opening = openAppDb(config)
opening.catch(() => undefined)
const [{ buildApp }, { ensureWebBuild }, { loggerOptions, readyLine }] = await Promise.all([
  import('./app.js'),
  import('./web-build.js'),
  import('./console.js'),
])
const webBuildMs = await ensureWebBuild(config)
const db = await opening
const applied = await migrate(db)
restrictDataDir(config.dataDir)
const app = await buildApp({
  config,
  db,
  logger: loggerOptions(config, Boolean(process.stdout.isTTY)),
})
if (applied.length) app.log.info({ applied }, 'database migrations applied')
app.log.info(
  { mode: config.IDENTITY_MODE, userPoolId: config.IDENTITY_USER_POOL_ID, clientId: config.IDENTITY_CLIENT_ID },
  config.IDENTITY_MODE === 'embedded' ? 'identity: embedded user pool at /identity/' : 'identity: Amazon Cognito user pool',
)
const created = await db.query<{ id: string }>(
  'INSERT INTO installation (id) SELECT gen_random_uuid() WHERE NOT EXISTS (SELECT 1 FROM installation) RETURNING id',
)
app.log.info({ installation: created.rows[0]?.id }, created.rows.length ? 'new installation: empty data directory initialised' : 'reusing existing data')

// First run: a demo catalogue on a database that has never held a course (AULA_SEED, README "First run").
// A failure leaves the database as it was and the server still starts.
try {
  const { seedDemoCatalogue } = await import('./seed/index.js')
  const seedStarted = performance.now()
  const seed = await seedDemoCatalogue(app)
  if (seed.courses.length) {
    app.log.info({ courses: seed.courses.map((c) => c.name), ms: Math.round(performance.now() - seedStarted) }, 'first run: demo catalogue published')
    if (!seed.videos) app.log.warn('first run: ffmpeg was not found, so the demo courses have no video blocks')
  } else app.log.debug({ reason: seed.skipped }, 'demo catalogue not seeded')
} catch (err) {
  app.log.error({ err }, 'first run: the demo catalogue could not be created')
}

let closing = false
async function shutdown(signal: string) {
  if (closing) return
  closing = true
  app.log.info({ signal }, 'shutting down: finishing in-flight requests')
  const force = setTimeout(() => {
    app.log.error('shutdown took longer than 10 s, exiting')
    process.exit(1)
  }, 10_000)
  force.unref()
  try {
    await app.close()
    await db.close()
    restrictDataDir(config.dataDir)
    process.exit(0)
  } catch (err) {
    app.log.error({ err }, 'shutdown failed')
    process.exit(1)
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'))
process.on('SIGTERM', () => void shutdown('SIGTERM'))

try {
  await app.listen({ port: config.PORT, host: config.HOST })
} catch (err) {
  app.log.error({ err }, 'could not listen')
  await db.close()
  process.exit(1)
}
// Start-up ends with one line a person can act on, whatever the log level: after every log line so far.
const logger = app.log as { flush?: (cb: () => void) => void }
await new Promise<void>((resolve) => (logger.flush ? logger.flush(() => resolve()) : resolve()))
console.log(readyLine(config, webBuildMs))
// Route schemas compile on first use; the rest compile now, a few at a time between requests.
app.compileSchemas(8).catch((err: unknown) => app.log.error({ err }, 'a route schema does not compile'))
