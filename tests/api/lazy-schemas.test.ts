import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import Fastify from 'fastify'
import Type from 'typebox'
import { lazySchemas } from '../../server/plugins/lazy-schemas.js'
import { createTestApp, type TestApp } from '../helpers/app.js'

// Route schemas compile on first use (server/plugins/lazy-schemas.ts): validation, coercion,
// defaults and answer serialisation must be what Fastify's own start-time compilation gives.
describe('schemas compiled on first use', () => {
  const build = () => {
    const schemas = lazySchemas()
    const app = Fastify({
      schemaController: schemas.schemaController,
      ajv: { customOptions: { allErrors: true, coerceTypes: 'array', removeAdditional: true, useDefaults: true } },
    })
    app.get(
      '/items/:id',
      {
        schema: {
          params: Type.Object({ id: Type.Integer({ minimum: 1 }) }),
          querystring: Type.Object({ tags: Type.Array(Type.String()), size: Type.Integer({ default: 10 }) }),
          response: { 200: Type.Object({ id: Type.Integer(), tags: Type.Array(Type.String()), size: Type.Integer() }) },
        },
      },
      async (request) => ({ ...(request.params as object), ...(request.query as object), secret: 'never sent' }),
    )
    return { app, schemas }
  }

  it('compiles nothing at start, then validates, coerces and serialises as Fastify does', async () => {
    const { app, schemas } = build()
    await app.ready()
    const before = schemas.pendingCount()
    expect(before).toBeGreaterThan(0)
    const ok = await app.inject({ url: '/items/7?tags=a' })
    expect(ok.statusCode).toBe(200)
    expect(ok.json()).toEqual({ id: 7, tags: ['a'], size: 10 })
    const bad = await app.inject({ url: '/items/0?size=x' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toMatch(/params\/id must be >= 1/)
    // The GET route's own functions are compiled; its HEAD twin's wait for a HEAD request.
    expect(schemas.pendingCount()).toBeLessThan(before)
    await app.close()
  })

  it('compiles what is left on request, and rejects a schema that does not compile', async () => {
    const { app, schemas } = build()
    app.get('/broken', { schema: { querystring: { type: 'object', properties: { n: { type: 'nonsense' } } } } }, async () => 'never')
    await app.ready()
    await expect(schemas.compileDeferred(1)).rejects.toThrow(/nonsense|type/)
    await app.close()
  })
})

describe("Aula's routes", () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  it('all compile', async () => {
    await expect(t.app.compileSchemas()).resolves.toBeUndefined()
    const res = await t.app.inject({ url: '/api/v2/user/subscriptions?page=0' })
    expect(res.statusCode).toBe(401)
  })
})
