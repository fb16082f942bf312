import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { OpenBadgeCredential } from '../../contracts/learner/badges.js'
import { parseBadgeKey, type Config } from '../config.js'
import { formatCode } from './code.js'
import type { BadgeRecipient, CertificateRow } from './queries.js'

/**
 * Open Badges 3.0 credentials for issued certificates, secured as VC-JWTs (compact JWS, EdDSA over an
 * Ed25519 key of the centre): decision 0027. A credential is built from the certificate row, its
 * recipient (the e-mail salted and hashed when first asked for, kept in `certificate_badges`) and the
 * installation's public address. Ed25519 signatures are deterministic, so the same credential and the
 * same VC-JWT come back on every request (for one public address and key).
 */

export const OB_CONTEXTS = ['https://www.w3.org/ns/credentials/v2', 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json'] as const
export const CREDENTIAL_TYPES = ['VerifiableCredential', 'OpenBadgeCredential'] as const
export const CRITERIA = 'Completed every required block and passed every required evaluation of the course.'

/** The centre's signing key: the private half, its public JWK and key id (the JWK's RFC 7638 thumbprint). */
export interface BadgeKey {
  privateKey: crypto.KeyObject
  publicKey: crypto.KeyObject
  kid: string
  jwk: { kty: 'OKP'; crv: 'Ed25519'; x: string; kid: string; alg: 'EdDSA'; use: 'sig' }
}

/**
 * The signing key: BADGE_SIGNING_KEY, else the one generated once into `<data dir>/badges/signing-key.pem`
 * (mode 0600, created exclusively so that two processes starting together agree on one key).
 */
export function loadBadgeKey(config: Pick<Config, 'BADGE_SIGNING_KEY' | 'dataDir'>): BadgeKey {
  const privateKey = config.BADGE_SIGNING_KEY ? parseBadgeKey(config.BADGE_SIGNING_KEY) : crypto.createPrivateKey(keyFile(config.dataDir))
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error('the badge signing key must be an Ed25519 private key')
  const publicKey = crypto.createPublicKey(privateKey)
  const { x } = publicKey.export({ format: 'jwk' }) as { x: string }
  const kid = crypto
    .createHash('sha256')
    .update(JSON.stringify({ crv: 'Ed25519', kty: 'OKP', x }))
    .digest('base64url')
  return { privateKey, publicKey, kid, jwk: { kty: 'OKP', crv: 'Ed25519', x, kid, alg: 'EdDSA', use: 'sig' } }
}

function keyFile(dataDir: string): string {
  const file = path.join(dataDir, 'badges', 'signing-key.pem')
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 })
  try {
    const pem = crypto.generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }) as string
    fs.writeFileSync(file, pem, { flag: 'wx', mode: 0o600 })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
  return fs.readFileSync(file, 'utf8')
}

/** Where the credentials' addresses live: the installation's public URL (PUBLIC_URL, else the request's origin). */
export const issuerId = (base: string) => `${base}/api/certificates/issuer`
export const credentialId = (base: string, code: string) => `${base}/api/certificates/badges/${formatCode(code)}`
/** The revocation status list credential (one list for every certificate). */
export const statusListUrl = (base: string) => `${base}/api/certificates/status/revocation`

/** `sha256$<hex>` of the e-mail (lower case, trimmed) followed by the salt: OB 3.0's hashed IdentityObject. */
export const identityHash = (email: string, salt: string) =>
  `sha256$${crypto
    .createHash('sha256')
    .update(email.trim().toLowerCase() + salt)
    .digest('hex')}`

export interface CredentialInput {
  /** The installation's public origin (no trailing slash). */
  base: string
  issuerName: string
  recipient: BadgeRecipient
}

/** The recipient of a new credential: the e-mail (else, when the pool no longer knows it, the user id) salted and hashed. */
export function newRecipient(email: string | null, userSub: string): BadgeRecipient {
  const salt = crypto.randomBytes(16).toString('hex')
  return email
    ? { identity_type: 'emailAddress', identity_hash: identityHash(email, salt), salt }
    : { identity_type: 'identifier', identity_hash: identityHash(userSub, salt), salt }
}

