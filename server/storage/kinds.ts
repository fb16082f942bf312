import crypto from 'node:crypto'
import { HttpError } from '../http/http-error.js'
import type { App } from '../types.js'
import { MIME_TYPE } from './index.js'
import { normalizeContentType, UPLOAD_KINDS, type UploadKind } from '../../contracts/storage/kinds.js'

// The table lives in contracts/ so the web app checks a file against the same limits before asking.
export { normalizeContentType, UPLOAD_KIND_NAMES, UPLOAD_KINDS, type UploadKind } from '../../contracts/storage/kinds.js'

export interface UploadRequest {
  kind: UploadKind
  courseUuid: string
  /** The file's size in bytes, as the browser reports it. */
  size: number
  contentType: string
  fileName: string
}

export interface UploadParams {
  /** Where the browser POSTs the form. */
  url: string
  /** Form fields, sent before the file. */
  fields: Record<string, string>
  /** The storage path to register afterwards with the matching update call. */
  path: string
}

/** 413 with the requirements' text. */
export const TOO_MUCH_DATA = { message: 'Too much data', code: 'TOO_LARGE' } as const

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const SAFE_NAME = '[A-Za-z0-9][A-Za-z0-9._-]{0,99}'

/**
 * A file name safe in a key and a URL: accents dropped, anything else but letters, digits, dot,
 * dash and underscore becomes a dash; never empty, never a dot name, at most 100 characters
 * keeping the extension.
 */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? ''
  let safe = base
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[._-]+/, '')
  if (safe.length > 100) {
    const dot = safe.lastIndexOf('.')
    const ext = dot > 0 && safe.length - dot <= 12 ? safe.slice(dot) : ''
    safe = safe.slice(0, 100 - ext.length) + ext
  }
  return safe || 'file'
}

/**
 * Checks an upload ask against its kind and returns the browser's POST parameters. Throws 413
 * 'Too much data' past the kind's limit and 400 for a type the kind refuses. The key is
 * `courses/<uuid>/<kind>/<random>-<safe name>`; the policy admits exactly the declared size or less.
 */
export async function uploadParams(app: Pick<App, 'storage'>, request: UploadRequest): Promise<UploadParams> {
  if (!UPLOAD_KINDS[request.kind]) throw new HttpError(400, 'Unknown kind of upload', 'UNKNOWN_KIND')
  if (!UUID.test(request.courseUuid)) throw new HttpError(400, 'Invalid course', 'VALIDATION')
  return presignUpload(app, { ...request, folder: `courses/${request.courseUuid.toLowerCase()}/${request.kind}` })
}

/**
 * The checks and presigned POST of every upload, into `<folder>/<random>-<safe name>`: 400 for an
 * empty file or a type the kind refuses (naming the accepted types), 413 'Too much data' past the
 * kind's limit. Both storages sign the accepted types and the declared size into the policy, so the
 * upload itself cannot bring another type or more bytes.
 */
export async function presignUpload(app: Pick<App, 'storage'>, request: Omit<UploadRequest, 'courseUuid'> & { folder: string }): Promise<UploadParams> {
  const kind = UPLOAD_KINDS[request.kind]
  if (!kind) throw new HttpError(400, 'Unknown kind of upload', 'UNKNOWN_KIND')
  if (!Number.isSafeInteger(request.size) || request.size < 1) throw new HttpError(400, 'The file is empty', 'EMPTY_FILE')
  if (request.size > kind.maxBytes) throw new HttpError(413, TOO_MUCH_DATA.message, TOO_MUCH_DATA.code)
  const contentType = normalizeContentType(request.contentType)
  const types: readonly string[] = kind.contentTypes
  if (!MIME_TYPE.test(contentType) || (types.length > 0 && !types.includes(contentType))) {
    throw new HttpError(400, 'This type of file is not accepted here', 'UNSUPPORTED_TYPE', {
      contentType: `Accepted types: ${types.join(', ')}`,
    })
  }
  const key = `${request.folder}/${crypto.randomBytes(8).toString('hex')}-${safeFileName(request.fileName)}`
  const { url, fields } = await app.storage.presignPost({ key, contentTypes: [...types], contentType, maxBytes: request.size })
  return { url, fields, path: key }
}

/** Whether a path has the shape `presignUpload` issues into `folder` (check `head` too: it must exist). */
export function isIssuedIn(path: string, folder: string): boolean {
  return path.startsWith(`${folder}/`) && new RegExp(`^[0-9a-f]{16}-${SAFE_NAME}$`).test(path.slice(folder.length + 1))
}

/** Whether a path has the shape uploadParams issues for this course and kind (check `head` too: it must exist). */
export function isIssuedPath(path: string, courseUuid: string, kind: UploadKind): boolean {
  if (!UUID.test(courseUuid) || !(kind in UPLOAD_KINDS)) return false
  return new RegExp(`^courses/${courseUuid.toLowerCase()}/${kind}/[0-9a-f]{16}-${SAFE_NAME}$`).test(path)
}

/**
 * For the registration calls (`PUT builder/cover {cover: path}`, a block's `values.path`): the path
 * must be one issued for this course and kind, and the file must be in storage. Throws 400
 * otherwise; returns what storage knows of the file.
 */
export async function requireUploaded(
  app: Pick<App, 'storage'>,
  path: string,
  courseUuid: string,
  kind: UploadKind,
): Promise<{ size: number; contentType: string }> {
  const head = isIssuedPath(path, courseUuid, kind) ? await app.storage.head(path) : null
  if (!head) throw new HttpError(400, 'This file was not uploaded for this course', 'NOT_UPLOADED')
  return head
}

/** The browser's read URL of a stored path, or null for none (a course without a cover). */
export async function readUrlOf(app: Pick<App, 'storage'>, path: string | null | undefined): Promise<string | null> {
  return path ? app.storage.readUrl(path) : null
}
