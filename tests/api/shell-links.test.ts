import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import Value from 'typebox/value'
import { PublicConfig } from '../../contracts/config.js'
import { loadConfig } from '../../server/config.js'
import { createTestApp, type TestApp } from '../helpers/app.js'

describe('shell links in GET /api/config', () => {
  let bare: TestApp
  let linked: TestApp
  beforeAll(async () => {
    bare = await createTestApp()
    linked = await createTestApp({
      env: {
        LINK_WEBSITE: 'https://aula.example.org',
        LINK_VIDEO: 'https://video.example.org/@aula',
        DEVELOPED_BY: 'Aula team',
        DEVELOPED_BY_URL: 'https://team.example.org',
      },
    })
  })
  afterAll(async () => {
    await bare?.close()
    await linked?.close()
  })

  it('serves no link by default and the default developed-by name', async () => {
    const body = (await bare.app.inject({ method: 'GET', url: '/api/config' })).json()
    expect(Value.Check(PublicConfig, body)).toBe(true)
    expect(body.links).toEqual({})
    expect(body.developedBy).toEqual({ text: 'Aula' })
  })

  it('serves the configured links only, and the developed-by line with its URL', async () => {
    const body = (await linked.app.inject({ method: 'GET', url: '/api/config' })).json()
    expect(Value.Check(PublicConfig, body)).toBe(true)
    expect(body.links).toEqual({ website: 'https://aula.example.org', video: 'https://video.example.org/@aula' })
    expect(body.developedBy).toEqual({ text: 'Aula team', url: 'https://team.example.org' })
  })

  it.each(['LINK_WEBSITE', 'LINK_SOCIAL', 'LINK_VIDEO', 'LINK_SHORT_VIDEO', 'DEVELOPED_BY_URL'])('refuses a %s that is not an http(s) URL', (name) => {
    for (const value of ['javascript:alert(1)', 'aula.example.org', 'ftp://aula.example.org']) {
      expect(() => loadConfig({ [name]: value })).toThrow(`Invalid configuration: ${name} must be an http:// or https:// URL`)
    }
  })
})
