import {
  BADGE_JWT_MAX,
  BadgeAnswer,
  BadgeJwt,
  BadgeQuery,
  BadgeVerification,
  BadgeVerifyBody,
  CERTIFICATE_REVOKED,
  IssuerDocument,
  PublicBadgeAnswer,
  StatusListAnswer,
  Jwks,
  UNREADABLE_CREDENTIAL,
} from '../../../contracts/learner/badges.js'
import { CERTIFICATE_NOT_ISSUED, CertificateCourseParams, UNKNOWN_CERTIFICATE, VerifyParams } from '../../../contracts/learner/certificates.js'
import { errorResponses } from '../../../contracts/errors.js'
import { COURSE_NOT_FOUND } from '../../../contracts/learner/forms.js'
import { badges, certificateByWrittenCode, certificateOf, issueIfComplete, printedNames, statusListSource } from '../../certificates/index.js'
import { STATUS_LIST_TTL_SECONDS } from '../../certificates/status-list.js'
import { iso } from '../../http/dates.js'
import { credentials } from './credentials.js'
import { publishedSnapshot } from '../../courses/snapshots.js'
import { actorOf } from '../../http/actor.js'
import { HttpError } from '../../http/http-error.js'
import type { App } from '../../types.js'
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
  const { signingKey, baseOf, badgeFor, statusLists } = credentials(app)

  app.get(
    '/v2/courses/certificates/:course/badge',
    {
      schema: {
        tags,
        summary:
          "The caller's Open Badges 3.0 credential for the course: the credential and its VC-JWT (JSON), or with format=jwt the VC-JWT alone (application/vc+jwt); 404 as the certificate",
        params: CertificateCourseParams,
        querystring: BadgeQuery,
        response: { 200: Type.Union([BadgeAnswer, BadgeJwt]), ...errorResponses(400, 401, 404, 410) },
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
      if (row.revoked_at) throw new HttpError(410, CERTIFICATE_REVOKED, 'REVOKED')
      const badge = await badgeFor(row, baseOf(request), principal.email || undefined)
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
        summary:
          "Public: the Open Badges 3.0 credential of a certificate code (the credential's id), with its VC-JWT and when it was revoked (null: it stands); 404 'Unknown certificate code'",
        params: VerifyParams,
        response: { 200: PublicBadgeAnswer, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const row = await certificateByWrittenCode(app.db, request.params.code)
      if (!row) throw new HttpError(404, UNKNOWN_CERTIFICATE, 'NOT_FOUND')
      return { ...(await badgeFor(row, baseOf(request))), revokedAt: row.revoked_at ? iso(row.revoked_at) : null }
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

  app.get(
    '/certificates/status/revocation',
    {
      schema: {
        tags,
        summary:
          'Public: the revocation status list of the credentials (W3C BitstringStatusListCredential, built from the database on request) as a VC-JWT (application/vc+jwt), or with format=json the credential and its VC-JWT; cacheable for a minute, with an ETag',
        querystring: BadgeQuery,
        response: { 200: Type.Union([StatusListAnswer, BadgeJwt]), 304: Type.Null(), ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const list = statusLists.get(baseOf(request), await statusListSource(app.db))
      reply.header('cache-control', `public, max-age=${STATUS_LIST_TTL_SECONDS}`).header('etag', list.etag).header('vary', 'accept-encoding')
      if (request.headers['if-none-match'] === list.etag) return reply.code(304).send(null)
      if (request.query.format === 'json') return { credential: list.credential, jwt: list.jwt }
      return reply
        .type('application/vc+jwt')
        .serializer((s: unknown) => s as string)
        .send(list.jwt)
    },
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
      else if (row.revoked_at) reasons.push(CERTIFICATE_REVOKED)
      const vc = read.payload.vc
      const credential = reasons.length === 0 && vc ? vc : null
      return {
        verified: reasons.length === 0,
        reasons,
        code: row ? row.code.replace(/(.{4})(?=.)/g, '$1-') : null,
        credential,
        revokedAt: row?.revoked_at ? iso(row.revoked_at) : null,
      }
    },
  )
}
