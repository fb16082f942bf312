import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'
import pino from 'pino'
import semver from 'semver'
import { describe, expect, it, vi } from 'vitest'
import { BatchedLines, loggerOptions, readyLine } from '../../server/console.js'

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

describe('batched log lines', () => {
  it('go out in order, once a batch is full, half a second after a line at the latest, and on flush', () => {
    vi.useFakeTimers()
    try {
      const writes: string[] = []
      const batched = new BatchedLines({ write: (chunk) => writes.push(chunk) }, 20, 500)
      batched.write('{"n":1}\n')
      batched.write('{"n":2}\n')
      expect(writes).toEqual([])
      batched.write('{"n":3}\n')
      expect(writes).toEqual(['{"n":1}\n{"n":2}\n{"n":3}\n'])
      batched.write('{"n":4}\n')
      vi.advanceTimersByTime(499)
      expect(writes).toHaveLength(1)
      vi.advanceTimersByTime(1)
      expect(writes[1]).toBe('{"n":4}\n')
      batched.write('{"n":5}\n')
      let flushed = false
      batched.flush(() => (flushed = true))
      expect(flushed).toBe(true)
      expect(writes[2]).toBe('{"n":5}\n')
      vi.advanceTimersByTime(1000)
      expect(writes).toHaveLength(3)
    } finally {
      vi.useRealTimers()
    }
  })

  it('are all written by a server that stops', async () => {
    const { startServerProcess, sharedSecrets } = await import('../helpers/server-process.js')
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aula-log-'))
    const logFile = path.join(dir, 'server.log')
    const server = await startServerProcess({ ...sharedSecrets(), AULA_DATA_DIR: dir, WEB_BUILD: 'never', LOG_LEVEL: 'info', AULA_SEED: 'none' }, { logFile })
    try {
      for (let i = 0; i < 25; i++) await fetch(`${server.url}/api/config?n=${i}`)
    } finally {
      await server.stop()
    }
    const lines = fs
      .readFileSync(logFile, 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('{'))
    const urls = lines.map((l) => JSON.parse(l) as { req?: { url: string } }).flatMap((e) => (e.req?.url.startsWith('/api/config') ? [e.req.url] : []))
    expect(urls).toEqual(Array.from({ length: 25 }, (_, i) => `/api/config?n=${i}`))
    expect(lines.at(-1)).toContain('shutting down')
    fs.rmSync(dir, { recursive: true, force: true })
  }, 60_000)
})

describe('package.json engines', () => {
  it('agrees with every installed package: the lowest Node it names satisfies them all', () => {
    const root = path.resolve(import.meta.dirname, '../..')
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { engines: { node: string } }
    const lowest = semver.minVersion(pkg.engines.node)!.version
    const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>
    }
    const refusing = Object.entries(lock.packages)
      .filter(([name, p]) => name && p.engines && !Array.isArray(p.engines) && p.engines.node && !semver.satisfies(lowest, p.engines.node))
      .map(([name, p]) => `${name}@${p.version} wants ${(p.engines as { node: string }).node}`)
    expect(refusing).toEqual([])
  })
})
