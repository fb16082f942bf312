import pg from 'pg'
import type { Db } from './index.js'

/** A pooled connection to a real PostgreSQL server (production, and the second test run in CI). */
export async function openPostgres(url: string, schema?: string): Promise<Db> {
  if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error('invalid schema name')
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  })
  if (schema) await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`)
  return {
    kind: 'postgres',
    query: async (sql, params) => ({ rows: (await pool.query(sql, params as unknown[] | undefined)).rows }),
    transaction: async (fn) => {
      const client = await pool.connect()
      try {
        await client.query('BEGIN')
        const result = await fn({
          query: async (sql, params) => ({ rows: (await client.query(sql, params as unknown[] | undefined)).rows }),
          exec: async (sql) => {
            await client.query(sql)
          },
        })
        await client.query('COMMIT')
        return result
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined)
        throw error
      } finally {
        client.release()
      }
    },
    exec: async (sql) => {
      await pool.query(sql)
    },
    close: async () => {
      await pool.end()
    },
  }
}
