import crypto from 'node:crypto'
import fs from 'node:fs'
import fsp from 'node:fs/promises'
import path from 'node:path'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { Worker } from 'node:worker_threads'
import { workerEntry, type EntryModule } from '../runtime.js'
import type { Storage } from '../storage/index.js'
import type { ExtractResult, PackageFile, PackageLimits, PackageProblem } from './extract.js'

export type { PackageFile, PackageLimits, PackageProblem } from './extract.js'

/**
 * Zip packages uploaded by users (simulation packages today; SCORM packages and Common Cartridges
 * later): downloaded from storage into a private work folder, unpacked there by a worker thread (the
 * server's event loop never inflates), and only once the whole package has been checked are its files
 * copied into storage. Any refusal or failure removes the work folder and leaves storage untouched.
 */

/** Limits every package obeys unless the caller names others. */
export const PACKAGE_LIMITS: PackageLimits & { maxPackageBytes: number } = {
  /** The zip itself. */
  maxPackageBytes: 100 * 1024 * 1024,
  /** Entries the zip's directory may list (files, folders and archiver junk). */
  maxEntries: 10_000,
  /** Files once unpacked. */
  maxFiles: 3000,
  /** All files together once unpacked. */
  maxUnpackedBytes: 300 * 1024 * 1024,
}

/** Packages unpacked at the same time by one process; more wait their turn. */
export const MAX_PARALLEL_UNPACKS = 2
/** A work folder untouched this long belongs to no running unpack (a process stopped mid-way). */
const STALE_WORK_MS = 24 * 60 * 60 * 1000

/** A package refused for what it holds: the message names what was wrong, for a 400. */
export class PackageError extends Error {
  constructor(
    readonly problem: PackageProblem | 'too-large',
    message: string,
  ) {
    super(message)
  }
}

/** Where packages are unpacked: `<data dir>/unpack/`, one folder per package being unpacked. */
export const packageWorkDir = (dataDir: string) => path.join(dataDir, 'unpack')

/** A checked, unpacked package in its work folder. `dispose` removes the folder. */
export interface UnpackedPackage {
  /** The folder holding the files. */
  dir: string
  /** Every file (slash-separated relative names, folders implied) with its size and CRC-32. */
  files: PackageFile[]
  /** What a reading worker made of the package (see `UnpackOptions.reader`). */
  read?: unknown
  dispose(): Promise<void>
}

/**
 * A worker that unpacks a package and then reads it (a Common Cartridge's manifest), in place of the
 * plain unpack worker: it takes `{ zipFile, outDir, limits, ...data }` and posts an `ExtractResult`
 * whose success may carry `read`.
 */
export interface PackageReader {
  module: EntryModule
  data: Record<string, unknown>
  /** How long unpacking and reading may take; past it the worker is stopped and the package refused. */
  timeoutMs?: number
}

let running = 0
const waiting: Array<() => void> = []
async function slot(): Promise<() => void> {
  if (running >= MAX_PARALLEL_UNPACKS) await new Promise<void>((resolve) => waiting.push(resolve))
  running += 1
  return () => {
    running -= 1
    waiting.shift()?.()
  }
}

const swept = new Set<string>()
/** Work folders left by a process that stopped mid-unpack; only old ones (another process may share the folder). */
async function sweepStale(workDir: string) {
  if (swept.has(workDir)) return
  swept.add(workDir)
  const before = Date.now() - STALE_WORK_MS
  for (const name of await fsp.readdir(workDir).catch(() => [] as string[])) {
    const p = path.join(workDir, name)
    try {
      if ((await fsp.stat(p)).mtimeMs < before) await fsp.rm(p, { recursive: true, force: true })
    } catch {
      // removed meanwhile
    }
  }
}

