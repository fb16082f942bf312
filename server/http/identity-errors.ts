import { IdentityAdminError } from '../identity/admin-client.js'
import { HttpError } from './http-error.js'

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
