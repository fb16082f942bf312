import { readFileSync } from 'node:fs'
import path from 'node:path'
import { ROOT_DIR } from './runtime.js'

const pkg = JSON.parse(readFileSync(path.join(ROOT_DIR, 'package.json'), 'utf8')) as { version: string }

/** Facts about the running program. */
export const appInfo = {
  name: 'Aula',
  version: pkg.version,
  startedAt: new Date().toISOString(),
}
