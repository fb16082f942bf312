/**
 * Benchmark: complete SRP sign-ins per second against the embedded identity service.
 *
 * One sign-in = InitiateAuth (USER_SRP_AUTH) + RespondToAuthChallenge (PASSWORD_VERIFIER) over
 * HTTP on loopback, ending with tokens (a new-device sign-in: refresh token and pending device
 * stored). The client side is a native SRP client (OpenSSL modexp) in a process of its own; on a
 * small machine it still shares the cores with the server. The browser library is far slower on
 * the client side and would measure itself, not the server.
 *
 *   npx tsx tests/bench/srp.ts            (PGlite in a temporary data dir)
 *   BENCH_DATABASE_URL=postgres://… npx tsx tests/bench/srp.ts
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { spawn } from 'node:child_process'
import { AdminCreateUserCommand, AdminSetUserPasswordCommand, type CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider'
import { loadConfig } from '../../server/config.js'
import type { App } from '../../server/types.js'
import { sharedSecrets, startServerProcess } from '../helpers/server-process.js'
import { computeX, formatTimestamp, fromHex, g, k, modPow, N, pad } from '../../server/identity/srp.js'

const sha256hex = (hex: string) => crypto.createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex')

export interface SignInTokens {
  AccessToken: string
  IdToken: string
  RefreshToken: string
  NewDeviceMetadata?: { DeviceKey: string; DeviceGroupKey: string }
}

/** The client's half of one sign-in, with the same equations as amazon-cognito-identity-js; gives the tokens. */
export async function signInTokens(endpoint: string, clientId: string, poolName: string, email: string, password: string): Promise<SignInTokens> {
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
  const tokens = done.AuthenticationResult as SignInTokens | undefined
  if (!tokens?.AccessToken) throw new Error('no tokens')
  return tokens
}

/** signInTokens, keeping only the access token. */
export async function signIn(endpoint: string, clientId: string, poolName: string, email: string, password: string): Promise<string> {
  return (await signInTokens(endpoint, clientId, poolName, email, password)).AccessToken
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
  /** PostgreSQL URL (its schema must exist); PGlite under a temporary data dir when absent. */
  databaseUrl?: string
}

/**
 * Complete SRP sign-ins per second: the real server (its build, as `npm start` runs it) in one process, the native
 * client in another (so neither steals the other's event loop), `concurrency` users signing in
 * again and again for `durationMs`.
 */
export async function benchSrp(options: SrpBenchOptions = {}): Promise<{ signInsPerSecond: number; serverCpuMsPerSignIn: number }> {
  const durationMs = options.durationMs ?? 10_000
  const concurrency = options.concurrency ?? 8
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aula-bench-srp-'))
  const secrets = sharedSecrets()
  const env = {
    ...secrets,
    AULA_DATA_DIR: dataDir,
    WEB_BUILD: 'never',
    LOG_LEVEL: 'warn',
    AULA_SEED: 'none',
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
  }
  const server = await startServerProcess(env)
  try {
    const config = loadConfig(env)
    const admin = server.admin()
    const users = Array.from({ length: concurrency }, (_, i) => ({ email: `bench${i}@example.test`, password: `Bench-Password-${i}!x` }))
    for (const u of users) await createUserWith(admin, config.IDENTITY_USER_POOL_ID, u.email, u.password)
    admin.destroy()
    const job: ClientJob = {
      endpoint: `${server.url}/identity/`,
      clientId: config.IDENTITY_CLIENT_ID,
      poolName: config.IDENTITY_USER_POOL_ID.split('_')[1],
      users,
      durationMs,
    }
    const cpuBefore = server.cpuMs()
    const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), 'client', JSON.stringify(job)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let out = ''
    child.stdout.on('data', (d: Buffer) => (out += d.toString()))
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
    if (code !== 0) throw new Error(`SRP client failed (${code})`)
    const result = JSON.parse(out.trim().split('\n').pop()!) as { signInsPerSecond: number; count: number }
    // Warm-up included: the server's CPU time over every sign-in the client made.
    return { signInsPerSecond: result.signInsPerSecond, serverCpuMsPerSignIn: (server.cpuMs() - cpuBefore) / result.count }
  } finally {
    await server.stop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

/** A confirmed user with a permanent password, through the admin API of a server process. */
export async function createUserWith(admin: CognitoIdentityProviderClient, UserPoolId: string, email: string, password: string) {
  await admin.send(new AdminCreateUserCommand({ UserPoolId, Username: email, MessageAction: 'SUPPRESS' }))
  await admin.send(new AdminSetUserPasswordCommand({ UserPoolId, Username: email, Password: password, Permanent: true }))
}

interface ClientJob {
  endpoint: string
  clientId: string
  poolName: string
  users: Array<{ email: string; password: string }>
  durationMs: number
}

/** The client process: every user signs in in a loop; prints the rate after a warm-up. */
async function runClient(job: ClientJob) {
  const run = async (ms: number) => {
    const until = Date.now() + ms
    let count = 0
    await Promise.all(
      job.users.map(async (u) => {
        while (Date.now() < until) {
          await signIn(job.endpoint, job.clientId, job.poolName, u.email, u.password)
          count++
        }
      }),
    )
    return count
  }
  const warm = await run(Math.min(2000, job.durationMs / 4))
  const started = performance.now()
  const count = await run(job.durationMs)
  console.log(JSON.stringify({ signInsPerSecond: Math.round((count / ((performance.now() - started) / 1000)) * 10) / 10, count: warm + count }))
}

const self = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)
if (self && process.argv[2] === 'client') {
  await runClient(JSON.parse(process.argv[3]) as ClientJob)
} else if (self) {
  const databaseUrl = process.env.BENCH_DATABASE_URL
  const { signInsPerSecond, serverCpuMsPerSignIn } = await benchSrp({ databaseUrl })
  console.log(
    `SRP sign-ins per second (${databaseUrl ? 'PostgreSQL' : 'PGlite'}, ${os.cpus().length} cores): ${signInsPerSecond}; server CPU per sign-in ${serverCpuMsPerSignIn.toFixed(2)} ms`,
  )
}
