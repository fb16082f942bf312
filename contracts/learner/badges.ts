import Type, { type Static } from 'typebox'

/**
 * Open Badges 3.0 credentials issued with every certificate (docs/evaluations-and-certificates.md
 * "Open Badges", decision 0027): a W3C Verifiable Credential of type OpenBadgeCredential, secured as a
 * VC-JWT signed with the centre's Ed25519 key.
 */

/** OB 3.0 IdentityObject: the recipient's e-mail, salted and hashed (`sha256$<hex of sha256(email + salt)>`). */
export const IdentityObject = Type.Object({
  type: Type.Literal('IdentityObject'),
  identityHash: Type.String(),
  identityType: Type.String({ description: "'emailAddress' (the hashed e-mail); 'identifier' when the user pool no longer knew it." }),
  hashed: Type.Boolean(),
  salt: Type.String(),
})

export const Achievement = Type.Object({
  id: Type.String({ description: 'The course: <public URL>/courses/<uuid>.' }),
  type: Type.Array(Type.String()),
  achievementType: Type.String(),
  name: Type.String(),
  description: Type.String(),
  criteria: Type.Object({ narrative: Type.String() }),
  creditsAvailable: Type.Optional(Type.Number({ description: "The course's hours as printed on the certificate." })),
})

export const IssuerProfile = Type.Object({
  id: Type.String(),
  type: Type.Array(Type.String()),
  name: Type.String(),
  url: Type.String(),
})

/**
 * W3C Bitstring Status List v1.0 entry: the credential's place in the issuer's revocation list
 * (credentials issued before revocation existed have none; they are checked by their code).
 */
export const BitstringStatusListEntry = Type.Object({
  id: Type.String(),
  type: Type.Literal('BitstringStatusListEntry'),
  statusPurpose: Type.Literal('revocation'),
  statusListIndex: Type.String({ pattern: '^[0-9]+$' }),
  statusListCredential: Type.String({ description: '<public URL>/api/certificates/status/revocation' }),
})

export const OpenBadgeCredential = Type.Object({
  '@context': Type.Array(Type.String()),
  id: Type.String({ description: 'The credential: <public URL>/api/certificates/badges/<code>.' }),
  type: Type.Array(Type.String()),
  issuer: IssuerProfile,
  validFrom: Type.String({ format: 'date-time' }),
  name: Type.String(),
  credentialSubject: Type.Object({
    type: Type.Array(Type.String()),
    identifier: Type.Array(IdentityObject),
    achievement: Achievement,
  }),
  credentialStatus: Type.Optional(BitstringStatusListEntry),
})
export type OpenBadgeCredential = Static<typeof OpenBadgeCredential>

/** A credential with its VC-JWT; `verified`: the server checked the JWT's signature against its own key. */
export const BadgeAnswer = Type.Object({
  credential: OpenBadgeCredential,
  jwt: Type.String({ description: 'The credential as a VC-JWT (compact JWS, EdDSA).' }),
  verified: Type.Boolean(),
})
export type BadgeAnswer = Static<typeof BadgeAnswer>

/** `GET /api/certificates/badges/{code}`: the credential, and when its certificate was revoked (null: it stands). */
export const PublicBadgeAnswer = Type.Object({
  ...BadgeAnswer.properties,
  revokedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
})
export type PublicBadgeAnswer = Static<typeof PublicBadgeAnswer>

export const BadgeQuery = Type.Object({
  format: Type.Optional(Type.Enum(['json', 'jwt'], { description: "'jwt': the VC-JWT alone as application/vc+jwt text (default json)." })),
})
export type BadgeQuery = Static<typeof BadgeQuery>

/** The VC-JWT as text (`application/vc+jwt`). */
export const BadgeJwt = Type.String({ description: 'The credential as a VC-JWT.' })

export const PublicJwk = Type.Object({
  kty: Type.String(),
  crv: Type.String(),
  x: Type.String(),
  kid: Type.String(),
  alg: Type.String(),
  use: Type.String(),
})

export const Jwks = Type.Object({ keys: Type.Array(PublicJwk) })
export type Jwks = Static<typeof Jwks>

/** `GET /api/certificates/issuer`: the issuer Profile with its verification key. */
export const IssuerDocument = Type.Object({
  '@context': Type.Array(Type.String()),
  id: Type.String(),
  type: Type.Array(Type.String()),
  name: Type.String(),
  url: Type.String(),
  verificationMethod: Type.Array(Type.Object({ id: Type.String(), type: Type.Literal('JsonWebKey'), controller: Type.String(), publicKeyJwk: PublicJwk })),
  jwks: Type.String({ description: 'Where the key set is (the same key, as a JWKS).' }),
})

/** Largest VC-JWT the verification reads (a certificate's is about 2 KB). */
export const BADGE_JWT_MAX = 16384

export const BadgeVerifyBody = Type.String({ minLength: 1, maxLength: BADGE_JWT_MAX, description: 'A VC-JWT (text/plain or application/vc+jwt).' })

/** `POST /api/certificates/badges/verify`: whether it verifies and, when not, why. */
export const BadgeVerification = Type.Object({
  verified: Type.Boolean(),
  reasons: Type.Array(Type.String()),
  code: Type.Union([Type.String(), Type.Null()]),
  credential: Type.Union([OpenBadgeCredential, Type.Null()]),
  /** When an administrator revoked the certificate (then `verified` is false); null otherwise. */
  revokedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
})
export type BadgeVerification = Static<typeof BadgeVerification>

/** 400 `code: 'UNREADABLE_CREDENTIAL'`: not a VC-JWT at all (the message says why). */
export const UNREADABLE_CREDENTIAL = 'UNREADABLE_CREDENTIAL'

/**
 * `GET /api/certificates/status/revocation?format=json`: the issuer's revocation list as a W3C
 * BitstringStatusListCredential (`encodedList`: multibase base64url, `u` prefix, of the GZIP-compressed
 * bitstring; bit i, counted from the first byte's leftmost bit, set when the certificate with
 * `statusListIndex` i is revoked), with its VC-JWT. Without `format=json`, the VC-JWT alone.
 */
export const StatusListCredential = Type.Object({
  '@context': Type.Array(Type.String()),
  id: Type.String(),
  type: Type.Array(Type.String()),
  issuer: Type.String(),
  validFrom: Type.String({ format: 'date-time' }),
  credentialSubject: Type.Object({
    id: Type.String(),
    type: Type.Literal('BitstringStatusList'),
    statusPurpose: Type.Literal('revocation'),
    encodedList: Type.String(),
    ttl: Type.Integer({ description: 'Milliseconds a verifier may keep the list before fetching it again.' }),
  }),
})
export type StatusListCredential = Static<typeof StatusListCredential>

export const StatusListAnswer = Type.Object({ credential: StatusListCredential, jwt: Type.String() })
export type StatusListAnswer = Static<typeof StatusListAnswer>

/** 410 `code: 'REVOKED'`: the certificate was revoked by an administrator; its PDF and credential are no longer handed out. */
export const CERTIFICATE_REVOKED = 'This certificate was revoked'
