import { HttpError } from '../../http/http-error.js'
import { isIssuedIn, presignUpload, type UploadParams } from '../../storage/kinds.js'
import { requireMatchingBytes } from '../../storage/magic.js'
import type { App } from '../../types.js'

/** Where a site's images go: one folder per site, so a path of another site is refused. */
export const imageFolder = (siteId: string) => `sites/${siteId}/images`

/** Upload parameters of a slide image or a post cover (400 for another type, 413 past 5 MB). */
export function presignSiteImage(app: App, siteId: string, ask: { size: number; contentType: string; fileName: string }): Promise<UploadParams> {
  return presignUpload(app, { kind: 'site-image', folder: imageFolder(siteId), ...ask })
}

/**
 * Before a slide or a post stores an image path: the path kept as it was passes; a new one must be
 * one this site's upload issued, in storage, and its bytes those of an image.
 */
export async function requireSiteImage(app: App, siteId: string, path: string | null, before: string | null, field: string): Promise<void> {
  if (path === null || path === before) return
  const head = isIssuedIn(path, imageFolder(siteId)) ? await app.storage.head(path) : null
  if (!head) throw new HttpError(400, 'Invalid request', 'VALIDATION', { [field]: 'Upload the image again: it has not arrived for this site' })
  await requireMatchingBytes(app.storage, path, head, field)
}

/** A browser read URL of a stored image, or null. */
export async function imageUrl(app: App, path: string | null): Promise<string | null> {
  return path ? app.storage.readUrl(path).catch(() => null) : null
}
