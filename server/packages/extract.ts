import fs from 'node:fs'
import fsp from 'node:fs/promises'
import path from 'node:path'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import zlib from 'node:zlib'
import yauzl, { type Entry, type ZipFile } from 'yauzl'

/**
 * Unpacks one zip file into an empty folder, checking everything on the way (this runs inside the
 * unpack worker, see `unpack.ts`). The central directory is read and judged whole before a single byte
 * is inflated; then every file is inflated as a stream that stops the moment it passes its declared
 * size or the package passes its total, and its CRC-32 is compared at its end.
 */

export interface PackageLimits {
  /** Entries (files and folders) the central directory may list. */
  maxEntries: number
  /** Files the package may hold once unpacked (folders and system junk not counted). */
  maxFiles: number
  /** Bytes the package may hold once unpacked, all files together. */
  maxUnpackedBytes: number
  /**
   * Whether every name must be plain letters, digits, dot, dash and underscore (the default: a
   * simulation's files are stored and linked by the names they have). A Common Cartridge's files are
   * stored under names of their own, so any name that stays inside the package is read.
   */
  plainNames?: boolean
}

/** Why a package is refused: what the client sees in its 400. */
export type PackageProblem =
  | 'not-zip'
  | 'too-many-entries'
  | 'too-many-files'
  | 'unsafe-path'
  | 'file-name'
  | 'clash'
  | 'encrypted'
  | 'unsupported-method'
  | 'declared-size-exceeded'
  | 'total-too-large'
  | 'crc-mismatch'
  | 'damaged'
  /** Read by a package reader and refused for what it says (a cartridge without a readable manifest). */
  | 'unreadable'

/** A file of an unpacked package: slash-separated name inside the package, size, CRC-32 (checked). */
export interface PackageFile {
  name: string
  size: number
  crc32: number
}

export type ExtractResult = { ok: true; files: PackageFile[]; read?: unknown } | { ok: false; problem: PackageProblem; message: string }

class Refusal extends Error {
  constructor(
    readonly problem: PackageProblem,
    message: string,
  ) {
    super(message)
  }
}

/** A path segment usable in a storage key and a relative URL as it is (so links between files keep working). */
const SAFE_SEGMENT = /^[A-Za-z0-9._-]+$/
const S_IFMT = 0o170000
const S_IFREG = 0o100000
const S_IFDIR = 0o040000
const S_IFLNK = 0o120000
/** "Version made by" hosts whose external attributes carry a Unix mode in their upper half. */
const UNIX_HOSTS = new Set([3, 19])

const shown = (name: string) => JSON.stringify(name.length > 200 ? `${name.slice(0, 200)}…` : name)
const megabytes = (bytes: number) => `${Math.floor(bytes / (1024 * 1024))} MB`

/** Folders and files archivers add that no page ever loads (Finder's resource forks and folder settings). */
const isJunk = (name: string) => name.startsWith('__MACOSX/') || name.split('/').pop() === '.DS_Store'

function decodeName(entry: Entry): string {
  const raw = entry.fileNameRaw
  // Bit 11: the name is UTF-8. Otherwise CP437, whose upper half no safe name uses anyway.
  return (entry.generalPurposeBitFlag & 0x800) !== 0 ? raw.toString('utf8') : raw.toString('latin1')
}

/** Refuses a name that could leave the package's folder or is not a plain file or folder. */
function checkPath(name: string, entry: Entry) {
  const refuse = (why: string) => {
    throw new Refusal('unsafe-path', `The package holds an unsafe path (${why}): ${shown(name)}`)
  }
  if (name.length === 0) refuse('an empty name')
  if (name.includes('\0')) refuse('a NUL character')
  if (name.includes('\\')) refuse('a backslash')
  if (name.startsWith('/')) refuse('an absolute path')
  if (/^[A-Za-z]:/.test(name)) refuse('a drive letter')
  const segments = (name.endsWith('/') ? name.slice(0, -1) : name).split('/')
  if (segments.some((s) => s === '..')) refuse('it leads out of the package folder')
  if (segments.some((s) => s === '' || s === '.')) refuse('an empty or "." folder name')
  const host = entry.versionMadeBy >> 8
  if (UNIX_HOSTS.has(host)) {
    const type = (entry.externalFileAttributes >>> 16) & S_IFMT
    if (type === S_IFLNK) refuse('a symbolic link')
    if (type !== 0 && type !== S_IFREG && type !== S_IFDIR) refuse('not a plain file or folder')
  }
}

function openZip(file: string): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: false, strictFileNames: false }, (error, zip) =>
      error ? reject(error) : resolve(zip),
    )
  })
}

/** Every entry of the central directory, stopping at `max`. */
async function readDirectory(zip: ZipFile, max: number): Promise<Entry[]> {
  if (zip.entryCount > max) throw new Refusal('too-many-entries', `The package lists more than ${max} entries`)
  const entries: Entry[] = []
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: Entry) => {
      entries.push(entry)
      zip.readEntry()
    })
    zip.once('end', () => resolve())
    zip.once('error', reject)
    zip.readEntry()
  })
  return entries
}

interface Planned {
  entry: Entry
  name: string
}

