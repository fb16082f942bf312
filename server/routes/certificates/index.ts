import { CERTIFICATE_NOT_ISSUED, CertificateCourseParams, CertificatePdf, CertificateQuery, CertificateVerification, UNKNOWN_CERTIFICATE, VerifyParams } from '../../../contracts/learner/certificates.js'
import { errorResponses } from '../../../contracts/errors.js'
import { COURSE_NOT_FOUND } from '../../../contracts/learner/forms.js'
import type { CourseSnapshot } from '../../../contracts/courses/content.js'
import {
  catalogueTemplate,
  certificateByCode,
  certificateOf,
  formatCode,
  issueIfComplete,
  printedNames,
  normalizeCode,
  publishedSnapshot,
  renderCertificate,
  type CertificateRow,
} from '../../certificates/index.js'
import type { Queryable } from '../../db/index.js'
import { HttpError } from '../../plugins/errors.js'
import type { App } from '../../types.js'
import { actorOf } from '../admin/common.js'

const tags = ['learner: certificates']

const hoursOf = (row: CertificateRow) => (row.hours === null ? null : Number(row.hours))

/** The snapshot the certificate was issued from (its template is the one the learner studied under). */
async function issuedSnapshot(db: Queryable, row: CertificateRow): Promise<CourseSnapshot | null> {
  const { rows } = await db.query<{ content: CourseSnapshot | string }>('SELECT content FROM course_versions WHERE course_uuid = $1 AND version = $2', [row.course_uuid, row.course_version])
  const content = rows[0]?.content
  return content === undefined ? null : typeof content === 'string' ? (JSON.parse(content) as CourseSnapshot) : content
}

/**
 * Certificates: the caller's PDF for a course (issued on the spot when the course was completed but
 * the certificate is somehow missing), and the public verification of a code.
 */
export default async function certificateRoutes(app: App) {
  const names = printedNames(app)

  /** The course's certificate template file, or null (then the default design is drawn). */
  async function templateBytes(snapshot: CourseSnapshot | null): Promise<Uint8Array | null> {
    const key = snapshot?.course.template ?? (snapshot?.course.certificate ? await catalogueTemplate(app.db, snapshot.course.certificate.id) : null)
    if (!key) return null
    try {
      const chunks: Buffer[] = []
      for await (const chunk of await app.storage.read(key)) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string))
      return Buffer.concat(chunks)
    } catch (error) {
      app.log.warn({ err: error, key }, 'certificate template unreadable; drawing the default design')
      return null
    }
  }

  app.get(
    '/v2/courses/certificates/:course',
    {
      schema: {
        tags,
        summary: "The caller's certificate for the course as a PDF (attachment); 404 until every required block is done and every required form passed",
        params: CertificateCourseParams,
        querystring: CertificateQuery,
        response: { 200: CertificatePdf, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const principal = actorOf(request)
      const { course } = request.params
      let row = await certificateOf(app.db, principal.sub, course)
      if (!row) {
        if (!(await publishedSnapshot(app.db, course))) throw new HttpError(404, COURSE_NOT_FOUND, 'NOT_FOUND')
        row = await app.db.transaction((tx) => issueIfComplete(tx, principal.sub, course, { learnerName: names(principal) }))
        if (!row) throw new HttpError(404, CERTIFICATE_NOT_ISSUED, 'NOT_ISSUED')
      }
      const snapshot = await issuedSnapshot(app.db, row)
      const origin = `${request.protocol}://${request.host}`
      const pdf = await renderCertificate(
        {
          learner: row.learner_name,
          course: row.course_name,
          hours: hoursOf(row),
          issuedAt: new Date(row.issued_at),
          code: row.code,
          verifyUrl: `${origin}/certificates/verify/${formatCode(row.code)}`,
          locale: request.query.lang ?? 'mx',
        },
        await templateBytes(snapshot),
      )
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="certificate-${formatCode(row.code)}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(pdf))
    },
  )

  app.get(
    '/certificates/verify/:code',
    {
      schema: {
        tags,
        summary: "Public: who earned which course, its hours and when, for a certificate code; 404 'Unknown certificate code'",
        params: VerifyParams,
        response: { 200: CertificateVerification, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const code = normalizeCode(request.params.code)
      const row = code ? await certificateByCode(app.db, code) : null
      if (!row) throw new HttpError(404, UNKNOWN_CERTIFICATE, 'NOT_FOUND')
      return { code: formatCode(row.code), learner: row.learner_name, course: row.course_name, hours: hoursOf(row), issuedAt: new Date(row.issued_at).toISOString() }
    },
  )
}
