import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

/** Where folder links are served: `/api/files/p/<expires>/<signature>/<prefix…>/<path in it>`. */
export const FOLDER_LINK_PREFIX = '/api/files/p/'

/**
 * Folder links stay the same for a window (the browser caches what a package loads) and are valid
 * between one and two windows after they were made, as the embedded storage's file links.
 */
const FOLDER_WINDOW_SECONDS = 6 * 60 * 60
/** A prefix has at most this many segments: bounds the splits a request is checked against. */
const MAX_PREFIX_SEGMENTS = 32

/**
 * Signs and checks read links that cover a whole folder of storage (a simulation package), with the
 * signature in the PATH: a page served from such a link loads its scripts, styles and images by
 * relative address, and those addresses stay inside the signed folder. The signature is an
 * HMAC-SHA-256 over (prefix, expires) with a key that never leaves the server; the files themselves
 * are served by our files route from the storage, whichever driver holds them.
 */
export class FolderSigner {
  constructor(
    private readonly secret: Buffer,
    private readonly now: () => number = Date.now,
    /** The origin links point at (FILES_ORIGIN); empty: links relative to the app's origin. */
    private readonly linkOrigin = '',
  ) {}

  /** The link to `file` (a path relative to `prefix`, which ends with `/`). */
  url(prefix: string, file: string): string {
    if (!prefix.endsWith('/')) throw new Error(`a folder prefix ends with a slash: ${JSON.stringify(prefix)}`)
    const now = Math.floor(this.now() / 1000)
    const expires = String((Math.floor(now / FOLDER_WINDOW_SECONDS) + 2) * FOLDER_WINDOW_SECONDS)
    return `${this.linkOrigin}${FOLDER_LINK_PREFIX}${expires}/${this.sign(prefix, expires)}/${prefix}${file}`
  }

  /**
   * The signed prefix that covers `key` for this (expires, signature), or null when none does (tampered,
   * expired, or a key outside the folder the link was made for). The link does not say where the prefix
   * ends, so every split of the key into folder and file is tried (a few HMACs).
   */
  coveringPrefix(key: string, expires: string, signature: string): string | null {
    if (!/^\d{1,12}$/.test(expires) || !/^[A-Za-z0-9_-]{43}$/.test(signature)) return null
    if (Number(expires) * 1000 < this.now()) return null
    const segments = key.split('/')
    const given = Buffer.from(signature)
    let found: string | null = null
    for (let i = 1; i < segments.length && i <= MAX_PREFIX_SEGMENTS; i++) {
      const prefix = `${segments.slice(0, i).join('/')}/`
      // Every split is checked (no early exit): the time taken does not tell which split matched.
      if (crypto.timingSafeEqual(Buffer.from(this.sign(prefix, expires)), given) && found === null) found = prefix
    }
    return found
  }

  private sign(prefix: string, expires: string): string {
    const mac = crypto.createHmac('sha256', this.secret)
    for (const p of ['folder', prefix, expires]) mac.update(`${p.length}:${p}`)
    return mac.digest('base64url')
  }
}

/** Reads the signing key, or creates it exclusively (two processes starting together agree on one). */
export function readOrCreateKey(file: string): Buffer {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 })
  try {
    fs.writeFileSync(file, crypto.randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
  const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex')
  if (key.length !== 32) throw new Error(`${file} must hold a 32-byte key in hex`)
  return key
}
