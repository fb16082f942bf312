import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../server/config.js'
import { openAppDb } from '../../server/db/open.js'
import { createStorage } from '../../server/storage/index.js'
import { sharedSecrets, startServerProcess } from '../helpers/server-process.js'

/**
 * `npm start` on a fresh embedded database publishes the demo catalogue once; the next start of the
 * same data directory leaves it as it is. The real server runs in a process of its own.
 */

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aula-seed-start-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

const env = { ...sharedSecrets(), AULA_DATA_DIR: dir, WEB_BUILD: 'never', LOG_LEVEL: 'debug', DATABASE_URL: '', AULA_SEED: '' }
const config = loadConfig(env)

async function inDatabase<T>(fn: (db: Awaited<ReturnType<typeof openAppDb>>) => Promise<T>): Promise<T> {
  const db = await openAppDb(config)
  try {
    return await fn(db)
  } finally {
    await db.close()
  }
}

describe('npm start on an empty embedded database', () => {
  it('publishes the demo catalogue at the first start and nothing more at the second', async () => {
    const first = await startServerProcess(env, { timeoutMs: 240_000 })
    let output: string
    try {
      output = first.output()
    } finally {
      await first.stop()
    }
    expect(output).toContain('first run: demo catalogue published')
    expect(output).toContain('Bienvenida al centro de estudios')

    const seeded = await inDatabase(async (db) => {
      const { rows } = await db.query<{ uuid: string; cover_path: string; published_version: number; listed: boolean }>(
        `SELECT c.uuid, c.cover_path, c.published_version, EXISTS (SELECT 1 FROM published_courses p WHERE p.uuid = c.uuid) AS listed FROM courses c`,
      )
      return rows
    })
    expect(seeded.length).toBeGreaterThanOrEqual(2)
    const storage = await createStorage(config)
    for (const c of seeded) {
      expect(Number(c.published_version)).toBe(1)
      expect(c.listed).toBe(true)
      expect(await storage.head(c.cover_path)).toMatchObject({ contentType: 'image/png' })
    }

    const second = await startServerProcess(env, { timeoutMs: 240_000 })
    let again: string
    try {
      again = second.output()
    } finally {
      await second.stop()
    }
    expect(again).not.toContain('first run: demo catalogue published')
    expect(again).toContain('the database already has courses')
    const count = await inDatabase(async (db) => Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM courses')).rows[0].n))
    expect(count).toBe(seeded.length)
  }, 600_000)
})
