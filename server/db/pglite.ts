import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { processArgs } from '../runtime.js'
import type { Db, Queryable } from './index.js'
import { statementNames } from './statement-names.js'

/**
 * The embedded database. PGlite runs one connection, so transactions are serialised by PGlite
 * itself; it writes without fsync, which survives a killed process but not a power loss.
 *
 * Parameterised queries run as one simple-protocol statement with the parameters written in as
 * quoted literals (`EXECUTE` of a prepared statement, or `inlineParams`): inside PGlite the extended
 * protocol (parse, describe, bind, execute) costs several times a simple query, and every request
 * pays it.
 */
export async function openPglite(dataDir?: string, image?: Blob): Promise<Db> {
  if (dataDir && !fs.existsSync(path.join(dataDir, 'PG_VERSION'))) await createPgliteInProcess(dataDir)
  const pg = dataDir ? new PGlite(dataDir, pgliteOptions()) : new PGlite({ ...pgliteOptions(), ...(image ? { loadDataDir: image } : {}) })
  await pg.waitReady
  // Literal inlining is only sound when backslashes in '…' are ordinary characters.
  const { rows } = await pg.query<{ standard_conforming_strings: string }>('SHOW standard_conforming_strings')
  const inline = rows[0]?.standard_conforming_strings === 'on'
  const prepared = preparedStatements(pg)
  const run = async (target: Pick<PGlite, 'query' | 'exec'>, sql: string, params: unknown[] | undefined, inTransaction: boolean) => {
    if (inline) {
      let text = sql
      if (params && params.length > 0) {
        const name = await prepared.nameFor(sql, inTransaction)
        text = name ? `EXECUTE ${name}(${params.map(literal).join(', ')})` : inlineParams(sql, params)
      }
      const results = await target.exec(text)
      return { rows: (results[results.length - 1]?.rows ?? []) as never[] }
    }
    return { rows: (await target.query(sql, params)).rows as never[] }
  }
  // PGlite runs one statement at a time on its one connection: of the calls in flight, all but one wait.
  let inFlight = 0
  const counted = async <T>(work: () => Promise<T>): Promise<T> => {
    inFlight++
    try {
      return await work()
    } finally {
      inFlight--
    }
  }
  return {
    kind: 'pglite',
    query: (sql, params) => counted(() => run(pg, sql, params, false)),
    transaction: (fn) =>
      counted(() =>
        pg.transaction((tx) =>
          fn({
            query: (sql, params) => run(tx, sql, params, true),
            exec: async (sql) => {
              await tx.exec(sql)
            },
          } satisfies Queryable),
        ),
      ),
    exec: (sql) =>
      counted(async () => {
        await pg.exec(sql)
      }),
    stats: () => ({ inFlight, queued: Math.max(0, inFlight - 1) }),
    // One database in this process: its schema is public, as the channel's suffix says on PostgreSQL.
    localListen: async (channel, message) => {
      const unlisten = await pg.listen(`${channel}_public`.slice(0, 63), message)
      return { close: () => unlisten() }
    },
    close: () => pg.close(),
  }
}

/** How the embedded database starts, whether it is created or opened. */
export function pgliteOptions() {
  // A 16 MB buffer pool instead of initdb's 128 MB: the embedded database serves one small
  // installation, file pages stay in the operating system's cache, and the process keeps ~75 MB
  // less resident (README: memory after start).
  return { startParams: [...(PGlite as unknown as { defaultStartParams: string[] }).defaultStartParams, '-c', 'shared_buffers=16MB'] }
}

/**
 * Creates the embedded database in `dataDir` in a short-lived process of its own
 * (`server/db/pglite-init.ts`). PGlite runs initdb in two more WebAssembly instances beside its own
 * and copies a whole instance's memory: about 750 MB for a few seconds, which a process keeps
 * as its peak resident size (and partly resident) for the rest of its life. The server opens the
 * finished database afterwards like an existing one.
 */
export async function createPgliteInProcess(dataDir: string): Promise<void> {
  const child = spawn(process.execPath, processArgs('db/pglite-init', [dataDir]), { stdio: ['ignore', 'ignore', 'pipe'] })
  let stderr = ''
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject)
    child.once('exit', (exitCode) => resolve(exitCode))
  })
  if (code !== 0) throw new Error(`the embedded database could not be created in ${dataDir} (exit code ${code}): ${stderr.trim()}`)
}

