import { PGlite } from '@electric-sql/pglite'
import type { Db, Queryable } from './index.js'

/**
 * The embedded database. PGlite runs one connection, so transactions are serialised by PGlite
 * itself; it writes without fsync, which survives a killed process but not a power loss.
 */
export async function openPglite(dataDir?: string): Promise<Db> {
  const pg = dataDir ? new PGlite(dataDir) : new PGlite()
  await pg.waitReady
  const query: Queryable['query'] = async (sql, params) => {
    const result = await pg.query(sql, params as unknown[] | undefined)
    return { rows: result.rows as never[] }
  }
  return {
    kind: 'pglite',
    query,
    transaction: (fn) =>
      pg.transaction((tx) =>
        fn({
          query: async (sql, params) => ({ rows: (await tx.query(sql, params as unknown[] | undefined)).rows as never[] }),
          exec: async (sql) => {
            await tx.exec(sql)
          },
        }),
      ),
    exec: async (sql) => {
      await pg.exec(sql)
    },
    close: () => pg.close(),
  }
}
