import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify'
import { nulPaths } from '../http/json-text.js'
import { HttpError } from '../http/http-error.js'

const refusal = (paths: string[]) =>
  new HttpError(400, 'Invalid request', 'VALIDATION', Object.fromEntries(paths.map((p) => [p, 'Must not contain a NUL character'])))

/**
 * The refusal of a parsed JSON body holding a NUL, or null. JSON text can only carry one as the
 * escape \u0000, so a body whose text has no such escape is passed without a walk.
 */
export function nulInJsonBody(text: string, parsed: unknown): HttpError | null {
  if (!text.includes('\\u0000')) return null
  const paths = nulPaths(parsed)
  return paths.length > 0 ? refusal(paths) : null
}

/**
 * PostgreSQL cannot store the NUL character in text or jsonb, and no field of Aula has a use for
 * it: a request carrying one in its path, query or headers is refused as a 400 naming the field
 * before it is validated, on every route (JSON bodies are checked as they are parsed, `nulInJsonBody`).
 */
export function refuseNulText(app: FastifyInstance) {
  app.addHook('onRoute', (route: RouteOptions) => {
    const check = async (request: FastifyRequest) => {
      const paths = [...nulPaths(request.params), ...nulPaths(request.query), ...nulPaths(request.headers).map((p) => `header.${p}`)]
      if (paths.length > 0) throw refusal(paths)
    }
    const existing = route.preValidation
    route.preValidation = existing ? [check, ...[existing].flat()] : [check]
  })
}
