import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import { inject } from 'vitest'
import { loadConfig, type Config } from '../../server/config.js'
import { buildApp, type AppOptions } from '../../server/app.js'
import { openDb, type Db } from '../../server/db/index.js'
import { migrate } from '../../server/db/migrate.js'
import type { App } from '../../server/types.js'

/** The migrated database image the global set-up made (tests/helpers/pglite-image.ts), read once per file. */
let image: Blob | undefined
function migratedImage(): Blob | undefined {
  const file = inject('pgliteImage')
  if (file && !image) image = new Blob([fs.readFileSync(file)])
  return image
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite started from the run's migrated
 * image, or — when TEST_DATABASE_URL is set — a new schema of that PostgreSQL database (dropped again
 * by `close`). Either way the migrations are run (on the image they find nothing left to apply).
 */
export async function createTestDb(): Promise<Db & { dropSchema?: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL
  if (!url) {
    const db = await openDb({ image: migratedImage() })
    await migrate(db)
    return db
  }
  const schema = `t_${randomBytes(6).toString('hex')}`
  const db = await openDb({ url, schema })
  await migrate(db)
  const close = db.close.bind(db)
  return {
    ...db,
    close: async () => {
      await db.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
      await close()
    },
  }
}

/**
 * Tests call the expensive routes far faster than people do, so their rate limits are off unless a
 * test sets them (tests/api/rate-limits.test.ts).
 */
export const NO_RATE_LIMITS = {
  RATE_LIMIT_CERTIFICATE_PDF: '0',
  RATE_LIMIT_CERTIFICATE_VERIFY: '0',
  RATE_LIMIT_AVATAR: '0',
  RATE_LIMIT_COURSE_START: '0',
  RATE_LIMIT_UPLOAD: '0',
  RATE_LIMIT_SEARCH: '0',
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({ AULA_DATA_DIR: `/tmp/aula-test-${process.pid}`, WEB_BUILD: 'never', LOG_LEVEL: 'silent', ...NO_RATE_LIMITS, ...overrides })
}

export interface TestApp {
  app: App
  db: Db
  config: Config
  close(): Promise<void>
}

/** Builds the real app on a fresh database; call `close` in afterAll. */
export async function createTestApp(options: Partial<Omit<AppOptions, 'db'>> & { env?: Record<string, string> } = {}): Promise<TestApp> {
  const db = await createTestDb()
  const config = options.config ?? testConfig(options.env)
  // The bootstrap administrator's temporary password is not wanted in test output.
  const app = await buildApp({ print: () => {}, ...options, config, db })
  await app.ready()
  return {
    app,
    db,
    config,
    close: async () => {
      await app.close()
      await db.close()
    },
  }
}
