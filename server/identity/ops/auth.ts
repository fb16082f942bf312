import crypto from 'node:crypto'
import { attributeWrites, type IdentityContext } from '../context.js'
import { Errors, invalidParameter } from '../errors.js'
import type { Input } from '../schemas.js'
import { expectedSignature, fromHex, g, modPow, pad, parseClientA, parseTimestamp, sameHex, serverEphemeral, verifierFor } from '../srp.js'
import type { User } from '../users.js'
import { MFA_SESSION_ATTEMPTS, mfaChallenge, mfaCodeMismatch } from './mfa.js'
import type { OpRequest } from './types.js'

/** State kept between InitiateAuth (USER_SRP_AUTH) and PASSWORD_VERIFIER, and for the device steps. */
interface SrpState {
  A: string
  b: string
  B: string
  /** Set for an unknown user: the proof can never succeed. */
  simulated?: boolean
}
interface NextStep {
  deviceKey?: string | null
}

const TIMESTAMP_WINDOW_MS = 5 * 60_000

function required(map: Record<string, string> | undefined, name: string): string {
  const value = map?.[name]
  if (value === undefined || value === '') throw invalidParameter(`Missing required parameter ${name}`)
  return value
}

function checkLockout(user: User) {
  if (user.lockoutUntil && user.lockoutUntil.getTime() > Date.now()) throw Errors.attemptsExceeded()
}