/**
 * Parameterised statements are prepared once (`PREPARE`, in the one session PGlite has) and then run
 * as `EXECUTE name(literals…)`: parsing and planning happen once per text instead of on every call.
 * A text is prepared on its first use outside a transaction (a PREPARE that fails inside one would
 * abort it); until then, and for a text PostgreSQL cannot prepare (a parameter whose type nothing
 * fixes), the parameters are written in as literals as before.
 */
function preparedStatements(pg: PGlite) {
  const nameOf = statementNames()
  const names = new Map<string, Promise<string | null>>()
  const known = new Map<string, string | null>()
  return {
    async nameFor(sql: string, inTransaction: boolean): Promise<string | null> {
      const ready = known.get(sql)
      if (ready !== undefined || inTransaction) return ready ?? null
      let pending = names.get(sql)
      if (!pending) {
        const name = nameOf(sql)
        if (name === undefined) return null
        pending = pg.exec(`PREPARE ${name} AS ${sql.trim().replace(/;$/, '')}`).then(
          () => name,
          () => null,
        )
        names.set(sql, pending)
        void pending.then((result) => known.set(sql, result))
      }
      return pending
    },
  }
}

/** The text form PostgreSQL parses for a value, as node-postgres sends parameters. */
function textOf(value: unknown): string | null {
  if (value === null || value === undefined) return null
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value)
  if (value instanceof Date) return value.toISOString()
  if (value instanceof Uint8Array) return `\\x${Buffer.from(value).toString('hex')}`
  if (Array.isArray(value)) return arrayLiteral(value)
  return JSON.stringify(value)
}

function arrayLiteral(values: unknown[]): string {
  const items = values.map((v) => {
    if (Array.isArray(v)) return arrayLiteral(v)
    const text = textOf(v)
    return text === null ? 'NULL' : `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`
  })
  return `{${items.join(',')}}`
}

/** A quoted SQL literal (standard_conforming_strings on: only the quote needs doubling). */
function literal(value: unknown): string {
  const text = textOf(value)
  if (text === null) return 'NULL'
  if (text.includes('\0')) throw new Error('a query parameter contains a NUL character')
  return `'${text.replace(/'/g, "''")}'`
}

/**
 * Replaces $1…$n in `sql` by quoted literals of `params`. Placeholders inside quoted strings,
 * quoted identifiers, comments and dollar-quoted bodies are left alone. A quoted literal has type
 * "unknown" until its context fixes it, exactly like an untyped parameter, so the statement
 * means what it meant with parameters.
 */
export function inlineParams(sql: string, params: unknown[]): string {
  let out = ''
  let i = 0
  const n = sql.length
  while (i < n) {
    const c = sql[i]
    if (c === "'" || c === '"') {
      let j = i + 1
      while (j < n && !(sql[j] === c && sql[j + 1] !== c)) j += sql[j] === c ? 2 : 1
      out += sql.slice(i, j + 1)
      i = j + 1
    } else if (c === '-' && sql[i + 1] === '-') {
      const j = sql.indexOf('\n', i)
      const end = j < 0 ? n : j
      out += sql.slice(i, end)
      i = end
    } else if (c === '/' && sql[i + 1] === '*') {
      const j = sql.indexOf('*/', i + 2)
      const end = j < 0 ? n : j + 2
      out += sql.slice(i, end)
      i = end
    } else if (c === '$' && !/[A-Za-z0-9_]/.test(sql[i - 1] ?? '')) {
      const m = /^\$(\d+)(?!\d)/.exec(sql.slice(i, i + 12))
      if (m) {
        const index = Number(m[1])
        if (index < 1 || index > params.length) throw new Error(`query parameter $${index} has no value`)
        out += literal(params[index - 1])
        i += m[0].length
        continue
      }
      const tag = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(sql.slice(i, i + 64))
      if (tag) {
        const close = sql.indexOf(tag[0], i + tag[0].length)
        const end = close < 0 ? n : close + tag[0].length
        out += sql.slice(i, end)
        i = end
        continue
      }
      out += c
      i++
    } else {
      out += c
      i++
    }
  }
  return out
}
