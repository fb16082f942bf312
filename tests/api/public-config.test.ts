import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../helpers/app.js'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('GET /api/config on defaults', () => {
  it('points the browser at the embedded pool on its own origin and gives the one password policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config', headers: { host: 'aula.internal:9999' } })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.identity).toEqual({ region: 'eu-west-1', userPoolId: 'eu-west-1_AulaLocal', clientId: expect.any(String), endpoint: '/identity/' })
    expect(body.passwordPolicy).toEqual({ minimumLength: 12, requireUppercase: true, requireLowercase: true, requireNumbers: true, requireSymbols: true })
    expect(body.languages).toEqual(['mx', 'eng', 'es', 'it', 'gr', 'rs'])
    expect(body.build).toBe(123)
  })
})
