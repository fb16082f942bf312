import fs from 'node:fs'
import path from 'node:path'
import { Writable } from 'node:stream'
import pino from 'pino'
import semver from 'semver'
import { describe, expect, it } from 'vitest'
import { loggerOptions, readyLine } from '../../server/console.js'

describe('start-up console', () => {
  it('a terminal gets pino-pretty; anything else one JSON object per line', () => {
    const pretty = loggerOptions({ LOG_LEVEL: 'info' }, true) as pino.LoggerOptions & { stream: NodeJS.WritableStream }
    expect(pretty).toMatchObject({ level: 'info' })
    expect(pretty.stream).toBeDefined()
    const { stream: _stdout, ...plain } = loggerOptions({ LOG_LEVEL: 'info' }, false) as pino.LoggerOptions & { stream: unknown }
    const lines: string[] = []
    const log = pino(plain, new Writable({ write: (chunk, _e, done) => (lines.push(String(chunk)), done()) }))
    log.info({ req: { headers: { authorization: 'Bearer secret' } } }, 'hello')
    expect(JSON.parse(lines[0])).toMatchObject({ msg: 'hello', level: 30 })
    expect(lines[0]).not.toContain('secret')
  })

  it('ends with one line: the URL to open, and the web build time when there was one', () => {
    expect(readyLine({ HOST: '0.0.0.0', PORT: 8080 }, null)).toBe('Aula is ready: open http://localhost:8080')
    expect(readyLine({ HOST: '127.0.0.1', PORT: 3000 }, 12_345)).toBe('Aula is ready: open http://127.0.0.1:3000 (web app built in 12.3 s)')
    expect(readyLine({ HOST: '::1', PORT: 8080 }, null)).toBe('Aula is ready: open http://[::1]:8080')
  })
})

describe('package.json engines', () => {
  it('agrees with every installed package: the lowest Node it names satisfies them all', () => {
    const root = path.resolve(import.meta.dirname, '../..')
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { engines: { node: string } }
    const lowest = semver.minVersion(pkg.engines.node)!.version
    const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version?: string; engines?: { node?: string } | string[] }> }
    const refusing = Object.entries(lock.packages)
      .filter(([name, p]) => name && p.engines && !Array.isArray(p.engines) && p.engines.node && !semver.satisfies(lowest, p.engines.node))
      .map(([name, p]) => `${name}@${p.version} wants ${(p.engines as { node: string }).node}`)
    expect(refusing).toEqual([])
  })
})
