import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createTestApp, testConfig, type TestApp } from '../helpers/app.js'
import { buildApp } from '../../server/app.js'
import { createTestDb } from '../helpers/app.js'

let t: TestApp
let distDir: string

beforeAll(async () => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aula-dist-'))
  fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>Aula</title><div id="root"></div>')
  fs.mkdirSync(path.join(distDir, 'assets'))
  fs.writeFileSync(path.join(distDir, 'assets', 'app-abc123.js'), 'console.log(1)')
  t = await createTestApp({ distDir })
})
afterAll(async () => {
  await t.close()
  fs.rmSync(distDir, { recursive: true, force: true })
})

describe('health and version', () => {
  it('answers 200 when the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ status: 'ok', database: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite' })
    expect(res.headers['cache-control']).toBe('no-store')
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    // An API answer is never a page: a CSP that allows nothing, never framed, no document-only headers.
    expect(res.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'")
    expect(res.headers['x-frame-options']).toBe('DENY')
    expect(res.headers['cross-origin-opener-policy']).toBeUndefined()
  })

  it('answers 503 without internals when the database is gone', async () => {
    const db = await createTestDb()
    const app = await buildApp({ config: testConfig(), db, print: () => {} })
    await db.close()
    const res = await app.inject({ method: 'GET', url: '/api/health' })
    expect(res.statusCode).toBe(503)
    expect(res.json()).toEqual({ message: 'Database unavailable', code: 'DB_UNAVAILABLE' })
    await app.close()
  })

  it('keeps the version route behind the admin group', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/metrics/server/version' })
    expect(res.statusCode).toBe(401)
    expect(res.json()).toEqual({ message: 'Not authorized', code: 'UNAUTHENTICATED' })
  })
})

describe('unknown paths', () => {
  it.each(['GET', 'POST', 'DELETE'] as const)('%s on an unknown /api path answers JSON 404', async (method) => {
    const res = await t.app.inject({ method, url: '/api/no/such/thing?x=1' })
    expect(res.statusCode).toBe(404)
    expect(res.headers['content-type']).toMatch(/^application\/json/)
    expect(res.json()).toEqual({ message: 'Resource not found', code: 'NOT_FOUND' })
  })

  it('serves the web app for client-side routes, with a CSP', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/settings/profile' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/html/)
    expect(res.headers['content-security-policy']).toContain("default-src 'self'")
    expect(res.headers['cache-control']).toBe('no-cache')
    expect(res.body).toContain('<div id="root">')
  })

  it('serves hashed assets with a long cache life', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toContain('immutable')
  })
})

describe('OpenAPI', () => {
  it('documents the routes from their schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' })
    expect(res.statusCode).toBe(200)
    const doc = res.json()
    expect(doc.openapi).toMatch(/^3\./)
    expect(doc.paths['/api/health'].get.responses['200']).toBeDefined()
    expect(doc.paths['/api/v2/metrics/server/version'].get).toBeDefined()
  })

  it('is browsable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' })
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('swagger')
  })
})
