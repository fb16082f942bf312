/**
 * Durability after kill -9: a server process (embedded database in its data directory; and
 * PostgreSQL when TEST_DATABASE_URL is set) takes DURABILITY_WRITES (200) concurrent writes from
 * signed-in learners — subscriptions, pages completed, evaluation form attempts — and is killed with
 * SIGKILL once half of them are acknowledged. Restarted on the same data, it still has every write
 * it acknowledged.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { NO_RATE_LIMITS } from '../helpers/app.js'
import { crashAndRecover } from '../helpers/durability.js'
import { sharedSecrets } from '../helpers/server-process.js'

const WRITES = Number(process.env.DURABILITY_WRITES ?? 200)
const DATABASE_URL = process.env.TEST_DATABASE_URL
const cleanups: Array<() => Promise<void> | void> = []

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
})

async function crashAndRecoverChecked(label: string, env: Record<string, string>) {
  const r = await crashAndRecover(env, WRITES, `durable.${label}`, (undo) => cleanups.push(undo))
  console.log(
    `durability (${label}): ${r.writes} writes sent, ${r.answered} acknowledged before kill -9, ${r.kept} read back after the restart, ${r.missing.length} lost (first start ${Math.round(r.firstStartMs)} ms, sign-ins ${Math.round(r.signInMs)} ms, restart ${Math.round(r.restartMs)} ms)`,
  )
  expect(r.killed, 'the process was killed mid-stream').toBe(true)
  // Writes still on their way when the process died were never acknowledged.
  expect(r.refused, 'writes left unanswered by the killed process').toBeGreaterThan(0)
  expect(r.missing).toEqual([])
}

const baseEnv = () => ({ ...sharedSecrets(), ...NO_RATE_LIMITS, WEB_BUILD: 'never', LOG_LEVEL: 'warn', AULA_SEED: 'demo' })

function dataDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aula-durable-'))
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }))
  return dir
}

describe('acknowledged writes survive kill -9', () => {
  it('on the embedded database (PGlite data directory)', async () => {
    await crashAndRecoverChecked('pglite', { ...baseEnv(), AULA_DATA_DIR: dataDir() })
  })

  it.skipIf(!DATABASE_URL)('on PostgreSQL', async () => {
    const schema = `durable_${crypto.randomBytes(5).toString('hex')}`
    const sql = new pg.Client({ connectionString: DATABASE_URL })
    await sql.connect()
    await sql.query(`CREATE SCHEMA ${schema}`)
    cleanups.push(async () => {
      await sql.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
      await sql.end()
    })
    const url = new URL(DATABASE_URL!)
    url.searchParams.set('options', `-c search_path=${schema}`)
    await crashAndRecoverChecked('postgres', { ...baseEnv(), AULA_DATA_DIR: dataDir(), DATABASE_URL: url.toString() })
  })
})
