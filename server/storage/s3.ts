import fs from 'node:fs'
import fsp from 'node:fs/promises'
import type { Readable } from 'node:stream'
import zlib from 'node:zlib'
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3'
import { createPresignedPost } from '@aws-sdk/s3-presigned-post'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'
import { fileAnswer } from './answers.js'
import { FolderSigner } from './folders.js'
import { assertPolicy, DEFAULT_UPLOAD_EXPIRY_SECONDS, isValidKey, type ByteRange, type Storage, type UploadPolicy } from './index.js'

export interface S3StorageOptions {
  bucket: string
  region: string
  /** An S3-compatible service instead of AWS (MinIO, a test emulator …). */
  endpoint?: string
  forcePathStyle?: boolean
  /** Explicit credentials (tests); otherwise the AWS default chain (environment, profile, role). */
  credentials?: { accessKeyId: string; secretAccessKey: string }
  /** Key of the folder links our files route serves; without it, packages get per-file presigned links. */
  secret?: Buffer
  /** Clock in milliseconds of the folder links (tests move it to expire one). */
  now?: () => number
  /** The origin folder links point at (FILES_ORIGIN); unset: relative to the app's origin. */
  linkOrigin?: string
}

/** How long a presigned read link is valid. */
const READ_URL_SECONDS = 12 * 60 * 60

/**
 * Files in an S3 bucket. The browser uploads straight to the bucket with a presigned POST whose
 * conditions pin the key, the content type and a content-length-range, so the bucket itself refuses
 * a larger file or another type; the browser reads through presigned GET links.
 */
export class S3Storage implements Storage {
  readonly client: S3Client
  /** Read links covering a folder (simulation packages): S3 signs only one object per link. */
  readonly folders?: FolderSigner
  private readonly bucket: string

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket
    if (options.secret) this.folders = new FolderSigner(options.secret, options.now, options.linkOrigin)
    this.client = new S3Client({
      region: options.region,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      forcePathStyle: options.forcePathStyle ?? false,
      ...(options.credentials ? { credentials: options.credentials } : {}),
    })
  }

  async presignPost(policy: UploadPolicy & { contentType: string }) {
    assertPolicy(policy)
    const { url, fields } = await createPresignedPost(this.client, {
      Bucket: this.bucket,
      Key: policy.key,
      Conditions: [
        ['content-length-range', 0, policy.maxBytes],
        ['eq', '$Content-Type', policy.contentType],
      ],
      Fields: { 'Content-Type': policy.contentType },
      Expires: policy.expiresInSeconds ?? DEFAULT_UPLOAD_EXPIRY_SECONDS,
    })
    return { url, fields }
  }

  async head(key: string) {
    if (!isValidKey(key)) return null
    try {
      const out = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }))
      return { size: out.ContentLength ?? 0, contentType: out.ContentType ?? 'application/octet-stream' }
    } catch (error) {
      if (isNotFound(error)) return null
      throw error
    }
  }

  async read(key: string, range?: ByteRange): Promise<NodeJS.ReadableStream> {
    const out = await this.client.send(
      new GetObjectCommand({ Bucket: this.bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
    )
    if (!out.Body) throw new Error(`empty body for ${key}`)
    return out.Body as Readable
  }

  async put(key: string, body: Buffer, contentType: string) {
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentType }))
  }

  async putFile(key: string, file: string, contentType: string, checksum?: { crc32: number }) {
    const { size } = await fsp.stat(file)
    const crc32 = checksum?.crc32 ?? (await fileCrc32(file))
    // With the checksum given up front the body goes as it is (no chunked upload with a trailing checksum).
    const ChecksumCRC32 = Buffer.from([crc32 >>> 24, (crc32 >>> 16) & 0xff, (crc32 >>> 8) & 0xff, crc32 & 0xff]).toString('base64')
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: fs.createReadStream(file), ContentLength: size, ContentType: contentType, ChecksumCRC32 }),
    )
  }

  async delete(key: string) {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }))
  }

  async copy(from: string, to: string) {
    if (!isValidKey(from) || !isValidKey(to)) throw new Error(`invalid storage key ${JSON.stringify(isValidKey(from) ? to : from)}`)
    try {
      // Keys hold only URL-safe characters (isValidKey), so the source needs no further encoding.
      await this.client.send(new CopyObjectCommand({ Bucket: this.bucket, Key: to, CopySource: `${this.bucket}/${from}`, MetadataDirective: 'COPY' }))
    } catch (error) {
      if (isNotFound(error)) return false
      throw error
    }
    return true
  }

  async list(prefix: string) {
    const keys: string[] = []
    let token: string | undefined
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }))
      for (const o of page.Contents ?? []) if (o.Key) keys.push(o.Key)
      token = page.IsTruncated ? page.NextContinuationToken : undefined
    } while (token)
    return keys
  }

  async usage() {
    let bytes = 0
    let objects = 0
    let token: string | undefined
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, ContinuationToken: token }))
      for (const o of page.Contents ?? []) {
        bytes += o.Size ?? 0
        objects += 1
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined
    } while (token)
    return { bytes, objects }
  }

  /**
   * A presigned GET whose answer the bucket sends with the headers our files route would: a type
   * that is not shown in place is a download of bytes (Content-Disposition: attachment,
   * Content-Type: application/octet-stream). The stored type is asked once per key and process
   * (a key's file never changes type: every upload gets a new key).
   */
  async readUrl(key: string) {
    if (!isValidKey(key)) throw new Error(`invalid storage key ${JSON.stringify(key)}`)
    // A type that cannot be learnt now is taken as one that downloads.
    const type = await this.typeOf(key).catch(() => null)
    const answer = fileAnswer({ key, contentType: type ?? 'application/octet-stream', frameAncestors: "'self'" })
    const overrides = answer.disposition ? { ResponseContentType: answer.contentType, ResponseContentDisposition: answer.disposition } : {}
    return getSignedUrl(this.client, new GetObjectCommand({ Bucket: this.bucket, Key: key, ...overrides }), { expiresIn: READ_URL_SECONDS })
  }

  private readonly types = new Map<string, string>()
  private async typeOf(key: string): Promise<string | null> {
    const known = this.types.get(key)
    if (known) return known
    const head = await this.head(key)
    if (!head) return null
    if (this.types.size >= 10_000) this.types.clear()
    this.types.set(key, head.contentType)
    return head.contentType
  }
}

async function fileCrc32(file: string): Promise<number> {
  let crc = 0
  for await (const chunk of fs.createReadStream(file) as AsyncIterable<Buffer>) crc = zlib.crc32(chunk, crc)
  return crc >>> 0
}

function isNotFound(error: unknown): boolean {
  if (error instanceof S3ServiceException) return error.$metadata.httpStatusCode === 404 || error.name === 'NotFound' || error.name === 'NoSuchKey'
  return false
}
