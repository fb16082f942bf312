import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import Fastify, { type FastifyInstance } from 'fastify'
import Type from 'typebox'
import addFormats from 'ajv-formats'
import { errorsPlugin, HttpError } from '../../server/plugins/errors.js'

// The error handler on its own, with routes that fail in every way a handler can.
let app: FastifyInstance
const STACK_OR_SQL = /at .+:\d+:\d+|SELECT|INSERT|syntax error|node_modules/i

beforeAll(async () => {
  app = Fastify({ bodyLimit: 2048, ajv: { customOptions: { allErrors: true }, plugins: [addFormats as never] } })
  await app.register(errorsPlugin)
  app.post(
    '/items/:id',
    {
      schema: {
        params: Type.Object({ id: Type.Integer({ minimum: 1 }) }),
        body: Type.Object({ email: Type.String({ format: 'email' }), name: Type.String({ minLength: 1 }), tags: Type.Optional(Type.Array(Type.String())) }),
      },
    },
    async () => ({ ok: true }),
  )
  app.get('/boom', async () => {
    throw new Error('relation "users" does not exist: SELECT * FROM users')
  })
  app.get('/conflict', async () => {
    throw new HttpError(409, 'This course was changed by someone else', 'STALE_REVISION')
  })
  await app.ready()
})
afterAll(() => app.close())

describe('error handler', () => {
  it('answers a bad body with 400 and one message per field', async () => {
    const res = await app.inject({ method: 'POST', url: '/items/3', payload: { email: 'nope', tags: [1, {}] } })
    expect(res.statusCode).toBe(400)
    const body = res.json()
    expect(body.message).toBe('Invalid request')
    expect(body.errors).toMatchObject({ email: 'Must be a valid email', name: 'Required' })
  })

  it('answers bad params with 400 naming the param', async () => {
    const res = await app.inject({ method: 'POST', url: '/items/zero', payload: { email: 'a@b.co', name: 'x' } })
    expect(res.statusCode).toBe(400)
    expect(Object.keys(res.json().errors)).toEqual(['id'])
  })

  it('answers malformed JSON with 400 and no internals', async () => {
    const res = await app.inject({ method: 'POST', url: '/items/1', headers: { 'content-type': 'application/json' }, payload: '{"email":' })
    expect(res.statusCode).toBe(400)
    expect(res.body).not.toMatch(STACK_OR_SQL)
  })

  it('answers a body over the limit with 413', async () => {
    const res = await app.inject({ method: 'POST', url: '/items/1', payload: { email: 'a@b.co', name: 'x'.repeat(5000) } })
    expect(res.statusCode).toBe(413)
    expect(res.json()).toEqual({ message: 'Too much data', code: 'TOO_LARGE' })
  })

  it('hides the cause of a server failure', async () => {
    const res = await app.inject({ method: 'GET', url: '/boom' })
    expect(res.statusCode).toBe(500)
    expect(res.json()).toEqual({ message: 'Error while requesting the resource', code: 'INTERNAL' })
    expect(res.body).not.toMatch(STACK_OR_SQL)
  })

  it('passes a deliberate client error through', async () => {
    const res = await app.inject({ method: 'GET', url: '/conflict' })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toEqual({ message: 'This course was changed by someone else', code: 'STALE_REVISION' })
  })
})
