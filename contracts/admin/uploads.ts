import Type, { type Static } from 'typebox'
import type { UploadKind } from '../storage/kinds.js'
import { UploadAskFields, UploadParamsReply } from '../storage/upload.js'

/**
 * The files the administration catalogues hold (docs/requirements.md §7 "Admin subscriptions and
 * uploads"): which upload kind (types and largest size, `contracts/storage/kinds.ts`) and which
 * storage folder each goes to, and the catalogue field that then stores the answered path.
 * A certificate template is what the certificate drawing reads (PDF, PNG or JPEG, by its first bytes).
 */
export const CATALOGUE_UPLOADS = {
  'certificate-template': { kind: 'certificate-template', folder: 'catalogues/certificates', field: 'templatePath' },
  'organization-logo': { kind: 'organization-logo', folder: 'catalogues/organizations', field: 'logoPath' },
} as const satisfies Record<string, { kind: UploadKind; folder: string; field: string }>
export type CatalogueUpload = keyof typeof CATALOGUE_UPLOADS

/**
 * `POST /api/v2/admin/general/resource-par`: what is uploaded and the file's size, type and name.
 * The requirements' `publicpath` is the server's to choose (a path from the browser could name any
 * stored file): it answers it as `path`, which the catalogue entry then stores.
 */
export const AdminUploadAsk = Type.Object({
  kind: Type.Enum(Object.keys(CATALOGUE_UPLOADS) as CatalogueUpload[], { description: 'What is uploaded: a certificate template or an organisation logo.' }),
  ...UploadAskFields,
})
export type AdminUploadAsk = Static<typeof AdminUploadAsk>

export { UploadParamsReply }
