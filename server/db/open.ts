import path from 'node:path'
import type { Config } from '../config.js'
import { openDb, type Db } from './index.js'

/** The database the configuration names: PostgreSQL when DATABASE_URL is set, else PGlite under the data dir. */
export function openAppDb(config: Config): Promise<Db> {
  return config.DATABASE_URL ? openDb({ url: config.DATABASE_URL }) : openDb({ dataDir: path.join(config.dataDir, 'db') })
}
