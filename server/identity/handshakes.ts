import crypto from 'node:crypto'
import type { Queryable } from '../db/index.js'
import type { SecretBox } from './secrets.js'

export type HandshakeKind = 'PASSWORD_VERIFIER' | 'NEW_PASSWORD_REQUIRED' | 'DEVICE_SRP_AUTH' | 'DEVICE_PASSWORD_VERIFIER'

export interface Handshake<T> {
  kind: HandshakeKind
  username: string
  clientId: string
  data: T
}

/**
 * Server-side state of a sign-in in progress, under a random handle (SECRET_BLOCK or Session) that
 * is stored only as a keyed hash; the state itself (it holds the SRP secret b) is encrypted.
 */
export class HandshakeStore {
  constructor(
    private readonly box: SecretBox,
    private readonly ttlSeconds: number,
  ) {}

  async create<T>(db: Queryable, h: Handshake<T>): Promise<string> {
    const handle = crypto.randomBytes(48).toString('base64')
    await db.query(
      `INSERT INTO identity_auth_sessions (handle_hash, kind, username, client_id, data, expires_at)
       VALUES ($1, $2, $3, $4, $5, now() + make_interval(secs => $6))`,
      [this.box.hash('handshake', handle), h.kind, h.username, h.clientId, this.box.seal(JSON.stringify(h.data)), this.ttlSeconds],
    )
    return handle
  }

  /** The live state under a handle, of the expected kind, or null. */
  async get<T>(db: Queryable, handle: string, kind: HandshakeKind): Promise<Handshake<T> | null> {
    const { rows } = await db.query<{ kind: HandshakeKind; username: string; client_id: string; data: string }>(
      'SELECT kind, username, client_id, data FROM identity_auth_sessions WHERE handle_hash = $1 AND expires_at > now()',
      [this.box.hash('handshake', handle)],
    )
    const row = rows[0]
    if (!row || row.kind !== kind) return null
    return { kind: row.kind, username: row.username, clientId: row.client_id, data: JSON.parse(this.box.open(row.data)) as T }
  }

  /** Single use: true only for the caller that deleted it. */
  async consume(db: Queryable, handle: string): Promise<boolean> {
    const { rows } = await db.query('DELETE FROM identity_auth_sessions WHERE handle_hash = $1 RETURNING kind', [this.box.hash('handshake', handle)])
    return rows.length > 0
  }
}
