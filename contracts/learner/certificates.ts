import Type, { type Static } from 'typebox'

/**
 * Course certificates: issued once per learner and course when every required block is done and every
 * required form passed. The caller downloads its PDF; anyone can check a code on the public
 * verification page (`/certificates/verify/{code}`).
 */

/** The languages a certificate is printed in (the web app's locale codes; mx is the default). */
export const CERTIFICATE_LOCALES = ['mx', 'eng', 'es', 'it', 'gr', 'rs'] as const
export type CertificateLocale = (typeof CERTIFICATE_LOCALES)[number]
export const CertificateQuery = Type.Object({
  lang: Type.Optional(Type.Enum([...CERTIFICATE_LOCALES], { description: 'The language of the certificate (default mx).' })),
})
export type CertificateQuery = Static<typeof CertificateQuery>

export const CertificateCourseParams = Type.Object({ course: Type.String({ format: 'uuid' }) })
export type CertificateCourseParams = Static<typeof CertificateCourseParams>

/** A code as printed (`XXXX-XXXX-XXXX`) or typed: case, dashes and spaces do not matter. */
export const VerifyParams = Type.Object({ code: Type.String({ minLength: 1, maxLength: 40 }) })
export type VerifyParams = Static<typeof VerifyParams>

/** `GET /api/certificates/verify/{code}`: who earned which course, its hours, and when. */
export const CertificateVerification = Type.Object({
  /** The code as printed on the certificate. */
  code: Type.String(),
  learner: Type.String(),
  course: Type.String(),
  hours: Type.Union([Type.Number({ minimum: 0 }), Type.Null()]),
  issuedAt: Type.String({ format: 'date-time' }),
  /** When an administrator revoked it; null while it stands. */
  revokedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
})
export type CertificateVerification = Static<typeof CertificateVerification>

export const UNKNOWN_CERTIFICATE = 'Unknown certificate code'
/** 404 `code: 'NOT_ISSUED'` from the download: the course is not complete yet. */
export const CERTIFICATE_NOT_ISSUED = 'The certificate is issued when every required block is done and every required form passed'

/**
 * The downloaded certificate: a PDF document (`application/pdf`, sent as an attachment); drawn now it
 * is sent from memory, kept from before it is streamed from storage.
 */
export const CertificatePdf = Type.Unsafe<Uint8Array | NodeJS.ReadableStream>({
  type: 'string',
  format: 'binary',
  description: 'The certificate as a PDF document.',
})
