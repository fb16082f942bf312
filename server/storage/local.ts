import crypto from 'node:crypto'
import fs from 'node:fs'
import fsp from 'node:fs/promises'
import path from 'node:path'
import { Transform, type Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { FolderSigner, readOrCreateKey } from './folders.js'
import { assertPolicy, DEFAULT_UPLOAD_EXPIRY_SECONDS, isValidKey, MIME_TYPE, type ByteRange, type Storage, type UploadPolicy } from './index.js'

export interface LocalStorageOptions {
  /** The data directory; files live in `<dir>/files`. */
  dir: string
  /** Key of the HMAC signatures; by default generated once into `<dir>/files/secret.key`. */
  secret?: Buffer
  /** Clock in milliseconds (tests move it to expire a policy). */
  now?: () => number
  /** The origin read links point at (FILES_ORIGIN); unset: links relative to the app's origin. */
  linkOrigin?: string
}

/** A verified upload policy, as the upload route applies it. */
export interface SignedUpload {
  key: string
  contentType: string
  maxBytes: number
}

/** Why an upload was refused before anything was stored. */
export class PolicyError extends Error {}

/** The upload POST url of the embedded storage, and the prefix its files are read from. */
export const LOCAL_UPLOAD_URL = '/api/files/upload'
export const LOCAL_FILES_PREFIX = '/api/files/'

/**
 * Read links stay the same for a window (so the browser can cache what it shows) and are valid
 * between one and two windows after they were made.
 */
const READ_WINDOW_SECONDS = 6 * 60 * 60
/** A partial upload untouched this long belongs to no running upload. */
const STALE_UPLOAD_MS = 24 * 60 * 60 * 1000

/**
 * The embedded storage: objects under `<data dir>/files/objects/<key>`, their content type beside
 * them under `meta/`, uploads streamed through `tmp/` and renamed into place only once complete and
 * within the policy. Upload policies and read links are HMAC-SHA-256 signed with a key that never
 * leaves the server.
 */
export class LocalStorage implements Storage {
  readonly root: string
  /** Folder of the objects, one file per key (served with ranges by the files route). */
  readonly objects: string
  private readonly meta: string
  private readonly tmp: string
  private readonly secret: Buffer
  private readonly now: () => number
  private readonly linkOrigin: string
  /** Read links covering a folder (simulation packages), signed with the same key. */
  readonly folders: FolderSigner

  constructor(options: LocalStorageOptions) {
    this.root = path.join(options.dir, 'files')
    this.objects = path.join(this.root, 'objects')
    this.meta = path.join(this.root, 'meta')
    this.tmp = path.join(this.root, 'tmp')
    for (const d of [this.root, this.objects, this.meta, this.tmp]) fs.mkdirSync(d, { recursive: true, mode: 0o700 })
    this.secret = options.secret ?? readOrCreateKey(path.join(this.root, 'secret.key'))
    this.now = options.now ?? Date.now
    this.linkOrigin = options.linkOrigin ?? ''
    this.folders = new FolderSigner(this.secret, this.now, this.linkOrigin)
    this.removeStaleUploads()
  }

  /**
   * Partial uploads left by a process that stopped mid-upload. Only old ones: another process
   * sharing the data directory may be receiving a file right now.
   */
  private removeStaleUploads() {
    const before = Date.now() - STALE_UPLOAD_MS
    for (const name of fs.readdirSync(this.tmp)) {
      const file = path.join(this.tmp, name)
      try {
        if (fs.statSync(file).mtimeMs < before) fs.rmSync(file, { force: true })
      } catch {
        // removed meanwhile
      }
    }
  }

  async presignPost(policy: UploadPolicy & { contentType: string }) {
    assertPolicy(policy)
    const expires = Math.floor(this.now() / 1000) + (policy.expiresInSeconds ?? DEFAULT_UPLOAD_EXPIRY_SECONDS)
    const encoded = Buffer.from(JSON.stringify({ k: policy.key, t: policy.contentType, m: policy.maxBytes, e: expires })).toString('base64url')
    return {
      url: LOCAL_UPLOAD_URL,
      fields: { key: policy.key, 'Content-Type': policy.contentType, Policy: encoded, 'X-Aula-Signature': this.sign('upload', encoded) },
    }
  }

  /**
   * Checks the form fields sent before the file: a policy we signed, not expired, whose key and
   * content type are the ones the form names. Throws PolicyError otherwise.
   */
  verifyUpload(fields: Record<string, string>): SignedUpload {
    const encoded = fields.Policy ?? fields.policy
    const signature = fields['X-Aula-Signature'] ?? fields['x-aula-signature']
    if (!encoded || !signature) throw new PolicyError('The upload has no policy')
    if (!this.verify(signature, 'upload', encoded)) throw new PolicyError('The upload policy is not valid')
    let parsed: { k?: unknown; t?: unknown; m?: unknown; e?: unknown }
    try {
      parsed = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as typeof parsed
    } catch {
      throw new PolicyError('The upload policy is not valid')
    }
    const { k, t, m, e } = parsed
    if (typeof k !== 'string' || typeof t !== 'string' || typeof m !== 'number' || typeof e !== 'number')
      throw new PolicyError('The upload policy is not valid')
    if (e * 1000 < this.now()) throw new PolicyError('The upload policy has expired')
    if (fields.key !== k) throw new PolicyError('The key is not the one of the upload policy')
    const contentType = fields['Content-Type'] ?? fields['content-type']
    if (contentType !== t) throw new PolicyError('The content type is not the one of the upload policy')
    return { key: k, contentType: t, maxBytes: m }
  }

  /**
   * Streams an upload into place. Resolves `stored` once the whole file is on disk, or `too-large`
   * as soon as it passes `maxBytes`: the partial file is removed, nothing is stored, and the rest
   * of `source` is read and thrown away (so a form parser feeding it keeps going). The file never
   * sits whole in memory. `signal` (the client went away) removes the partial file too.
   */
  async receive(upload: SignedUpload, source: Readable, signal?: AbortSignal): Promise<{ outcome: 'stored'; size: number } | { outcome: 'too-large' }> {
    const temp = path.join(this.tmp, crypto.randomBytes(12).toString('hex'))
    let size = 0
    let tooLarge = false
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length
        if (size > upload.maxBytes) {
          tooLarge = true
          callback(new PolicyError('Too much data'))
          return
        }
        callback(null, chunk)
      },
    })
    // The source is piped, not handed to pipeline(): a failure here must not destroy it (a form
    // parser's file stream that is destroyed stalls the parser instead of finishing the request).
    source.pipe(counter)
    try {
      await pipeline(counter, fs.createWriteStream(temp, { flags: 'wx', mode: 0o600 }), { signal })
    } catch (error) {
      source.unpipe(counter)
      source.resume()
      await fsp.rm(temp, { force: true })
      if (tooLarge) return { outcome: 'too-large' }
      throw error
    }
    try {
      await this.commit(upload.key, temp, upload.contentType)
    } catch (error) {
      await fsp.rm(temp, { force: true })
      throw error
    }
    return { outcome: 'stored', size }
  }

  async head(key: string) {
    if (!isValidKey(key)) return null
    let size: number
    try {
      const st = await fsp.stat(this.objectPath(key))
      if (!st.isFile()) return null
      size = st.size
    } catch {
      return null
    }
    return { size, contentType: await this.contentTypeOf(key) }
  }

  async read(key: string, range?: ByteRange): Promise<NodeJS.ReadableStream> {
    const file = this.objectPath(key)
    const handle = await fsp.open(file, 'r')
    return handle.createReadStream(range ? { start: range.start, end: range.end } : {})
  }

  async put(key: string, body: Buffer, contentType: string) {
    if (!MIME_TYPE.test(contentType)) throw new Error(`invalid content type ${JSON.stringify(contentType)}`)
    const temp = path.join(this.tmp, crypto.randomBytes(12).toString('hex'))
    await fsp.writeFile(temp, body, { flag: 'wx', mode: 0o600 })
    try {
      await this.commit(key, temp, contentType)
    } catch (error) {
      await fsp.rm(temp, { force: true })
      throw error
    }
  }

  async putFile(key: string, file: string, contentType: string) {
    if (!MIME_TYPE.test(contentType)) throw new Error(`invalid content type ${JSON.stringify(contentType)}`)
    const temp = path.join(this.tmp, crypto.randomBytes(12).toString('hex'))
    try {
      await fsp.copyFile(file, temp, fs.constants.COPYFILE_EXCL)
      await fsp.chmod(temp, 0o600)
      await this.commit(key, temp, contentType)
    } catch (error) {
      await fsp.rm(temp, { force: true })
      throw error
    }
  }

  async delete(key: string) {
    if (!isValidKey(key)) return
    await fsp.rm(this.objectPath(key), { force: true })
    await fsp.rm(this.metaPath(key), { force: true })
  }

  async copy(from: string, to: string) {
    if (!isValidKey(to)) throw new Error(`invalid storage key ${JSON.stringify(to)}`)
    const head = await this.head(from)
    if (!head) return false
    const temp = path.join(this.tmp, crypto.randomBytes(12).toString('hex'))
    try {
      await fsp.copyFile(this.objectPath(from), temp, fs.constants.COPYFILE_EXCL)
      await fsp.chmod(temp, 0o600)
      await this.commit(to, temp, head.contentType)
    } catch (error) {
      await fsp.rm(temp, { force: true })
      // Deleted between the head and the copy: as if it had never been there.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false
      throw error
    }
    return true
  }

  async list(prefix: string) {
    const keys: string[] = []
    // Only the folder the prefix ends in is walked, not every object.
    const folder = prefix.slice(0, prefix.lastIndexOf('/') + 1)
    const walk = async (dir: string, under: string) => {
      let entries: fs.Dirent[]
      try {
        entries = await fsp.readdir(dir, { withFileTypes: true })
      } catch {
        return // no such folder
      }
      for (const entry of entries) {
        const key = under + entry.name
        if (entry.isDirectory()) {
          if ((key + '/').startsWith(prefix) || prefix.startsWith(key + '/')) await walk(path.join(dir, entry.name), key + '/')
        } else if (entry.isFile() && key.startsWith(prefix)) keys.push(key)
      }
    }
    if (folder === '' || isValidKey(folder.slice(0, -1))) await walk(path.join(this.objects, ...folder.split('/').filter(Boolean)), folder)
    return keys
  }

  async usage() {
    let bytes = 0
    let objects = 0
    const walk = async (dir: string) => {
      let entries: fs.Dirent[]
      try {
        entries = await fsp.readdir(dir, { withFileTypes: true })
      } catch {
        return // removed meanwhile
      }
      for (const entry of entries) {
        const p = path.join(dir, entry.name)
        if (entry.isDirectory()) await walk(p)
        else if (entry.isFile()) {
          try {
            bytes += (await fsp.stat(p)).size
            objects += 1
          } catch {
            // deleted meanwhile
          }
        }
      }
    }
    await walk(this.objects)
    return { bytes, objects }
  }

  async readUrl(key: string) {
    if (!isValidKey(key)) throw new Error(`invalid storage key ${JSON.stringify(key)}`)
    const now = Math.floor(this.now() / 1000)
    const expires = (Math.floor(now / READ_WINDOW_SECONDS) + 2) * READ_WINDOW_SECONDS
    return `${this.linkOrigin}${LOCAL_FILES_PREFIX}${key}?expires=${expires}&signature=${this.sign('read', key, String(expires))}`
  }

  /** Whether a read link (key, expires, signature) is one we made and still valid. */
  verifyRead(key: string, expires: string | undefined, signature: string | undefined): boolean {
    if (!expires || !signature || !/^\d{1,12}$/.test(expires)) return false
    if (Number(expires) * 1000 < this.now()) return false
    return this.verify(signature, 'read', key, expires)
  }

  /** The object's file, for serving with ranges (the key must be valid). */
  objectPath(key: string): string {
    if (!isValidKey(key)) throw new Error(`invalid storage key ${JSON.stringify(key)}`)
    return path.join(this.objects, ...key.split('/'))
  }

  async contentTypeOf(key: string): Promise<string> {
    try {
      const text = await fsp.readFile(this.metaPath(key), 'utf8')
      const type = (JSON.parse(text) as { contentType?: unknown }).contentType
      if (typeof type === 'string' && MIME_TYPE.test(type)) return type
    } catch {
      // no metadata: served as bytes
    }
    return 'application/octet-stream'
  }

  private metaPath(key: string): string {
    return `${path.join(this.meta, ...key.split('/'))}.json`
  }

  /** Metadata first, then the object by rename (atomic): a reader never sees half a file. */
  private async commit(key: string, temp: string, contentType: string) {
    const object = this.objectPath(key)
    const meta = this.metaPath(key)
    await fsp.mkdir(path.dirname(object), { recursive: true, mode: 0o700 })
    await fsp.mkdir(path.dirname(meta), { recursive: true, mode: 0o700 })
    await fsp.writeFile(meta, JSON.stringify({ contentType }), { mode: 0o600 })
    await fsp.rename(temp, object)
  }

  private sign(...parts: string[]): string {
    const mac = crypto.createHmac('sha256', this.secret)
    for (const p of parts) mac.update(`${p.length}:${p}`)
    return mac.digest('base64url')
  }

  private verify(signature: string, ...parts: string[]): boolean {
    const expected = Buffer.from(this.sign(...parts))
    const given = Buffer.from(signature)
    return given.length === expected.length && crypto.timingSafeEqual(given, expected)
  }
}
