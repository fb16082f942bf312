import type { CognitoUser, CognitoUserSession } from 'amazon-cognito-identity-js'
import { loadPublicConfig } from './config'
import { currentUser, NoSessionError } from './cognito'
import { storedAttributes } from './session'

/**
 * Two-step verification (TOTP) over amazon-cognito-identity-js, the same calls real Cognito takes:
 * the sign-in steps (SOFTWARE_TOKEN_MFA, MFA_SETUP) answered on the CognitoUser that met them, and
 * the settings (AssociateSoftwareToken, VerifySoftwareToken, SetUserMFAPreference).
 */

/** Raised at sign-in when the service asks for a code, or (MFA_SETUP) for setting it up first. */
export class TwoStepRequired extends Error {
  constructor(
    readonly kind: 'code' | 'setup',
    readonly user: CognitoUser,
  ) {
    super(kind === 'code' ? 'Two-step verification code required' : 'Two-step verification set-up required')
    this.name = 'TwoStepRequired'
  }
}

/** The callbacks that turn the library's two-step callbacks into a rejection with TwoStepRequired. */
export function twoStepCallbacks(user: CognitoUser, reject: (err: unknown) => void) {
  return {
    totpRequired: () => reject(new TwoStepRequired('code', user)),
    mfaSetup: () => reject(new TwoStepRequired('setup', user)),
  }
}

/** Answers SOFTWARE_TOKEN_MFA with the code; resolves with the session (device confirmation included). */
export function sendTotpCode(user: CognitoUser, code: string): Promise<CognitoUserSession> {
  return new Promise((resolve, reject) => {
    user.sendMFACode(code, { onSuccess: resolve, onFailure: reject }, 'SOFTWARE_TOKEN_MFA')
  })
}

/** A new secret for the authenticator app (during sign-in on the challenge's user, else on the signed-in one). */
export function associateToken(user: CognitoUser): Promise<string> {
  return new Promise((resolve, reject) => {
    user.associateSoftwareToken({ associateSecretCode: resolve, onFailure: reject })
  })
}

/** MFA_SETUP: verifies the first code and completes the sign-in. */
export function finishSetupAtSignIn(user: CognitoUser, code: string): Promise<CognitoUserSession> {
  return new Promise((resolve, reject) => {
    user.verifySoftwareToken(code, 'Authenticator', { onSuccess: (s: CognitoUserSession) => resolve(s), onFailure: reject })
  })
}

async function signedInUser(): Promise<CognitoUser> {
  const current = await currentUser().catch(() => null)
  if (!current) throw new NoSessionError()
  return current.user
}

/** Whether two-step verification is on for the signed-in user (GetUser, never the cache). */
export async function twoStepEnabled(): Promise<boolean> {
  const user = await signedInUser()
  const data = await new Promise<{ UserMFASettingList?: string[] }>((resolve, reject) =>
    user.getUserData((err, d) => (err ? reject(err) : resolve((d ?? {}) as { UserMFASettingList?: string[] })), { bypassCache: true }),
  )
  return (data.UserMFASettingList ?? []).includes('SOFTWARE_TOKEN_MFA')
}

/** Settings: a fresh secret for the signed-in user (not in force until confirmed with a code). */
export async function beginTwoStep(): Promise<{ secret: string; uri: string }> {
  const user = await signedInUser()
  const secret = await associateToken(user)
  return { secret, uri: await otpauthUri(secret, storedAttributes()?.email || user.getUsername()) }
}

/** Settings: the first code proves the app has the secret; then two-step verification is turned on. */
export async function confirmTwoStep(code: string): Promise<void> {
  const user = await signedInUser()
  await new Promise<void>((resolve, reject) => user.verifySoftwareToken(code, 'Authenticator', { onSuccess: () => resolve(), onFailure: reject }))
  await setPreference(user, true)
}

export async function turnOffTwoStep(): Promise<void> {
  await setPreference(await signedInUser(), false)
}

function setPreference(user: CognitoUser, enabled: boolean): Promise<void> {
  return new Promise((resolve, reject) =>
    user.setUserMfaPreference(null, { Enabled: enabled, PreferredMfa: enabled }, (err) => (err ? reject(err) : resolve())),
  )
}

/**
 * The otpauth:// URI authenticator apps read from a QR code (Key Uri Format): issuer and account
 * label, the base32 secret, SHA-1, 6 digits, 30 s, as the service checks them.
 */
export async function otpauthUri(secret: string, account: string): Promise<string> {
  const issuer = await loadPublicConfig()
    .then((c) => c.name)
    .catch(() => 'Aula')
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`
  const query = new URLSearchParams({ secret, issuer, algorithm: 'SHA1', digits: '6', period: '30' })
  return `otpauth://totp/${label}?${query.toString()}`
}
