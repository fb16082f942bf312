import { RESOURCE_KINDS, type ItemKind, type ScormPackage } from '../../../contracts/courses/content.js'
import { PACKAGE_LIMITS, PackageError, storePackage, unpackStoredPackage, type PackageReader, type UnpackedPackage } from '../../packages/unpack.js'
import { HttpError } from '../../http/http-error.js'
import { isValidKey, readFolderUrl, type Storage } from '../../storage/index.js'
import { isIssuedPath } from '../../storage/kinds.js'
import { requireMatchingBytes } from '../../storage/magic.js'
import { videoDuration } from '../../media/duration.js'
import type { Manifest } from '../scorm/manifest.js'

/**
 * The files blocks point at. A path in a block's values must be one the storage issued for this course
 * and this kind of block, and the upload must have arrived. A simulation package (zip) is unpacked into
 * storage when it is registered, next to the zip, and the block points at its index.html; a SCORM
 * package likewise, and the block keeps what its manifest says (version, title, SCOs).
 */

const invalid = (field: string, message: string) => new HttpError(400, 'Invalid request', 'VALIDATION', { [field]: message })

const TYPES: Record<string, string> = {
  html: 'text/html',
  htm: 'text/html',
  js: 'text/javascript',
  mjs: 'text/javascript',
  css: 'text/css',
  json: 'application/json',
  txt: 'text/plain',
  xml: 'application/xml',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  ico: 'image/x-icon',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  mp4: 'video/mp4',
  webm: 'video/webm',
  woff: 'font/woff',
  woff2: 'font/woff2',
  ttf: 'font/ttf',
  otf: 'font/otf',
  wasm: 'application/wasm',
  pdf: 'application/pdf',
}
const typeOf = (name: string) => TYPES[name.slice(name.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream'

/** Where the files of a package live: beside the zip, under `<zip path>.d/`. */
export const packagePrefix = (zipPath: string) => `${zipPath}.d/`

/** Unpacks a stored zip package (`server/packages`); a refused one is a 400 naming what is wrong (413 when too large). */
async function unpackBlockPackage(storage: Storage, zipPath: string, workDir: string, reader?: PackageReader): Promise<UnpackedPackage> {
  try {
    return await unpackStoredPackage(storage, zipPath, { workDir, reader })
  } catch (error) {
    if (error instanceof PackageError) {
      if (error.problem === 'too-large') throw new HttpError(413, 'Too much data', 'TOO_LARGE')
      throw invalid('values.path', error.message)
    }
    throw error
  }
}

/**
 * Unpacks a zip package (in the unpack worker) and stores its files beside the zip; returns the key of
 * its index.html: at the top of the package, or in its only top folder (what zipping a folder gives).
 * A refused package (see `server/packages`) is a 400 naming what is wrong, and nothing is stored.
 * Unpacking again writes the same keys, so a retried registration is harmless.
 */
export async function unpackSimulation(storage: Storage, zipPath: string, workDir: string): Promise<string> {
  const pkg = await unpackBlockPackage(storage, zipPath, workDir)
  try {
    const files = pkg.files.map((f) => f.name)
    const tops = new Set(files.map((f) => (f.includes('/') ? f.slice(0, f.indexOf('/') + 1) : '')))
    const root = files.includes('index.html') ? '' : tops.size === 1 && files.includes(`${[...tops][0]}index.html`) ? [...tops][0] : null
    if (root === null) throw invalid('values.path', 'The package has no index.html')
    const prefix = packagePrefix(zipPath)
    await storePackage(storage, pkg, prefix, { last: `${root}index.html`, contentType: typeOf })
    return `${prefix}${root}index.html`
  } finally {
    await pkg.dispose()
  }
}

/** How long reading a SCORM package (unpacking, manifest, pages) may take. */
const SCORM_READ_TIMEOUT_MS = 120_000

/**
 * Unpacks a SCORM package in the SCORM worker (`server/courses/scorm`: manifest read, run-time bridge
 * added to its pages) and stores its files beside the zip; answers the package as the block keeps it,
 * each SCO pointing at the stored page it starts at.
 */
export async function unpackScorm(storage: Storage, zipPath: string, workDir: string): Promise<ScormPackage> {
  const pkg = await unpackBlockPackage(storage, zipPath, workDir, { module: 'courses/scorm/worker', data: {}, timeoutMs: SCORM_READ_TIMEOUT_MS })
  try {
    const manifest = pkg.read as Manifest
    const prefix = packagePrefix(zipPath)
    await storePackage(storage, pkg, prefix, { last: manifest.scos[0].file, contentType: typeOf })
    return {
      version: manifest.version,
      ...(manifest.edition ? { edition: manifest.edition } : {}),
      title: manifest.title,
      scos: manifest.scos.map(({ file, ...sco }) => ({ ...sco, entry: `${prefix}${file}` })),
    }
  } finally {
    await pkg.dispose()
  }
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04]

/** The stored video's length in seconds (server/media), or 400 when it cannot be read. */
async function lengthOf(storage: Storage, path: string, size: number): Promise<number> {
  const seconds = await videoDuration(storage, path, size)
  if (seconds === null) throw invalid('values.path', 'The length of this video could not be read: upload an MP4 or WebM video')
  return seconds
}

async function startsWithZipMagic(storage: Storage, key: string, size: number): Promise<boolean> {
  if (size < ZIP_MAGIC.length) return false
  const chunks: Buffer[] = []
  for await (const chunk of (await storage.read(key, { start: 0, end: ZIP_MAGIC.length - 1 })) as AsyncIterable<Buffer | string>) {
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk)
  }
  const head = Buffer.concat(chunks)
  return ZIP_MAGIC.every((b, i) => head[i] === b)
}

/**
 * Checks the files among a block's new values and fills what the server decides: the attachment's size
 * as stored, the simulation's `entry`, the SCORM `package`, the video's `duration` read from the file. An unchanged path
 * (same as the current version) is taken as it is (a video without a length gets it read then).
 */
export async function registerResources(
  storage: Storage,
  course: string,
  kind: ItemKind,
  values: Record<string, unknown>,
  previous: Record<string, unknown> | null,
  /** Where zip packages are unpacked (`packageWorkDir` of the data directory). */
  workDir: string,
): Promise<Record<string, unknown>> {
  if (!(kind in RESOURCE_KINDS)) return values
  const path = values.path
  if (typeof path !== 'string') return values
  if (previous && previous.path === path) {
    if (kind === 'simulation') values.entry = previous.entry
    if (kind === 'scorm') values.package = previous.package
    if (kind === 'attachment' && previous.size !== undefined) values.size = previous.size
    if (kind !== 'video') return values
    if (typeof previous.duration === 'number') {
      values.duration = previous.duration
      return values
    }
    // A video saved before its length was read gets it now.
    const head = await storage.head(path)
    if (!head) throw invalid('values.path', 'The file has not arrived: upload it again')
    values.duration = await lengthOf(storage, path, head.size)
    return values
  }
  const uploadKind = RESOURCE_KINDS[kind as keyof typeof RESOURCE_KINDS]
  if (!isIssuedPath(path, course, uploadKind)) throw invalid('values.path', 'This file was not uploaded for this kind of block of this course')
  const head = await storage.head(path)
  if (!head) throw invalid('values.path', 'The file has not arrived: upload it again')
  await requireMatchingBytes(storage, path, head, 'values.path')
  if (kind === 'attachment') values.size = head.size
  if (kind === 'video') values.duration = await lengthOf(storage, path, head.size)
  if (kind === 'simulation') {
    if (head.size > PACKAGE_LIMITS.maxPackageBytes) throw new HttpError(413, 'Too much data', 'TOO_LARGE')
    if (await startsWithZipMagic(storage, path, head.size)) values.entry = await unpackSimulation(storage, path, workDir)
    else if (head.contentType === 'text/html') values.entry = path
    else throw invalid('values.path', 'Upload an HTML file or a zip package')
  }
  if (kind === 'scorm') {
    if (head.size > PACKAGE_LIMITS.maxPackageBytes) throw new HttpError(413, 'Too much data', 'TOO_LARGE')
    if (!(await startsWithZipMagic(storage, path, head.size))) throw invalid('values.path', 'Upload the SCORM package as a zip file')
    values.package = await unpackScorm(storage, path, workDir)
  }
  return values
}

/**
 * Read URLs for the storage keys among a block's values (`path`, `entry`), for the builder to show them.
 * A package's entry gets a link covering the whole package folder, so its index.html loads its
 * scripts, styles and images by relative address.
 */
export async function resourceUrls(storage: Storage, values: Record<string, unknown>): Promise<Record<string, string> | undefined> {
  const urls: Record<string, string> = {}
  for (const field of ['path', 'entry']) {
    const key = values[field]
    if (typeof key !== 'string' || !key.startsWith('courses/') || !isValidKey(key)) continue
    const prefix = field === 'entry' && typeof values.path === 'string' ? packagePrefix(values.path) : null
    urls[field] = prefix && key.startsWith(prefix) ? await readFolderUrl(storage, prefix, key.slice(prefix.length)) : await storage.readUrl(key)
  }
  return Object.keys(urls).length ? urls : undefined
}
