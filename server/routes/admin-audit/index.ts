import { AUDIT_EXPORT_LIMIT, AuditExportQuery, AuditListQuery, AuditPage } from '../../../contracts/admin/audit.js'
import { errorResponses } from '../../../contracts/errors.js'
import { HttpError } from '../../http/http-error.js'
import type { App } from '../../types.js'
import { decodeToken, encodeToken } from '../../http/paging.js'
import { withTargetNames } from './names.js'
import { countAudit, listAudit, type AuditFilter } from './queries.js'
import { csvField } from '../../http/csv.js'

const tags = ['admin: audit log']
const isId = (v: unknown[]): v is [string] => v.length === 1 && typeof v[0] === 'string' && /^\d{1,19}$/.test(v[0])

function checkRange(f: AuditFilter) {
  if (f.from && f.to && Date.parse(f.to) <= Date.parse(f.from))
    throw new HttpError(400, 'Invalid request', 'VALIDATION', { to: 'The end must be after the start' })
}

/** The audit log: read and exported only; no route changes or removes an entry (the database refuses too). */
export default async function adminAuditRoutes(app: App) {
  app.get(
    '/all',
    {
      schema: {
        tags,
        summary: 'Audit entries newest first, filtered by actor, action and time, token-paged',
        querystring: AuditListQuery,
        response: { 200: AuditPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { sizePerPage, paginationToken, ...filter } = request.query
      checkRange(filter)
      const before = paginationToken ? decodeToken(paginationToken, isId)[0] : null
      const [rows, estimated] = await Promise.all([listAudit(app.db, filter, sizePerPage + 1, before), countAudit(app.db, filter)])
      const items = rows.slice(0, sizePerPage)
      const last = items[items.length - 1]
      return { items: await withTargetNames(app, items), paginationToken: rows.length > sizePerPage && last ? encodeToken([last.id]) : null, estimated }
    },
  )

  app.get(
    '/export',
    {
      schema: {
        tags,
        summary: 'The matching audit entries as CSV, newest first',
        querystring: AuditExportQuery,
        response: { 200: { type: 'string', description: 'text/csv' }, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      checkRange(request.query)
      const lines = ['id,at,actor_username,actor_email,action,target_type,target_id,before,after']
      let before: string | null = null
      // Read in pages so a long log never sits in one result set.
      while (lines.length - 1 < AUDIT_EXPORT_LIMIT) {
        const page = await listAudit(app.db, request.query, Math.min(1000, AUDIT_EXPORT_LIMIT - (lines.length - 1)), before)
        for (const e of page) {
          lines.push(
            [
              e.id,
              e.at,
              e.actor.username,
              e.actor.email,
              e.action,
              e.targetType,
              e.targetId,
              e.before ? JSON.stringify(e.before) : '',
              e.after ? JSON.stringify(e.after) : '',
            ]
              .map(csvField)
              .join(','),
          )
        }
        if (page.length < 1000) break
        before = page[page.length - 1].id
      }
      const stamp = new Date().toISOString().slice(0, 10)
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-log-${stamp}.csv"`)
        .send(`${lines.join('\r\n')}\r\n`)
    },
  )
}
