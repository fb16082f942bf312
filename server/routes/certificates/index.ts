import {
  CERTIFICATE_NOT_ISSUED,
  CertificateCourseParams,
  CertificatePdf,
  CertificateQuery,
  CertificateVerification,
  UNKNOWN_CERTIFICATE,
  VerifyParams,
} from '../../../contracts/learner/certificates.js'
import { errorResponses } from '../../../contracts/errors.js'
import { COURSE_NOT_FOUND } from '../../../contracts/learner/forms.js'
import {
  certificateByWrittenCode,
  certificateOf,
  certificateTemplateKey,
  formatCode,
  issueIfComplete,
  printedNames,
  storedPdfKey,
  type CertificateContent,
  type CertificateLocale,
  type CertificateRow,
} from '../../certificates/index.js'
import { DrawAhead } from '../../certificates/ahead.js'
import { CertificateDrawer } from '../../certificates/drawing.js'
import { publishedSnapshot } from '../../courses/snapshots.js'
import { ServiceBusyError } from '../../http/busy.js'
import { HttpError } from '../../http/http-error.js'
import type { App } from '../../types.js'
import { actorOf } from '../../http/actor.js'
import { iso } from '../../http/dates.js'
import { CERTIFICATE_REVOKED } from '../../../contracts/learner/badges.js'
import { credentials } from './credentials.js'

const tags = ['learner: certificates']

/** Refused downloads remembered to be drawn ahead at most (a few hundred bytes each). */
const DRAW_AHEAD_MAX = 50_000

const hoursOf = (row: CertificateRow) => (row.hours === null ? null : Number(row.hours))

/**
 * Certificates: the caller's PDF for a course (issued on the spot when the course was completed but
 * the certificate is somehow missing), and the public verification of a code. A certificate never
 * changes once issued, so its PDF is drawn once per template, language and address and kept in
 * storage (shared by every process); later downloads stream the kept copy. PDFs are drawn by worker
 * threads (server/certificates/drawing.ts), never on the event loop.
 */
export default async function certificateRoutes(app: App) {
  const names = printedNames(app)
  const { baseOf, badgeFor } = credentials(app)
  const drawer = new CertificateDrawer({ workers: app.config.CERTIFICATE_PDF_WORKERS, maxWaiting: app.config.CERTIFICATE_PDF_QUEUE, log: app.log })
  app.addHook('onClose', () => drawer.close())
  const ahead = new DrawAhead({ drawer, concurrency: app.config.CERTIFICATE_PDF_WORKERS + 1, max: DRAW_AHEAD_MAX, log: app.log })
  /** PDFs being drawn and kept now, by their stored key: concurrent downloads of one certificate share the drawing. */
  const drawing = new Map<string, Promise<Buffer>>()

  /** The certificate template file, or null (then the default design is drawn). */
  async function templateBytes(key: string | null): Promise<Uint8Array | null> {
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

  /** The certificate's PDF: the kept copy when there is one, else drawn now and kept. */
  async function certificatePdf(
    row: CertificateRow,
    locale: CertificateLocale,
    origin: string,
    base: string,
    ownEmail?: string,
  ): Promise<{ body: Buffer | NodeJS.ReadableStream; size: number }> {
    const template = await certificateTemplateKey(app.db, row)
    const verifyUrl = `${origin}/certificates/verify/${formatCode(row.code)}`
    // The Open Badges credential travels inside the PDF (an attached file): deterministic, so the kept copy stays valid.
    const badge = await badgeFor(row, base, ownEmail)
    const key = storedPdfKey(row.code, { template, locale, verifyUrl, credential: badge.jwt })
    const kept = await app.storage.head(key)
    if (kept) {
      try {
        return { body: await app.storage.read(key), size: kept.size }
      } catch {
        // Removed since: drawn again below.
      }
    }
    const content: CertificateContent = {
      learner: row.learner_name,
      course: row.course_name,
      hours: hoursOf(row),
      issuedAt: new Date(row.issued_at),
      code: row.code,
      verifyUrl,
      locale,
      credential: { id: badge.credential.id, jwt: badge.jwt, json: JSON.stringify(badge.credential, null, 2) },
    }
    try {
      const bytes = await drawOnce(key, content, template, false)
      return { body: bytes, size: bytes.length }
    } catch (error) {
      // Refused as busy: drawn ahead as soon as a worker is free (unless a try of the learner's drew it
      // meanwhile); the learner is told when to come back.
      const later = async () => (await app.storage.head(key)) ?? drawOnce(key, content, template, true)
      const seconds = error instanceof ServiceBusyError ? ahead.defer(key, later) : null
      throw seconds === null ? error : new ServiceBusyError((error as Error).message, seconds)
    }
  }

  /** Draws and keeps the PDF of `key`, or joins its drawing already under way. */
  function drawOnce(key: string, content: CertificateContent, template: string | null, background: boolean): Promise<Buffer> {
    let pdf = drawing.get(key)
    if (!pdf) {
      pdf = drawAndKeep(key, content, template, background).finally(() => drawing.delete(key))
      drawing.set(key, pdf)
    }
    return pdf
  }

  /** Draws the certificate in a worker and keeps the PDF in storage under `key`. */
  async function drawAndKeep(key: string, content: CertificateContent, template: string | null, background: boolean): Promise<Buffer> {
    const pdf = await drawer.draw(content, await templateBytes(template), background)
    try {
      await app.storage.put(key, pdf, 'application/pdf')
    } catch (error) {
      app.log.warn({ err: error, key }, 'drawn certificate not kept; the next download draws it again')
    }
    return pdf
  }

  app.get(
    '/v2/courses/certificates/:course',
    {
      schema: {
        tags,
        summary:
          "The caller's certificate for the course as a PDF (attachment); 404 until every required block is done and every required form passed; 410 'REVOKED' once an administrator revoked it; 503 'BUSY' with Retry-After while too many certificates wait to be drawn",
        params: CertificateCourseParams,
        querystring: CertificateQuery,
        response: { 200: CertificatePdf, ...errorResponses(400, 401, 404, 410, 503) },
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
      const pdf = await certificatePdf(row, request.query.lang ?? 'mx', `${request.protocol}://${request.host}`, baseOf(request), principal.email || undefined)
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="certificate-${formatCode(row.code)}.pdf"`)
        .header('cache-control', 'private, no-store')
        .header('content-length', pdf.size)
        .send(pdf.body)
    },
  )

  app.get(
    '/certificates/verify/:code',
    {
      schema: {
        tags,
        summary:
          "Public: who earned which course, its hours and when, for a certificate code, and when it was revoked (null: it stands); 404 'Unknown certificate code'",
        params: VerifyParams,
        response: { 200: CertificateVerification, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const row = await certificateByWrittenCode(app.db, request.params.code)
      if (!row) throw new HttpError(404, UNKNOWN_CERTIFICATE, 'NOT_FOUND')
      return {
        code: formatCode(row.code),
        learner: row.learner_name,
        course: row.course_name,
        hours: hoursOf(row),
        issuedAt: iso(row.issued_at),
        revokedAt: row.revoked_at ? iso(row.revoked_at) : null,
      }
    },
  )
}
