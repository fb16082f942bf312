import crypto from 'node:crypto'
import type { Queryable } from '../db/index.js'
import type { SecretBox } from './secrets.js'

export interface Device {
  deviceKey: string
  username: string
  groupKey: string
  name: string | null
  salt: string | null
  verifier: string | null
  confirmed: boolean
  remembered: boolean
  lastIp: string | null
  createdAt: Date
  modifiedAt: Date
  lastAuthenticatedAt: Date | null
}

interface DeviceRow {
  device_key: string
  username: string
  group_key: string
  name: string | null
  srp_salt: string | null
  srp_verifier: string | null
  confirmed: boolean
  remembered: boolean
  last_ip: string | null
  created_at: Date | string
  modified_at: Date | string
  last_authenticated_at: Date | string | null
}

/** Tracked devices (docs/identity.md "SRP sign-in, Device sign-in"): key `<region>_<uuid>`, SRP verifier of the device secret. */
export class DeviceRepository {
  constructor(
    private readonly box: SecretBox,
    private readonly region: string,
  ) {}

  private toDevice(r: DeviceRow): Device {
    return {
      deviceKey: r.device_key,
      username: r.username,
      groupKey: r.group_key,
      name: r.name,
      salt: r.srp_salt,
      verifier: r.srp_verifier ? this.box.open(r.srp_verifier) : null,
      confirmed: r.confirmed,
      remembered: r.remembered,
      lastIp: r.last_ip,
      createdAt: new Date(r.created_at),
      modifiedAt: new Date(r.modified_at),
      lastAuthenticatedAt: r.last_authenticated_at ? new Date(r.last_authenticated_at) : null,
    }
  }

  /** A pending (unconfirmed) device for a sign-in that had none. */
  async createPending(db: Queryable, username: string, ip: string): Promise<Device> {
    const deviceKey = `${this.region}_${crypto.randomUUID()}`
    const groupKey = `-${crypto.randomBytes(7).toString('base64url').replace(/[-_]/g, 'x')}`
    // Pending devices never confirmed within a day are litter from interrupted sign-ins; cleared in
    // the same statement (one round trip per sign-in).
    const { rows } = await db.query<DeviceRow>(
      `WITH litter AS (DELETE FROM identity_devices WHERE username = $2 AND NOT confirmed AND created_at < now() - interval '1 day')
       INSERT INTO identity_devices (device_key, username, group_key, last_ip) VALUES ($1, $2, $3, $4) RETURNING *`,
      [deviceKey, username, groupKey, ip],
    )
    return this.toDevice(rows[0])
  }

  async get(db: Queryable, deviceKey: string, username: string): Promise<Device | null> {
    const { rows } = await db.query<DeviceRow>('SELECT * FROM identity_devices WHERE device_key = $1 AND username = $2', [deviceKey, username])
    return rows[0] ? this.toDevice(rows[0]) : null
  }

  async confirm(db: Queryable, deviceKey: string, p: { salt: string; verifier: string; name: string | null; remembered: boolean }) {
    await db.query(
      `UPDATE identity_devices SET srp_salt = $2, srp_verifier = $3, name = $4, confirmed = true, remembered = $5, modified_at = now()
       WHERE device_key = $1`,
      [deviceKey, p.salt, this.box.seal(p.verifier), p.name, p.remembered],
    )
  }

  async setRemembered(db: Queryable, deviceKey: string, remembered: boolean) {
    await db.query('UPDATE identity_devices SET remembered = $2, modified_at = now() WHERE device_key = $1', [deviceKey, remembered])
  }

  async touch(db: Queryable, deviceKey: string, ip: string) {
    await db.query('UPDATE identity_devices SET last_ip = $2, last_authenticated_at = now() WHERE device_key = $1', [deviceKey, ip])
  }

  async delete(db: Queryable, deviceKey: string) {
    await db.query('DELETE FROM identity_devices WHERE device_key = $1', [deviceKey])
  }

  /** Confirmed devices of a user, newest sign-in first; `rememberedOnly` as ListDevices does. */
  async list(db: Queryable, username: string, opts: { limit: number; after?: string; rememberedOnly: boolean }): Promise<Device[]> {
    const { rows } = await db.query<DeviceRow>(
      `SELECT * FROM identity_devices WHERE username = $1 AND confirmed AND ($2 = false OR remembered) AND device_key > $3
       ORDER BY device_key LIMIT $4`,
      [username, opts.rememberedOnly, opts.after ?? '', opts.limit],
    )
    return rows.map((r) => this.toDevice(r))
  }
}

const epoch = (d: Date | null) => (d ? d.getTime() / 1000 : undefined)

/** DeviceType as Cognito answers it. */
export function deviceType(d: Device) {
  const attributes: Array<{ Name: string; Value: string }> = [
    { Name: 'device_status', Value: 'valid' },
    { Name: 'device_name', Value: d.name ?? '' },
    { Name: 'dev:device_remembered_status', Value: d.remembered ? 'remembered' : 'not_remembered' },
  ]
  if (d.lastIp) attributes.push({ Name: 'last_ip_used', Value: d.lastIp })
  return {
    DeviceKey: d.deviceKey,
    DeviceAttributes: attributes,
    DeviceCreateDate: epoch(d.createdAt),
    DeviceLastModifiedDate: epoch(d.modifiedAt),
    ...(d.lastAuthenticatedAt ? { DeviceLastAuthenticatedDate: epoch(d.lastAuthenticatedAt) } : {}),
  }
}
