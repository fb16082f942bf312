import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {
  AuthenticationDetails,
  CognitoUser,
  CognitoUserAttribute,
  CognitoUserPool,
  type CognitoUserSession,
  type ICognitoStorage,
} from 'amazon-cognito-identity-js'
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider'
import { loadSecrets } from '../../server/identity/secrets.js'
import { createTestApp, type TestApp } from '../helpers/app.js'
import { codeIn, mailsTo } from '../helpers/mail.js'

/** A browser's localStorage, one per simulated browser (so device secrets stay apart). */
export class BrowserStorage implements ICognitoStorage {
  private items = new Map<string, string>()
  setItem(key: string, value: string) {
    this.items.set(key, value)
  }
  getItem(key: string) {
    return this.items.get(key) ?? null
  }
  removeItem(key: string) {
    this.items.delete(key)
  }
  clear() {
    this.items.clear()
  }
  keys() {
    return [...this.items.keys()]
  }
}

export interface IdentityServer extends TestApp {
  endpoint: string
  baseUrl: string
  dataDir: string
  poolId: string
  clientId: string
  printed: string[]
  pool(storage?: BrowserStorage): CognitoUserPool
}

/** The real app on a fresh database, listening on a free loopback port, with its own data dir. */
export async function startIdentityServer(env: Record<string, string> = {}): Promise<IdentityServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aula-identity-'))
  const printed: string[] = []
  const t = await createTestApp({ env: { AULA_DATA_DIR: dataDir, ...env }, print: (line) => printed.push(line) })
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  const address = t.app.server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  const baseUrl = `http://127.0.0.1:${port}`
  const endpoint = `${baseUrl}/identity/`
  const poolId = t.config.IDENTITY_USER_POOL_ID
  const clientId = t.config.IDENTITY_CLIENT_ID
  return {
    ...t,
    endpoint,
    baseUrl,
    dataDir,
    poolId,
    clientId,
    printed,
    pool: (storage = new BrowserStorage()) => new CognitoUserPool({ UserPoolId: poolId, ClientId: clientId, endpoint, Storage: storage }),
    close: async () => {
      await t.close()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** The .eml messages written for one address, oldest first, decoded. */
export const mailbox = mailsTo

/** The 6-digit code of the newest message to `to`. */
export function latestCode(dataDir: string, to: string): string {
  const messages = mailbox(dataDir, to)
  const last = messages[messages.length - 1]
  const code = codeIn(last)
  if (!code) throw new Error(`no code mailed to ${to}`)
  return code
}

/** Waits until `count` messages were written to `to` (password-reset and resent codes leave after their answer). */
export async function waitForMail(dataDir: string, to: string, count: number): Promise<void> {
  for (let i = 0; i < 250 && mailbox(dataDir, to).length < count; i++) await new Promise((r) => setTimeout(r, 20))
  if (mailbox(dataDir, to).length < count) throw new Error(`expected ${count} messages to ${to}`)
}

export const STRONG = 'Correct-Horse-7-battery'

let seq = 0
export const uniqueEmail = (tag: string) => `${tag}.${process.pid}.${Date.now()}.${seq++}@example.test`

type CognitoErr = Error & { code?: string }

/** Promise wrappers over the library's callbacks. */
export function signUp(pool: CognitoUserPool, email: string, password: string, attributes: Record<string, string> = {}) {
  const attrs = Object.entries(attributes).map(([Name, Value]) => new CognitoUserAttribute({ Name, Value }))
  return new Promise<{ userSub: string; userConfirmed: boolean; codeDeliveryDetails: { Destination: string } }>((resolve, reject) =>
    pool.signUp(email, password, attrs, [], (err, result) => (err ? reject(err) : resolve(result as never))),
  )
}

export function confirm(pool: CognitoUserPool, email: string, code: string) {
  const user = new CognitoUser({ Username: email, Pool: pool })
  return new Promise<string>((resolve, reject) => user.confirmRegistration(code, false, (err, r) => (err ? reject(err) : resolve(r))))
}

export type SignInResult =
  { kind: 'success'; user: CognitoUser; session: CognitoUserSession } | { kind: 'new-password'; user: CognitoUser; attributes: Record<string, string> }

/** authenticateUser (USER_SRP_AUTH by default). */
export function signIn(pool: CognitoUserPool, email: string, password: string, flow?: 'USER_PASSWORD_AUTH'): Promise<SignInResult> {
  const user = new CognitoUser({ Username: email, Pool: pool, Storage: (pool as unknown as { storage: ICognitoStorage }).storage })
  if (flow) user.setAuthenticationFlowType(flow)
  return new Promise((resolve, reject) =>
    user.authenticateUser(new AuthenticationDetails({ Username: email, Password: password }), {
      onSuccess: (session) => resolve({ kind: 'success', user, session }),
      onFailure: (err: CognitoErr) => reject(err),
      newPasswordRequired: (attributes: Record<string, string>) => resolve({ kind: 'new-password', user, attributes }),
    }),
  )
}

export function completeNewPassword(user: CognitoUser, password: string, attributes: Record<string, string> = {}) {
  return new Promise<CognitoUserSession>((resolve, reject) =>
    user.completeNewPasswordChallenge(password, attributes, { onSuccess: resolve, onFailure: reject }),
  )
}

export function refresh(user: CognitoUser, session: CognitoUserSession) {
  return new Promise<CognitoUserSession>((resolve, reject) => user.refreshSession(session.getRefreshToken(), (err, s) => (err ? reject(err) : resolve(s))))
}

export function changePassword(user: CognitoUser, oldPassword: string, newPassword: string) {
  return new Promise<string>((resolve, reject) => user.changePassword(oldPassword, newPassword, (err, r) => (err ? reject(err) : resolve(r as string))))
}

export function forgotPassword(pool: CognitoUserPool, email: string) {
  const user = new CognitoUser({ Username: email, Pool: pool })
  return new Promise<{ CodeDeliveryDetails: { Destination: string } }>((resolve, reject) =>
    user.forgotPassword({ onSuccess: (data) => resolve(data as never), onFailure: reject }),
  )
}

export function confirmPassword(pool: CognitoUserPool, email: string, code: string, password: string) {
  const user = new CognitoUser({ Username: email, Pool: pool })
  return new Promise<string>((resolve, reject) => user.confirmPassword(code, password, { onSuccess: resolve, onFailure: reject }))
}

export function globalSignOut(user: CognitoUser) {
  return new Promise<string>((resolve, reject) => user.globalSignOut({ onSuccess: resolve, onFailure: reject }))
}

export function listDevices(user: CognitoUser) {
  return new Promise<{ Devices: Array<{ DeviceKey: string; DeviceAttributes: Array<{ Name: string; Value: string }>; DeviceLastAuthenticatedDate?: number }> }>(
    (resolve, reject) => user.listDevices(10, null, { onSuccess: (r) => resolve(r as never), onFailure: reject }),
  )
}

export function forgetDevice(user: CognitoUser) {
  return new Promise<string>((resolve, reject) => user.forgetDevice({ onSuccess: resolve, onFailure: reject }))
}

export function getAttributes(user: CognitoUser) {
  return new Promise<Record<string, string>>((resolve, reject) =>
    user.getUserAttributes((err, attrs) => (err ? reject(err) : resolve(Object.fromEntries((attrs ?? []).map((a) => [a.getName(), a.getValue()]))))),
  )
}

/** The rejection of a promise (fails when it resolves). */
export async function failure(promise: Promise<unknown>): Promise<CognitoErr> {
  try {
    await promise
  } catch (error) {
    return error as CognitoErr
  }
  throw new Error('expected the call to fail')
}

/** The real AWS SDK's admin client, signing with the service's admin secrets (SigV4), no retries. */
export function adminClient(server: IdentityServer, extra: { systemClockOffset?: number } = {}): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({
    region: 'eu-west-1',
    endpoint: server.endpoint,
    credentials: loadSecrets(server.config).admin,
    maxAttempts: 1,
    ...extra,
  })
}
