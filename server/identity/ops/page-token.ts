import { invalidParameter } from '../errors.js'

/** The opaque page token of a listing: the last key of the page, base64url-encoded. */
export const pageToken = (key: string) => Buffer.from(key, 'utf8').toString('base64url')

/**
 * The key a page token stands for. A token this service did not make (one that does not encode
 * back to itself, or whose key holds a NUL character) is refused as Cognito refuses a bad token.
 */
export function afterKey(token: string | undefined, member = 'NextToken'): string | undefined {
  if (!token) return undefined
  const key = Buffer.from(token, 'base64url').toString('utf8')
  if (pageToken(key) !== token || key.includes('\u0000')) throw invalidParameter(`Invalid ${member}.`)
  return key
}
