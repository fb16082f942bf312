import type { IdentityContext } from '../context.js'
import { CognitoError, Errors, invalidParameter } from '../errors.js'
import { matchingStep, newSecret } from '../mfa.js'
import type { Input } from '../schemas.js'
import { STAFF_GROUPS } from '../settings.js'
import type { User } from '../users.js'

/** Wrong codes one challenge Session tolerates before it is dead (each also counts toward lockout). */
export const MFA_SESSION_ATTEMPTS = 5

const mfaOff = () => new CognitoError('InvalidParameterException', 'Software token MFA is not enabled for this user pool.')
const notAssociated = () => new CognitoError('SoftwareTokenMFANotFoundException', 'Software Token MFA has not been associated with the user.')
const enableMismatch = () => new CognitoError('EnableSoftwareTokenMFAException', 'Code mismatch and fail enable Software Token MFA')
/** Cognito's answer to a wrong or already used sign-in code. */
export const mfaCodeMismatch = () => new CognitoError('CodeMismatchException', 'Invalid code received for user')
const staffMustKeep = () => invalidParameter('Two-step verification is required for members of the admin, finances, creator and reviewer groups.')

/** Whether this pool requires `groups` to use two-step verification. */
export function mfaRequiredFor(ctx: IdentityContext, groups: string[]): boolean {
  return ctx.settings.mfa === 'staff' && groups.some((g) => STAFF_GROUPS.includes(g))
}

/** UserMFASettingList / PreferredMfaSetting of GetUser and AdminGetUser (omitted when none, as Cognito does). */
export async function mfaSettingsOf(ctx: IdentityContext, username: string) {
  const state = await ctx.mfa.state(ctx.db, username)
  return state.enabled ? { UserMFASettingList: ['SOFTWARE_TOKEN_MFA'], PreferredMfaSetting: 'SOFTWARE_TOKEN_MFA' } : {}
}

/**
 * After the password (and a new password) is proven: the SOFTWARE_TOKEN_MFA challenge when the
 * user has two-step verification on, MFA_SETUP when the pool requires it of the user's groups and
 * it is not set up yet, null when sign-in goes on without it.
 */
export async function mfaChallenge(ctx: IdentityContext, user: User, deviceKey: string | null | undefined) {
  if (ctx.settings.mfa === 'off') return null
  const state = await ctx.mfa.state(ctx.db, user.username)
  const data = { deviceKey: deviceKey ?? null }
  if (state.enabled) {
    const session = await ctx.mfaSessions.create(ctx.db, { kind: 'SOFTWARE_TOKEN_MFA', username: user.username, clientId: ctx.settings.clientId, data })
    return {
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      Session: session,
      ChallengeParameters: { USER_ID_FOR_SRP: user.username, ...(state.friendlyName ? { FRIENDLY_DEVICE_NAME: state.friendlyName } : {}) },
    }
  }
  // Groups matter only when staff must use two steps: no query otherwise.
  if (ctx.settings.mfa === 'staff' && mfaRequiredFor(ctx, await ctx.users.groupsOf(ctx.db, user.username))) {
    const session = await ctx.mfaSessions.create(ctx.db, { kind: 'MFA_SETUP', username: user.username, clientId: ctx.settings.clientId, data })
    return { ChallengeName: 'MFA_SETUP', Session: session, ChallengeParameters: { USER_ID_FOR_SRP: user.username, MFAS_CAN_SETUP: '["SOFTWARE_TOKEN_MFA"]' } }
  }
  return null
}

export async function associateSoftwareToken(ctx: IdentityContext, input: Input<'AssociateSoftwareToken'>) {
  if (ctx.settings.mfa === 'off') throw mfaOff()
  const secret = newSecret()
  if (input.AccessToken) {
    const { user } = await ctx.userOfAccessToken(input.AccessToken)
    await ctx.mfa.associate(ctx.db, user.username, secret)
    return { SecretCode: secret }
  }
  if (!input.Session) throw invalidParameter('Either AccessToken or Session must be provided.')
  // During sign-in (MFA_SETUP): the secret travels with the challenge state, never on the user yet.
  const state = await ctx.mfaSessions.get(ctx.db, input.Session, 'MFA_SETUP')
  if (!state || !(await ctx.mfaSessions.consume(ctx.db, input.Session))) throw Errors.sessionExpired()
  const session = await ctx.mfaSessions.create(ctx.db, {
    kind: 'MFA_SETUP',
    username: state.username,
    clientId: state.clientId,
    data: { ...state.data, secret },
  })
  return { SecretCode: secret, Session: session }
}

