import type { AttributeType, DeviceType, GroupType } from '@aws-sdk/client-cognito-identity-provider'

/* What the admin adapter (admin-client.ts) hands out, and how the Cognito admin API's answers and refusals become it. */

/** A pool user as the admin API sees it, whichever pool answers. */
export interface PoolUser {
  username: string
  email: string
  name: string
  status: string
  enabled: boolean
  emailVerified: boolean
  attributes: Record<string, string>
  createdAt: Date
  updatedAt: Date
}

export interface PoolGroup {
  name: string
  description: string | null
  precedence: number | null
  createdAt: Date
  updatedAt: Date
}

export interface PoolDevice {
  key: string
  name: string | null
  status: string | null
  lastIp: string | null
  createdAt: Date | null
  lastModifiedAt: Date | null
  lastAuthenticatedAt: Date | null
}

/** What a user list may be narrowed by; see `IdentityAdmin.listUsers`. */
export interface UserQuery {
  search?: string
  searchBy?: 'email' | 'name'
  group?: string
  enabled?: boolean
  status?: string
  limit: number
  /** Our continuation token (opaque to callers). */
  token?: string
}

/** An identity-service refusal the API answers as a client error (mapped by the routes). */
export class IdentityAdminError extends Error {
  constructor(
    readonly kind: 'not-found' | 'exists' | 'invalid' | 'state' | 'group-not-found',
    message: string,
  ) {
    super(message)
  }
}

export const attr = (list: Array<{ Name?: string; Value?: string }> | undefined) =>
  Object.fromEntries((list ?? []).filter((a) => a.Name).map((a) => [a.Name!, a.Value ?? '']))

export const date = (d: Date | number | undefined): Date => (d instanceof Date ? d : typeof d === 'number' ? new Date(d * 1000) : new Date(0))

export function toPoolUser(u: {
  Username?: string
  Attributes?: AttributeType[]
  UserAttributes?: AttributeType[]
  UserStatus?: string
  Enabled?: boolean
  UserCreateDate?: Date
  UserLastModifiedDate?: Date
}): PoolUser {
  const attributes = attr(u.Attributes ?? u.UserAttributes)
  return {
    username: u.Username ?? '',
    email: attributes.email ?? '',
    name: attributes.name ?? '',
    status: u.UserStatus ?? 'UNKNOWN',
    enabled: u.Enabled !== false,
    emailVerified: attributes.email_verified === 'true',
    attributes,
    createdAt: date(u.UserCreateDate),
    updatedAt: date(u.UserLastModifiedDate),
  }
}

/** ListUsers filter value: quotes and backslashes escaped as Cognito's filter grammar wants. */
export const quoted = (v: string) => `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`

export function toPoolGroup(g: GroupType): PoolGroup {
  return {
    name: g.GroupName ?? '',
    description: g.Description ?? null,
    precedence: g.Precedence ?? null,
    createdAt: date(g.CreationDate),
    updatedAt: date(g.LastModifiedDate),
  }
}

export function toPoolDevice(d: DeviceType): PoolDevice {
  const a = attr(d.DeviceAttributes)
  return {
    key: d.DeviceKey ?? '',
    name: a.device_name ?? null,
    status: a.device_status ?? null,
    lastIp: a.last_ip_used ?? null,
    createdAt: d.DeviceCreateDate ? date(d.DeviceCreateDate) : null,
    lastModifiedAt: d.DeviceLastModifiedDate ? date(d.DeviceLastModifiedDate) : null,
    lastAuthenticatedAt: d.DeviceLastAuthenticatedDate ? date(d.DeviceLastAuthenticatedDate) : null,
  }
}

/** Cognito's refusals as the admin API answers them; anything else stays a server error. */
export function mapError(error: unknown): unknown {
  const name = (error as { name?: string }).name ?? ''
  const message = (error as { message?: string }).message || 'Invalid request'
  switch (name) {
    case 'UserNotFoundException':
      return new IdentityAdminError('not-found', 'User not found')
    case 'UsernameExistsException':
    case 'AliasExistsException':
      return new IdentityAdminError('exists', 'An account with the given email already exists.')
    case 'InvalidParameterException':
    case 'InvalidPasswordException':
      return new IdentityAdminError('invalid', message)
    case 'NotAuthorizedException':
    case 'UnsupportedUserStateException':
    case 'InvalidEmailRoleAccessPolicyException':
      return new IdentityAdminError('state', message)
    case 'ResourceNotFoundException':
      return new IdentityAdminError('group-not-found', message)
    default:
      return error
  }
}
