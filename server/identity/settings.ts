import type { Config } from '../config.js'
import type { PasswordPolicy } from '../../contracts/config.js'
import { invalidPassword } from './errors.js'

/** The one pool and app client this service serves, as configured. */
export interface PoolSettings {
  poolId: string
  region: string
  /** The part after the underscore: the SRP salt prefix, fixed for the life of the pool. */
  poolName: string
  clientId: string
  issuer: string
  passwordPolicy: PasswordPolicy
  temporaryPasswordDays: number
  accessTokenSeconds: number
  refreshTokenSeconds: number
  deviceTracking: 'always' | 'opt-in' | 'off'
  userPasswordAuth: boolean
  selfSignUp: boolean
  /** AuthSessionValidity: SECRET_BLOCK and challenge Session lifetime. */
  authSessionSeconds: number
  /** Two-step verification: off, optional, or required for the staff groups. */
  mfa: 'off' | 'optional' | 'staff'
  /** TRUST_PROXY names proxies: client addresses come from X-Forwarded-For. */
  behindProxy: boolean
  /** The platform's address for the mails' sign-in link (PUBLIC_URL); unset: the one the admin call names. */
  publicUrl?: string
}

/** The groups whose members must use two-step verification when IDENTITY_MFA=staff. */
export const STAFF_GROUPS = ['admin', 'finances', 'creator', 'reviewer']

export function poolSettings(config: Config): PoolSettings {
  const poolId = config.IDENTITY_USER_POOL_ID
  const [region, poolName] = poolId.split('_')
  return {
    poolId,
    region,
    poolName,
    clientId: config.IDENTITY_CLIENT_ID,
    issuer: `https://cognito-idp.${region}.amazonaws.com/${poolId}`,
    passwordPolicy: passwordPolicyOf(config),
    temporaryPasswordDays: config.IDENTITY_TEMPORARY_PASSWORD_DAYS,
    accessTokenSeconds: config.IDENTITY_ACCESS_TOKEN_MINUTES * 60,
    refreshTokenSeconds: config.IDENTITY_REFRESH_TOKEN_DAYS * 86400,
    deviceTracking: config.IDENTITY_DEVICE_TRACKING,
    userPasswordAuth: config.IDENTITY_USER_PASSWORD_AUTH,
    selfSignUp: config.IDENTITY_SELF_SIGN_UP,
    authSessionSeconds: 180,
    mfa: config.IDENTITY_MFA,
    behindProxy: config.TRUST_PROXY.trim() !== 'false',
    publicUrl: config.PUBLIC_URL,
  }
}

export function passwordPolicyOf(config: Config): PasswordPolicy {
  return {
    minimumLength: config.IDENTITY_PASSWORD_MIN_LENGTH,
    requireUppercase: config.IDENTITY_PASSWORD_REQUIRE_UPPERCASE,
    requireLowercase: config.IDENTITY_PASSWORD_REQUIRE_LOWERCASE,
    requireNumbers: config.IDENTITY_PASSWORD_REQUIRE_NUMBERS,
    requireSymbols: config.IDENTITY_PASSWORD_REQUIRE_SYMBOLS,
  }
}

/** Cognito's symbol set (and space). */
const SYMBOLS = new Set('^$*.[]{}()?"!@#%&/\\,><\':;|_~`=+- ')

/** Throws InvalidPasswordException with Cognito's wording for the first rule the password breaks. */
export function checkPassword(password: string, policy: PasswordPolicy): void {
  const chars = [...password]
  if (chars.length < policy.minimumLength) throw invalidPassword('Password not long enough')
  if (chars.length > 256) throw invalidPassword('Password must have length less than or equal to 256')
  if (policy.requireLowercase && !/[a-z]/.test(password)) throw invalidPassword('Password must have lowercase characters')
  if (policy.requireUppercase && !/[A-Z]/.test(password)) throw invalidPassword('Password must have uppercase characters')
  if (policy.requireNumbers && !/[0-9]/.test(password)) throw invalidPassword('Password must have numeric characters')
  if (policy.requireSymbols && !chars.some((c) => SYMBOLS.has(c))) throw invalidPassword('Password must have symbol characters')
}
