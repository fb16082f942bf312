import { PGlite } from '@electric-sql/pglite'
import { pgliteOptions } from './pglite.js'

/**
 * Creates the embedded database in the folder named by the first argument, then exits (see
 * createPgliteInProcess): run as a process of its own so that initdb's memory leaves with it.
 */
const dataDir = process.argv[2]
if (!dataDir) throw new Error('usage: pglite-init <data dir>')
const pg = new PGlite(dataDir, pgliteOptions())
await pg.waitReady
await pg.close()
