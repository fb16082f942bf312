import fp from 'fastify-plugin'
import type { FastifyError } from 'fastify'
import type { ErrorBody } from '../../contracts/errors.js'
import { mayHoldNonFinite, refuseNonFiniteNumbers, suspectBody } from './finite-numbers.js'
import { DatabaseBusyError } from '../db/index.js'
import { ServiceBusyError } from '../http/busy.js'
import { HttpError } from '../http/http-error.js'
import { jsonTooDeep, MAX_JSON_DEPTH } from '../http/json-text.js'
import { nulInJsonBody, refuseNulText } from './nul-text.js'

export { HttpError }

type AjvError = { instancePath: string; keyword: string; message?: string; params: Record<string, unknown> }

/** Field errors keyed by dotted path (`items.0.name`), one human sentence each. */
export function fieldErrors(validation: AjvError[]): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const v of validation) {
    const base = v.instancePath.replace(/^\//, '').replaceAll('/', '.')
    const field =
      v.keyword === 'required'
        ? [base, String(v.params.missingProperty)].filter(Boolean).join('.')
        : v.keyword === 'additionalProperties'
          ? [base, String(v.params.additionalProperty)].filter(Boolean).join('.')
          : base || '(request)'
    if (errors[field]) continue
    errors[field] =
      v.keyword === 'required'
        ? 'Required'
        : v.keyword === 'additionalProperties'
          ? 'Unknown field'
          : v.keyword === 'format'
            ? `Must be a valid ${String(v.params.format)}`
            : sentence(v.message ?? 'Invalid value')
  }
  return errors
}

const sentence = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

/**
 * The one error handler. Client errors keep their message; everything else is logged and answered
 * with a fixed text, so no stack trace, SQL or internal detail ever reaches a response body.
 */
export const errorsPlugin = fp(async (app) => {
  // JSON bodies nesting past MAX_JSON_DEPTH are refused before they are parsed or validated: no
  // request shape needs that, and walking such a body recursively would exhaust the stack. Text
  // holding a NUL character is refused too (PostgreSQL cannot store it), in bodies as they are
  // parsed and in paths, queries and headers before validation.
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (mayHoldNonFinite(body as string)) suspectBody(request)
    if (jsonTooDeep(body as string)) return done(new HttpError(400, `The request body nests deeper than ${MAX_JSON_DEPTH} levels`, 'TOO_DEEP'), undefined)
    return parseJson(request, body as string, (error, parsed) => {
      if (error) return done(error, undefined)
      const nul = nulInJsonBody(body as string, parsed)
      return nul ? done(nul, undefined) : done(null, parsed)
    })
  })
  refuseNulText(app)
  refuseNonFiniteNumbers(app)

  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    let status = error.statusCode ?? 500
    let body: ErrorBody
    if ('validation' in error && error.validation) {
      status = 400
      body = { message: 'Invalid request', code: 'VALIDATION', errors: fieldErrors(error.validation as AjvError[]) }
    } else if (error instanceof HttpError) {
      body = { ...(error.extra ?? {}), message: error.message, ...(error.code ? { code: error.code } : {}), ...(error.errors ? { errors: error.errors } : {}) }
    } else if (error instanceof DatabaseBusyError || error instanceof ServiceBusyError) {
      // Every database connection stayed busy for as long as a request may wait, or too much of some
      // work already waits its turn: overloaded, not broken.
      status = 503
      reply.header('retry-after', String(error instanceof ServiceBusyError ? error.retryAfterSeconds : 1))
      request.log.warn(`${error.message}: answered 503`)
      body = { message: 'The service is busy; try again in a moment', code: 'BUSY' }
    } else if (status === 413) {
      body = { message: 'Too much data', code: 'TOO_LARGE' }
    } else if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, unsupported media type …) carry safe messages.
      body = { message: error.message, ...(error.code ? { code: error.code } : {}) }
    } else {
      status = 500
      request.log.error({ err: error }, 'request failed')
      body = { message: 'Error while requesting the resource', code: 'INTERNAL' }
    }
    return reply.status(status).type('application/json; charset=utf-8').send(body)
  })
})