/** Same salt and user id for the same unknown name every time (RFC 5054 §2.5.1.3), so probing learns nothing. */
function simulatedUser(ctx: IdentityContext, name: string) {
  const seed = ctx.secrets.box.derive(`unknown-user:${ctx.settings.poolId}:${name.toLowerCase()}`)
  const hex = seed.toString('hex')
  // A version-4 UUID like crypto.randomUUID's: the variant digit is one of 8, 9, a, b as in real ids.
  const variant = '89ab'[parseInt(hex[16], 16) & 3]
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`
  const salt = pad(fromHex(seed.subarray(16, 32).toString('hex')))
  const verifier = pad(modPow(g, fromHex(hex)))
  return { id, salt, verifier }
}

/** Per-address brake on password spraying: an address past its failed sign-ins for the hour is refused. */
function checkAddress(ctx: IdentityContext, req: OpRequest) {
  if (ctx.signIns.blocked(req.address)) throw Errors.attemptsExceeded()
}

function checkTimestamp(ts: string) {
  const parsed = parseTimestamp(ts)
  if (parsed === 'format') throw Errors.badTimestamp()
  if (parsed === 'invalid' || Math.abs(parsed.getTime() - Date.now()) > TIMESTAMP_WINDOW_MS) throw Errors.incorrectCredentials()
}

function signatureMatches(expected: Buffer | null, claimed: string): boolean {
  const got = Buffer.from(claimed, 'base64')
  return expected !== null && got.length === expected.length && crypto.timingSafeEqual(got, expected)
}

export async function initiateAuth(ctx: IdentityContext, input: Input<'InitiateAuth'>, req: OpRequest) {
  ctx.checkClient(input.ClientId)
  const params = input.AuthParameters ?? {}
  switch (input.AuthFlow) {
    case 'USER_SRP_AUTH':
      checkAddress(ctx, req)
      return startSrp(ctx, input.ClientId, params)
    case 'USER_PASSWORD_AUTH':
      if (!ctx.settings.userPasswordAuth) throw invalidParameter('USER_PASSWORD_AUTH flow not enabled for this client')
      checkAddress(ctx, req)
      return passwordAuth(ctx, params, req)
    case 'REFRESH_TOKEN_AUTH':
    case 'REFRESH_TOKEN':
      return refresh(ctx, input.ClientId, params)
    default:
      throw invalidParameter(`${input.AuthFlow} flow not enabled for this client`)
  }
}

async function startSrp(ctx: IdentityContext, clientId: string, params: Record<string, string>) {
  const name = required(params, 'USERNAME')
  const A = parseClientA(required(params, 'SRP_A'))
  if (A === null) throw invalidParameter('Invalid SRP_A value.')
  const user = await ctx.users.find(ctx.db, name)
  if (user && user.status === 'UNCONFIRMED') throw Errors.notConfirmed()
  const who = user ? { id: user.username, salt: user.salt, verifier: user.verifier } : simulatedUser(ctx, name)
  const { b, B } = serverEphemeral(who.verifier)
  const state: SrpState = { A: A.toString(16), b: b.toString(16), B: B.toString(16), ...(user ? {} : { simulated: true }) }
  const secretBlock = await ctx.handshakes.create(ctx.db, { kind: 'PASSWORD_VERIFIER', username: who.id, clientId, data: state })
  return {
    ChallengeName: 'PASSWORD_VERIFIER',
    ChallengeParameters: { SALT: who.salt, SRP_B: B.toString(16), SECRET_BLOCK: secretBlock, USER_ID_FOR_SRP: who.id, USERNAME: who.id },
  }
}

async function passwordAuth(ctx: IdentityContext, params: Record<string, string>, req: OpRequest) {
  const name = required(params, 'USERNAME')
  const password = required(params, 'PASSWORD')
  const user = await ctx.users.find(ctx.db, name)
  if (!user) {
    // Same work as a real check, so timing does not tell unknown users apart.
    verifierFor(simulatedUser(ctx, name).salt, ctx.settings.poolName, name, password)
    ctx.signIns.failed(req.address)
    throw Errors.incorrectCredentials()
  }
  if (user.status === 'UNCONFIRMED') throw Errors.notConfirmed()
  checkLockout(user)
  if (!sameHex(verifierFor(user.salt, ctx.settings.poolName, user.username, password), user.verifier)) {
    await ctx.users.recordFailure(ctx.db, user.username)
    ctx.signIns.failed(req.address)
    throw Errors.incorrectCredentials()
  }
  await checkDeviceKnown(ctx, user, params.DEVICE_KEY)
  return afterPasswordProof(ctx, user, { deviceKey: params.DEVICE_KEY }, req)
}

async function refresh(ctx: IdentityContext, clientId: string, params: Record<string, string>) {
  const session = await ctx.tokens.refreshSession(ctx.db, required(params, 'REFRESH_TOKEN'), clientId)
  const user = await ctx.users.find(ctx.db, session.username)
  if (!user) throw Errors.invalidRefreshToken()
  if (!user.enabled) throw Errors.disabled()
  session.check()
  // With device tracking, a refresh token works only from the device it was issued to.
  if (session.deviceKey && params.DEVICE_KEY !== session.deviceKey) throw Errors.invalidRefreshToken()
  const groups = await ctx.users.groupsOf(ctx.db, user.username)
  const jwts = ctx.tokens.issueJwts({ user, groups, originJti: session.originJti, authTime: session.authTime, deviceKey: session.deviceKey })
  return { ChallengeParameters: {}, AuthenticationResult: { ...jwts, ExpiresIn: ctx.settings.accessTokenSeconds, TokenType: 'Bearer' } }
}

/** An unknown or unconfirmed device key: ResourceNotFoundException (the client then retries without it). */
async function checkDeviceKnown(ctx: IdentityContext, user: User, deviceKey: string | undefined) {
  if (!deviceKey || ctx.settings.deviceTracking === 'off') return
  const device = await ctx.devices.get(ctx.db, deviceKey, user.username)
  if (!device || !device.confirmed) throw Errors.deviceNotFound()
}

/**
 * The password is proven: account state checks, then the new-password challenge, the two-step
 * challenges, the device challenge, or tokens (with NewDeviceMetadata for a sign-in without a device).
 */
async function afterPasswordProof(ctx: IdentityContext, user: User, next: NextStep, req: OpRequest): Promise<unknown> {
  if (!user.enabled) throw Errors.disabled()
  if (user.status === 'RESET_REQUIRED') throw Errors.resetRequired()
  if (user.status === 'FORCE_CHANGE_PASSWORD') {
    if (user.failedAttempts > 0) await ctx.users.clearFailures(ctx.db, user.username)
    if (!user.tempPasswordExpiresAt || user.tempPasswordExpiresAt.getTime() < Date.now()) throw Errors.tempPasswordExpired()
    const session = await ctx.handshakes.create<NextStep>(ctx.db, {
      kind: 'NEW_PASSWORD_REQUIRED',
      username: user.username,
      clientId: ctx.settings.clientId,
      data: next,
    })
    const { sub: _sub, ...visible } = { sub: user.username, ...user.attributes }
    return {
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      Session: session,
      ChallengeParameters: { USER_ID_FOR_SRP: user.username, requiredAttributes: '[]', userAttributes: JSON.stringify(visible) },
    }
  }
  // Failed attempts are cleared only once the whole sign-in succeeds: otherwise a known password
  // would reset the counter between guesses of the second factor.
  const challenge = await mfaChallenge(ctx, user, next.deviceKey)
  if (challenge) return challenge
  if (user.failedAttempts > 0) await ctx.users.clearFailures(ctx.db, user.username)
  return deviceStep(ctx, user, next, req)
}

/** Tokens for a sign-in whose credentials are all proven: the device challenge or NewDeviceMetadata. */
async function deviceStep(ctx: IdentityContext, user: User, next: NextStep & { secondFactor?: boolean }, req: OpRequest): Promise<unknown> {
  const tracking = ctx.settings.deviceTracking
  if (tracking !== 'off' && next.deviceKey) {
    const device = await ctx.devices.get(ctx.db, next.deviceKey, user.username)
    if (!device || !device.confirmed) throw Errors.deviceNotFound()
    // After a second factor the client answers the device challenge with the MFA Session, which is
    // spent: the known device is recorded without it (it proves no more than the code did).
    if (!next.secondFactor && (device.remembered || tracking === 'always')) {
      const session = await ctx.handshakes.create<NextStep>(ctx.db, {
        kind: 'DEVICE_SRP_AUTH',
        username: user.username,
        clientId: ctx.settings.clientId,
        data: { deviceKey: device.deviceKey },
      })
      return { ChallengeName: 'DEVICE_SRP_AUTH', Session: session, ChallengeParameters: {} }
    }
    await ctx.devices.touch(ctx.db, device.deviceKey, req.ip)
    return tokensFor(ctx, user, device.deviceKey)
  }
  if (tracking !== 'off') {
    const device = await ctx.devices.createPending(ctx.db, user.username, req.ip)
    const result = await tokensFor(ctx, user, device.deviceKey)
    return {
      ...result,
      AuthenticationResult: { ...result.AuthenticationResult, NewDeviceMetadata: { DeviceKey: device.deviceKey, DeviceGroupKey: device.groupKey } },
    }
  }
  return tokensFor(ctx, user, null)
}

async function tokensFor(ctx: IdentityContext, user: User, deviceKey: string | null) {
  const groups = await ctx.users.groupsOf(ctx.db, user.username)
  const tokens = await ctx.tokens.issueSession(ctx.db, { user, groups, deviceKey })
  return { ChallengeParameters: {}, AuthenticationResult: tokens }
}

export async function respondToAuthChallenge(ctx: IdentityContext, input: Input<'RespondToAuthChallenge'>, req: OpRequest) {
  ctx.checkClient(input.ClientId)
  const responses = input.ChallengeResponses ?? {}
  switch (input.ChallengeName) {
    case 'PASSWORD_VERIFIER':
      return passwordVerifier(ctx, input.ClientId, responses, req)
    case 'NEW_PASSWORD_REQUIRED':
      return newPasswordRequired(ctx, input.ClientId, input.Session, responses, req)
    case 'DEVICE_SRP_AUTH':
      return deviceSrpAuth(ctx, input.ClientId, input.Session, responses)
    case 'DEVICE_PASSWORD_VERIFIER':
      return devicePasswordVerifier(ctx, input.ClientId, input.Session, responses, req)
    case 'SOFTWARE_TOKEN_MFA':
      return softwareTokenMfa(ctx, input.ClientId, input.Session, responses, req)
    case 'MFA_SETUP':
      return mfaSetup(ctx, input.ClientId, input.Session, responses, req)
    default:
      throw invalidParameter(`Unsupported challenge ${input.ChallengeName}`)
  }
}

async function passwordVerifier(ctx: IdentityContext, clientId: string, r: Record<string, string>, req: OpRequest) {
  const secretBlock = required(r, 'PASSWORD_CLAIM_SECRET_BLOCK')
  const signature = required(r, 'PASSWORD_CLAIM_SIGNATURE')
  const timestamp = required(r, 'TIMESTAMP')
  const username = required(r, 'USERNAME')
  const state = await ctx.handshakes.get<SrpState>(ctx.db, secretBlock, 'PASSWORD_VERIFIER')
  if (!state || state.clientId !== clientId || state.username !== username) throw Errors.incorrectCredentials()
  checkTimestamp(timestamp)
  if (state.data.simulated) {
    await ctx.handshakes.consume(ctx.db, secretBlock)
    ctx.signIns.failed(req.address)
    throw Errors.incorrectCredentials()
  }
  const user = await ctx.users.find(ctx.db, state.username)
  if (!user || user.username !== state.username) {
    await ctx.handshakes.consume(ctx.db, secretBlock)
    throw Errors.incorrectCredentials()
  }
  if (user.lockoutUntil && user.lockoutUntil.getTime() > Date.now()) {
    await ctx.handshakes.consume(ctx.db, secretBlock)
    throw Errors.attemptsExceeded()
  }
  const expected = expectedSignature({
    A: fromHex(state.data.A),
    B: fromHex(state.data.B),
    b: fromHex(state.data.b),
    verifierHex: user.verifier,
    poolName: ctx.settings.poolName,
    userId: user.username,
    secretBlock: Buffer.from(secretBlock, 'base64'),
    timestamp,
  })
  if (!signatureMatches(expected, signature)) {
    // A replay of an answer already refused is not a new attempt.
    if (await ctx.handshakes.consume(ctx.db, secretBlock)) {
      await ctx.users.recordFailure(ctx.db, user.username)
      ctx.signIns.failed(req.address)
    }
    throw Errors.incorrectCredentials()
  }
  // Before consuming the state: the client retries this very request without the device key.
  await checkDeviceKnown(ctx, user, r.DEVICE_KEY)
  if (!(await ctx.handshakes.consume(ctx.db, secretBlock))) throw Errors.incorrectCredentials()
  return afterPasswordProof(ctx, user, { deviceKey: r.DEVICE_KEY }, req)
}

async function newPasswordRequired(ctx: IdentityContext, clientId: string, session: string | undefined, r: Record<string, string>, req: OpRequest) {
  if (!session) throw Errors.sessionExpired()
  const state = await ctx.handshakes.get<NextStep>(ctx.db, session, 'NEW_PASSWORD_REQUIRED')
  if (!state || state.clientId !== clientId) throw Errors.sessionExpired()
  const user = await ctx.users.find(ctx.db, required(r, 'USERNAME'))
  if (!user || user.username !== state.username || user.status !== 'FORCE_CHANGE_PASSWORD') throw Errors.sessionExpired()
  const password = required(r, 'NEW_PASSWORD')
  const writes = attributeWrites(
    Object.entries(r)
      .filter(([key]) => key.startsWith('userAttributes.'))
      .map(([key, Value]) => ({ Name: key.slice('userAttributes.'.length), Value })),
    { admin: false },
  )
  if (writes.email !== undefined) {
    if (writes.email.toLowerCase() !== user.email.toLowerCase()) throw invalidParameter('Cannot modify the email while completing the new password challenge')
    delete writes.email
  }
  const verifier = ctx.verifierFor(user.username, password)
  if (!(await ctx.handshakes.consume(ctx.db, session))) throw Errors.sessionExpired()
  await ctx.db.transaction(async (tx) => {
    await ctx.users.setPassword(tx, user.username, { ...verifier, status: 'CONFIRMED' })
    // The temporary password reached this mailbox, which proves the address.
    await ctx.users.setAttributes(tx, user.username, { ...writes, email_verified: 'true' })
  })
  const updated = (await ctx.users.find(ctx.db, user.username))!
  await checkDeviceKnown(ctx, updated, state.data.deviceKey ?? undefined)
  return afterPasswordProof(ctx, updated, state.data, req)
}

async function deviceSrpAuth(ctx: IdentityContext, clientId: string, session: string | undefined, r: Record<string, string>) {
  if (!session) throw Errors.sessionExpired()
  const state = await ctx.handshakes.get<NextStep>(ctx.db, session, 'DEVICE_SRP_AUTH')
  if (!state || state.clientId !== clientId) throw Errors.sessionExpired()
  const deviceKey = required(r, 'DEVICE_KEY')
  const user = await ctx.users.find(ctx.db, required(r, 'USERNAME'))
  if (!user || user.username !== state.username || deviceKey !== state.data.deviceKey) throw Errors.incorrectCredentials()
  const device = await ctx.devices.get(ctx.db, deviceKey, user.username)
  if (!device || !device.confirmed || !device.verifier || !device.salt) throw Errors.deviceNotFound()
  const A = parseClientA(required(r, 'SRP_A'))
  if (A === null) throw invalidParameter('Invalid SRP_A value.')
  if (!(await ctx.handshakes.consume(ctx.db, session))) throw Errors.sessionExpired()
  const { b, B } = serverEphemeral(device.verifier)
  const handle = await ctx.handshakes.create<SrpState & NextStep>(ctx.db, {
    kind: 'DEVICE_PASSWORD_VERIFIER',
    username: user.username,
    clientId,
    data: { A: A.toString(16), b: b.toString(16), B: B.toString(16), deviceKey },
  })
  return {
    ChallengeName: 'DEVICE_PASSWORD_VERIFIER',
    Session: handle,
    ChallengeParameters: { SALT: device.salt, SRP_B: B.toString(16), SECRET_BLOCK: handle, USERNAME: user.username, DEVICE_KEY: deviceKey },
  }
}

async function devicePasswordVerifier(ctx: IdentityContext, clientId: string, session: string | undefined, r: Record<string, string>, req: OpRequest) {
  const secretBlock = required(r, 'PASSWORD_CLAIM_SECRET_BLOCK')
  if (session !== undefined && session !== secretBlock) throw Errors.sessionExpired()
  const timestamp = required(r, 'TIMESTAMP')
  const state = await ctx.handshakes.get<SrpState & NextStep>(ctx.db, secretBlock, 'DEVICE_PASSWORD_VERIFIER')
  if (!state || state.clientId !== clientId || state.username !== r.USERNAME || state.data.deviceKey !== r.DEVICE_KEY) throw Errors.sessionExpired()
  checkTimestamp(timestamp)
  if (!(await ctx.handshakes.consume(ctx.db, secretBlock))) throw Errors.sessionExpired()
  const user = await ctx.users.find(ctx.db, state.username)
  const device = user && (await ctx.devices.get(ctx.db, state.data.deviceKey!, user.username))
  if (!user || !device || !device.verifier) throw Errors.deviceNotFound()
  const expected = expectedSignature({
    A: fromHex(state.data.A),
    B: fromHex(state.data.B),
    b: fromHex(state.data.b),
    verifierHex: device.verifier,
    poolName: device.groupKey,
    userId: device.deviceKey,
    secretBlock: Buffer.from(secretBlock, 'base64'),
    timestamp,
  })
  if (!signatureMatches(expected, required(r, 'PASSWORD_CLAIM_SIGNATURE'))) throw Errors.incorrectCredentials()
  if (!user.enabled) throw Errors.disabled()
  await ctx.devices.touch(ctx.db, device.deviceKey, req.ip)
  return tokensFor(ctx, user, device.deviceKey)
}

/** The sign-in code of a user with two-step verification on; wrong and reused codes count toward lockout. */
async function softwareTokenMfa(ctx: IdentityContext, clientId: string, session: string | undefined, r: Record<string, string>, req: OpRequest) {
  if (!session) throw Errors.sessionExpired()
  const state = await ctx.mfaSessions.get(ctx.db, session, 'SOFTWARE_TOKEN_MFA')
  if (!state || state.clientId !== clientId) throw Errors.sessionExpired()
  const user = await ctx.users.find(ctx.db, required(r, 'USERNAME'))
  if (!user || user.username !== state.username) throw Errors.sessionExpired()
  checkLockout(user)
  const code = required(r, 'SOFTWARE_TOKEN_MFA_CODE')
  const result = await ctx.mfa.checkCode(ctx.db, user.username, code)
  if (result !== 'ok') {
    await ctx.users.recordFailure(ctx.db, user.username)
    ctx.signIns.failed(req.address)
    if ((await ctx.mfaSessions.failedAttempt(ctx.db, session)) >= MFA_SESSION_ATTEMPTS) await ctx.mfaSessions.consume(ctx.db, session)
    throw mfaCodeMismatch()
  }
  if (!(await ctx.mfaSessions.consume(ctx.db, session))) throw Errors.sessionExpired()
  if (!user.enabled) throw Errors.disabled()
  await ctx.users.clearFailures(ctx.db, user.username)
  return deviceStep(ctx, user, { deviceKey: state.data.deviceKey, secondFactor: true }, req)
}

/** The end of MFA_SETUP: VerifySoftwareToken succeeded under this Session; tokens follow. */
async function mfaSetup(ctx: IdentityContext, clientId: string, session: string | undefined, r: Record<string, string>, req: OpRequest) {
  if (!session) throw Errors.sessionExpired()
  const state = await ctx.mfaSessions.get(ctx.db, session, 'MFA_SETUP_VERIFIED')
  if (!state || state.clientId !== clientId) throw Errors.sessionExpired()
  const user = await ctx.users.find(ctx.db, required(r, 'USERNAME'))
  if (!user || user.username !== state.username) throw Errors.sessionExpired()
  if (!(await ctx.mfaSessions.consume(ctx.db, session))) throw Errors.sessionExpired()
  if (!user.enabled) throw Errors.disabled()
  await ctx.users.clearFailures(ctx.db, user.username)
  // The library does not confirm a new device on this path: only a device it already holds is bound.
  const deviceKey = state.data.deviceKey
  if (deviceKey && ctx.settings.deviceTracking !== 'off') {
    const device = await ctx.devices.get(ctx.db, deviceKey, user.username)
    if (device?.confirmed) {
      await ctx.devices.touch(ctx.db, device.deviceKey, req.ip)
      return tokensFor(ctx, user, device.deviceKey)
    }
  }
  return tokensFor(ctx, user, null)
}
