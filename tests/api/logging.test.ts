import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REDACTED_LOG_PATHS } from '../../server/app.js'
import { createTestApp, type TestApp } from '../helpers/app.js'

const lines: string[] = []
let t: TestApp

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk))
      done()
    },
  })
  t = await createTestApp({ logger: { level: 'info', stream, redact: { paths: REDACTED_LOG_PATHS, censor: '[redacted]' } } })
})
afterAll(() => t.close())

describe('request logs', () => {
  it('are structured and never carry credentials', async () => {
    await t.app.inject({ method: 'GET', url: '/api/v2/metrics/server/version', headers: { authorization: 'Bearer secret-token-123', cookie: 'sid=cookie-secret' } })
    const entries = lines.map((l) => JSON.parse(l))
    expect(entries.some((e) => e.req?.url === '/api/v2/metrics/server/version')).toBe(true)
    const all = lines.join('\n')
    expect(all).not.toContain('secret-token-123')
    expect(all).not.toContain('cookie-secret')
  })
})
