import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify'
import { HttpError } from './errors.js'

type Schema = { type?: unknown; properties?: Record<string, Schema> }

const numeric = (s: Schema | undefined) => s?.type === 'integer' || s?.type === 'number'

/** Names of the number/integer members of a querystring or params schema. */
function numericFields(schema: unknown): string[] {
  const props = (schema as Schema | undefined)?.properties ?? {}
  return Object.entries(props)
    .filter(([, s]) => numeric(s))
    .map(([name]) => name)
}

/**
 * Whether JSON text may hold a string Ajv would coerce into a non-finite number ("Infinity", "1e400",
 * 400 digits): only such bodies are walked after validation.
 */
export function mayHoldNonFinite(text: string): boolean {
  return /Infinity|\d[eE][+]?\d{3}|\d{300}/.test(text)
}

/** Bodies `mayHoldNonFinite` picked out, checked once validated. */
const suspectBodies = new WeakSet<object>()
export const suspectBody = (request: FastifyRequest) => suspectBodies.add(request)

/** Dotted paths of the non-finite numbers in a validated body (only coercion can put them there). */
function nonFinitePaths(value: unknown, base: string, found: string[], depth = 0): string[] {
  if (typeof value === 'number' && !Number.isFinite(value)) found.push(base || '(body)')
  else if (value !== null && typeof value === 'object' && depth <= 32) {
    for (const [key, item] of Object.entries(value)) nonFinitePaths(item, base ? `${base}.${key}` : key, found, depth + 1)
  }
  return found
}

/**
 * Ajv's type coercion turns "Infinity" or "1e400" into Infinity and then skips minimum/maximum for
 * it (they only test finite numbers), so such a value would reach the handler and the database.
 * Every route with numeric query or path members gets a check that refuses them as a 400 first.
 */
export function refuseNonFiniteNumbers(app: FastifyInstance) {
  app.addHook('onRoute', (route: RouteOptions) => {
    const fields = {
      query: numericFields(route.schema?.querystring),
      params: numericFields(route.schema?.params),
    }
    if (route.schema?.body) {
      // The same for strings a JSON body gives where a number is expected.
      const checkBody = async (request: FastifyRequest) => {
        if (!suspectBodies.has(request)) return
        const paths = nonFinitePaths(request.body, '', [])
        if (paths.length > 0) throw new HttpError(400, 'Invalid request', 'VALIDATION', Object.fromEntries(paths.map((p) => [p, 'Must be a finite number'])))
      }
      const handlers = route.preHandler
      route.preHandler = handlers ? [checkBody, ...[handlers].flat()] : [checkBody]
    }
    if (fields.query.length === 0 && fields.params.length === 0) return
    const check = async (request: FastifyRequest) => {
      const errors: Record<string, string> = {}
      for (const part of ['query', 'params'] as const) {
        const values = (request[part] ?? {}) as Record<string, unknown>
        for (const name of fields[part]) {
          for (const v of [values[name]].flat()) {
            if (typeof v === 'string' && v.trim() !== '' && Math.abs(Number(v)) === Infinity) errors[name] = 'Must be a finite number'
          }
        }
      }
      if (Object.keys(errors).length > 0) throw new HttpError(400, 'Invalid request', 'VALIDATION', errors)
    }
    const existing = route.preValidation
    route.preValidation = existing ? [...[existing].flat(), check] : [check]
  })
}
