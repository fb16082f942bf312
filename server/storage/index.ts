import path from 'node:path'
import type { Config } from '../config.js'
import { readOrCreateKey, type FolderSigner } from './folders.js'
import { LocalStorage } from './local.js'
import type { S3StorageOptions } from './s3.js'

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
  /**
   * For server-side use (zip packages, certificates, files of a folder link). Rejects when the key
   * does not exist. `range` (inclusive bytes, within the size `head` reports) reads only that part.
   */
  read(key: string, range?: ByteRange): Promise<NodeJS.ReadableStream>
  put(key: string, body: Buffer, contentType: string): Promise<void>
  /**
   * Stores the local file `file` under `key`, streamed (an unpacked package's files). `crc32`, when
   * known, lets the storage check what it received.
   */
  putFile(key: string, file: string, contentType: string, checksum?: { crc32: number }): Promise<void>
  delete(key: string): Promise<void>
  /**
   * Copies the object `from` to the key `to`, content type included, inside the storage (the bytes
   * never pass through this process on S3). Resolves false when `from` does not exist.
   */
  copy(from: string, to: string): Promise<boolean>
  /** Every key that starts with `prefix` (a package's folder), in no particular order. */
  list(prefix: string): Promise<string[]>
  usage(): Promise<{ bytes: number; objects: number }>
  /** A URL the browser can read the file from (our /api/files/... for local, a presigned GET for S3). */
  readUrl(key: string): Promise<string>
}

/** Inclusive byte offsets, as in an HTTP Range. */
export interface ByteRange {
  start: number
  end: number
}

/**
 * What a storage may offer beside the `Storage` contract: links that cover a whole folder (a
 * simulation package), served by our `/api/files/p/...` route from `read`/`head`. Both drivers
 * offer it; a storage without it falls back to per-file links (see `readFolderUrl`).
 */
export interface FolderLinks {
  readonly folders?: FolderSigner
}

/**
 * A browser link to `file` inside the folder `prefix` (ending with `/`) from which the page can load
 * the folder's other files by relative address. Without folder links, a plain per-file link.
 */
export async function readFolderUrl(storage: Storage, prefix: string, file: string): Promise<string> {
  const key = prefix + file
  if (!prefix.endsWith('/') || !isValidKey(key)) throw new Error(`invalid storage key ${JSON.stringify(key)}`)
  const folders = (storage as Storage & FolderLinks).folders
  return folders ? folders.url(prefix, file) : storage.readUrl(key)
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
  if (policy.contentTypes.length > 0 && !policy.contentTypes.includes(policy.contentType))
    throw new Error(`content type ${policy.contentType} is not in the policy`)
  if (!Number.isSafeInteger(policy.maxBytes) || policy.maxBytes < 0) throw new Error('maxBytes must be a non-negative integer')
}

/** The storage the configuration names (STORAGE_DRIVER). The S3 SDK loads only when S3 is named. */
export async function createStorage(config: Config): Promise<Storage> {
  if (config.STORAGE_DRIVER === 's3') {
    const { S3Storage } = await import('./s3.js')
    return new S3Storage({
      bucket: config.S3_BUCKET!,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      // Folder links are served by us, so they are signed by us: the same generated key as the
      // embedded storage (share the data directory's files/secret.key between instances).
      secret: readOrCreateKey(path.join(config.dataDir, 'files', 'secret.key')),
      linkOrigin: config.FILES_ORIGIN,
    })
  }
  return new LocalStorage({ dir: config.dataDir, linkOrigin: config.FILES_ORIGIN })
}

/** Origins the browser talks to for files, beyond our own (the CSP allows them). */
export function storageOrigins(config: Config): string[] {
  const own = config.FILES_ORIGIN ? [config.FILES_ORIGIN] : []
  if (config.STORAGE_DRIVER !== 's3') return own
  return [
    bucketOrigin({ bucket: config.S3_BUCKET!, region: config.S3_REGION, endpoint: config.S3_ENDPOINT, forcePathStyle: config.S3_FORCE_PATH_STYLE }),
    ...own,
  ]
}

/** The origin presigned links point at, for the Content-Security-Policy (virtual-hosted or path style). */
export function bucketOrigin(options: Pick<S3StorageOptions, 'bucket' | 'region' | 'endpoint' | 'forcePathStyle'>): string {
  if (options.endpoint) {
    const url = new URL(options.endpoint)
    return options.forcePathStyle ? url.origin : `${url.protocol}//${options.bucket}.${url.host}`
  }
  return options.forcePathStyle ? `https://s3.${options.region}.amazonaws.com` : `https://${options.bucket}.s3.${options.region}.amazonaws.com`
}
