import { fileTypeFromBuffer } from 'file-type'
import { HttpError } from '../http/http-error.js'
import type { Storage } from './index.js'

/**
 * Declared types whose bytes are checked when an upload is registered, and what the file's magic
 * numbers may say for each (an MP4 may carry the M4V brand).
 */
const CHECKED: Record<string, { names: readonly string[]; label: string }> = {
  'image/png': { names: ['image/png'], label: 'a PNG image' },
  'image/jpeg': { names: ['image/jpeg'], label: 'a JPEG image' },
  'image/webp': { names: ['image/webp'], label: 'a WebP image' },
  'image/gif': { names: ['image/gif'], label: 'a GIF image' },
  'image/avif': { names: ['image/avif'], label: 'an AVIF image' },
  'video/mp4': { names: ['video/mp4', 'video/x-m4v'], label: 'an MP4 video' },
  'video/webm': { names: ['video/webm'], label: 'a WebM video' },
}

/** What file-type needs to tell any of the formats above. */
const SAMPLE_BYTES = 4100

/**
 * Checks that a stored upload's first bytes are those of its declared image or video type (other
 * types pass). A file that is not what it says is removed from storage and refused with 400: a
 * page or a script never stands in for a picture or a film. `field` names the request field in the
 * answer.
 */
export async function requireMatchingBytes(storage: Storage, key: string, file: { size: number; contentType: string }, field: string): Promise<void> {
  const expected = CHECKED[file.contentType]
  if (!expected) return
  const sample = file.size > 0 ? await readStart(storage, key, Math.min(file.size, SAMPLE_BYTES)) : Buffer.alloc(0)
  const found = await fileTypeFromBuffer(sample)
  if (found && expected.names.includes(found.mime)) return
  await storage.delete(key).catch(() => undefined)
  const message = `The file is not ${expected.label} as declared (${file.contentType}): upload it again`
  throw new HttpError(400, "The file's contents do not match its type", 'TYPE_MISMATCH', { [field]: message })
}

async function readStart(storage: Storage, key: string, length: number): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of (await storage.read(key, { start: 0, end: length - 1 })) as AsyncIterable<Buffer | string>) {
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk)
  }
  return Buffer.concat(chunks).subarray(0, length)
}
