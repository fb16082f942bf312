import crypto, { randomUUID } from 'node:crypto'
import nodePath from 'node:path'
import type { ImportReport } from '../../../contracts/courses/cartridge.js'
import type { Db } from '../../db/index.js'
import { HttpError } from '../../http/http-error.js'
import { PACKAGE_LIMITS, PackageError, unpackStoredPackage, type UnpackedPackage } from '../../packages/unpack.js'
import type { Storage } from '../../storage/index.js'
import { safeFileName } from '../../storage/kinds.js'
import { insertItem } from '../content/queries.js'
import { insertCourse } from '../model/queries.js'
import type { CartridgePlan } from './read.js'
import { insertImportReport } from './queries.js'
import { notify } from '../../notifications/queries.js'

/** How long a cartridge may take to unpack and read (a large, honest one takes seconds). */
export const READ_TIMEOUT_MS = 2 * 60 * 1000

/**
 * Imports an uploaded Common Cartridge into a new draft owned by `owner` (docs/course-creator.md
 * "Importing a Common Cartridge"). The cartridge is unpacked and read by the cartridge worker with the
 * package unpacker's limits; only a cartridge read whole makes a draft: its files are stored under the
 * draft's keys as the builder's uploads are (`courses/<uuid>/<kind>/<random>-<name>`), then the
 * draft, its sections and blocks (first versions) and the report are written in one transaction; if
 * that fails, the files stored are deleted again. A
 * refused cartridge is a 400 (413 past the size limit) and leaves nothing behind; the uploaded file
 * is removed either way.
 */
export async function importCartridge(
  deps: { db: Db; storage: Storage; workDir: string },
  upload: { key: string; fileName: string },
  owner: { sub: string; username: string },
): Promise<{ uuid: string; revision: number; report: ImportReport }> {
  let pkg: UnpackedPackage
  try {
    pkg = await unpackStoredPackage(deps.storage, upload.key, {
      workDir: deps.workDir,
      limits: PACKAGE_LIMITS,
      reader: { module: 'courses/cartridge/worker', data: { fileName: upload.fileName }, timeoutMs: READ_TIMEOUT_MS },
    })
  } catch (error) {
    await deps.storage.delete(upload.key).catch(() => undefined)
    if (error instanceof PackageError) {
      if (error.problem === 'too-large') throw new HttpError(413, 'Too much data', 'TOO_LARGE')
      const message = error.problem === 'not-zip' ? 'This file is not a Common Cartridge: it is not a zip file' : error.message
      throw new HttpError(400, 'Invalid request', 'VALIDATION', { path: message })
    }
    // A cartridge that takes the worker past its memory is refused like any cartridge too big to read.
    if ((error as { code?: unknown } | null)?.code === 'ERR_WORKER_OUT_OF_MEMORY') {
      throw new HttpError(400, 'Invalid request', 'VALIDATION', { path: 'The cartridge is too large or too complex to read' })
    }
    throw error
  }
  const stored: string[] = []
  try {
    const plan = pkg.read as CartridgePlan
    // The files first, under the keys of the draft to be: the transaction then only writes rows.
    const uuid = randomUUID()
    const keys: string[] = []
    for (const file of plan.files) {
      const key = `courses/${uuid}/${file.kind}/${crypto.randomBytes(8).toString('hex')}-${safeFileName(file.fileName)}`
      await deps.storage.putFile(key, nodePath.join(pkg.dir, ...file.source.split('/')), file.contentType, { crc32: file.crc32 })
      stored.push(key)
      keys.push(key)
    }
    return await deps.db.transaction(async (tx) => {
      const course = await insertCourse(tx, plan.name, owner.sub, uuid)
      for (const [i, section] of plan.sections.entries()) {
        const sectionId = randomUUID()
        await insertItem(tx, { id: sectionId, course: uuid, section: null, kind: 'section', position: i, values: { title: section.title } }, owner)
        for (const [j, block] of section.blocks.entries()) {
          const values = { ...block.values }
          if (block.file !== undefined) {
            values.path = keys[block.file]
            if (block.kind === 'attachment') values.size = plan.files[block.file].size
          }
          await insertItem(tx, { id: randomUUID(), course: uuid, section: sectionId, kind: block.kind, position: j, values }, owner)
        }
      }
      await insertImportReport(tx, uuid, plan.report, owner.sub)
      const made = Object.values(plan.report.imported).reduce((a, b) => a + b, 0)
      await notify(
        tx,
        owner.sub,
        'import-finished',
        { name: plan.name, created: made, failed: plan.report.entries.length + plan.report.more },
        `/creator/courses/${uuid}`,
      )
      return { ...course, report: plan.report }
    })
  } catch (error) {
    await Promise.allSettled(stored.map((key) => deps.storage.delete(key)))
    throw error
  } finally {
    await pkg.dispose()
    await deps.storage.delete(upload.key).catch(() => undefined)
  }
}
