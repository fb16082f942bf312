/**
 * Durability at full count (`BENCH_ONLY=durability`): `BENCH_DURABILITY_WRITES` (1,000) concurrent
 * acknowledged writes, kill -9 half way, restart on the same data, every acknowledged write read back
 * (tests/helpers/durability.ts; CI runs the same at 200 in tests/e2e/durability.test.ts). On each
 * database: a PGlite data directory, and a fresh schema of PostgreSQL.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { NO_RATE_LIMITS } from '../helpers/app.js'
import { crashAndRecover } from '../helpers/durability.js'
import { sharedSecrets } from '../helpers/server-process.js'
import type { BenchRow } from './run.js'
import { postgresSchema, type BenchDatabase } from './servers.js'

export async function benchDurability(database: BenchDatabase, writes: number): Promise<BenchRow[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aula-bench-durable-'))
  const schema = database.url ? await postgresSchema(database.url) : null
  const undo: Array<() => Promise<void> | void> = []
  try {
    const env = {
      ...sharedSecrets(),
      ...NO_RATE_LIMITS,
      WEB_BUILD: 'never',
      LOG_LEVEL: 'warn',
      AULA_SEED: 'demo',
      AULA_DATA_DIR: dataDir,
      ...(schema ? { DATABASE_URL: schema.url } : {}),
    }
    const r = await crashAndRecover(env, writes, `durable.bench`, (u) => undo.push(u))
    const label = `durability (${database.name}, ${writes} concurrent writes, kill -9 half way):`
    return [
      { what: label, value: `${r.answered} acknowledged` },
      {
        what: '  acknowledged writes read back after the restart / lost',
        value: `${r.kept} / ${r.missing.length}`,
        target: '0 lost',
        met: r.missing.length === 0,
      },
      { what: '  restart on the same data', value: `${(r.restartMs / 1000).toFixed(1)} s` },
    ]
  } finally {
    for (const u of undo.reverse()) await u()
    await schema?.drop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}
