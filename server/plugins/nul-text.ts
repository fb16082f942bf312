import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify'
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
    // A NUL reaches the path or the query only as `%00` in the URL, so most requests skip their walk.
    const check = (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
      const fromUrl = request.url.includes('%00') ? [...nulPaths(request.params), ...nulPaths(request.query)] : []
      const paths = [...fromUrl, ...nulPaths(request.headers).map((p) => `header.${p}`)]
      done(paths.length > 0 ? refusal(paths) : undefined)
    }
    const existing = route.preValidation
    route.preValidation = existing ? [check, ...[existing].flat()] : [check]
  })
}
