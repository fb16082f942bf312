import crypto from 'node:crypto'
import { CartridgeImportBody, CartridgeImportResponse, CartridgeUploadBody, ImportReportResponse } from '../../../../../contracts/courses/cartridge.js'
import { CourseIdParams, courseErrorResponses } from '../../../../../contracts/courses/common.js'
import { UploadParams } from '../../../../../contracts/courses/creator.js'
import { UPLOAD_KINDS } from '../../../../../contracts/storage/kinds.js'
import { importCartridge } from '../../../../courses/cartridge/import.js'
import { dismissImportReport, liveImportReport } from '../../../../courses/cartridge/queries.js'
import { actorOf } from '../../../../http/actor.js'
import { isoOrNull } from '../../../../http/dates.js'
import { HttpError } from '../../../../plugins/errors.js'
import { packageWorkDir } from '../../../../packages/unpack.js'
import { TOO_MUCH_DATA, isIssuedIn, presignUpload } from '../../../../storage/kinds.js'
import type { App } from '../../../../types.js'
import { requireCourse } from './access.js'

/** Where a caller's cartridges wait between their upload and their import: one folder per caller. */
const importFolder = (sub: string) => `imports/cartridge/${crypto.createHash('sha256').update(sub).digest('hex').slice(0, 32)}`

/**
 * Importing an IMS Common Cartridge into a new draft (docs/course-creator.md "Importing a Common
 * Cartridge"): `import/cartridge-par` issues a direct upload into the caller's import folder,
 * `import/cartridge` makes the draft, `import/report/:id` shows and dismisses what it reported.
 */
export async function cartridgeRoutes(app: App, o: { base: string; tags: string[] }) {
  app.post(
    `${o.base}/import/cartridge-par`,
    {
      schema: {
        tags: o.tags,
        summary: "Parameters for uploading a Common Cartridge (.imscc) straight to storage (413 'Too much data' past 100 MB)",
        body: CartridgeUploadBody,
        response: { 200: UploadParams, ...courseErrorResponses(400, 401, 403, 413) },
      },
    },
    async (request) => {
      const { size, contentType, fileName } = request.body
      return presignUpload(app, { kind: 'cartridge', folder: importFolder(actorOf(request).sub), size, contentType, fileName })
    },
  )

  app.post(
    `${o.base}/import/cartridge`,
    {
      schema: {
        tags: o.tags,
        summary:
          'Makes a new draft the caller owns from the uploaded Common Cartridge 1.1–1.3 (sections, pages, files, web links, QTI forms) and reports what was not imported; 400 for a file that is not a readable cartridge, 413 past the limits',
        body: CartridgeImportBody,
        response: { 201: CartridgeImportResponse, ...courseErrorResponses(400, 401, 403, 413) },
      },
    },
    async (request, reply) => {
      const principal = actorOf(request)
      const { path } = request.body
      const folder = importFolder(principal.sub)
      const head = isIssuedIn(path, folder) ? await app.storage.head(path) : null
      if (!head) throw new HttpError(400, 'Invalid request', 'VALIDATION', { path: 'This file was not uploaded for an import by you: upload it again' })
      if (head.size > UPLOAD_KINDS.cartridge.maxBytes) {
        await app.storage.delete(path).catch(() => undefined)
        throw new HttpError(413, TOO_MUCH_DATA.message, TOO_MUCH_DATA.code)
      }
      // The name the creator gave the file, after the random part the upload added.
      const fileName = path.slice(folder.length + 1 + 17)
      const created = await importCartridge(
        { db: app.db, storage: app.storage, workDir: packageWorkDir(app.config.dataDir) },
        { key: path, fileName },
        { sub: principal.sub, username: principal.username },
      )
      return reply.status(201).send(created)
    },
  )

  app.get(
    `${o.base}/import/report/:id`,
    {
      schema: {
        tags: o.tags,
        summary: 'What the import that made this draft brought in and left out (null when the course was not imported or the report was dismissed)',
        params: CourseIdParams,
        response: { 200: ImportReportResponse, ...courseErrorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await requireCourse(app.db, actorOf(request), request.params.id, 'edit')
      const found = await liveImportReport(app.db, request.params.id)
      return { report: found?.report ?? null, importedAt: isoOrNull(found?.importedAt ?? null) }
    },
  )

  app.delete(
    `${o.base}/import/report/:id`,
    {
      schema: {
        tags: o.tags,
        summary: 'Dismisses the import report of this draft (it is no longer shown in the builder)',
        params: CourseIdParams,
        response: { 200: ImportReportResponse, ...courseErrorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await requireCourse(app.db, actorOf(request), request.params.id, 'edit')
      await dismissImportReport(app.db, request.params.id)
      return { report: null, importedAt: null }
    },
  )
}
