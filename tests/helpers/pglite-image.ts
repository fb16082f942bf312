import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import type { TestProject } from 'vitest/node'
import { openDb } from '../../server/db/index.js'
import { migrate } from '../../server/db/migrate.js'
import { pgliteOptions } from '../../server/db/pglite.js'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated embedded database's data folder as a tarball, or '' on PostgreSQL. */
    pgliteImage: string
  }
}

/**
 * The server tests' global set-up: on the embedded database, one migrated database is made for the
 * whole run and its data folder dumped to a tarball; each test file's database starts from that image
 * (`createTestDb`) instead of running initdb and every migration again. On PostgreSQL each test file
 * migrates a schema of its own, so nothing is prepared.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteImage', '')
    return
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aula-test-image-'))
  const dataDir = path.join(dir, 'db')
  const db = await openDb({ dataDir })
  await migrate(db)
  await db.close()
  const pg = new PGlite(dataDir, pgliteOptions())
  await pg.waitReady
  const image = await pg.dumpDataDir('none')
  await pg.close()
  const file = path.join(dir, 'image.tar')
  fs.writeFileSync(file, Buffer.from(await image.arrayBuffer()))
  fs.rmSync(dataDir, { recursive: true, force: true })
  project.provide('pgliteImage', file)
  return () => fs.rmSync(dir, { recursive: true, force: true })
}
