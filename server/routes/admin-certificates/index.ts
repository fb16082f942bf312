import {
  ALREADY_REVOKED,
  AdminCertificateResponse,
  CertificateCodeParams,
  CertificateLearnerParams,
  CertificateReasonBody,
  NOT_REVOKED,
  type AdminCertificate,
} from '../../../contracts/admin/certificates.js'
import { errorResponses } from '../../../contracts/errors.js'
import { UNKNOWN_CERTIFICATE } from '../../../contracts/learner/certificates.js'
import { certificateByWrittenCode, certificateOf, formatCode, restoreCertificate, revokeCertificate, type CertificateRow } from '../../certificates/index.js'
import { actorOf } from '../../http/actor.js'
import { iso, isoOrNull } from '../../http/dates.js'
import { notFound } from '../../http/errors.js'
import { HttpError } from '../../http/http-error.js'
import { identity } from '../../http/identity-errors.js'
import type { App } from '../../types.js'
import { recordAudit } from '../admin-audit/queries.js'

const tags = ['admin: certificates']

const toAdmin = (row: CertificateRow): AdminCertificate => ({
  code: formatCode(row.code),
  learner: row.learner_name,
  course: row.course_name,
  issuedAt: iso(row.issued_at),
  statusIndex: Number(row.status_index),
  revokedAt: isoOrNull(row.revoked_at),
  revokedBy: row.revoked_by,
  reason: row.revocation_reason,
})

/** What the audit log keeps of a certificate's revocation. */
const audited = (row: CertificateRow) => ({ revokedAt: isoOrNull(row.revoked_at), revokedBy: row.revoked_by, reason: row.revocation_reason })

/**
 * Issued certificates under `/api/v2/admin/certificates`: a learner's certificate of a course, and
 * revoking or restoring one with a reason (audited). Nothing is cached: the verification, the
 * downloads and the revocation status list read the certificate row, so every process sees a
 * revocation at once.
 */
export default async function adminCertificateRoutes(app: App) {
  async function requireCertificate(code: string): Promise<CertificateRow> {
    const row = await certificateByWrittenCode(app.db, code)
    if (!row) throw notFound(UNKNOWN_CERTIFICATE)
    return row
  }

  app.get(
    '/course/:id/:user',
    {
      schema: {
        tags,
        summary: "The learner's (username or e-mail) certificate of the course with its revocation, or null when none was issued",
        params: CertificateLearnerParams,
        response: { 200: AdminCertificateResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { id, user } = request.params
      const found = await identity(() => app.identityUsers.getUser(user))
      const row = await certificateOf(app.db, found?.username ?? user, id)
      return { Item: row ? toAdmin(row) : null }
    },
  )

  app.put(
    '/:code/revoke',
    {
      schema: {
        tags,
        summary:
          "Revokes a certificate, with the reason (kept, audited, never shown publicly): its learner can no longer download it, the verification says it was revoked and its credential's status bit is set; 404 unknown code, 409 already revoked",
        params: CertificateCodeParams,
        body: CertificateReasonBody,
        response: { 200: AdminCertificateResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const actor = actorOf(request)
      const before = await requireCertificate(request.params.code)
      const row = await app.db.transaction(async (tx) => {
        const revoked = await revokeCertificate(tx, before.code, actor.email || actor.username, request.body.reason.trim())
        if (!revoked) throw new HttpError(409, ALREADY_REVOKED, 'ALREADY_REVOKED')
        await recordAudit(tx, actor, {
          action: 'certificates.revoke',
          targetType: 'issued certificate',
          targetId: revoked.code,
          before: audited(before),
          after: audited(revoked),
        })
        return revoked
      })
      return { Item: toAdmin(row) }
    },
  )

  app.put(
    '/:code/restore',
    {
      schema: {
        tags,
        summary: 'Restores a revoked certificate, with the reason (audited); 404 unknown code, 409 not revoked',
        params: CertificateCodeParams,
        body: CertificateReasonBody,
        response: { 200: AdminCertificateResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const actor = actorOf(request)
      const before = await requireCertificate(request.params.code)
      const row = await app.db.transaction(async (tx) => {
        const restored = await restoreCertificate(tx, before.code)
        if (!restored) throw new HttpError(409, NOT_REVOKED, 'NOT_REVOKED')
        await recordAudit(tx, actor, {
          action: 'certificates.restore',
          targetType: 'issued certificate',
          targetId: restored.code,
          before: audited(before),
          after: { ...audited(restored), reason: request.body.reason.trim() },
        })
        return restored
      })
      return { Item: toAdmin(row) }
    },
  )
}
