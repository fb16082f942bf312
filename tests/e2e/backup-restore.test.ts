/**
 * The backup and restore procedures of docs/production.md, run as written: the embedded database
 * (stop the process, archive the data directory with tar, extract it into an empty directory) and
 * PostgreSQL (pg_dump in the custom format, pg_restore into an emptied database; skipped without
 * pg_dump/pg_restore on PATH or TEST_DATABASE_URL). What existed at the backup is there after the
 * restore; what came after it is not.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { AdminGetUserCommand, type CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider'
import { afterAll, describe, expect, it } from 'vitest'
import { createUserWith } from '../bench/srp.js'
import { POOL_ID, PASSWORD } from '../helpers/exam.js'
import { sharedSecrets, startServerProcess, type ServerProcess } from '../helpers/server-process.js'

const DATABASE_URL = process.env.TEST_DATABASE_URL
const onPath = (tool: string) => spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0
const dirs: string[] = []
const tmp = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aula-backup-'))
  dirs.push(dir)
  return dir
}
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true })
})

async function exists(admin: CognitoIdentityProviderClient, email: string) {
  try {
    await admin.send(new AdminGetUserCommand({ UserPoolId: POOL_ID, Username: email }))
    return true
  } catch (err) {
    if ((err as Error).name === 'UserNotFoundException') return false
    throw err
  }
}

/** Adds a user through a running server. */
async function withServer<T>(env: Record<string, string>, fn: (server: ServerProcess, admin: CognitoIdentityProviderClient) => Promise<T>): Promise<T> {
  const server = await startServerProcess(env)
  const admin = server.admin()
  try {
    return await fn(server, admin)
  } finally {
    admin.destroy()
    await server.stop()
  }
}

const baseEnv = () => ({ ...sharedSecrets(), WEB_BUILD: 'never', LOG_LEVEL: 'warn', AULA_SEED: 'none' })
const email = (tag: string) => `${tag}.${process.pid}.${crypto.randomBytes(3).toString('hex')}@example.test`

describe('backup and restore', () => {
  it('of the embedded database: stop, archive the data directory, extract it into an empty one', async () => {
    const env = baseEnv()
    const data = tmp()
    const before = email('before.backup')
    const after = email('after.backup')
    await withServer({ ...env, AULA_DATA_DIR: data }, (_s, admin) => createUserWith(admin, POOL_ID, before, PASSWORD))
    // The process is stopped (SIGTERM): the documented commands.
    const archive = path.join(tmp(), 'aula-data.tar.gz')
    execFileSync('tar', ['-czf', archive, '-C', data, '.'])
    await withServer({ ...env, AULA_DATA_DIR: data }, (_s, admin) => createUserWith(admin, POOL_ID, after, PASSWORD))
    const restored = tmp()
    execFileSync('tar', ['-xzf', archive, '-C', restored])
    await withServer({ ...env, AULA_DATA_DIR: restored }, async (_s, admin) => {
      expect(await exists(admin, before)).toBe(true)
      expect(await exists(admin, after)).toBe(false)
    })
  })

  it.skipIf(!DATABASE_URL || !onPath('pg_dump') || !onPath('pg_restore'))('of PostgreSQL: pg_dump, then pg_restore into an emptied database', async () => {
    // One schema of the test database stands for the installation's database.
    const schema = `backup_${crypto.randomBytes(5).toString('hex')}`
    const sql = new pg.Client({ connectionString: DATABASE_URL })
    await sql.connect()
    try {
      await sql.query(`CREATE SCHEMA ${schema}`)
      const url = new URL(DATABASE_URL!)
      url.searchParams.set('options', `-c search_path=${schema}`)
      const env = { ...baseEnv(), DATABASE_URL: url.toString(), AULA_DATA_DIR: tmp() }
      const before = email('before.dump')
      const after = email('after.dump')
      await withServer(env, (_s, admin) => createUserWith(admin, POOL_ID, before, PASSWORD))
      const dump = path.join(tmp(), 'aula.dump')
      // While the processes run: pg_dump reads one consistent snapshot.
      await withServer(env, async (_s, admin) => {
        execFileSync('pg_dump', ['--format=custom', `--schema=${schema}`, `--file=${dump}`, `--dbname=${DATABASE_URL}`])
        await createUserWith(admin, POOL_ID, after, PASSWORD)
      })
      await sql.query(`DROP SCHEMA ${schema} CASCADE`)
      execFileSync('pg_restore', ['--no-owner', `--dbname=${DATABASE_URL}`, dump])
      await withServer(env, async (_s, admin) => {
        expect(await exists(admin, before)).toBe(true)
        expect(await exists(admin, after)).toBe(false)
      })
    } finally {
      await sql.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
      await sql.end()
    }
  })
})
