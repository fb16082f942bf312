import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { openDb } from '../../server/db/index.js'
import { migrate, readMigrations } from '../../server/db/migrate.js'
import { createTestDb } from '../helpers/app.js'

describe('migrations', () => {
  it('are numbered without gaps', () => {
    const versions = readMigrations().map((m) => m.version)
    expect(versions).toEqual(versions.map((_, i) => i + 1))
  })

  it('apply once and are idempotent', async () => {
    const db = await createTestDb()
    try {
      // createTestDb has migrated already: a second run applies nothing.
      expect(await migrate(db)).toEqual([])
      const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations')
      expect(rows[0].n).toBe(readMigrations().length)
    } finally {
      await db.close()
    }
  })

  it('roll a failing migration back entirely', async () => {
    const db = await createTestDb()
    try {
      const bad = [{ version: 9001, name: 'broken', sql: 'CREATE TABLE half_done (id int);\nSELECT * FROM no_such_table;' }]
      await expect(migrate(db, bad)).rejects.toThrow()
      const { rows } = await db.query("SELECT to_regclass('half_done') AS t")
      expect(rows[0].t).toBeNull()
    } finally {
      await db.close()
    }
  })

  it('keep embedded data across a restart', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aula-db-'))
    try {
      const first = await openDb({ dataDir: path.join(dir, 'db') })
      await migrate(first)
      await first.query("INSERT INTO installation (id) VALUES ('00000000-0000-4000-8000-000000000001')")
      await first.close()
      const second = await openDb({ dataDir: path.join(dir, 'db') })
      expect(await migrate(second)).toEqual([])
      const { rows } = await second.query<{ id: string }>('SELECT id FROM installation')
      expect(rows.map((r) => r.id)).toEqual(['00000000-0000-4000-8000-000000000001'])
      await second.close()
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})
