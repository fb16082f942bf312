import type { FastifyRequest } from 'fastify'
import { requestOrigin } from '../../plugins/security.js'
import type { App } from '../../types.js'
import type { AdminUser } from '../../../contracts/admin/users.js'
import { iso } from '../../http/dates.js'
import type { PoolUser } from '../../identity/admin-client.js'

/** A pool user as the admin screens read it (users and group members alike). */
export function toAdminUser(u: PoolUser): AdminUser {
  return {
    username: u.username,
    email: u.email,
    name: u.name,
    status: u.status as AdminUser['status'],
    enabled: u.enabled,
    emailVerified: u.emailVerified,
    attributes: u.attributes,
    createdAt: iso(u.createdAt),
    updatedAt: iso(u.updatedAt),
  }
}

/**
 * The platform's address the invitations link to: PUBLIC_URL, else the origin this request was
 * addressed to (its protocol and host); null for a Host no browser sends.
 */
export function platformAddress(app: App, request: FastifyRequest): string | null {
  return app.config.PUBLIC_URL ?? requestOrigin(request)
}
