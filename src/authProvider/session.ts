import type { CognitoUserSession } from 'amazon-cognito-identity-js'

/** The keys requirements §3 lists as stored locally (I18N_LANGUAGE belongs to the i18n provider). */
export const STORAGE_KEYS = {
  authUser: 'authUser',
  jwt: 'jwt',
  userAttributes: 'userAttributes',
  userPayload: 'userPayload',
} as const

export interface AuthUser {
  username: string
  email: string
  name: string
}

/** Requirements §3: the profile is identified by the subject id among the stored attributes. */
export interface UserAttributes {
  name: string
  sub: string
  email: string
}

/** The ID token's claims; `cognito:groups` are the user's permissions. */
export interface UserPayload {
  sub: string
  email?: string
  name?: string
  'cognito:groups'?: string[]
  'cognito:username'?: string
  exp: number
  [claim: string]: unknown
}

function readJson<T>(key: string): T | null {
  const raw = localStorage.getItem(key)
  if (!raw) return null
  try {
    return JSON.parse(raw) as T
  } catch {
    return null
  }
}

/** Writes everything a signed-in session keeps: the access token as bearer, the profile from the ID token. */
export function storeSession(session: CognitoUserSession) {
  const idToken = session.getIdToken()
  const payload = idToken.decodePayload() as UserPayload
  const attributes: UserAttributes = { name: payload.name ?? '', sub: payload.sub, email: payload.email ?? '' }
  const user: AuthUser = { username: payload['cognito:username'] ?? payload.sub, email: attributes.email, name: attributes.name }
  // The API's bearer is the access token (the server verifies token_use=access and its client id).
  localStorage.setItem(STORAGE_KEYS.jwt, session.getAccessToken().getJwtToken())
  localStorage.setItem(STORAGE_KEYS.userPayload, JSON.stringify({ ...payload, 'cognito:groups': payload['cognito:groups'] ?? [] }))
  localStorage.setItem(STORAGE_KEYS.userAttributes, JSON.stringify(attributes))
  localStorage.setItem(STORAGE_KEYS.authUser, JSON.stringify(user))
}

/** Requirements §4: logout clears authUser, jwt, userAttributes and userPayload (the language stays). */
export function clearSession() {
  for (const key of Object.values(STORAGE_KEYS)) localStorage.removeItem(key)
}

export const storedJwt = () => localStorage.getItem(STORAGE_KEYS.jwt)
export const storedUser = () => readJson<AuthUser>(STORAGE_KEYS.authUser)
export const storedAttributes = () => readJson<UserAttributes>(STORAGE_KEYS.userAttributes)
export const storedPayload = () => readJson<UserPayload>(STORAGE_KEYS.userPayload)

/** Requirements §4: route access is decided from the stored group list. */
export function storedGroups(): string[] {
  const groups = storedPayload()?.['cognito:groups']
  return Array.isArray(groups) ? groups.filter((g): g is string => typeof g === 'string') : []
}

/** Whether a session is stored and its ID token has not expired yet. */
export function hasLiveSession(now = Date.now()): boolean {
  const payload = storedPayload()
  return Boolean(storedJwt() && payload && payload.exp * 1000 > now)
}
