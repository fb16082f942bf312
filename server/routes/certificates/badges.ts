import {
  BADGE_JWT_MAX,
  BadgeAnswer,
  BadgeJwt,
  BadgeQuery,
  BadgeVerification,
  BadgeVerifyBody,
  IssuerDocument,
  Jwks,
  UNREADABLE_CREDENTIAL,
} from '../../../contracts/learner/badges.js'
import { CERTIFICATE_NOT_ISSUED, CertificateCourseParams, UNKNOWN_CERTIFICATE, VerifyParams } from '../../../contracts/learner/certificates.js'
import { errorResponses } from '../../../contracts/errors.js'
import { COURSE_NOT_FOUND } from '../../../contracts/learner/forms.js'
import {
  badgeRecipient,
  badges,
  certificateByWrittenCode,
  certificateOf,
  issueIfComplete,
  keepBadgeRecipient,
  poolEmail,
  printedNames,
  type CertificateRow,
} from '../../certificates/index.js'
import { publishedSnapshot } from '../../courses/snapshots.js'
import { actorOf } from '../../http/actor.js'
import { HttpError } from '../../http/http-error.js'
import type { App } from '../../types.js'
import type { FastifyRequest } from 'fastify'
import Type from 'typebox'

const tags = ['learner: certificates']

/**
 * Open Badges 3.0 credentials of the certificates (decision 0027): the caller's own, any by code
 * (public, like the verification of a code), the issuer's profile and key set, and the verification of
 * a VC-JWT. A credential's addresses are under PUBLIC_URL (else the request's origin, as the PDF's QR
 * code); its recipient is fixed the first time it is asked for, so it never changes.
 */