function runWorker(zipFile: string, outDir: string, limits: PackageLimits, reader?: PackageReader): Promise<ExtractResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerEntry(reader?.module ?? 'packages/worker'), {
      workerData: { ...reader?.data, zipFile, outDir, limits },
      // Inflating is streamed: the worker never holds a whole file.
      resourceLimits: { maxOldGenerationSizeMb: 128 },
      stdout: false,
      stderr: false,
    })
    let result: ExtractResult | null = null
    const timer = reader?.timeoutMs
      ? setTimeout(() => {
          result ??= { ok: false, problem: 'unreadable', message: 'The package took too long to read' }
          void worker.terminate()
        }, reader.timeoutMs)
      : null
    const settle = () => timer && clearTimeout(timer)
    worker.once('message', (message: ExtractResult) => (result ??= message))
    worker.once('error', (error) => {
      settle()
      if (result) resolve(result)
      else reject(error)
    })
    worker.once('exit', (code) => {
      settle()
      if (result) resolve(result)
      else reject(new Error(`the unpack worker stopped with code ${code} and no result`))
    })
  })
}

/**
 * Unpacks the zip at `zipFile` (on local disk) into a new folder under `workDir`. Resolves with the
 * checked package, or rejects with a PackageError naming what is wrong; nothing stays behind then.
 */
export async function unpackPackage(
  zipFile: string,
  options: { workDir: string; limits?: Partial<PackageLimits>; reader?: PackageReader },
): Promise<UnpackedPackage> {
  const limits = { ...PACKAGE_LIMITS, ...options.limits }
  await fsp.mkdir(options.workDir, { recursive: true, mode: 0o700 })
  await sweepStale(options.workDir)
  const dir = path.join(options.workDir, crypto.randomBytes(12).toString('hex'))
  await fsp.mkdir(dir, { mode: 0o700 })
  const dispose = () => fsp.rm(dir, { recursive: true, force: true })
  const release = await slot()
  try {
    const result = await runWorker(zipFile, dir, limits, options.reader)
    if (!result.ok) throw new PackageError(result.problem, result.message)
    return { dir, files: result.files, read: result.read, dispose }
  } catch (error) {
    await dispose()
    throw error
  } finally {
    release()
  }
}

/**
 * Downloads the zip stored at `key` into the work folder, unpacks it there and removes the zip. The
 * zip may be at most `maxPackageBytes` (413-worthy: a PackageError 'too-large').
 */
export async function unpackStoredPackage(
  storage: Storage,
  key: string,
  options: { workDir: string; limits?: Partial<PackageLimits & { maxPackageBytes: number }>; reader?: PackageReader },
): Promise<UnpackedPackage> {
  const maxBytes = options.limits?.maxPackageBytes ?? PACKAGE_LIMITS.maxPackageBytes
  await fsp.mkdir(options.workDir, { recursive: true, mode: 0o700 })
  const zipFile = path.join(options.workDir, `${crypto.randomBytes(12).toString('hex')}.zip`)
  try {
    let size = 0
    const limit = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length
        callback(size > maxBytes ? new PackageError('too-large', 'The package is too large') : null, chunk)
      },
    })
    await pipeline(await storage.read(key), limit, fs.createWriteStream(zipFile, { flags: 'wx', mode: 0o600 }))
    return await unpackPackage(zipFile, options)
  } finally {
    await fsp.rm(zipFile, { force: true })
  }
}

/**
 * Copies an unpacked package's files into storage under `prefix` (ending with `/`), the file named
 * `last` (the package's entry page) after all the others: once it is there, the whole package is.
 * When a copy fails, the files this call stored are deleted again (best effort, and only when the
 * package was not already stored by an earlier call) and the failure is rethrown.
 */
export async function storePackage(
  storage: Storage,
  pkg: UnpackedPackage,
  prefix: string,
  options: { last: string; contentType: (name: string) => string },
): Promise<void> {
  const existed = (await storage.head(prefix + options.last)) !== null
  const ordered = [...pkg.files.filter((f) => f.name !== options.last), ...pkg.files.filter((f) => f.name === options.last)]
  const stored: string[] = []
  try {
    for (const file of ordered) {
      const key = prefix + file.name
      await storage.putFile(key, path.join(pkg.dir, ...file.name.split('/')), options.contentType(file.name), { crc32: file.crc32 })
      stored.push(key)
    }
  } catch (error) {
    if (!existed) await Promise.allSettled(stored.map((key) => storage.delete(key)))
    throw error
  }
}
