import { HttpError } from '../../plugins/errors.js'
import { IdentityAdminError } from '../../identity/admin-client.js'
import type { Principal } from '../../types.js'
import type { FastifyRequest } from 'fastify'

export const iso = (v: Date | string) => new Date(v).toISOString()
export const isoOrNull = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString())

/** The admin making the request (the access policy has already refused anyone else). */
export function actorOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new HttpError(401, 'Not authorized', 'UNAUTHENTICATED')
  return request.principal
}

export const notFound = (message = 'Item not found') => new HttpError(404, message, 'NOT_FOUND')
export const stale = () =>
  new HttpError(409, 'The item was changed by someone else since you opened it; reload it and apply your changes again', 'STALE_REVISION')
export const badToken = () => new HttpError(400, 'Invalid request', 'VALIDATION', { paginationToken: 'Invalid pagination token' })

/** The identity service's refusals as API answers. */
export function identityHttpError(error: unknown, field = 'username'): unknown {
  if (!(error instanceof IdentityAdminError)) return error
  switch (error.kind) {
    case 'not-found':
      return new HttpError(404, 'User not found', 'NOT_FOUND')
    case 'exists':
      return new HttpError(409, error.message, 'USER_EXISTS', { email: error.message })
    case 'invalid':
      return new HttpError(400, 'Invalid request', 'VALIDATION', { [error.message === 'Invalid pagination token' ? 'paginationToken' : field]: error.message })
    case 'group-not-found':
      return new HttpError(400, 'Invalid request', 'VALIDATION', { groups: error.message })
    case 'state':
      return new HttpError(409, error.message, 'INVALID_STATE')
  }
}

/** Runs an identity call, answering its refusals as client errors. */
export async function identity<T>(fn: () => Promise<T>, field?: string): Promise<T> {
  try {
    return await fn()
  } catch (error) {
    throw identityHttpError(error, field)
  }
}

/** Opaque keyset tokens: a JSON array of the last row's sort key, base64url-encoded. */
export function encodeToken(key: unknown[]): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url')
}

/** Decodes a token made by encodeToken whose parts pass `check`; anything else is a 400. */
export function decodeToken<T extends unknown[]>(token: string, check: (v: unknown[]) => v is T): T {
  try {
    const v: unknown = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'))
    if (Array.isArray(v) && check(v)) return v
  } catch {
    // answered below
  }
  throw badToken()
}

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
/** PostgreSQL's text form of a timestamptz (kept at microsecond precision in tokens). */
export const TIMESTAMP_RE = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:\d{2})?|Z)$/
