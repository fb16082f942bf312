import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Fastify from 'fastify'
import type { FastifyRequest } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { errorsPlugin } from '../../server/plugins/errors.js'
import type { Principal } from '../../server/types.js'
import { createTestApp, type TestApp } from '../helpers/app.js'
import { freePort, startArgs } from '../helpers/server-process.js'

const fakeAuth = async (request: FastifyRequest): Promise<Principal | null> =>
  request.headers.authorization === 'Bearer learner' ? { sub: 'learner', username: 'learner', email: 'l@example.test', groups: ['general'] } : null
const signedIn = { authorization: 'Bearer learner' }

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ authenticate: fakeAuth })
})
afterAll(async () => {
  await t?.close()
})

describe('/api JSON bodies nested too deep', () => {
  it('are refused with 400 before parsing, by the error plugin every /api route sits behind', async () => {
    const app = Fastify()
    await app.register(errorsPlugin)
    app.post('/api/echo', async (request) => ({ got: request.body }))
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`
    const refused = await app.inject({ method: 'POST', url: '/api/echo', headers: { 'content-type': 'application/json' }, payload: deep })
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toMatchObject({ code: 'TOO_DEEP' })
    const ok = await app.inject({
      method: 'POST',
      url: '/api/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ a: [[{ b: '[[[[[[' }]] }),
    })
    expect(ok.statusCode).toBe(200)
    // The prototype-poisoning guard of Fastify's own parser is kept.
    const poisoned = await app.inject({ method: 'POST', url: '/api/echo', headers: { 'content-type': 'application/json' }, payload: '{"__proto__":{"x":1}}' })
    expect(poisoned.statusCode).toBe(400)
    await app.close()
  })
})

describe('numbers and dates in the query', () => {
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: signedIn })

  it.each(['Infinity', '-Infinity', 'NaN', '1e400', '1e3', '0', '-1', '1.5', '99999999999999999999', '0x10', ''])(
    'page=%s is refused unless a real page number',
    async (page) => {
      const res = await get(`/api/v2/user/subscriptions?page=${encodeURIComponent(page)}`)
      // 1e3 and 0x10 are numbers JavaScript reads as 1000 and 16: fine; the rest are not pages.
      expect(res.statusCode).toBe(page === '1e3' || page === '0x10' ? 200 : 400)
    },
  )

  it.each(['Infinity', '1e400', '0', '101', '-5'])('limit=%s is a 400', async (limit) => {
    expect((await get(`/api/v2/user/courses?limit=${limit}`)).statusCode).toBe(400)
  })

  const token = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
  const uuid = '3f1c2b9e-0a4d-4c6f-9b1e-2d3c4b5a6f70'
  it.each([
    ['31 February', ['2026-02-31 10:00:00+00', uuid]],
    ['month 13', ['2026-13-01 10:00:00+00', uuid]],
    ['hour 25', ['2026-01-01 25:00:00+00', uuid]],
    ['year 0', ['0000-01-01 10:00:00+00', uuid]],
    ['not a uuid', ['2026-01-01 10:00:00+00', 'x']],
    ['not a pair', ['2026-01-01 10:00:00+00']],
  ])('a pagination token with %s is a 400', async (_name, value) => {
    const res = await get(`/api/v2/user/courses?paginationToken=${token(value)}`)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ errors: { paginationToken: 'Invalid pagination token' } })
  })

  it('a real token still pages', async () => {
    expect((await get(`/api/v2/user/courses?paginationToken=${token(['2026-01-01 10:00:00.123456+00', uuid])}`)).statusCode).toBe(200)
  })
})

describe('files the server creates', () => {
  it('are owner-only: the data directory, the database, the keys and the mail', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aula-modes-'))
    try {
      const port = await freePort()
      const child = spawn(process.execPath, await startArgs(), {
        cwd: path.resolve(import.meta.dirname, '../..'),
        env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', AULA_DATA_DIR: path.join(dataDir, 'data'), WEB_BUILD: 'never', LOG_LEVEL: 'info' },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      let output = ''
      child.stdout!.on('data', (d) => (output += d))
      child.stderr!.on('data', (d) => (output += d))
      await new Promise<void>((resolve, reject) => {
        const timer = setInterval(() => {
          if (output.includes('Server listening')) {
            clearInterval(timer)
            resolve()
          } else if (child.exitCode !== null) {
            clearInterval(timer)
            reject(new Error(output))
          }
        }, 100)
      })
      // One sign-up, so that a mail file is written too.
      const signUp = await fetch(`http://127.0.0.1:${port}/identity/`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.SignUp' },
        body: JSON.stringify({ ClientId: '4ulaweb0c1ient0loca10000001', Username: 'modes@example.test', Password: 'Correct-Horse-7-battery' }),
      })
      expect(signUp.status).toBe(200)
      await new Promise((resolve) => {
        child.once('exit', resolve)
        child.kill('SIGTERM')
      })
      const loose: string[] = []
      const walk = (p: string) => {
        const st = fs.statSync(p)
        if ((st.mode & 0o077) !== 0) loose.push(`${path.relative(dataDir, p)} ${(st.mode & 0o777).toString(8)}`)
        if (st.isDirectory()) for (const name of fs.readdirSync(p)) walk(path.join(p, name))
      }
      walk(path.join(dataDir, 'data'))
      expect(fs.readdirSync(path.join(dataDir, 'data'))).toEqual(expect.arrayContaining(['db', 'identity', 'mail']))
      expect(loose).toEqual([])
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  }, 120_000)
})
