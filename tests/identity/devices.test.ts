import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  BrowserStorage,
  confirm,
  forgetDevice,
  latestCode,
  listDevices,
  refresh,
  signIn,
  signUp,
  startIdentityServer,
  STRONG,
  uniqueEmail,
  type IdentityServer,
} from './helpers.js'

let server: IdentityServer
beforeAll(async () => {
  server = await startIdentityServer()
})
afterAll(async () => {
  await server?.close()
})

const attr = (device: { DeviceAttributes: Array<{ Name: string; Value: string }> }, name: string) => device.DeviceAttributes.find((a) => a.Name === name)?.Value

async function signedIn(pool: ReturnType<IdentityServer['pool']>, email: string) {
  const result = await signIn(pool, email, STRONG)
  if (result.kind !== 'success') throw new Error('expected tokens')
  return result
}

describe('device tracking (always on)', () => {
  const email = uniqueEmail('devices')
  const laptop = new BrowserStorage()
  const phone = new BrowserStorage()

  beforeAll(async () => {
    const pool = server.pool()
    await signUp(pool, email, STRONG)
    await confirm(pool, email, latestCode(server.dataDir, email))
  })

  it('confirms a new device on the first sign-in and then signs in through the device SRP challenges', async () => {
    const first = await signedIn(server.pool(laptop), email)
    const deviceKey = first.session.getAccessToken().decodePayload().device_key as string
    expect(laptop.keys().some((k) => k.endsWith('.deviceKey'))).toBe(true)
    const second = await signedIn(server.pool(laptop), email)
    // Same device: the second sign-in went through DEVICE_SRP_AUTH and DEVICE_PASSWORD_VERIFIER.
    expect(second.session.getAccessToken().decodePayload().device_key).toBe(deviceKey)
    const refreshed = await refresh(second.user, second.session)
    expect(refreshed.getAccessToken().decodePayload().device_key).toBe(deviceKey)
  })

  it('lists the devices with status, name and last IP', async () => {
    const session = await signedIn(server.pool(phone), email)
    const { Devices } = await listDevices(session.user)
    expect(Devices).toHaveLength(2)
    for (const d of Devices) {
      expect(d.DeviceKey).toMatch(/^eu-west-1_[0-9a-f-]{36}$/)
      expect(attr(d, 'device_status')).toBe('valid')
      expect(attr(d, 'dev:device_remembered_status')).toBe('remembered')
      expect(attr(d, 'device_name')).toBeTruthy()
      expect(attr(d, 'last_ip_used')).toMatch(/127\.0\.0\.1/)
      expect(typeof d.DeviceLastAuthenticatedDate).toBe('number')
    }
  })

  it('still signs in after the server forgot the cached device (retry without it, new device)', async () => {
    const before = await signedIn(server.pool(laptop), email)
    const oldKey = before.session.getAccessToken().decodePayload().device_key as string
    // The phone forgets the laptop's device; the laptop still has it cached.
    const phoneSession = await signedIn(server.pool(phone), email)
    await new Promise<void>((resolve, reject) => phoneSession.user.forgetSpecificDevice(oldKey, { onSuccess: () => resolve(), onFailure: reject }))
    const { Devices } = await listDevices(phoneSession.user)
    expect(Devices.map((d) => d.DeviceKey)).not.toContain(oldKey)
    // Refresh tokens bound to the forgotten device stop working.
    await expect(refresh(before.user, before.session)).rejects.toMatchObject({ code: 'NotAuthorizedException' })

    const after = await signedIn(server.pool(laptop), email)
    const newKey = after.session.getAccessToken().decodePayload().device_key as string
    expect(newKey).toBeTruthy()
    expect(newKey).not.toBe(oldKey)
    const again = await signedIn(server.pool(laptop), email)
    expect(again.session.getAccessToken().decodePayload().device_key).toBe(newKey)
  }, 30_000)

  it('forgets its own device from the client and signs in as a new device afterwards', async () => {
    const session = await signedIn(server.pool(phone), email)
    const key = session.session.getAccessToken().decodePayload().device_key
    await forgetDevice(session.user)
    expect(phone.keys().some((k) => k.endsWith('.deviceKey'))).toBe(false)
    const next = await signedIn(server.pool(phone), email)
    expect(next.session.getAccessToken().decodePayload().device_key).not.toBe(key)
  })
})
