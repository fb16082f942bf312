import { AdminUploadAsk, CATALOGUE_UPLOADS, UploadParamsReply } from '../../../contracts/admin/uploads.js'
import type { Catalogue } from '../../../contracts/admin/catalogues.js'
import { errorResponses } from '../../../contracts/errors.js'
import { HttpError } from '../../http/http-error.js'
import { isIssuedIn, presignUpload } from '../../storage/kinds.js'
import { requireMatchingBytes } from '../../storage/magic.js'
import type { App } from '../../types.js'

/** The catalogues that hold a file, and which upload each field takes. */
const FILE_FIELDS: Partial<Record<Catalogue, (typeof CATALOGUE_UPLOADS)[keyof typeof CATALOGUE_UPLOADS]>> = {
  certificates: CATALOGUE_UPLOADS['certificate-template'],
  organizations: CATALOGUE_UPLOADS['organization-logo'],
}

/** The item's read-URL field beside its path field: `templatePath` → `templateUrl`. */
const urlField = (field: string) => field.replace(/Path$/, 'Url')

/**
 * `POST /v2/admin/general/resource-par` (requirements §7 "Admin subscriptions and uploads"): upload
 * parameters for a certificate template or an organisation logo, checked and signed as the builder's
 * (`presignUpload`: 400 for a type the kind refuses, 413 'Too much data' past its limit). The answered
 * `path` is what the catalogue item then stores.
 */
export async function catalogueUploadRoutes(app: App) {
  app.post(
    '/general/resource-par',
    {
      schema: {
        tags: ['admin: uploads'],
        summary:
          "Upload parameters for a certificate template (PDF, PNG or JPEG, at most 10 MB) or an organisation logo (PNG or JPEG, at most 2 MB): POST the fields and the file to the url, then save the path in the catalogue item (413 'Too much data' past the limit, 400 for another type)",
        body: AdminUploadAsk,
        response: { 200: UploadParamsReply, ...errorResponses(400, 401, 403, 413) },
      },
    },
    async (request) => {
      const { kind, size, contentType, fileName } = request.body
      const upload = CATALOGUE_UPLOADS[kind]
      return presignUpload(app, { kind: upload.kind, folder: upload.folder, size, contentType, fileName })
    },
  )
}

/**
 * Before a catalogue item stores a newly uploaded file (a path of the shape the upload route issues):
 * the file must be in storage and its first bytes those of its type (as the builder's registration).
 * Other paths (items made before uploads, by import) are kept as they are.
 */
export async function requireCatalogueFile(app: App, c: Catalogue, values: Record<string, unknown>, before?: Record<string, unknown>): Promise<void> {
  const upload = FILE_FIELDS[c]
  if (!upload) return
  const path = values[upload.field]
  if (typeof path !== 'string' || path === before?.[upload.field] || !isIssuedIn(path, upload.folder)) return
  const head = await app.storage.head(path)
  if (!head) throw new HttpError(400, 'Invalid request', 'VALIDATION', { [upload.field]: 'The file has not arrived in storage: upload it again' })
  await requireMatchingBytes(app.storage, path, head, upload.field)
}

/**
 * An item as the edit form reads it: with a read URL of its stored file (null without one), through
 * the storage as every file link (a path that is already an address is given as it is; one that is
 * no storage key, typed before uploads, gets none).
 */
export async function withFileUrl<T extends Record<string, unknown>>(app: App, c: Catalogue, item: T): Promise<T> {
  const upload = FILE_FIELDS[c]
  if (!upload) return item
  const path = item[upload.field]
  let url: string | null = null
  if (typeof path === 'string' && path) url = /^https?:\/\//i.test(path) || path.startsWith('/') ? path : await app.storage.readUrl(path).catch(() => null)
  return { ...item, [urlField(upload.field)]: url }
}
