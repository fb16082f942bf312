import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import Value from 'typebox/value'
import { PublicConfig } from '../../contracts/config.js'
import { loadConfig } from '../../server/config.js'
import { createTestApp, type TestApp } from '../helpers/app.js'

describe('the support address in GET /api/config', () => {
  let bare: TestApp
  let helped: TestApp
  beforeAll(async () => {
    bare = await createTestApp()
    helped = await createTestApp({ env: { SUPPORT_EMAIL: 'ayuda@aula.example.org' } })
  })
  afterAll(async () => {
    await bare?.close()
    await helped?.close()
  })

  it('leaves supportEmail out when SUPPORT_EMAIL is unset', async () => {
    const body = (await bare.app.inject({ method: 'GET', url: '/api/config' })).json()
    expect(Value.Check(PublicConfig, body)).toBe(true)
    expect(body).not.toHaveProperty('supportEmail')
  })

  it('serves the configured address', async () => {
    const body = (await helped.app.inject({ method: 'GET', url: '/api/config' })).json()
    expect(Value.Check(PublicConfig, body)).toBe(true)
    expect(body.supportEmail).toBe('ayuda@aula.example.org')
  })

  it('refuses a SUPPORT_EMAIL that is not an e-mail address', () => {
    expect(() => loadConfig({ SUPPORT_EMAIL: 'not an address' })).toThrow(/SUPPORT_EMAIL/)
  })
})
