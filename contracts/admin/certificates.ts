import Type, { type Static } from 'typebox'
import { Nullable } from '../nullable.js'
import { DateTime, Uuid } from './common.js'

/**
 * Issued certificates as administrators see them (a learner's page of a course), and their revocation:
 * a revoked certificate is refused to its learner (PDF and credential: 410), the public verification
 * says it was revoked and when, and its bit in the credentials' revocation status list is set.
 */
export const AdminCertificate = Type.Object({
  /** As printed: `XXXX-XXXX-XXXX`. */
  code: Type.String(),
  learner: Type.String({ description: 'The name printed on it.' }),
  course: Type.String(),
  issuedAt: DateTime,
  /** Its place in the credentials' revocation status list. */
  statusIndex: Type.Integer({ minimum: 0 }),
  revokedAt: Nullable(DateTime),
  /** The administrator who revoked it (their e-mail, else username). */
  revokedBy: Nullable(Type.String()),
  reason: Nullable(Type.String()),
})
export type AdminCertificate = Static<typeof AdminCertificate>

/** `GET /api/v2/admin/certificates/course/{id}/{user}`: the learner's certificate of the course, or null when none was issued. */
export const AdminCertificateResponse = Type.Object({ Item: Nullable(AdminCertificate) })
export type AdminCertificateResponse = Static<typeof AdminCertificateResponse>

/** `{code}`: a certificate code as printed or typed. */
export const CertificateCodeParams = Type.Object({ code: Type.String({ minLength: 1, maxLength: 40 }) })
export type CertificateCodeParams = Static<typeof CertificateCodeParams>

/** `{id}`: the course; `{user}`: the learner's username or e-mail. */
export const CertificateLearnerParams = Type.Object({ id: Uuid, user: Type.String({ minLength: 1, maxLength: 254 }) })
export type CertificateLearnerParams = Static<typeof CertificateLearnerParams>

/** Why a certificate is revoked (or restored): kept with it and in the audit log, never shown publicly. */
export const CERTIFICATE_REASON_MAX = 500
export const CertificateReasonBody = Type.Object({
  reason: Type.String({ minLength: 3, maxLength: CERTIFICATE_REASON_MAX, pattern: '\\S' }),
})
export type CertificateReasonBody = Static<typeof CertificateReasonBody>

export const ALREADY_REVOKED = 'The certificate is already revoked'
export const NOT_REVOKED = 'The certificate is not revoked'
