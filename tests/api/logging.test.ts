import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOG_SAFETY } from '../../server/app.js'
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
  t = await createTestApp({ logger: { level: 'info', stream, ...LOG_SAFETY } })
})
afterAll(() => t.close())

describe('request logs', () => {
  it('are structured and never carry credentials', async () => {
    await t.app.inject({
      method: 'GET',
      url: '/api/v2/metrics/server/version',
      headers: { authorization: 'Bearer secret-token-123', cookie: 'sid=cookie-secret' },
    })
    const entries = lines.map((l) => JSON.parse(l))
    expect(entries.some((e) => e.req?.url === '/api/v2/metrics/server/version')).toBe(true)
    const all = lines.join('\n')
    expect(all).not.toContain('secret-token-123')
    expect(all).not.toContain('cookie-secret')
  })
})

describe('secrets in logged objects', () => {
  it('are written as [redacted], without changing the object logged', async () => {
    const body = { email: 'a@example.test', password: 'Secret-Pass-1', code: '123456' }
    t.app.log.info({ body, attempt: { token: 'tok-abc' } }, 'sign-in attempt')
    const entry = lines.map((l) => JSON.parse(l)).find((e) => e.msg === 'sign-in attempt')
    expect(entry.body).toEqual({ email: 'a@example.test', password: '[redacted]', code: '[redacted]' })
    expect(entry.attempt).toEqual({ token: '[redacted]' })
    expect(body.password).toBe('Secret-Pass-1')
  })

  it('keep an error’s code, which is not a secret', () => {
    const err = Object.assign(new Error('connection refused'), { code: 'ECONNREFUSED' })
    t.app.log.warn({ err }, 'database unreachable')
    const entry = lines.map((l) => JSON.parse(l)).find((e) => e.msg === 'database unreachable')
    expect(entry.err.code).toBe('ECONNREFUSED')
  })
})
