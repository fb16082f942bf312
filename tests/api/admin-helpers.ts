import type { FastifyRequest, LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'
import type { Principal } from '../../server/types.js'
import { createTestApp, type TestApp } from '../helpers/app.js'

/**
 * Admin API tests run the real app (embedded pool, SigV4 admin calls, database) with one stand-in:
 * the bearer token `test:<username>:<groups>` names the caller, so each request picks its groups.
 */
const testAuth = async (request: FastifyRequest): Promise<Principal | null> => {
  const m = /^Bearer test:([\w.@-]+):([\w,-]*)$/.exec(request.headers.authorization ?? '')
  return m ? { sub: m[1], username: m[1], email: `${m[1]}@example.test`, groups: m[2] ? m[2].split(',') : [] } : null
}

export const ADMIN = { authorization: 'Bearer test:admin-tester:admin' }
export const CREATOR = { authorization: 'Bearer test:creator-tester:creator,reviewer,general' }
/** An admin acting as a given pool user (for the "not on yourself" rules). */
export const adminAs = (username: string) => ({ authorization: `Bearer test:${username}:admin` })

export interface AdminApi extends TestApp {
  call(method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>
}

export async function adminApp(env: Record<string, string> = {}): Promise<AdminApi> {
  const t = await createTestApp({ authenticate: testAuth, env })
  return {
    ...t,
    call: (method, url, body, headers = ADMIN) => t.app.inject({ method, url, headers, ...(body === undefined ? {} : { payload: body as object }) }),
  }
}

/** 401 without a token and 403 for a signed-in non-admin, for each route given. */
export async function expectAdminOnly(api: AdminApi, routes: Array<[method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown]>) {
  for (const [method, url, body] of routes) {
    const anonymous = await api.app.inject({ method, url, ...(body === undefined ? {} : { payload: body as object }) })
    expect(anonymous.statusCode, `${method} ${url} without a token`).toBe(401)
    const creator = await api.call(method, url, body, CREATOR)
    expect(creator.statusCode, `${method} ${url} as a creator`).toBe(403)
    expect(creator.json()).toEqual({ message: 'Permission denied', code: 'FORBIDDEN' })
  }
}
