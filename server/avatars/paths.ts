import crypto from 'node:crypto'
import { safeFileName } from '../storage/kinds.js'

/**
 * Storage keys of avatar files: `avatars/<owner key>/photos/<random>-<name>` for uploads and
 * `avatars/<owner key>/results/<request>-<attempt>.<ext>` for results. The owner key is a hash of the
 * user's id, so a key never carries an address or a name.
 */
export function ownerKey(sub: string): string {
  return crypto.createHash('sha256').update(sub).digest('hex').slice(0, 24)
}

export function photoKey(sub: string, fileName: string): string {
  return `avatars/${ownerKey(sub)}/photos/${crypto.randomBytes(8).toString('hex')}-${safeFileName(fileName)}`
}

/** Whether a path is one `photoKey` made for this user (the upload must exist too). */
export function isOwnPhoto(path: string, sub: string): boolean {
  return new RegExp(`^avatars/${ownerKey(sub)}/photos/[0-9a-f]{16}-[A-Za-z0-9][A-Za-z0-9._-]{0,99}$`).test(path)
}

export function resultKey(sub: string, request: string, attempt: number, name: string, extension: string): string {
  return `avatars/${ownerKey(sub)}/results/${request}-${attempt}-${name}.${extension}`
}
