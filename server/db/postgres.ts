import pg from 'pg'
import { DatabaseBusyError, DEFAULT_POOL, type Db, type Listener, type NotificationHandlers, type PoolOptions } from './index.js'
import { statementNames } from './statement-names.js'

/** Application name of notification connections (with the process id), so operators and tests can tell them apart. */
export const LISTENER_APPLICATION_NAME = 'aula-listener'

/**
 * pg-pool's errors when no connection was had within `connectionTimeoutMillis`: every pooled one
 * stayed busy, or a new one could not be opened in time.
 */
const NO_CONNECTION_IN_TIME = new Set(['timeout exceeded when trying to connect', 'Connection terminated due to connection timeout'])
const busyOr = (error: unknown) => (error instanceof Error && NO_CONNECTION_IN_TIME.has(error.message) ? new DatabaseBusyError() : error)

/** A pooled connection to a real PostgreSQL server (production, and the second test run in CI). */
export async function openPostgres(url: string, schema?: string, poolOptions: PoolOptions = DEFAULT_POOL): Promise<Db> {
  if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error('invalid schema name')
  const searchPath = schema ? { options: `-c search_path=${schema}` } : {}
  const pool = new pg.Pool({ connectionString: url, max: poolOptions.max, connectionTimeoutMillis: poolOptions.waitMs, ...searchPath })
  const connect = () => pool.connect().catch((error: unknown) => Promise.reject(busyOr(error)))
  if (schema) await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`)
  // Channels are database-wide; suffixing the schema keeps parallel schemas (tests) apart.
  const { rows } = await pool.query<{ s: string }>('SELECT current_schema() AS s')
  const suffix = (rows[0]?.s ?? 'public').replace(/[^a-z0-9_]/gi, '_')
  const channel = (name: string) => `${name}_${suffix}`.slice(0, 63)
  const listeners = new Set<Listener>()
  const statement = preparedStatements()
  const use = { inFlight: 0, acquires: 0, acquireWaitSeconds: 0 }

  /**
   * Runs `work` on a connection of the pool, timing how long the call waited for it. A connection
   * that fails while in use is dropped from the pool (and the call fails) instead of the error going
   * unheard; `dropOnError` also drops it when `work` throws, as a single query always has.
   */
  async function withConnection<T>(dropOnError: boolean, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    use.inFlight++
    try {
      const asked = performance.now()
      const client = await connect()
      use.acquires++
      use.acquireWaitSeconds += (performance.now() - asked) / 1000
      let broken: Error | undefined
      const onError = (error: Error) => {
        broken = error
      }
      client.on('error', onError)
      let failure: Error | undefined
      try {
        return await work(client)
      } catch (error) {
        if (dropOnError) failure = error instanceof Error ? error : new Error(String(error))
        throw error
      } finally {
        client.removeListener('error', onError)
        client.release(broken ?? failure)
      }
    } finally {
      use.inFlight--
    }
  }

  return {
    kind: 'postgres',
    query: (sql, params) => withConnection(true, async (client) => ({ rows: (await client.query(statement(sql, params))).rows })),
    transaction: (fn) =>
      withConnection(false, async (client) => {
        try {
          await client.query('BEGIN')
          const result = await fn({
            query: async (sql, params) => ({ rows: (await client.query(statement(sql, params))).rows }),
            exec: async (sql) => {
              await client.query(sql)
            },
          })
          await client.query('COMMIT')
          return result
        } catch (error) {
          await client.query('ROLLBACK').catch(() => undefined)
          throw error
        }
      }),
    exec: (sql) =>
      withConnection(true, async (client) => {
        await client.query(sql)
      }),
    stats: () => ({
      inFlight: use.inFlight,
      pool: {
        max: poolOptions.max,
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
        acquires: use.acquires,
        acquireWaitSeconds: use.acquireWaitSeconds,
      },
    }),
    channel,
    listen: async (name, handlers) => {
      const listener = await listenOn(
        { connectionString: url, ...searchPath, application_name: `${LISTENER_APPLICATION_NAME}-${process.pid}` },
        channel(name),
        handlers,
      )
      listeners.add(listener)
      return {
        close: async () => {
          listeners.delete(listener)
          await listener.close()
        },
      }
    },
    close: async () => {
      await Promise.all([...listeners].map((l) => l.close()))
      await pool.end()
    },
  }
}

/**
 * Parameterised statements are prepared once per connection and then only executed: PostgreSQL
 * parses and plans each text once per connection instead of on every call, which for the routes'
 * joins costs more than running them. Each distinct text gets a name of its own (`statementNames`).
 * Statements without parameters (migrations, several statements at once) always run as they are.
 */
function preparedStatements() {
  const nameOf = statementNames()
  return (text: string, params?: unknown[]): pg.QueryConfig => {
    if (!params || params.length === 0) return { text }
    const name = nameOf(text)
    return name === undefined ? { text, values: params } : { name, text, values: params }
  }
}

/**
 * One dedicated connection running LISTEN. When it drops (server restart, network, a terminated
 * backend), `state(false)` is reported at once and it reconnects with a growing delay (0.25 s up to
 * 5 s); `state(true)` follows each successful LISTEN. Keep-alive makes a silently dead link show up.
 */
async function listenOn(options: pg.ClientConfig, channel: string, handlers: NotificationHandlers): Promise<Listener> {
  let closed = false
  let client: pg.Client | null = null
  let delay = 250
  let timer: NodeJS.Timeout | null = null

  const lost = (c: pg.Client) => {
    if (client !== c) return
    client = null
    c.removeAllListeners('notification')
    c.end().catch(() => undefined)
    if (closed) return
    handlers.state(false)
    timer = setTimeout(connect, delay)
    timer.unref()
    delay = Math.min(delay * 2, 5000)
  }

  async function connect(): Promise<boolean> {
    timer = null
    if (closed) return false
    const c = new pg.Client({ ...options, keepAlive: true, keepAliveInitialDelayMillis: 5000 })
    c.on('error', () => lost(c))
    c.on('end', () => lost(c))
    c.on('notification', (n) => {
      if (n.channel === channel && n.payload !== undefined) handlers.message(n.payload)
    })
    client = c
    try {
      await c.connect()
      await c.query(`LISTEN "${channel}"`)
    } catch {
      lost(c)
      return false
    }
    if (client !== c) return false
    delay = 250
    handlers.state(true)
    return true
  }

  if (!(await connect())) {
    // The first attempt failed: the caller starts in the "not listening" state and retries run.
  }
  return {
    close: async () => {
      closed = true
      if (timer) clearTimeout(timer)
      const c = client
      client = null
      if (c) await c.end().catch(() => undefined)
    },
  }
}
