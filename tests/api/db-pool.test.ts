import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app.js'
import { loadConfig } from '../../server/config.js'
import { DatabaseBusyError, openDb, type Db } from '../../server/db/index.js'
import type { App } from '../../server/types.js'
import { createTestDb, testConfig } from '../helpers/app.js'
import { caller, testAuth } from '../helpers/courses.js'

/** DATABASE_POOL_MAX and DATABASE_POOL_WAIT_MS: the PostgreSQL pool's size, and a clear 503 when it stays busy. */

describe('pool settings', () => {
  it('defaults to 20 connections and a 10 s wait, and refuses values out of range with one line', () => {
    const config = loadConfig({})
    expect(config.DATABASE_POOL_MAX).toBe(20)
    expect(config.DATABASE_POOL_WAIT_MS).toBe(10000)
    expect(loadConfig({ DATABASE_POOL_MAX: '64', DATABASE_POOL_WAIT_MS: '2500' })).toMatchObject({ DATABASE_POOL_MAX: 64, DATABASE_POOL_WAIT_MS: 2500 })
    expect(() => loadConfig({ DATABASE_POOL_MAX: '0' })).toThrow(/DATABASE_POOL_MAX must be >= 1/)
    expect(() => loadConfig({ DATABASE_POOL_MAX: 'many' })).toThrow(/DATABASE_POOL_MAX must be integer/)
    expect(() => loadConfig({ DATABASE_POOL_WAIT_MS: '5' })).toThrow(/DATABASE_POOL_WAIT_MS must be >= 100/)
  })
})

describe.skipIf(!process.env.TEST_DATABASE_URL)('a busy pool (PostgreSQL)', () => {
  let migrated: Db
  let db: Db
  let app: App

  beforeAll(async () => {
    migrated = await createTestDb()
    const { rows } = await migrated.query<{ schema: string }>('SELECT current_schema() AS schema')
    // One connection, and a short wait for it.
    db = await openDb({ url: process.env.TEST_DATABASE_URL, schema: rows[0].schema, pool: { max: 1, waitMs: 300 } })
    app = await buildApp({ config: testConfig(), db, authenticate: testAuth, print: () => {} })
    await app.ready()
  })

  afterAll(async () => {
    await app?.close()
    await db?.close()
    await migrated?.close()
  })

  it('answers 503 BUSY with Retry-After while every connection stays busy, and serves again once one is free', async () => {
    const learner = caller('pool-learner', ['general'])
    const catalogue = () => app.inject({ method: 'GET', url: '/api/v2/courses/all/1', headers: learner.headers })
    expect((await catalogue()).statusCode).toBe(200)

    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    const holding = db.transaction(async () => held)
    try {
      const started = Date.now()
      const busy = await catalogue()
      expect(busy.statusCode, busy.body).toBe(503)
      expect(busy.json()).toEqual({ message: 'The service is busy; try again in a moment', code: 'BUSY' })
      expect(busy.headers['retry-after']).toBe('1')
      // It waited for the pool's wait, not for ever.
      expect(Date.now() - started).toBeGreaterThanOrEqual(250)
      await expect(db.query('SELECT 1')).rejects.toBeInstanceOf(DatabaseBusyError)
    } finally {
      release()
      await holding
    }
    expect((await catalogue()).statusCode).toBe(200)
  })
})
