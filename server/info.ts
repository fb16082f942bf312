import { readFileSync } from 'node:fs'

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }

/** Facts about the running program. */
export const appInfo = {
  name: 'Aula',
  version: pkg.version,
  startedAt: new Date().toISOString(),
}
