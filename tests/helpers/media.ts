import zlib from 'node:zlib'

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

/** A `width`×`height` PNG of a teal-to-amber gradient: an image the screenshots (and the bench's pages) visibly show where it is drawn. */
export function gradientPng(width: number, height: number): Buffer {
  const rows = Buffer.alloc((width * 3 + 1) * height)
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1)
    for (let x = 0; x < width; x++) {
      const t = x / width
      rows.set([Math.round(16 + t * 224), Math.round(120 + t * 60), Math.round(110 - t * 90)], row + 1 + x * 3)
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(4)
    head.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(zlib.crc32(body))
    return Buffer.concat([head, body, crc])
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr.set([8, 2, 0, 0, 0], 8)
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}
