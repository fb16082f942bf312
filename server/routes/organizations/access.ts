import type { FastifyRequest } from 'fastify'
import { HttpError } from '../../http/http-error.js'
import { notFound } from '../../http/errors.js'
import type { Queryable } from '../../db/index.js'
import { organizationByDomain, type OrganizationRow } from './queries.js'

/**
 * The organisation `host` for its manager (decision 0038): the caller is a member of the pool group
 * named exactly as the domain, or an administrator (else 403, whether or not it exists); then the
 * organisation must be in the catalogue (else 404).
 */
export async function requireManaged(db: Queryable, request: FastifyRequest, host: string): Promise<OrganizationRow> {
  const domain = host.toLowerCase()
  if (!managesHost(request, domain)) throw new HttpError(403, 'Permission denied', 'FORBIDDEN')
  const org = await organizationByDomain(db, domain)
  if (!org) throw notFound('Organization not found')
  return org
}

/** Whether the signed-in caller is an administrator or in the group named as the domain. */
export function managesHost(request: FastifyRequest, host: string): boolean {
  const groups = request.principal?.groups ?? []
  return groups.includes('admin') || groups.includes(host.toLowerCase())
}
