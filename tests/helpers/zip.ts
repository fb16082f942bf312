import zlib from 'node:zlib'

/**
 * Zip files written byte by byte, so a test can make the headers say what it wants: sizes and
 * checksums that lie, Unix file types, any name. Stored (0) or deflated (8) entries, no zip64.
 */
export interface CraftedEntry {
  name: string
  /** The file's bytes (deflated unless `method` is 0 or `deflated` is given). */
  data?: Uint8Array
  /** A ready raw deflate stream to store as the entry's data instead of deflating `data`. */
  deflated?: Uint8Array
  method?: 0 | 8
  /** Uncompressed size written in both headers (default: the true one). */
  size?: number
  /** CRC-32 written in both headers (default: the true one). */
  crc32?: number
  /** Unix mode (type and permissions) in the external attributes, made "by Unix". */
  unixMode?: number
}

export function craftZip(entries: CraftedEntry[]): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8')
    const raw = e.data ?? new Uint8Array()
    const method = e.method ?? 8
    const body = e.deflated ?? (method === 8 ? zlib.deflateRawSync(raw) : raw)
    const crc = (e.crc32 ?? zlib.crc32(raw)) >>> 0
    const size = e.size ?? raw.length
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(0x800, 6)
    local.writeUInt16LE(method, 8)
    local.writeUInt16LE(0, 10)
    local.writeUInt16LE(0x21, 12)
    local.writeUInt32LE(crc, 14)
    local.writeUInt32LE(body.length, 18)
    local.writeUInt32LE(size, 22)
    local.writeUInt16LE(name.length, 26)
    local.writeUInt16LE(0, 28)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(e.unixMode === undefined ? 20 : (3 << 8) | 20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt16LE(0x800, 8)
    central.writeUInt16LE(method, 10)
    central.writeUInt16LE(0, 12)
    central.writeUInt16LE(0x21, 14)
    central.writeUInt32LE(crc, 16)
    central.writeUInt32LE(body.length, 20)
    central.writeUInt32LE(size, 24)
    central.writeUInt16LE(name.length, 28)
    central.writeUInt32LE(e.unixMode === undefined ? 0 : (e.unixMode << 16) >>> 0, 38)
    central.writeUInt32LE(offset, 42)
    locals.push(local, name, Buffer.from(body))
    centrals.push(central, name)
    offset += local.length + name.length + body.length
  }
  const directory = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(entries.length, 8)
  end.writeUInt16LE(entries.length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, directory, end])
}

const MIB = 1024 * 1024

/**
 * A raw deflate stream that inflates to `mebibytes` MiB of zero bytes, about 1 KB per MiB: one
 * flushed block of a MiB of zeros repeated (its back-references only ever see zeros), then an empty
 * final block. Made in milliseconds whatever the size.
 */
export function zeroDeflate(mebibytes: number): Buffer {
  const block = zlib.deflateRawSync(Buffer.alloc(MIB), { finishFlush: zlib.constants.Z_SYNC_FLUSH })
  return Buffer.concat([...Array.from({ length: mebibytes }, () => block), Buffer.from([0x03, 0x00])])
}

/** The CRC-32 of `mebibytes` MiB of zero bytes. */
export function zeroCrc32(mebibytes: number): number {
  const zeros = Buffer.alloc(MIB)
  let crc = 0
  for (let i = 0; i < mebibytes; i++) crc = zlib.crc32(zeros, crc)
  return crc >>> 0
}
