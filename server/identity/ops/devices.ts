import type { IdentityContext } from '../context.js'
import { deviceType } from '../devices.js'
import { Errors, invalidParameter } from '../errors.js'
import type { Input } from '../schemas.js'
import { fromHex, N, pad } from '../srp.js'
import { afterKey, pageToken } from './page-token.js'
import type { OpRequest } from './types.js'

/** Devices of a user as a page (ListDevices, AdminListDevices: remembered devices only). */
export async function devicePage(ctx: IdentityContext, username: string, limit: number | undefined, token: string | undefined) {
  const size = limit || 60
  const devices = await ctx.devices.list(ctx.db, username, { limit: size, after: afterKey(token, 'PaginationToken'), rememberedOnly: true })
  return {
    Devices: devices.map(deviceType),
    ...(devices.length === size ? { PaginationToken: pageToken(devices[devices.length - 1].deviceKey) } : {}),
  }
}

const b64ToHex = (b64: string) => Buffer.from(b64, 'base64').toString('hex')

export async function confirmDevice(ctx: IdentityContext, input: Input<'ConfirmDevice'>, req: OpRequest) {
  const { user } = await ctx.userOfAccessToken(input.AccessToken)
  const device = await ctx.devices.get(ctx.db, input.DeviceKey, user.username)
  if (!device) throw Errors.deviceNotFound()
  const salt = input.DeviceSecretVerifierConfig?.Salt
  const verifier = input.DeviceSecretVerifierConfig?.PasswordVerifier
  if (!salt || !verifier) throw invalidParameter('DeviceSecretVerifierConfig needs Salt and PasswordVerifier')
  const v = fromHex(b64ToHex(verifier))
  const s = fromHex(b64ToHex(salt))
  if (v < 2n || v >= N || s === 0n) throw invalidParameter('Invalid DeviceSecretVerifierConfig')
  const remembered = ctx.settings.deviceTracking === 'always'
  await ctx.devices.confirm(ctx.db, device.deviceKey, { salt: pad(s), verifier: pad(v), name: input.DeviceName ?? null, remembered })
  await ctx.devices.touch(ctx.db, device.deviceKey, req.ip)
  return { UserConfirmationNecessary: !remembered }
}

export async function listDevices(ctx: IdentityContext, input: Input<'ListDevices'>) {
  const { user } = await ctx.userOfAccessToken(input.AccessToken)
  return devicePage(ctx, user.username, input.Limit, input.PaginationToken)
}

async function ownDevice(ctx: IdentityContext, accessToken: string, deviceKey: string) {
  const { user } = await ctx.userOfAccessToken(accessToken)
  const device = await ctx.devices.get(ctx.db, deviceKey, user.username)
  if (!device || !device.confirmed) throw Errors.deviceNotFound()
  return device
}

export async function getDevice(ctx: IdentityContext, input: Input<'GetDevice'>) {
  const device = await ownDevice(ctx, input.AccessToken, input.DeviceKey)
  if (!device.remembered) throw Errors.deviceNotFound()
  return { Device: deviceType(device) }
}

export async function updateDeviceStatus(ctx: IdentityContext, input: Input<'UpdateDeviceStatus'>) {
  const device = await ownDevice(ctx, input.AccessToken, input.DeviceKey)
  if (!input.DeviceRememberedStatus) throw invalidParameter('Missing required parameter DeviceRememberedStatus')
  await ctx.devices.setRemembered(ctx.db, device.deviceKey, input.DeviceRememberedStatus === 'remembered')
  return {}
}

export async function forgetDevice(ctx: IdentityContext, input: Input<'ForgetDevice'>) {
  const device = await ownDevice(ctx, input.AccessToken, input.DeviceKey)
  await ctx.changeAccess(device.username, { write: (tx) => ctx.devices.delete(tx, device.deviceKey), endSessions: { deviceKey: device.deviceKey } })
  return {}
}
