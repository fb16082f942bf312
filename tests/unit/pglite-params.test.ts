import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDb, type Db } from '../../server/db/index.js'
import { inlineParams } from '../../server/db/pglite.js'

describe('PGlite parameters written in as literals', () => {
  it('quotes values and leaves strings, identifiers, comments and dollar quotes alone', () => {
    expect(inlineParams(`SELECT $1, '$2', "$1", $2 -- $1\n/* $2 */ $$ $1 $$`, ["it's", null])).toBe(`SELECT 'it''s', '$2', "$1", NULL -- $1\n/* $2 */ $$ $1 $$`)
    expect(
      inlineParams(
        'SELECT $10, $1',
        Array.from({ length: 10 }, (_, i) => i + 1),
      ),
    ).toBe(`SELECT '10', '1'`)
    expect(() => inlineParams('SELECT $2', [1])).toThrow(/\$2/)
    expect(() => inlineParams('SELECT $1', ['a\0b'])).toThrow(/NUL/)
  })

  let db: Db
  beforeAll(async () => {
    db = await openDb({})
  })
  afterAll(() => db.close())

  it('gives the same answers as bound parameters, hostile text included', async () => {
    const hostile = `x'); DROP TABLE t; --\\ "q" $1 $$`
    await db.exec('CREATE TABLE t (id int PRIMARY KEY, name text, tags text[], at timestamptz, data bytea, doc jsonb, ok boolean)')
    const at = new Date('2026-01-02T03:04:05.678Z')
    await db.query('INSERT INTO t VALUES ($1, $2, $3, $4, $5, $6, $7)', [
      1,
      hostile,
      ['a', 'b"c', null, "d'e"],
      at,
      Buffer.from([0, 255]),
      { k: hostile },
      false,
    ])
    const { rows } = await db.query<{ id: number; name: string; tags: (string | null)[]; at: Date; data: Uint8Array; doc: { k: string }; ok: boolean }>(
      'SELECT * FROM t WHERE id = $1 AND name = $2 AND $3 = ANY(tags) AND ok = $4',
      [1, hostile, 'b"c', false],
    )
    expect(rows).toHaveLength(1)
    expect(rows[0].name).toBe(hostile)
    expect(rows[0].tags).toEqual(['a', 'b"c', null, "d'e"])
    expect(rows[0].at.toISOString()).toBe(at.toISOString())
    expect([...rows[0].data]).toEqual([0, 255])
    expect(rows[0].doc).toEqual({ k: hostile })
    expect((await db.query('SELECT count(*)::int AS n FROM t WHERE name = $1', ["nothing' OR '1'='1"])).rows).toEqual([{ n: 0 }])
  })
})
