import type { Config } from '../config.js'
import { LocalStorage } from './local.js'
import { S3Storage } from './s3.js'

/** What a browser may upload to one key: the accepted types (empty: any) and the largest size. */
export interface UploadPolicy {
  key: string
  contentTypes: string[]
  maxBytes: number
  expiresInSeconds?: number
}

/**
 * Where uploaded files live. Two implementations obey the same rules (tests/api/storage-*.test.ts):
 * the embedded one under the data directory, and S3 (or an S3-compatible service).
 */
export interface Storage {
  /** Fields and url for the browser's direct multipart POST (`fields` first, then `file`). */
  presignPost(policy: UploadPolicy & { contentType: string }): Promise<{ url: string; fields: Record<string, string> }>
  head(key: string): Promise<{ size: number; contentType: string } | null>
  /** For server-side use (zip packages, certificates). Rejects when the key does not exist. */
  read(key: string): Promise<NodeJS.ReadableStream>
  put(key: string, body: Buffer, contentType: string): Promise<void>
  delete(key: string): Promise<void>
  usage(): Promise<{ bytes: number; objects: number }>
  /** A URL the browser can read the file from (our /api/files/... for local, a presigned GET for S3). */
  readUrl(key: string): Promise<string>
}

/** How long an upload policy stays valid when the caller does not say. */
export const DEFAULT_UPLOAD_EXPIRY_SECONDS = 15 * 60

/** A storage key: relative, slash-separated, no empty, `.` or `..` segment, at most 1024 bytes. */
const KEY = /^(?!.*(?:^|\/)\.{1,2}(?:\/|$))[A-Za-z0-9._-]+(?:\/[A-Za-z0-9._-]+)*$/
export function isValidKey(key: string): boolean {
  return key.length <= 1024 && KEY.test(key)
}

/** A bare MIME type `type/subtype` (lower case, no parameters): what policies and heads carry. */
export const MIME_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/

/** Checks the arguments every implementation's presignPost refuses alike (a programming error, not client input). */
export function assertPolicy(policy: UploadPolicy & { contentType: string }): void {
  if (!isValidKey(policy.key)) throw new Error(`invalid storage key ${JSON.stringify(policy.key)}`)
  if (!MIME_TYPE.test(policy.contentType)) throw new Error(`invalid content type ${JSON.stringify(policy.contentType)}`)
  if (policy.contentTypes.length > 0 && !policy.contentTypes.includes(policy.contentType)) throw new Error(`content type ${policy.contentType} is not in the policy`)
  if (!Number.isSafeInteger(policy.maxBytes) || policy.maxBytes < 0) throw new Error('maxBytes must be a non-negative integer')
}

/** The storage the configuration names (STORAGE_DRIVER). */
export function createStorage(config: Config): Storage {
  if (config.STORAGE_DRIVER === 's3') {
    return new S3Storage({
      bucket: config.S3_BUCKET!,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    })
  }
  return new LocalStorage({ dir: config.dataDir })
}

/** Origins the browser talks to for files, beyond our own (the CSP allows them). */
export function storageOrigins(config: Config): string[] {
  if (config.STORAGE_DRIVER !== 's3') return []
  return [S3Storage.bucketOrigin({ bucket: config.S3_BUCKET!, region: config.S3_REGION, endpoint: config.S3_ENDPOINT, forcePathStyle: config.S3_FORCE_PATH_STYLE })]
}
