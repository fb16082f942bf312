import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDb } from '../helpers/app.js'
import type { Db } from '../../server/db/index.js'

// On PostgreSQL, parameterised statements are prepared once per connection (server/db/postgres.ts).
describe.skipIf(!process.env.TEST_DATABASE_URL)('prepared statements (PostgreSQL)', () => {
  let db: Db
  beforeAll(async () => {
    db = await createTestDb()
  })
  afterAll(() => db.close())

  it('prepare a parameterised text once per connection and give the same answers', async () => {
    const sql = 'SELECT $1::int + $2::int AS sum'
    const names = await db.transaction(async (tx) => {
      for (let i = 0; i < 3; i++) expect((await tx.query<{ sum: number }>(sql, [i, 1])).rows[0]!.sum).toBe(i + 1)
      // Without parameters: run as it is, never prepared.
      const { rows } = await tx.query<{ name: string; statement: string }>('SELECT name, statement FROM pg_prepared_statements')
      return rows
    })
    expect(names.filter((r) => r.statement === sql)).toHaveLength(1)
    expect(names.some((r) => r.statement.includes('pg_prepared_statements'))).toBe(false)
  })

  it('keep each text apart: the same query with other values, and a different text', async () => {
    const a = await db.query<{ v: string }>('SELECT $1::text AS v', ['first'])
    const b = await db.query<{ v: string }>('SELECT $1::text AS v', ['second'])
    const c = await db.query<{ v: string }>('SELECT upper($1::text) AS v', ['third'])
    expect([a.rows[0]!.v, b.rows[0]!.v, c.rows[0]!.v]).toEqual(['first', 'second', 'THIRD'])
  })
})
