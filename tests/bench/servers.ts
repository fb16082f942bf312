/**
 * Fresh servers for the benchmark: a server process of this checkout on a new PGlite data directory
 * or in a new schema of the PostgreSQL database, and everything a load client needs to reach it.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { loadConfig } from '../../server/config.js'
import { sharedSecrets, startServerProcess, type ServerProcess } from '../helpers/server-process.js'

/** A database the benchmark runs on: PGlite (no URL) or PostgreSQL. */
export interface BenchDatabase {
  name: string
  url?: string
}

/** How a load client process reaches a server: its address, its process and its identity service. */
export interface ServerTarget {
  url: string
  /** The server's process id: the client reads its CPU time from /proc. */
  pid: number
  /** The installation's settings the client needs (pool, app client, admin key pair). */
  env: Record<string, string>
  clientId: string
  userPoolId: string
  /** More processes of the same installation on the same database (`withFreshServer`'s `processes`). */
  others?: Array<{ url: string; pid: number }>
}

/** A fresh schema of the PostgreSQL database and a URL whose connections use it. */
export async function postgresSchema(url: string) {
  const schema = `bench_${crypto.randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`CREATE SCHEMA ${schema}`)
  const u = new URL(url)
  u.searchParams.set('options', `-c search_path=${schema}`)
  return {
    url: u.toString(),
    drop: async () => {
      await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
      await admin.end()
    },
  }
}

/**
 * Runs `use` against a server started as `npm start` starts it (info logs to a file) on a fresh
 * database, then stops the server and removes its data, whatever `use` did. With `processes` above 1
 * (PostgreSQL only), as many processes of the same installation serve the same database, as behind a
 * load balancer; the others start once the first has migrated and seeded.
 */
export async function withFreshServer<T>(
  database: BenchDatabase,
  env: Record<string, string>,
  use: (server: ServerProcess, target: ServerTarget) => Promise<T>,
  processes = 1,
): Promise<T> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aula-bench-'))
  // Interrupted, the data go too (the server process itself is killed by server-process.ts).
  const removeData = () => fs.rmSync(dataDir, { recursive: true, force: true })
  process.once('exit', removeData)
  const pgSchema = database.url ? await postgresSchema(database.url) : null
  const fullEnv = {
    ...sharedSecrets(),
    AULA_DATA_DIR: dataDir,
    WEB_BUILD: 'never',
    LOG_LEVEL: 'info',
    ...(pgSchema ? { DATABASE_URL: pgSchema.url } : {}),
    ...env,
  }
  try {
    const server = await startServerProcess(fullEnv, { logFile: path.join(dataDir, 'server.log') })
    const others: ServerProcess[] = []
    try {
      if (processes > 1 && !pgSchema) throw new Error('several processes need PostgreSQL')
      for (let i = 1; i < processes; i++) others.push(await startServerProcess(fullEnv, { logFile: path.join(dataDir, `server-${i}.log`) }))
      const config = loadConfig(fullEnv)
      return await use(server, {
        url: server.url,
        pid: server.pid,
        env: fullEnv,
        clientId: config.IDENTITY_CLIENT_ID,
        userPoolId: config.IDENTITY_USER_POOL_ID,
        others: others.map((o) => ({ url: o.url, pid: o.pid })),
      })
    } finally {
      await Promise.all([server, ...others].map((s) => s.stop()))
    }
  } finally {
    await pgSchema?.drop()
    process.off('exit', removeData)
    removeData()
  }
}
