import crypto from 'node:crypto'
import zlib from 'node:zlib'
import type { StatusListCredential } from '../../contracts/learner/badges.js'
import { issuerId, signVc, statusListUrl, type BadgeKey } from './badge.js'
import type { StatusListSource } from './queries.js'

/**
 * The revocation status list of the Open Badges credentials (W3C Bitstring Status List v1.0): one
 * bit per certificate at its `status_index`, set while the certificate is revoked. Built from the
 * database on request (every process builds the same list, byte for byte: the bits come from the
 * certificate rows, `validFrom` from the last change, the gzip header carries no time and Ed25519
 * signatures are deterministic), so a revocation in one process is seen by all at once.
 */

/** The specification's smallest list (16 KB before compression): a list that small hides which credential a verifier asks about. */
export const STATUS_LIST_BITS = 131_072
/** How long verifiers and caches may keep the list (the `ttl` and `Cache-Control: max-age`). */
export const STATUS_LIST_TTL_SECONDS = 60
/** `validFrom` of a list nothing was ever revoked in. */
const NEVER_CHANGED = '2026-01-01T00:00:00Z'

/** The bitstring, GZIP-compressed, as multibase base64url (`u` prefix). Index 0 is the leftmost bit of the first byte. */
export function encodeStatusList(revoked: number[], highest: number): string {
  const bits = Math.max(STATUS_LIST_BITS, Math.ceil((highest + 1) / STATUS_LIST_BITS) * STATUS_LIST_BITS)
  const bytes = Buffer.alloc(bits / 8)
  for (const i of revoked) bytes[i >> 3] |= 0x80 >> (i & 7)
  return `u${zlib.gzipSync(bytes).toString('base64url')}`
}

/** The bitstring of an `encodedList`. */
export function decodeStatusList(encoded: string): Buffer {
  if (!encoded.startsWith('u')) throw new Error('the encoded list is not multibase base64url')
  return zlib.gunzipSync(Buffer.from(encoded.slice(1), 'base64url'))
}

/** Whether bit `index` of the bitstring is set. */
export const statusBit = (bits: Uint8Array, index: number) => ((bits[index >> 3] ?? 0) & (0x80 >> (index & 7))) !== 0

/** The BitstringStatusListCredential of the list as it is in `source`. */
export function buildStatusList(base: string, source: StatusListSource): StatusListCredential {
  const id = statusListUrl(base)
  return {
    '@context': ['https://www.w3.org/ns/credentials/v2'],
    id,
    type: ['VerifiableCredential', 'BitstringStatusListCredential'],
    issuer: issuerId(base),
    validFrom: source.changedAt ? source.changedAt.toISOString().replace(/\.\d{3}Z$/, 'Z') : NEVER_CHANGED,
    credentialSubject: {
      id: `${id}#list`,
      type: 'BitstringStatusList',
      statusPurpose: 'revocation',
      encodedList: encodeStatusList(source.revoked, source.highest),
      ttl: STATUS_LIST_TTL_SECONDS * 1000,
    },
  }
}

export interface SignedStatusList {
  credential: StatusListCredential
  jwt: string
  /** A strong validator of the list: the same in every process for the same list. */
  etag: string
}

/**
 * Signed lists kept by what they were built from (the public address and the database's revoked
 * places and last change): a list is built and signed again only after a revocation or restoration.
 */
export class StatusLists {
  private kept = new Map<string, SignedStatusList>()

  constructor(private readonly key: () => BadgeKey) {}

  get(base: string, source: StatusListSource): SignedStatusList {
    const fingerprint = JSON.stringify([base, source.highest, source.changedAt?.getTime() ?? null, [...source.revoked].sort((a, b) => a - b)])
    let list = this.kept.get(fingerprint)
    if (!list) {
      const credential = buildStatusList(base, source)
      const jwt = signVc(credential, credential.issuer, credential.credentialSubject.id, this.key())
      list = { credential, jwt, etag: `"${crypto.createHash('sha256').update(jwt).digest('base64url').slice(0, 27)}"` }
      // A few public addresses at most; the old lists of one are dropped.
      if (this.kept.size >= 8) this.kept.clear()
      this.kept.set(fingerprint, list)
    }
    return list
  }
}
