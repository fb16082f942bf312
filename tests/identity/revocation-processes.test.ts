/**
 * Two server processes on one PostgreSQL database (a schema of TEST_DATABASE_URL): every kind of
 * revocation made through one is refused by the other within 1 s, and still refused while the
 * other's notification connection is cut. Skipped without TEST_DATABASE_URL (PGlite is one
 * process by nature).
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  AdminAddUserToGroupCommand,
  AdminDisableUserCommand,
  AdminRemoveUserFromGroupCommand,
  AdminUserGlobalSignOutCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider'
import { CognitoUser, CognitoUserPool } from 'amazon-cognito-identity-js'
import { LISTENER_APPLICATION_NAME } from '../../server/db/postgres.js'
import { createUserWith } from '../bench/srp.js'
import { sharedSecrets, startServerProcess, type ServerProcess } from '../helpers/server-process.js'
import { BrowserStorage, globalSignOut, signIn, STRONG } from './helpers.js'

const DATABASE_URL = process.env.TEST_DATABASE_URL
const POOL_ID = 'eu-west-1_AulaLocal'
const CLIENT_ID = '4ulaweb0c1ient0loca10000001'

let a: ServerProcess
let b: ServerProcess
let admin: CognitoIdentityProviderClient
let sql: pg.Client
let schema: string
const dataDirs: string[] = []
let seq = 0

async function start(env: Record<string, string>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aula-two-'))
  dataDirs.push(dataDir)
  return startServerProcess({ ...env, AULA_DATA_DIR: dataDir, WEB_BUILD: 'never', LOG_LEVEL: 'info' })
}

/** A confirmed user signed in through process A with the real client library. */
async function signedInUser() {
  const email = `two.${process.pid}.${seq++}@example.test`
  await createUserWith(admin, POOL_ID, email, STRONG)
  const pool = new CognitoUserPool({ UserPoolId: POOL_ID, ClientId: CLIENT_ID, endpoint: `${a.url}/identity/`, Storage: new BrowserStorage() })
  const result = await signIn(pool, email, STRONG)
  if (result.kind !== 'success') throw new Error('expected a session')
  return { email, user: result.user, session: result.session, token: result.session.getAccessToken().getJwtToken() }
}

const statusOn = async (server: ServerProcess, token: string, url = '/api/v2/user/subscriptions?page=1') =>
  (await fetch(`${server.url}${url}`, { headers: { authorization: `Bearer ${token}` } })).status

/** The status `server` answers, asked every 50 ms until it is `expected` or 1 s has passed. */
async function statusWithinOneSecond(server: ServerProcess, token: string, expected: number, url?: string) {
  const deadline = Date.now() + 1000
  let status = await statusOn(server, token, url)
  while (status !== expected && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50))
    status = await statusOn(server, token, url)
  }
  return status
}

const signOut = (user: CognitoUser) => new Promise<void>((resolve, reject) => user.signOut((err?: Error) => (err ? reject(err) : resolve())))

describe.skipIf(!DATABASE_URL)('revocations across two server processes on one PostgreSQL database', () => {
  beforeAll(async () => {
    schema = `two_${crypto.randomBytes(5).toString('hex')}`
    sql = new pg.Client({ connectionString: DATABASE_URL })
    await sql.connect()
    await sql.query(`CREATE SCHEMA ${schema}`)
    const url = new URL(DATABASE_URL!)
    url.searchParams.set('options', `-c search_path=${schema}`)
    const env = { ...sharedSecrets(), DATABASE_URL: url.toString(), IDENTITY_USER_POOL_ID: POOL_ID, IDENTITY_CLIENT_ID: CLIENT_ID }
    a = await start(env)
    b = await start(env)
    admin = a.admin()
  }, 120_000)

  afterAll(async () => {
    admin?.destroy()
    await Promise.all([a?.stop(), b?.stop()])
    await sql?.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
    await sql?.end()
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true })
  })

  it('refuses on B, within 1 s, a session signed out through A (RevokeToken)', async () => {
    const u = await signedInUser()
    expect(await statusOn(b, u.token)).toBe(200)
    await signOut(u.user)
    expect(await statusWithinOneSecond(b, u.token, 401)).toBe(401)
  })

  it('refuses on B every session of a user who signed out globally through A', async () => {
    const u = await signedInUser()
    expect(await statusOn(b, u.token)).toBe(200)
    await globalSignOut(u.user)
    expect(await statusWithinOneSecond(b, u.token, 401)).toBe(401)
  })

  it('refuses on B a user disabled through A', async () => {
    const u = await signedInUser()
    expect(await statusOn(b, u.token)).toBe(200)
    await admin.send(new AdminDisableUserCommand({ UserPoolId: POOL_ID, Username: u.email }))
    expect(await statusWithinOneSecond(b, u.token, 401)).toBe(401)
  })

  it('refuses on B a user an administrator signed out through A', async () => {
    const u = await signedInUser()
    expect(await statusOn(b, u.token)).toBe(200)
    await admin.send(new AdminUserGlobalSignOutCommand({ UserPoolId: POOL_ID, Username: u.email }))
    expect(await statusWithinOneSecond(b, u.token, 401)).toBe(401)
  })

  it('follows on B, within 1 s, group changes made through A', async () => {
    const u = await signedInUser()
    const adminRoute = '/api/v2/metrics/server/version'
    expect(await statusOn(b, u.token, adminRoute)).toBe(403)
    await admin.send(new AdminAddUserToGroupCommand({ UserPoolId: POOL_ID, Username: u.email, GroupName: 'admin' }))
    expect(await statusWithinOneSecond(b, u.token, 200, adminRoute)).toBe(200)
    await admin.send(new AdminRemoveUserFromGroupCommand({ UserPoolId: POOL_ID, Username: u.email, GroupName: 'admin' }))
    expect(await statusWithinOneSecond(b, u.token, 403, adminRoute)).toBe(403)
  })

  it('still refuses revoked sessions on B while its notification connection is cut', async () => {
    const users = [await signedInUser(), await signedInUser(), await signedInUser()]
    for (const u of users) expect(await statusOn(b, u.token)).toBe(200)
    // Cut B's LISTEN connection, and keep cutting it each time it reconnects.
    const cut = () => sql.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1', [`${LISTENER_APPLICATION_NAME}-${b.pid}`])
    let cutting = true
    const keepCutting = (async () => {
      while (cutting) {
        await cut()
        await new Promise((r) => setTimeout(r, 20))
      }
    })()
    try {
      const deadline = Date.now() + 10_000
      while (!b.output().includes('access notifications lost') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20))
      expect(b.output()).toContain('access notifications lost')

      await signOut(users[0].user)
      await admin.send(new AdminDisableUserCommand({ UserPoolId: POOL_ID, Username: users[1].email }))
      await admin.send(new AdminUserGlobalSignOutCommand({ UserPoolId: POOL_ID, Username: users[2].email }))
      // No waiting: without notifications B asks the database on every request.
      for (const u of users) expect(await statusOn(b, u.token)).toBe(401)
    } finally {
      cutting = false
      await keepCutting
    }
    // Back to listening: the cache resumes and still refuses them; other sessions still work.
    const deadline = Date.now() + 15_000
    while (!b.output().includes('access notifications back') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50))
    expect(b.output()).toContain('access notifications back')
    for (const u of users) expect(await statusOn(b, u.token)).toBe(401)
    const fresh = await signedInUser()
    expect(await statusOn(b, fresh.token)).toBe(200)
  }, 60_000)
})
