import fp from 'fastify-plugin'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { accessFor, allows } from '../../contracts/policy.js'
import type { Access } from '../../contracts/access.js'
import type { Authenticator } from '../types.js'

export interface RegisteredRoute {
  method: string
  url: string
  access: Access
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api route with its access entry, as registered. */
    apiRoutes: RegisteredRoute[]
  }
}

export interface AccessOptions {
  /** Verifies bearer tokens; without one, every non-public route answers 401. */
  authenticate?: Authenticator
}

/**
 * Enforces the route access policy of `contracts/policy.ts`. Every `/api` route must have an entry:
 * registering one without it fails the start. Before any handler runs, the caller is authenticated
 * (401 when not signed in) and the groups checked (403).
 */
export const accessPlugin = fp<AccessOptions>(async (app, options) => {
  const authenticate: Authenticator = options.authenticate ?? (async () => null)
  app.decorateRequest('principal', null)
  const registered: RegisteredRoute[] = []
  app.decorate('apiRoutes', registered)

  // Signed-in routes get their own onRequest hook; public routes run none (no per-request cost).
  const check = async (request: FastifyRequest, reply: FastifyReply) => {
    const access = request.routeOptions.config.access
    if (!access || access.kind === 'public') return
    const principal = await authenticate(request)
    if (!principal) return reply.status(401).send({ message: 'Not authorized', code: 'UNAUTHENTICATED' })
    request.principal = principal
    if (!allows(access, true, principal.groups)) {
      return reply.status(403).send({ message: 'Permission denied', code: 'FORBIDDEN' })
    }
  }

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).map((m) => (m === 'HEAD' ? 'GET' : m))
    const entries = methods.map((m) => accessFor(m, route.url))
    if (entries.some((e) => e === undefined)) {
      throw new Error(`Route ${methods.join(',')} ${route.url} is missing from the access policy (contracts/policy.ts)`)
    }
    route.config = { ...(route.config ?? {}), access: entries[0] }
    for (const method of new Set(methods)) registered.push({ method, url: route.url, access: entries[0]! })
    if (entries[0]!.kind !== 'public') {
      const own = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : []
      route.onRequest = [check, ...own] as typeof route.onRequest
    }
  })
})
