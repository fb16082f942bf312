import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { Config } from '../config.js'

/**
 * The identity service's own secrets: one 32-byte key (encryption at rest and keyed hashes) and
 * the key pair admin calls are signed with. Both come from configuration, or are generated once
 * into `<data dir>/identity/` (mode 0600) and read back on later starts.
 */
export interface Secrets {
  box: SecretBox
  admin: { accessKeyId: string; secretAccessKey: string }
}

export function loadSecrets(config: Config): Secrets {
  const dir = path.join(config.dataDir, 'identity')
  const key = config.IDENTITY_SECRET_KEY
    ? decodeKey(config.IDENTITY_SECRET_KEY)
    : decodeKey(readOrCreate(path.join(dir, 'secret.key'), () => crypto.randomBytes(32).toString('hex')).trim())
  let admin: Secrets['admin']
  if (config.IDENTITY_ADMIN_ACCESS_KEY_ID && config.IDENTITY_ADMIN_SECRET_ACCESS_KEY) {
    admin = { accessKeyId: config.IDENTITY_ADMIN_ACCESS_KEY_ID, secretAccessKey: config.IDENTITY_ADMIN_SECRET_ACCESS_KEY }
  } else {
    const text = readOrCreate(path.join(dir, 'admin-credentials.json'), () =>
      JSON.stringify({
        accessKeyId: `AKIA${crypto.randomBytes(8).toString('hex').toUpperCase()}`,
        secretAccessKey: crypto.randomBytes(30).toString('base64'),
      }),
    )
    admin = JSON.parse(text) as Secrets['admin']
  }
  return { box: new SecretBox(key), admin }
}

function decodeKey(text: string): Buffer {
  const key = /^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64')
  if (key.length !== 32) throw new Error('the identity secret key must be 32 bytes (64 hex digits or 44 base64 characters)')
  return key
}

/** Reads a file, or creates it exclusively (so two processes starting together agree on one value). */
function readOrCreate(file: string, make: () => string): string {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 })
  try {
    fs.writeFileSync(file, make(), { flag: 'wx', mode: 0o600 })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
  return fs.readFileSync(file, 'utf8')
}

/** AES-256-GCM sealing and HMAC-SHA-256 hashing under one key (sub-keys derived per use). */
export class SecretBox {
  private readonly encKey: Buffer
  private readonly macKey: Buffer

  constructor(key: Buffer) {
    this.encKey = Buffer.from(crypto.hkdfSync('sha256', key, Buffer.alloc(0), 'aula identity encryption', 32))
    this.macKey = Buffer.from(crypto.hkdfSync('sha256', key, Buffer.alloc(0), 'aula identity hashing', 32))
  }

  /** `v1.<iv>.<tag>.<ciphertext>`, base64url parts. */
  seal(plain: string): string {
    const iv = crypto.randomBytes(12)
    const cipher = crypto.createCipheriv('aes-256-gcm', this.encKey, iv)
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
    return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.')
  }

  open(sealed: string): string {
    const [version, iv, tag, data] = sealed.split('.')
    if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('sealed value has an unknown format')
    const decipher = crypto.createDecipheriv('aes-256-gcm', this.encKey, Buffer.from(iv, 'base64url'))
    decipher.setAuthTag(Buffer.from(tag, 'base64url'))
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8')
  }

  /** Keyed hash (hex) for codes, refresh tokens and handles: useless without the key, even for 6 digits. */
  hash(...parts: string[]): string {
    const mac = crypto.createHmac('sha256', this.macKey)
    for (const p of parts) mac.update(`${p.length}:${p}`)
    return mac.digest('hex')
  }

  /** Deterministic bytes for a label (simulated answers for unknown users). */
  derive(label: string, length = 32): Buffer {
    return crypto.createHmac('sha256', this.macKey).update(`derive:${label}`).digest().subarray(0, length)
  }
}