export async function verifySoftwareToken(ctx: IdentityContext, input: Input<'VerifySoftwareToken'>) {
  if (ctx.settings.mfa === 'off') throw mfaOff()
  if (input.AccessToken) {
    const { user } = await ctx.userOfAccessToken(input.AccessToken)
    await ctx.codes.limit(ctx.db, user.username, 'verifySoftwareToken')
    const secret = await ctx.mfa.pendingSecret(ctx.db, user.username)
    if (!secret) throw notAssociated()
    const step = matchingStep(secret, input.UserCode)
    if (step === null) throw enableMismatch()
    await ctx.mfa.saveVerified(ctx.db, user.username, { secret, step, friendlyName: input.FriendlyDeviceName, enable: false })
    return { Status: 'SUCCESS' }
  }
  if (!input.Session) throw invalidParameter('Either AccessToken or Session must be provided.')
  const state = await ctx.mfaSessions.get(ctx.db, input.Session, 'MFA_SETUP')
  if (!state) throw Errors.sessionExpired()
  if (!state.data.secret) throw notAssociated()
  const step = matchingStep(state.data.secret, input.UserCode)
  if (step === null) {
    if ((await ctx.mfaSessions.failedAttempt(ctx.db, input.Session)) >= MFA_SESSION_ATTEMPTS) await ctx.mfaSessions.consume(ctx.db, input.Session)
    throw enableMismatch()
  }
  if (!(await ctx.mfaSessions.consume(ctx.db, input.Session))) throw Errors.sessionExpired()
  await ctx.mfa.saveVerified(ctx.db, state.username, { secret: state.data.secret, step, friendlyName: input.FriendlyDeviceName, enable: true })
  const session = await ctx.mfaSessions.create(ctx.db, {
    kind: 'MFA_SETUP_VERIFIED',
    username: state.username,
    clientId: state.clientId,
    data: { deviceKey: state.data.deviceKey ?? null },
  })
  return { Status: 'SUCCESS', Session: session }
}

type Preference = { Enabled?: boolean; PreferredMfa?: boolean } | undefined

async function setPreference(ctx: IdentityContext, username: string, p: { sms?: Preference; email?: Preference; software?: Preference; admin: boolean }) {
  // This pool delivers no codes by SMS or e-mail: only the software token can be turned on.
  if (p.sms?.Enabled) throw invalidParameter('User does not have delivery config set to turn on SMS_MFA')
  if (p.email?.Enabled) throw invalidParameter('User does not have delivery config set to turn on EMAIL_OTP')
  const software = p.software
  if (!software || software.Enabled === undefined) return {}
  if (software.Enabled) {
    if (ctx.settings.mfa === 'off') throw mfaOff()
    if (!(await ctx.mfa.state(ctx.db, username)).verified) throw invalidParameter('User has not verified software token mfa')
    await ctx.mfa.setEnabled(ctx.db, username, true)
    return {}
  }
  // An administrator may turn it off (a lost phone); the user is then asked to set it up again.
  if (!p.admin && mfaRequiredFor(ctx, await ctx.users.groupsOf(ctx.db, username))) throw staffMustKeep()
  await ctx.mfa.setEnabled(ctx.db, username, false)
  return {}
}

export async function setUserMFAPreference(ctx: IdentityContext, input: Input<'SetUserMFAPreference'>) {
  const { user } = await ctx.userOfAccessToken(input.AccessToken)
  return setPreference(ctx, user.username, { sms: input.SMSMfaSettings, email: input.EmailMfaSettings, software: input.SoftwareTokenMfaSettings, admin: false })
}

export async function adminSetUserMFAPreference(ctx: IdentityContext, input: Input<'AdminSetUserMFAPreference'>) {
  ctx.checkPool(input.UserPoolId)
  const user = await ctx.users.find(ctx.db, input.Username)
  if (!user) throw Errors.userNotFound()
  return setPreference(ctx, user.username, { sms: input.SMSMfaSettings, email: input.EmailMfaSettings, software: input.SoftwareTokenMfaSettings, admin: true })
}
