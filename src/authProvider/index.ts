import type { AuthProvider, UserIdentity } from 'react-admin'
import type { CognitoUser, CognitoUserSession } from 'amazon-cognito-identity-js'
import { canAccessFor } from './canAccess'
import { authenticate, completeNewPassword, currentUser, NewPasswordRequired, refresh, signOut } from './cognito'
import { clearSession, hasLiveSession, storedAttributes, storedGroups, storedJwt, storedUser, storeSession } from './session'
import { endSession, isSessionOver } from './sessionEnd'
import { associateToken, finishSetupAtSignIn, otpauthUri, sendTotpCode, TwoStepRequired } from './twoStep'

export { endSession, isSessionOver, takeSessionEnded } from './sessionEnd'
export { STORAGE_KEYS, storedAttributes, storedGroups, storedJwt, storedUser, hasLiveSession } from './session'

/**
 * The invited account met at sign-in that must choose a password (requirements §4): kept in memory only,
 * because the challenge belongs to this CognitoUser object and does not survive a reload.
 */
export interface PendingChallenge {
  email: string
  user: CognitoUser
  attributes: Record<string, string>
}
let pendingChallenge: PendingChallenge | null = null
export const getPendingChallenge = () => pendingChallenge

/** Signs in with e-mail and password; rejects `NewPasswordRequired` (then see `completeRegister`) or the identity error. */
export async function signIn(email: string, password: string): Promise<CognitoUserSession> {
  try {
    const session = await authenticate(email, password)
    storeSession(session)
    pendingChallenge = null
    return session
  } catch (err) {
    if (err instanceof NewPasswordRequired) pendingChallenge = { email, user: err.user, attributes: err.userAttributes }
    if (err instanceof TwoStepRequired) pendingTwoStep = { email, user: err.user, kind: err.kind }
    throw err
  }
}

/** The sign-in waiting for its second step (a code, or setting up the app first); memory only, like the challenge. */
let pendingTwoStep: { email: string; user: CognitoUser; kind: 'code' | 'setup'; enrolment?: Promise<{ secret: string; uri: string }> } | null = null
export const getPendingTwoStep = () => pendingTwoStep
export const clearPendingTwoStep = () => {
  pendingTwoStep = null
}

/** Second step of the pending sign-in: the code from the app; stores the session on success. */
export async function answerTwoStep(code: string): Promise<CognitoUserSession> {
  if (!pendingTwoStep) throw new Error('No pending two-step sign-in')
  const { user, kind } = pendingTwoStep
  const session = kind === 'code' ? await sendTotpCode(user, code) : await finishSetupAtSignIn(user, code)
  storeSession(session)
  pendingTwoStep = null
  pendingChallenge = null
  return session
}

/** MFA_SETUP at sign-in: the secret (and its otpauth URI) for the app, bound to the pending sign-in. */
export async function setUpTwoStepAtSignIn(): Promise<{ secret: string; uri: string }> {
  const pending = pendingTwoStep
  if (!pending) throw new Error('No pending two-step sign-in')
  // One secret per challenge: each association spends the challenge's Session, so a second caller
  // (a screen mounted twice) shares the first request instead of racing it.
  pending.enrolment ??= associateToken(pending.user)
    .then(async (secret) => ({ secret, uri: await otpauthUri(secret, pending.email) }))
    .catch((err: unknown) => {
      pending.enrolment = undefined
      throw err
    })
  return pending.enrolment
}

/**
 * Answers the pending new-password challenge. The name is sent back unchanged, or `name` when the
 * account had none of its own yet.
 */
export async function completeRegister(password: string, name?: string): Promise<CognitoUserSession> {
  if (!pendingChallenge) throw new Error('No pending challenge')
  const { user, attributes, email } = pendingChallenge
  // Only writable attributes go back: the service refuses email_verified and other non-mutable ones.
  const chosen = name || attributes.name
  const writable: Record<string, string> = chosen ? { name: chosen } : {}
  try {
    const session = await completeNewPassword(user, password, writable)
    storeSession(session)
    pendingChallenge = null
    return session
  } catch (err) {
    // Staff accounts (IDENTITY_MFA=staff) set up two-step verification right after the new password.
    if (err instanceof TwoStepRequired) pendingTwoStep = { email, user: err.user, kind: err.kind }
    throw err
  }
}

/** On a 401 from the API: new tokens from the identity service, stored; returns the new bearer token. */
export async function refreshSession(): Promise<string> {
  const session = await refresh()
  storeSession(session)
  return session.getAccessToken().getJwtToken()
}

/** The authProvider: same semantics as ra-auth-cognito (permissions = the ID token's cognito:groups). */
export const authProvider: AuthProvider = {
  async login({ email, password }: { email: string; password: string }) {
    await signIn(email, password)
    return { redirectTo: false }
  },

  async logout(params?: { global?: boolean }) {
    await signOut(Boolean(params?.global))
    clearSession()
    pendingChallenge = null
    pendingTwoStep = null
    return '/login'
  },

  async checkAuth() {
    const current = await currentUser().catch((err: unknown) => {
      // A stored session the service refuses (revoked elsewhere, user disabled) ends with requirements §8's 401 text.
      if (storedJwt() && isSessionOver(err)) endSession()
      return null
    })
    if (!current) {
      clearSession()
      throw { redirectTo: '/login', message: false }
    }
    // getSession may have refreshed the tokens: keep the stored copies current.
    storeSession(current.session)
  },

  async checkError(error: { status?: number }) {
    // The HTTP layer has already tried a refresh on 401: a 401 that reaches here means the session is over.
    if (error?.status === 401) throw { redirectTo: '/logout', logoutUser: false, message: false }
  },

  async getIdentity(): Promise<UserIdentity> {
    const attributes = storedAttributes()
    const user = storedUser()
    if (!attributes || !user) throw new Error('Not signed in')
    return { id: attributes.sub, fullName: attributes.name || attributes.email, email: attributes.email, username: user.username }
  },

  async getPermissions() {
    return storedGroups()
  },

  /** Fresh tokens, so that groups changed since sign-in count (GroupGate asks before refusing a screen). */
  async refreshGroups() {
    if (storedJwt()) await refreshSession()
  },

  async canAccess({ action, resource }) {
    return canAccessFor(storedGroups(), { action, resource }, hasLiveSession())
  },
}
