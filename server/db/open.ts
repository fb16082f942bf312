import path from 'node:path'
import type { Config } from '../config.js'
import { openDb, type Db } from './index.js'

/** The database the configuration names: PostgreSQL when DATABASE_URL is set, else PGlite under the data dir. */
export function openAppDb(config: Config): Promise<Db> {
  return config.DATABASE_URL
    ? openDb({ url: config.DATABASE_URL, pool: { max: config.DATABASE_POOL_MAX, waitMs: config.DATABASE_POOL_WAIT_MS } })
    : openDb({ dataDir: path.join(config.dataDir, 'db') })
}
