/**
 * Benchmark: complete SRP sign-ins per second against the embedded identity service.
 *
 * One sign-in = InitiateAuth (USER_SRP_AUTH) + RespondToAuthChallenge (PASSWORD_VERIFIER) over
 * HTTP on loopback, ending with tokens (a new-device sign-in: refresh token and pending device
 * stored). The client side is a native SRP client (OpenSSL modexp) running in the same process,
 * so the figure includes the client's share of the math; the browser library is far slower on the
 * client side and would measure itself, not the server.
 *
 *   npx tsx tests/bench/srp.ts            (PGlite in memory)
 *   BENCH_DATABASE_URL=postgres://… npx tsx tests/bench/srp.ts
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { AdminCreateUserCommand, AdminSetUserPasswordCommand } from '@aws-sdk/client-cognito-identity-provider'
import { buildApp } from '../../server/app.js'
import { loadConfig } from '../../server/config.js'
import { openDb } from '../../server/db/index.js'
import { migrate } from '../../server/db/migrate.js'
import type { App } from '../../server/types.js'
import { computeX, formatTimestamp, fromHex, g, k, modPow, N, pad } from '../../server/identity/srp.js'

const sha256hex = (hex: string) => crypto.createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex')

/** The client's half of one sign-in, with the same equations as amazon-cognito-identity-js; gives the access token. */
export async function signIn(endpoint: string, clientId: string, poolName: string, email: string, password: string): Promise<string> {
  const post = async (op: string, body: unknown) => {
    const res = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${op}` },
      body: JSON.stringify(body),
    })
    const json = (await res.json()) as Record<string, unknown>
    if (!res.ok) throw new Error(`${op}: ${JSON.stringify(json)}`)
    return json
  }
  const a = fromHex(crypto.randomBytes(32).toString('hex'))
  const A = modPow(g, a)
  const init = await post('InitiateAuth', { AuthFlow: 'USER_SRP_AUTH', ClientId: clientId, AuthParameters: { USERNAME: email, SRP_A: A.toString(16) } })
  const p = init.ChallengeParameters as Record<string, string>
  const B = fromHex(p.SRP_B)
  const u = fromHex(sha256hex(pad(A) + pad(B)))
  const x = computeX(pad(fromHex(p.SALT)), poolName, p.USER_ID_FOR_SRP, password)
  const base = (((B - k * modPow(g, x)) % N) + N) % N
  const S = modPow(base, a + u * x)
  const key = Buffer.from(crypto.hkdfSync('sha256', Buffer.from(pad(S), 'hex'), Buffer.from(pad(u), 'hex'), 'Caldera Derived Key', 16))
  const timestamp = formatTimestamp(new Date())
  const signature = crypto
    .createHmac('sha256', key)
    .update(Buffer.concat([Buffer.from(poolName), Buffer.from(p.USER_ID_FOR_SRP), Buffer.from(p.SECRET_BLOCK, 'base64'), Buffer.from(timestamp)]))
    .digest('base64')
  const done = await post('RespondToAuthChallenge', {
    ChallengeName: 'PASSWORD_VERIFIER',
    ClientId: clientId,
    ChallengeResponses: { USERNAME: p.USER_ID_FOR_SRP, PASSWORD_CLAIM_SECRET_BLOCK: p.SECRET_BLOCK, TIMESTAMP: timestamp, PASSWORD_CLAIM_SIGNATURE: signature },
  })
  const accessToken = (done.AuthenticationResult as { AccessToken?: string } | undefined)?.AccessToken
  if (!accessToken) throw new Error('no tokens')
  return accessToken
}

/** A confirmed user with a permanent password, made through the admin API. */
export async function createBenchUser(app: App, email: string, password: string): Promise<void> {
  const UserPoolId = app.config.IDENTITY_USER_POOL_ID
  await app.identityAdmin.send(new AdminCreateUserCommand({ UserPoolId, Username: email, MessageAction: 'SUPPRESS' }))
  await app.identityAdmin.send(new AdminSetUserPasswordCommand({ UserPoolId, Username: email, Password: password, Permanent: true }))
}

export interface SrpBenchOptions {
  /** Measuring time in ms (after a warm-up). */
  durationMs?: number
  /** Sign-ins in flight at once. */
  concurrency?: number
  /** PostgreSQL URL; PGlite in memory when absent. */
  databaseUrl?: string
}

export async function benchSrp(options: SrpBenchOptions = {}): Promise<{ signInsPerSecond: number }> {
  const durationMs = options.durationMs ?? 10_000
  const concurrency = options.concurrency ?? 8
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aula-bench-srp-'))
  const schema = options.databaseUrl ? `bench_${crypto.randomBytes(4).toString('hex')}` : undefined
  const db = await openDb(options.databaseUrl ? { url: options.databaseUrl, schema } : {})
  await migrate(db)
  const config = loadConfig({ AULA_DATA_DIR: dataDir, WEB_BUILD: 'never', LOG_LEVEL: 'silent' })
  const app = await buildApp({ config, db, print: () => {} })
  try {
    await app.listen({ port: 0, host: '127.0.0.1' })
    const address = app.server.address()
    const endpoint = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/identity/`
    const poolId = config.IDENTITY_USER_POOL_ID
    const users = Array.from({ length: concurrency }, (_, i) => ({ email: `bench${i}@example.test`, password: `Bench-Password-${i}!x` }))
    for (const u of users) await createBenchUser(app, u.email, u.password)
    const poolName = poolId.split('_')[1]
    const run = async (ms: number) => {
      const until = Date.now() + ms
      let count = 0
      await Promise.all(
        users.map(async (u) => {
          while (Date.now() < until) {
            await signIn(endpoint, config.IDENTITY_CLIENT_ID, poolName, u.email, u.password)
            count++
          }
        }),
      )
      return count
    }
    await run(Math.min(2000, durationMs / 4))
    const started = performance.now()
    const count = await run(durationMs)
    return { signInsPerSecond: Math.round((count / ((performance.now() - started) / 1000)) * 10) / 10 }
  } finally {
    await app.close()
    if (schema) await db.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
    await db.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const databaseUrl = process.env.BENCH_DATABASE_URL
  const { signInsPerSecond } = await benchSrp({ databaseUrl })
  console.log(`SRP sign-ins per second (${databaseUrl ? 'PostgreSQL' : 'PGlite'}, ${os.cpus().length} cores): ${signInsPerSecond}`)
}