/** The OpenBadgeCredential of a certificate, stating what the certificate states. */
export function buildCredential(row: CertificateRow, input: CredentialInput): OpenBadgeCredential {
  const { base } = input
  const issued = new Date(row.issued_at).toISOString().replace(/\.\d{3}Z$/, 'Z')
  const hours = row.hours === null ? null : Number(row.hours)
  const code = formatCode(row.code)
  return {
    '@context': [...OB_CONTEXTS],
    id: credentialId(base, row.code),
    type: [...CREDENTIAL_TYPES],
    issuer: { id: issuerId(base), type: ['Profile'], name: input.issuerName, url: base },
    validFrom: issued,
    name: row.course_name,
    credentialSubject: {
      type: ['AchievementSubject'],
      identifier: [
        {
          type: 'IdentityObject',
          identityHash: input.recipient.identity_hash,
          identityType: input.recipient.identity_type,
          hashed: true,
          salt: input.recipient.salt,
        },
      ],
      achievement: {
        id: `${base}/courses/${row.course_uuid}`,
        type: ['Achievement'],
        achievementType: 'Certificate',
        name: row.course_name,
        description:
          hours === null
            ? `Certificate of completion of the course "${row.course_name}" (verification code ${code}).`
            : `Certificate of completion of the course "${row.course_name}", ${hours} hours (verification code ${code}).`,
        criteria: { narrative: CRITERIA },
        ...(hours === null ? {} : { creditsAvailable: hours }),
      },
    },
    credentialStatus: {
      id: `${statusListUrl(base)}#${row.status_index}`,
      type: 'BitstringStatusListEntry',
      statusPurpose: 'revocation',
      statusListIndex: String(row.status_index),
      statusListCredential: statusListUrl(base),
    },
  }
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

/** The credential as a VC-JWT: `vc`, `iss`, `jti`, `sub` (the recipient's identity hash), `nbf`/`iat` at issue. */
export function signCredential(credential: OpenBadgeCredential, key: BadgeKey): string {
  return signVc(credential, credential.issuer.id, credential.credentialSubject.identifier[0].identityHash, key)
}

/** Any credential of the issuer as a VC-JWT (compact JWS, EdDSA), not before and issued at its `validFrom`. */
export function signVc(vc: { id: string; validFrom: string }, iss: string, sub: string, key: BadgeKey): string {
  const at = Math.floor(Date.parse(vc.validFrom) / 1000)
  const header = { alg: 'EdDSA', typ: 'JWT', kid: key.kid }
  const payload = { iss, jti: vc.id, sub, nbf: at, iat: at, vc }
  const input = `${b64(header)}.${b64(payload)}`
  return `${input}.${crypto.sign(null, Buffer.from(input), key.privateKey).toString('base64url')}`
}

/** A VC-JWT that cannot even be read (not three base64url parts of JSON): the reason. */
export class UnreadableCredential extends Error {}

export interface ReadCredential {
  header: Record<string, unknown>
  payload: Record<string, unknown> & { vc?: OpenBadgeCredential }
  signingInput: string
  signature: Buffer
}

/** Splits and decodes a compact JWS; throws `UnreadableCredential` with the reason. */
export function readJwt(jwt: string): ReadCredential {
  const parts = jwt.trim().split('.')
  if (parts.length !== 3) throw new UnreadableCredential('A VC-JWT has three parts separated by dots')
  if (!parts.every((p) => /^[A-Za-z0-9_-]+$/.test(p))) throw new UnreadableCredential('A VC-JWT is written in base64url')
  const json = (part: string, what: string) => {
    try {
      const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'))
      if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>
    } catch {
      // below
    }
    throw new UnreadableCredential(`The ${what} of the VC-JWT is not a JSON object`)
  }
  return {
    header: json(parts[0], 'header'),
    payload: json(parts[1], 'payload'),
    signingInput: `${parts[0]}.${parts[1]}`,
    signature: Buffer.from(parts[2], 'base64url'),
  }
}

/**
 * Checks a VC-JWT against this installation's key and issuer: what failed, in words (empty: it
 * verifies). Whether its code is a known certificate is the caller's check.
 */
export function verifyJwt(read: ReadCredential, key: BadgeKey, issuer: string, now: Date): string[] {
  const reasons: string[] = []
  const { header, payload } = read
  if (header.alg !== 'EdDSA') reasons.push('The algorithm is not EdDSA')
  if (header.kid !== key.kid) reasons.push("The key id is not the issuer's")
  if (!crypto.verify(null, Buffer.from(read.signingInput), key.publicKey, read.signature)) reasons.push('The signature does not match')
  if (payload.iss !== issuer) reasons.push(`The issuer is not ${issuer}`)
  const vc = payload.vc
  if (!vc || typeof vc !== 'object' || !Array.isArray(vc.type) || !vc.type.includes('OpenBadgeCredential'))
    reasons.push('The payload holds no OpenBadgeCredential')
  else if (vc.issuer?.id !== payload.iss || vc.id !== payload.jti) reasons.push('The credential and the token disagree on issuer or id')
  if (typeof payload.nbf !== 'number') reasons.push('The token has no not-before time')
  else if (payload.nbf * 1000 > now.getTime() + 60_000) reasons.push('The credential is not valid yet')
  if (typeof payload.exp === 'number' && payload.exp * 1000 < now.getTime()) reasons.push('The credential has expired')
  return reasons
}

/** The certificate code a credential id names (`…/api/certificates/badges/<code>`), or null. */
export function codeOfCredential(id: unknown): string | null {
  if (typeof id !== 'string') return null
  const m = /\/api\/certificates\/badges\/([^/?#]+)$/.exec(id)
  return m ? decodeURIComponent(m[1]) : null
}
