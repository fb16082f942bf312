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
