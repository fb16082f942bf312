import type { FastifyRequest } from 'fastify'
import type { Principal } from '../types.js'
import { HttpError } from './http-error.js'

/**
 * The signed-in caller. The access policy answers 401 before a handler runs on a route that needs a
 * caller, so the 401 here only guards the types.
 */
export function actorOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new HttpError(401, 'Not authorized', 'UNAUTHENTICATED')
  return request.principal
}
