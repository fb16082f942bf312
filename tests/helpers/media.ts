/**
 * The smallest real files of the image and video types uploads check by their magic numbers,
 * padded to a size a test asks for (the padding sits after the part a reader looks at).
 */

/** A 1×1 transparent PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64')
/** The start of a JFIF JPEG (SOI, APP0). */
const JPEG = Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex')
/** An MP4's `ftyp` box (brand isom). */
const MP4 = Buffer.from('00000020667479706973736f6d0000020069736f6d69736f32617663316d703431', 'hex')
/** A WebM's EBML header (DocType webm). */
const WEBM = Buffer.from('1a45dfa39f4286810142f7810142f2810442f381084282847765626d4287810442858102', 'hex')
/** A WebP's RIFF header. */
const WEBP = Buffer.from('524946461a000000574542505650384c0d0000002f0000001007101111888808', 'hex')

const SAMPLES: Record<string, Buffer> = { 'image/png': PNG, 'image/jpeg': JPEG, 'video/mp4': MP4, 'video/webm': WEBM, 'image/webp': WEBP }

/** A file of `type` of exactly `size` bytes (at least the sample's own) that a type check accepts. */
export function sampleFile(type: string, size?: number): Buffer {
  const sample = SAMPLES[type]
  if (!sample) throw new Error(`no sample file of type ${type}`)
  if (size === undefined || size <= sample.length) return Buffer.from(sample)
  return Buffer.concat([sample, Buffer.alloc(size - sample.length)])
}

/** `size` bytes for an upload of `type`: a real file where the type is checked, else random bytes. */
export function uploadBytes(type: string, size: number): Buffer {
  return type in SAMPLES ? sampleFile(type, size) : Buffer.from(Array.from({ length: size }, () => Math.floor(Math.random() * 256)))
}
