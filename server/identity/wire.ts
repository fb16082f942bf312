import crypto from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import Value from 'typebox/value'
import type { IdentityContext } from './context.js'
import { CognitoError, Errors } from './errors.js'
import { OPERATIONS } from './ops/index.js'
import { ADMIN_OPERATIONS, Schemas, type OperationName } from './schemas.js'
import { verifySigV4 } from './sigv4.js'
import { addressKey } from './throttle.js'
import { MAX_JSON_DEPTH, jsonTooDeep, nulPaths } from '../http/json-text.js'

const JSON_TYPES = /^application\/(x-amz-json-1\.[01]|json)\s*(;|$)/i
const TARGET = /^AWSCognitoIdentityProviderService\.(\w+)$/

/**
 * Clients send null for "absent", even inside string maps: drop them everywhere. Bodies are
 * depth-checked before parsing; the bound here keeps the helper safe for any other caller too.
 */
export function dropNulls(value: unknown, depth = 0): unknown {
  if (depth > MAX_JSON_DEPTH) throw tooDeep()
  if (Array.isArray(value)) return value.filter((v) => v !== null).map((v) => dropNulls(v, depth + 1))
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(value)) if (v !== null) out[k] = dropNulls(v, depth + 1)
    return out
  }
  return value
}

const tooDeep = () => new CognitoError('SerializationException', `The request body nests deeper than ${MAX_JSON_DEPTH} levels.`)

/** AWS-style validation message: `1 validation error detected: Value at 'clientId' failed to satisfy constraint: …`. */
function validationError(op: OperationName, body: unknown): CognitoError | null {
  const schema = Schemas[op]
  if (Value.Check(schema, body)) return null
  const errors = [...Value.Errors(schema, body)].slice(0, 5)
  const lines = errors.map((e) => {
    const missing = (e.params as { requiredProperties?: string[] }).requiredProperties
    if (e.keyword === 'required' && missing?.length) {
      const field = [e.instancePath.replace(/^\//, '').replaceAll('/', '.'), missing[0]].filter(Boolean).join('.')
      return `Value null at '${lowerFirst(field)}' failed to satisfy constraint: Member must not be null`
    }
    const field = lowerFirst(e.instancePath.replace(/^\//, '').replaceAll('/', '.')) || 'request'
    return `Value at '${field}' failed to satisfy constraint: ${e.message}`
  })
  return new CognitoError('InvalidParameterException', `${lines.length} validation error${lines.length > 1 ? 's' : ''} detected: ${lines.join('; ')}`)
}

/** Strings holding a NUL character, refused the way Cognito refuses a value outside a member's pattern. */
function nulError(body: unknown): CognitoError | null {
  const paths = nulPaths(body).slice(0, 5)
  if (paths.length === 0) return null
  const lines = paths.map((p) => `Value at '${lowerFirst(p)}' failed to satisfy constraint: Member must not contain a NUL character`)
  return new CognitoError('InvalidParameterException', `${lines.length} validation error${lines.length > 1 ? 's' : ''} detected: ${lines.join('; ')}`)
}

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1)

function sendError(reply: FastifyReply, error: CognitoError) {
  return reply
    .status(error.status)
    .header('x-amzn-errortype', `${error.type}:`)
    .type('application/x-amz-json-1.1')
    .send(JSON.stringify({ __type: error.type, message: error.message }))
}

/**
 * The AWS JSON 1.1 endpoint (POST /identity/, operation in X-Amz-Target) and the JWKS. Registered
 * with prefix /identity; encapsulated, so its body parser and error handler touch nothing else.
 */
export async function identityRoutes(app: FastifyInstance, opts: { ctx: IdentityContext }) {
  const { ctx } = opts
  let warnedProxy = false
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body))

  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    if (error instanceof CognitoError) return sendError(reply, error)
    if (error.statusCode === 413) return sendError(reply, new CognitoError('SerializationException', 'The request body is too large.'))
    request.log.debug({ err: error }, 'identity request refused')
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)
      return sendError(reply, new CognitoError('SerializationException', 'The request could not be read.'))
    request.log.error({ err: error }, 'identity operation failed')
    return sendError(reply, Errors.internal())
  })

  app.addHook('onSend', async (request, reply) => {
    if (request.method === 'POST') reply.header('cache-control', 'no-store')
  })

  app.post('/', async (request: FastifyRequest, reply) => {
    const requestId = crypto.randomUUID()
    reply.header('x-amzn-requestid', requestId)
    const target = TARGET.exec(String(request.headers['x-amz-target'] ?? ''))
    const op = target?.[1] as OperationName | undefined
    if (!op || !Object.hasOwn(OPERATIONS, op)) throw new CognitoError('UnknownOperationException', 'The requested operation is not supported.')
    if (!JSON_TYPES.test(String(request.headers['content-type'] ?? ''))) throw new CognitoError('SerializationException', 'Unsupported content type.')
    const raw = typeof request.body === 'string' ? request.body : ''
    if (jsonTooDeep(raw)) throw tooDeep()
    let parsed: unknown
    try {
      parsed = raw.trim() === '' ? {} : JSON.parse(raw)
    } catch {
      throw new CognitoError('SerializationException', 'The request body is not valid JSON.')
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
      throw new CognitoError('SerializationException', 'The request body must be a JSON object.')
    if (ADMIN_OPERATIONS.has(op)) {
      // As AWS: a valid signature within its time window is accepted however often it is sent.
      verifySigV4({ method: request.method, url: request.raw.url ?? request.url, headers: request.headers, body: raw }, ctx.secrets.admin, ctx.settings.region)
    }
    if (!warnedProxy && request.headers['x-forwarded-for'] && !ctx.settings.behindProxy) {
      // Behind a proxy every client would share the proxy's address, and one bucket of every per-address limit.
      warnedProxy = true
      request.log.warn('requests carry X-Forwarded-For but TRUST_PROXY is false: per-address limits see the proxy address (README, TRUST_PROXY)')
    }
    const input = dropNulls(parsed)
    const invalid = nulError(input) ?? validationError(op, input)
    if (invalid) throw invalid
    const result = await OPERATIONS[op](ctx, input as never, { ip: request.ip, address: addressKey(request.ip) })
    return reply.type('application/x-amz-json-1.1').send(JSON.stringify(result))
  })

  const wellKnown = (suffix: string, body: () => unknown) =>
    app.get<{ Params: { poolId: string } }>(`/:poolId/.well-known/${suffix}`, async (request, reply) => {
      if (request.params.poolId !== ctx.settings.poolId) return reply.status(404).send({ message: 'Resource not found', code: 'NOT_FOUND' })
      return reply.header('cache-control', 'public, max-age=300').send(body())
    })
  wellKnown('jwks.json', () => ctx.tokens.jwks())
  wellKnown('openid-configuration', () => ({
    issuer: ctx.settings.issuer,
    jwks_uri: `${ctx.settings.issuer}/.well-known/jwks.json`,
    response_types_supported: ['token'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
    token_endpoint_auth_methods_supported: ['none'],
    claims_supported: ['sub', 'email', 'email_verified', 'name', 'locale', 'cognito:username', 'cognito:groups'],
  }))
}