export default async function badgeRoutes(app: App) {
  const names = printedNames(app)
  let key: badges.BadgeKey | null = null
  /** The signing key, read (or generated) with the first credential. */
  const signingKey = () => (key ??= badges.loadBadgeKey(app.config))
  const baseOf = (request: FastifyRequest) => app.config.PUBLIC_URL ?? `${request.protocol}://${request.host}`

  /** The recipient's e-mail: the embedded pool's, else Cognito's (the caller's own token when it is them). */
  async function emailOf(row: CertificateRow, own?: string): Promise<string | null> {
    const pooled = await poolEmail(app.db, row.user_sub)
    if (pooled) return pooled
    if (own) return own
    if (app.config.IDENTITY_MODE === 'embedded') return null
    return (await app.identityUsers.getUser(row.user_sub).catch(() => null))?.email || null
  }

  /**
   * The certificate's credential, built from its row and its recipient (fixed the first time it is asked
   * for) and signed; the same VC-JWT every time for one public address and key.
   */
  async function badgeFor(row: CertificateRow, request: FastifyRequest, ownEmail?: string) {
    const recipient =
      (await badgeRecipient(app.db, row.code)) ?? (await keepBadgeRecipient(app.db, row.code, badges.newRecipient(await emailOf(row, ownEmail), row.user_sub)))
    const base = baseOf(request)
    const credential = badges.buildCredential(row, { base, issuerName: app.config.BADGE_ISSUER_NAME, recipient })
    const jwt = badges.signCredential(credential, signingKey())
    // Checked as any credential brought to the verification is: the page says "verified" only then.
    const verified = badges.verifyJwt(badges.readJwt(jwt), signingKey(), badges.issuerId(base), new Date()).length === 0
    return { credential, jwt, verified }
  }

  app.get(
    '/v2/courses/certificates/:course/badge',
    {
      schema: {
        tags,
        summary:
          "The caller's Open Badges 3.0 credential for the course: the credential and its VC-JWT (JSON), or with format=jwt the VC-JWT alone (application/vc+jwt); 404 as the certificate",
        params: CertificateCourseParams,
        querystring: BadgeQuery,
        response: { 200: Type.Union([BadgeAnswer, BadgeJwt]), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const principal = actorOf(request)
      const { course } = request.params
      let row = await certificateOf(app.db, principal.sub, course)
      if (!row) {
        if (!(await publishedSnapshot(app.db, course))) throw new HttpError(404, COURSE_NOT_FOUND, 'NOT_FOUND')
        row = await app.db.transaction((tx) => issueIfComplete(tx, principal.sub, course, { learnerName: names(principal), records: app.xapi }))
        if (!row) throw new HttpError(404, CERTIFICATE_NOT_ISSUED, 'NOT_ISSUED')
      }
      const badge = await badgeFor(row, request, principal.email || undefined)
      reply.header('cache-control', 'private, no-store')
      // The VC-JWT alone is text: sent as it is, past the JSON serialiser.
      if (request.query.format === 'jwt')
        return reply
          .type('application/vc+jwt')
          .serializer((s: unknown) => s as string)
          .send(badge.jwt)
      return badge
    },
  )

  app.get(
    '/certificates/badges/:code',
    {
      schema: {
        tags,
        summary: "Public: the Open Badges 3.0 credential of a certificate code (the credential's id), with its VC-JWT; 404 'Unknown certificate code'",
        params: VerifyParams,
        response: { 200: BadgeAnswer, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const row = await certificateByWrittenCode(app.db, request.params.code)
      if (!row) throw new HttpError(404, UNKNOWN_CERTIFICATE, 'NOT_FOUND')
      return badgeFor(row, request)
    },
  )

  app.get(
    '/certificates/issuer',
    {
      schema: {
        tags,
        summary: 'Public: the issuer of the Open Badges credentials (an OB 3.0 Profile) with its Ed25519 verification key as a JWK',
        response: { 200: IssuerDocument },
      },
    },
    async (request) => {
      const base = baseOf(request)
      const id = badges.issuerId(base)
      const { jwk } = signingKey()
      return {
        '@context': [...badges.OB_CONTEXTS],
        id,
        type: ['Profile'],
        name: app.config.BADGE_ISSUER_NAME,
        url: base,
        verificationMethod: [{ id: `${id}#${jwk.kid}`, type: 'JsonWebKey' as const, controller: id, publicKeyJwk: jwk }],
        jwks: `${id}/jwks`,
      }
    },
  )

  app.get(
    '/certificates/issuer/jwks',
    { schema: { tags, summary: "Public: the issuer's key set (JWKS): the Ed25519 key the credentials are signed with, by kid", response: { 200: Jwks } } },
    async () => ({ keys: [signingKey().jwk] }),
  )

  // A VC-JWT may come as its own media type; text/plain is read by Fastify itself.
  app.addContentTypeParser('application/vc+jwt', { parseAs: 'string', bodyLimit: BADGE_JWT_MAX * 2 }, (_request, body, done) => done(null, body))

  app.post(
    '/certificates/badges/verify',
    {
      bodyLimit: BADGE_JWT_MAX * 2,
      schema: {
        tags,
        summary:
          "Public: whether a VC-JWT is a credential this installation issued — signature, issuer, not-before and a known certificate code — and if not, why; 400 'UNREADABLE_CREDENTIAL' for text that is no VC-JWT",
        body: BadgeVerifyBody,
        response: { 200: BadgeVerification, ...errorResponses(400, 413) },
      },
    },
    async (request) => {
      let read: badges.ReadCredential
      try {
        read = badges.readJwt(request.body)
      } catch (error) {
        if (error instanceof badges.UnreadableCredential) throw new HttpError(400, error.message, UNREADABLE_CREDENTIAL)
        throw error
      }
      const reasons = badges.verifyJwt(read, signingKey(), badges.issuerId(baseOf(request)), new Date())
      const row = await certificateByWrittenCode(app.db, badges.codeOfCredential(read.payload.jti) ?? '')
      if (!row) reasons.push(UNKNOWN_CERTIFICATE)
      const vc = read.payload.vc
      const credential = reasons.length === 0 && vc ? vc : null
      return { verified: reasons.length === 0, reasons, code: row ? row.code.replace(/(.{4})(?=.)/g, '$1-') : null, credential }
    },
  )
}
