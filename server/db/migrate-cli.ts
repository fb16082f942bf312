import { loadConfig } from '../config.js'
import { openAppDb } from './open.js'
import { migrate } from './migrate.js'

const config = loadConfig()
const db = await openAppDb(config)
const applied = await migrate(db)
console.log(applied.length ? `Applied migrations ${applied.join(', ')}` : 'Database is up to date')
await db.close()
