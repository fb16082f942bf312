import { HttpError } from './http-error.js'

export const badToken = () => new HttpError(400, 'Invalid request', 'VALIDATION', { paginationToken: 'Invalid pagination token' })

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
