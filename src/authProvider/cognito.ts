import type { CognitoUser, CognitoUserPool, CognitoUserSession } from 'amazon-cognito-identity-js'
import { storedLocale } from '../i18n'
import { loadPublicConfig } from './config'
import { endSession, isSessionOver } from './sessionEnd'
import { twoStepCallbacks } from './twoStep'

/**
 * Promise wrappers around amazon-cognito-identity-js: the user pool comes from `GET /api/config`
 * (with the embedded identity service, its endpoint — `/identity/` on this origin unless configured).
 */
let poolPromise: Promise<CognitoUserPool> | undefined

/**
 * The identity library (with its SRP arithmetic and Buffer polyfill) is a third of a public page's
 * JavaScript: it downloads the first time it is used, not with the page.
 */
const sdk = () => import('amazon-cognito-identity-js')

export function getPool(): Promise<CognitoUserPool> {
  if (!poolPromise) {
    poolPromise = Promise.all([loadPublicConfig(), sdk()])
      .then(([{ identity }, { CognitoUserPool }]) => {
        return new CognitoUserPool({
          UserPoolId: identity.userPoolId,
          ClientId: identity.clientId,
          ...(identity.endpoint ? { endpoint: new URL(identity.endpoint, window.location.origin).href } : {}),
        })
      })
      .catch((err: unknown) => {
        poolPromise = undefined
        throw err
      })
  }
  return poolPromise
}

/** Forgets the pool (tests). */
export function resetPool() {
  poolPromise = undefined
}

/** An error of the identity service as the library reports it: `code` is the exception name. */
export interface IdentityError extends Error {
  code?: string
}

export async function userFor(email: string): Promise<CognitoUser> {
  const [pool, { CognitoUser }] = await Promise.all([getPool(), sdk()])
  return new CognitoUser({ Username: email, Pool: pool })
}

/** Raised by `authenticate` when the account must set a new password (invited account). */
export class NewPasswordRequired extends Error {
  constructor(
    readonly user: CognitoUser,
    readonly userAttributes: Record<string, string>,
  ) {
    super('New password required')
    this.name = 'NewPasswordRequired'
  }
}

/** USER_SRP_AUTH (the password never leaves the browser); resolves with the session. */
export async function authenticate(email: string, password: string): Promise<CognitoUserSession> {
  const [user, { AuthenticationDetails }] = await Promise.all([userFor(email), sdk()])
  return new Promise((resolve, reject) => {
    user.authenticateUser(new AuthenticationDetails({ Username: email, Password: password }), {
      onSuccess: resolve,
      onFailure: reject,
      newPasswordRequired: (userAttributes: Record<string, string>) => reject(new NewPasswordRequired(user, userAttributes)),
      ...twoStepCallbacks(user, reject),
    })
  })
}

/** Answers the new-password challenge on the very CognitoUser that met it (the challenge session lives there). */
export function completeNewPassword(user: CognitoUser, password: string, attributes: Record<string, string>): Promise<CognitoUserSession> {
  return new Promise((resolve, reject) => {
    user.completeNewPasswordChallenge(password, attributes, { onSuccess: resolve, onFailure: reject, ...twoStepCallbacks(user, reject) })
  })
}

export async function signUp(email: string, password: string, name: string): Promise<void> {
  const [pool, { CognitoUserAttribute }] = await Promise.all([getPool(), sdk()])
  // The interface language goes with the account, so its mail (codes, resets) is written in it.
  const locale = storedLocale()
  const attributes = [
    new CognitoUserAttribute({ Name: 'email', Value: email }),
    new CognitoUserAttribute({ Name: 'name', Value: name }),
    new CognitoUserAttribute({ Name: 'locale', Value: locale }),
  ]
  await new Promise<void>((resolve, reject) => {
    pool.signUp(email, password, attributes, [], (err) => (err ? reject(err) : resolve()))
  })
}

export async function confirmSignUp(email: string, code: string): Promise<void> {
  const user = await userFor(email)
  await new Promise<void>((resolve, reject) => user.confirmRegistration(code, false, (err) => (err ? reject(err) : resolve())))
}

export async function resendCode(email: string): Promise<void> {
  const user = await userFor(email)
  await new Promise<void>((resolve, reject) => user.resendConfirmationCode((err) => (err ? reject(err) : resolve())))
}

interface CodeDelivery {
  CodeDeliveryDetails?: { Destination?: string }
}

/** Sends a reset code; answers where it went as the service gives it (often masked, `a***@e***`). */
export async function forgotPassword(email: string): Promise<string> {
  const user = await userFor(email)
  const answer = await new Promise<CodeDelivery | undefined>((resolve, reject) => {
    user.forgotPassword({
      onSuccess: (data: CodeDelivery | undefined) => resolve(data),
      onFailure: reject,
      inputVerificationCode: (data: CodeDelivery | undefined) => resolve(data),
    })
  })
  return answer?.CodeDeliveryDetails?.Destination || email
}

