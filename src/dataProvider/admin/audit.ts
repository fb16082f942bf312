import type { AuditListQuery } from '../../../contracts/admin/audit'
import type { MigrationsResponse } from '../../../contracts/admin/support'
import { httpClient } from '../http'
import { ADMIN_RESOURCES, text, type AdminResource } from './common'

/** The audit trail (its list and CSV export) and the support reads (requirements §7 "Audit", "Support"). */

/** The audit list's filters as query parameters (shared by the list and its CSV export). */
export function auditQuery(filter: Record<string, unknown>): URLSearchParams {
  const q = new URLSearchParams()
  if (text(filter.actor)) q.set('actor', text(filter.actor))
  if (text(filter.action)) q.set('action', text(filter.action))
  // Dates are whole days in the browser's time zone: from its start, to the start of the next day.
  const day = (v: unknown, next: boolean) => {
    const d = new Date(`${text(v)}T00:00:00`)
    if (next) d.setDate(d.getDate() + 1)
    return d.toISOString()
  }
  if (text(filter.from)) q.set('from', day(filter.from, false))
  if (text(filter.to)) q.set('to', day(filter.to, true))
  return q
}

export const auditResources: Record<string, AdminResource> = {
  [ADMIN_RESOURCES.audit]: {
    kind: 'token',
    list: ({ filter, token, perPage }) => {
      const q = auditQuery(filter)
      q.set('sizePerPage', String(Math.min(perPage, 100) satisfies AuditListQuery['sizePerPage']))
      q.set('paginationToken', token)
      return { method: 'GET', url: `/api/v2/admin/audit/all?${q}` }
    },
    id: (row) => row.id as string,
  },
}

export const auditVerbs = {
  async exportAuditCsv(filter: Record<string, unknown>): Promise<string> {
    return (await httpClient(`/api/v2/admin/audit/export?${auditQuery(filter)}`, { headers: { Accept: 'text/csv' } })).body
  },
  async getMigrations(): Promise<MigrationsResponse> {
    return (await httpClient<MigrationsResponse>('/api/v2/admin/support/migrations')).json
  },
}