/** Judges the whole directory: paths, names, clashes, counts and declared sizes. Nothing is inflated yet. */
function plan(entries: Entry[], limits: PackageLimits): Planned[] {
  const files: Planned[] = []
  /** Lower-cased name → name as given, of files and of folders (listed or implied by a file's path). */
  const fileNames = new Map<string, string>()
  const folderNames = new Map<string, string>()
  let declared = 0
  for (const entry of entries) {
    const name = decodeName(entry)
    checkPath(name, entry)
    if (isJunk(name)) continue
    const isFolder = name.endsWith('/')
    const bare = isFolder ? name.slice(0, -1) : name
    const bad = limits.plainNames === false ? undefined : bare.split('/').find((s) => !SAFE_SEGMENT.test(s))
    if (bad !== undefined)
      throw new Refusal('file-name', `File names in the package may only use letters, digits, dot, dash and underscore: ${name.slice(0, 200)}`)
    const segments = bare.split('/')
    for (let i = 1; i <= segments.length - (isFolder ? 0 : 1); i++) {
      const folder = segments.slice(0, i).join('/')
      if (!folderNames.has(folder.toLowerCase())) folderNames.set(folder.toLowerCase(), folder)
    }
    if (isFolder) continue
    if ((entry.generalPurposeBitFlag & 0x1) !== 0) throw new Refusal('encrypted', `The package holds an encrypted file: ${shown(name)}`)
    if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) {
      throw new Refusal('unsupported-method', `The package holds a file compressed with a method other than deflate: ${shown(name)}`)
    }
    const earlier = fileNames.get(name.toLowerCase())
    if (earlier === name) throw new Refusal('clash', `The package holds ${shown(name)} more than once`)
    if (earlier !== undefined)
      throw new Refusal('clash', `The package holds ${shown(earlier)} and ${shown(name)}, whose names differ only in upper and lower case`)
    fileNames.set(name.toLowerCase(), name)
    files.push({ entry, name })
    if (files.length > limits.maxFiles) throw new Refusal('too-many-files', `The package holds more than ${limits.maxFiles} files`)
    declared += entry.uncompressedSize
    if (declared > limits.maxUnpackedBytes) throw new Refusal('total-too-large', `The package unpacks to more than ${megabytes(limits.maxUnpackedBytes)}`)
  }
  for (const [lower, name] of fileNames) {
    const folder = folderNames.get(lower)
    if (folder !== undefined) throw new Refusal('clash', `The package holds ${shown(name)} both as a file and as a folder`)
  }
  return files
}

function openEntry(zip: ZipFile, entry: Entry): Promise<NodeJS.ReadableStream> {
  return new Promise((resolve, reject) => zip.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream))))
}

/** Inflates one file into `target`, counting and checksumming every chunk on its way to the disk. */
async function inflate(zip: ZipFile, item: Planned, target: string, total: { bytes: number }, limits: PackageLimits): Promise<PackageFile> {
  const declared = item.entry.uncompressedSize
  let size = 0
  let crc = 0
  const guard = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length
      total.bytes += chunk.length
      if (size > declared) {
        callback(
          new Refusal('declared-size-exceeded', `The file ${shown(item.name)} in the package unpacks to more than the ${declared} bytes its header declares`),
        )
        return
      }
      if (total.bytes > limits.maxUnpackedBytes) {
        callback(new Refusal('total-too-large', `The package unpacks to more than ${megabytes(limits.maxUnpackedBytes)}`))
        return
      }
      crc = zlib.crc32(chunk, crc)
      callback(null, chunk)
    },
  })
  let source: NodeJS.ReadableStream
  try {
    source = await openEntry(zip, item.entry)
  } catch {
    throw new Refusal('damaged', `The file ${shown(item.name)} in the package cannot be read`)
  }
  // An inflate error can be raised again after the pipeline has settled: the pipeline's answer is the one that counts.
  source.on('error', () => {})
  await fsp.mkdir(path.dirname(target), { recursive: true })
  try {
    await pipeline(source, guard, fs.createWriteStream(target, { flags: 'wx', mode: 0o600 }))
  } catch (error) {
    if (error instanceof Refusal) throw error
    throw new Refusal('damaged', `The file ${shown(item.name)} in the package is damaged and cannot be unpacked`)
  }
  if (size !== declared) throw new Refusal('damaged', `The file ${shown(item.name)} in the package is shorter than its header declares`)
  if (crc >>> 0 !== item.entry.crc32 >>> 0)
    throw new Refusal('crc-mismatch', `The file ${shown(item.name)} in the package is damaged: its CRC-32 checksum does not match`)
  return { name: item.name, size, crc32: crc >>> 0 }
}

/**
 * Unpacks `zipFile` into `outDir` (which must exist and be empty). The caller removes `outDir` when
 * the result is a refusal: whatever was written so far is not a package.
 */
export async function extractPackage(zipFile: string, outDir: string, limits: PackageLimits): Promise<ExtractResult> {
  let zip: ZipFile
  try {
    zip = await openZip(zipFile)
  } catch {
    return { ok: false, problem: 'not-zip', message: 'The package is not a valid zip file' }
  }
  try {
    let entries: Entry[]
    try {
      entries = await readDirectory(zip, limits.maxEntries)
    } catch (error) {
      if (error instanceof Refusal) throw error
      throw new Refusal('not-zip', 'The package is not a valid zip file')
    }
    const files = plan(entries, limits)
    const root = path.resolve(outDir)
    const total = { bytes: 0 }
    const written: PackageFile[] = []
    for (const item of files) {
      const target = path.resolve(root, ...item.name.split('/'))
      if (!target.startsWith(root + path.sep)) throw new Refusal('unsafe-path', `The package holds an unsafe path: ${shown(item.name)}`)
      written.push(await inflate(zip, item, target, total, limits))
    }
    return { ok: true, files: written }
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, problem: error.problem, message: error.message }
    throw error
  } finally {
    zip.close()
  }
}