export async function confirmForgotPassword(email: string, code: string, password: string): Promise<void> {
  const user = await userFor(email)
  await new Promise<void>((resolve, reject) => user.confirmPassword(code, password, { onSuccess: () => resolve(), onFailure: reject }))
}

/** The signed-in user with a loaded (possibly refreshed) session, or null when nobody is signed in. */
export async function currentUser(): Promise<{ user: CognitoUser; session: CognitoUserSession } | null> {
  const user = (await getPool()).getCurrentUser()
  if (!user) return null
  const session = await new Promise<CognitoUserSession | null>((resolve, reject) =>
    user.getSession((err: Error | null, s: CognitoUserSession | null) => (err ? reject(err) : resolve(s))),
  )
  return session?.isValid() ? { user, session } : null
}

/** Asks the identity service for new tokens with the refresh token, whatever the local expiry says. */
export async function refresh(): Promise<CognitoUserSession> {
  const current = await currentUser()
  if (!current) throw new Error('No current user')
  const { user, session } = current
  return new Promise((resolve, reject) =>
    user.refreshSession(session.getRefreshToken(), (err: Error | null, s: CognitoUserSession) => (err ? reject(err) : resolve(s))),
  )
}

/** Fails with `NoSessionError` when nobody is signed in (requirements §8 "You need to logout and login again"). */
export class NoSessionError extends Error {
  constructor() {
    super('No session')
    this.name = 'NoSessionError'
  }
}

/**
 * Runs an identity call of the signed-in user. An answer saying the session is over (revoked on another
 * device, the user disabled) ends it here too: /logout, then /login with requirements §8's 401 text.
 */
async function asSignedIn<T>(call: (user: CognitoUser) => Promise<T>): Promise<T> {
  try {
    const current = await currentUser()
    if (!current) throw new NoSessionError()
    return await call(current.user)
  } catch (err) {
    if (isSessionOver(err)) endSession()
    if (!(err instanceof NoSessionError) && !(err as IdentityError)?.code) throw new NoSessionError()
    throw err
  }
}

/** Asks the identity service whether the stored session still stands (GetUser checks revocation and the user's state). */
export async function verifySession(): Promise<void> {
  await asSignedIn((user) => new Promise<void>((resolve, reject) => user.getUserData((err) => (err ? reject(err) : resolve()), { bypassCache: true })))
}

export async function changePassword(previous: string, proposed: string): Promise<void> {
  await asSignedIn((user) => new Promise<void>((resolve, reject) => user.changePassword(previous, proposed, (err) => (err ? reject(err) : resolve()))))
}

/** Updates the name attribute; the library then re-reads the user and refreshes the tokens. */
export async function updateName(name: string): Promise<void> {
  const { CognitoUserAttribute } = await sdk()
  await asSignedIn(
    (user) =>
      new Promise<void>((resolve, reject) =>
        user.updateAttributes([new CognitoUserAttribute({ Name: 'name', Value: name })], (err) => (err ? reject(err) : resolve())),
      ),
  )
}

export interface Device {
  DeviceKey: string
  DeviceAttributes: Array<{ Name: string; Value: string }>
  DeviceCreateDate?: number
  DeviceLastModifiedDate?: number
  DeviceLastAuthenticatedDate?: number
}

/** Requirements §9: the devices pane lists up to 10 devices. */
export const DEVICE_LIMIT = 10

export async function listDevices(): Promise<Device[]> {
  return asSignedIn(
    (user) =>
      new Promise<Device[]>((resolve, reject) =>
        user.listDevices(DEVICE_LIMIT, null, {
          onSuccess: (result: { Devices?: Device[] }) => resolve(result.Devices ?? []),
          onFailure: reject,
        }),
      ),
  )
}

const withTimeout = <T>(p: Promise<T>, ms: number) => Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms))])

/**
 * Ends the session at the identity service (refresh token revoked; `global` revokes every session of the
 * user) and always wipes the library's own keys, even when the service cannot be reached.
 */
export async function signOut(global: boolean): Promise<void> {
  const pool = await getPool().catch(() => null)
  if (!pool) return
  const user = pool.getCurrentUser()
  if (!user) return
  try {
    if (global) {
      // The revocation needs the access token: the user object that loaded the session sends it.
      // No asSignedIn here: a session already over must not start another sign-out.
      const withSession = (await currentUser())?.user
      if (!withSession) throw new NoSessionError()
      await withTimeout(new Promise<void>((resolve, reject) => withSession.globalSignOut({ onSuccess: () => resolve(), onFailure: reject })), 5000)
    } else {
      // The library retries a failed revocation for ~6 s; a sign-out never waits that long.
      await withTimeout(new Promise<void>((resolve, reject) => user.signOut((err?: Error) => (err ? reject(err) : resolve()))), 3000)
    }
  } catch {
    // The local wipe below still signs this browser out.
  }
  user.signOut()
  const prefix = `CognitoIdentityServiceProvider.${pool.getClientId()}.`
  for (const key of Object.keys(localStorage)) if (key.startsWith(prefix)) localStorage.removeItem(key)
}
