import type { Jwks, OpenBadgeCredential, StatusListCredential } from '../../../contracts/learner/badges'

/**
 * The verification page's own check of an Open Badges credential, in the browser and with nothing of
 * the server's but published documents: the VC-JWT's Ed25519 signature against the issuer's key set
 * (WebCrypto), then the credential's bit in the signed revocation status list (W3C Bitstring Status
 * List: multibase base64url of the GZIP-compressed bitstring, index 0 the first byte's leftmost bit).
 */
export type CredentialCheck =
  /** Signature checked, status bit clear (or, for a credential without `credentialStatus`, nothing to read). */
  | { state: 'valid' }
  | { state: 'revoked' }
  | { state: 'invalid' }
  /** This browser cannot check Ed25519 signatures or gunzip: the server's word is all there is. */
  | { state: 'unsupported' }

const fromBase64Url = (text: string): Uint8Array<ArrayBuffer> => {
  const b64 = text
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(text.length / 4) * 4, '=')
  const raw = atob(b64)
  const bytes = new Uint8Array(raw.length)
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i)
  return bytes
}

/** The payload of a VC-JWT whose signature one of `jwks` checks, or null. */
export async function verifiedPayload<T = Record<string, unknown>>(jwt: string, jwks: Jwks): Promise<T | null> {
  const [h, p, s] = jwt.split('.')
  if (!h || !p || !s) return null
  const text = (part: string) => new TextDecoder().decode(fromBase64Url(part))
  const header = JSON.parse(text(h)) as { alg?: string; kid?: string }
  const jwk = jwks.keys.find((k) => k.kid === header.kid)
  if (header.alg !== 'EdDSA' || !jwk) return null
  const key = await crypto.subtle.importKey('jwk', { kty: jwk.kty, crv: jwk.crv, x: jwk.x }, { name: 'Ed25519' }, false, ['verify'])
  const ok = await crypto.subtle.verify({ name: 'Ed25519' }, key, fromBase64Url(s), new TextEncoder().encode(`${h}.${p}`))
  return ok ? (JSON.parse(text(p)) as T) : null
}

/** The bitstring of an `encodedList`. */
export async function decodeList(encoded: string): Promise<Uint8Array> {
  if (!encoded.startsWith('u')) throw new Error('not multibase base64url')
  const gunzip = new DecompressionStream('gzip')
  const writer = gunzip.writable.getWriter()
  // A damaged list fails the read below; these two answers say the same.
  writer.write(fromBase64Url(encoded.slice(1))).catch(() => undefined)
  writer.close().catch(() => undefined)
  return new Uint8Array(await new Response(gunzip.readable).arrayBuffer())
}

export const bitAt = (bits: Uint8Array, index: number) => ((bits[index >> 3] ?? 0) & (0x80 >> (index & 7))) !== 0

/**
 * Checks the credential's VC-JWT and its status: `statusList` fetches the list credential's VC-JWT at
 * the address the credential names.
 */
export async function checkCredential(jwt: string, jwks: Jwks, statusList: (url: string) => Promise<string>): Promise<CredentialCheck> {
  if (typeof crypto === 'undefined' || !crypto.subtle || typeof DecompressionStream === 'undefined') return { state: 'unsupported' }
  let payload: { vc?: OpenBadgeCredential } | null
  try {
    payload = await verifiedPayload(jwt, jwks)
  } catch (error) {
    // A browser without Ed25519 in WebCrypto refuses to import the key.
    if (error instanceof DOMException && error.name === 'NotSupportedError') return { state: 'unsupported' }
    return { state: 'invalid' }
  }
  const status = payload?.vc?.credentialStatus
  if (!payload?.vc) return { state: 'invalid' }
  if (!status) return { state: 'valid' }
  const list = await verifiedPayload<{ vc?: StatusListCredential }>(await statusList(status.statusListCredential), jwks)
  const subject = list?.vc?.credentialSubject
  if (!subject || subject.statusPurpose !== 'revocation' || list?.vc?.id !== status.statusListCredential) return { state: 'invalid' }
  return bitAt(await decodeList(subject.encodedList), Number(status.statusListIndex)) ? { state: 'revoked' } : { state: 'valid' }
}
