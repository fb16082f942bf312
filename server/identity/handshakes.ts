import crypto from 'node:crypto'
import zlib from 'node:zlib'
import type { Queryable } from '../db/index.js'
import type { SecretBox } from './secrets.js'

export type HandshakeKind = 'PASSWORD_VERIFIER' | 'NEW_PASSWORD_REQUIRED' | 'DEVICE_SRP_AUTH' | 'DEVICE_PASSWORD_VERIFIER'

export interface Handshake<T> {
  kind: HandshakeKind
  username: string
  clientId: string
  data: T
}

interface Sealed<T> extends Handshake<T> {
  /** Random id: what `consume` records to refuse a second use. */
  id: string
  /** Expiry, epoch milliseconds. */
  exp: number
}

const VERSION = 1

/**
 * State of a sign-in in progress (it holds the SRP secret b), carried by the client itself: the
 * SECRET_BLOCK or Session that Cognito hands out is the state, compressed and sealed with
 * AES-256-GCM under a key derived from the identity secret key, so the client can neither read
 * nor alter it, and any process sharing the key can continue the sign-in. Starting a handshake
 * writes nothing; finishing one records its id once (identity_used_handshakes), which refuses a
 * replayed answer. Expired blocks are refused by their sealed expiry.
 */
export class HandshakeStore {
  private readonly key: Buffer

  constructor(
    box: SecretBox,
    private readonly ttlSeconds: number,
  ) {
    this.key = box.derive('handshake-block-key', 32)
  }

  async create<T>(_db: Queryable, h: Handshake<T>): Promise<string> {
    const sealed: Sealed<T> = { ...h, id: crypto.randomBytes(16).toString('base64url'), exp: Date.now() + this.ttlSeconds * 1000 }
    const plain = zlib.deflateRawSync(Buffer.from(JSON.stringify(sealed)))
    const iv = crypto.randomBytes(12)
    const cipher = crypto.createCipheriv('aes-256-gcm', this.key, iv)
    cipher.setAAD(Buffer.from([VERSION]))
    const data = Buffer.concat([cipher.update(plain), cipher.final()])
    return Buffer.concat([Buffer.from([VERSION]), iv, cipher.getAuthTag(), data]).toString('base64')
  }

  private open<T>(handle: string): Sealed<T> | null {
    try {
      const raw = Buffer.from(handle, 'base64')
      if (raw.length < 30 || raw[0] !== VERSION) return null
      const decipher = crypto.createDecipheriv('aes-256-gcm', this.key, raw.subarray(1, 13))
      decipher.setAAD(Buffer.from([VERSION]))
      decipher.setAuthTag(raw.subarray(13, 29))
      const plain = Buffer.concat([decipher.update(raw.subarray(29)), decipher.final()])
      return JSON.parse(zlib.inflateRawSync(plain, { maxOutputLength: 64 * 1024 }).toString('utf8')) as Sealed<T>
    } catch {
      return null
    }
  }

  /** The state under a handle, of the expected kind and not expired, or null. (Use is checked by consume.) */
  async get<T>(_db: Queryable, handle: string, kind: HandshakeKind): Promise<Handshake<T> | null> {
    const h = this.open<T>(handle)
    if (!h || h.kind !== kind || typeof h.exp !== 'number' || h.exp <= Date.now()) return null
    return { kind: h.kind, username: h.username, clientId: h.clientId, data: h.data }
  }

  /** Single use: true only for the first caller that finishes this handshake (across processes). */
  async consume(db: Queryable, handle: string): Promise<boolean> {
    const h = this.open<unknown>(handle)
    if (!h || h.exp <= Date.now()) return false
    const { rows } = await db.query(
      `INSERT INTO identity_used_handshakes (id, expires_at) VALUES ($1, to_timestamp($2::double precision / 1000))
       ON CONFLICT DO NOTHING RETURNING id`,
      [h.id, h.exp],
    )
    return rows.length > 0
  }
}
