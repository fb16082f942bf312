import crypto from 'node:crypto'
import {
  IMPORT_MAX_BYTES,
  ImportFileBody,
  ImportJobParams,
  ImportJobResponse,
  ImportJobRowsPage,
  ImportJobRowsQuery,
  ImportJobsPage,
  ImportJobsQuery,
  ImportPreview,
} from '../../../contracts/admin/import.js'
import { errorResponses } from '../../../contracts/errors.js'
import { HttpError } from '../../http/http-error.js'
import type { App } from '../../types.js'
import { actorOf } from '../../http/actor.js'
import { platformAddress } from './views.js'
import { notFound } from '../../http/errors.js'
import { identity } from '../../http/identity-errors.js'
import { decodeToken, encodeToken, TIMESTAMP_RE, UUID_RE } from '../../http/paging.js'
import { recordAudit } from '../admin-audit/queries.js'
import { parseImportFile } from './import-csv.js'
import { countJobRows, countJobs, findJob, insertJob, listJobRows, listJobs, openJobForFile, toJob, toJobRow } from './import-queries.js'
import type { ImportWorker } from './import-worker.js'

const tags = ['admin: user import']
const bodyLimit = IMPORT_MAX_BYTES * 2 + 64 * 1024
const isJobKey = (v: unknown[]): v is [string, string] =>
  v.length === 2 && typeof v[0] === 'string' && TIMESTAMP_RE.test(v[0]) && typeof v[1] === 'string' && UUID_RE.test(v[1])
const isLine = (v: unknown[]): v is [number] => v.length === 1 && Number.isInteger(v[0]) && (v[0] as number) >= 0

/**
 * Bulk import of users from CSV (`email`, `name`, `groups`): a preview with per-row errors, then a
 * background job (see ./import-worker.ts) whose progress the screen polls.
 */
export default async function adminImportRoutes(app: App, opts: { worker: ImportWorker }) {
  const { worker } = opts
  const pool = app.identityUsers

  async function preview(csv: string) {
    const groups = new Set((await identity(() => pool.allGroups())).map((g) => g.name))
    const parsed = parseImportFile(csv, groups)
    const valid = parsed.rows.filter((r) => Object.keys(r.errors).length === 0)
    const existing = await identity(() => pool.existingEmails(valid.map((r) => r.email)))
    const rows = parsed.rows.map((r) => ({ ...r, exists: existing.has(r.email.toLowerCase()) }))
    return {
      rows,
      total: rows.length,
      valid: valid.length,
      invalid: rows.length - valid.length,
      existing: rows.filter((r) => r.exists && Object.keys(r.errors).length === 0).length,
      fileErrors: parsed.fileErrors,
    }
  }

  app.post(
    '/preview',
    {
      bodyLimit,
      schema: {
        tags,
        summary: 'Reads a CSV file and answers each row with its errors; creates nothing',
        body: ImportFileBody,
        response: { 200: ImportPreview, ...errorResponses(400, 401, 403, 413) },
      },
    },
    async (request) => preview(request.body.csv),
  )

  app.post(
    '/jobs',
    {
      bodyLimit,
      schema: {
        tags,
        summary: 'Queues the import of the valid rows as a background job (the same file while its job runs: that job)',
        body: ImportFileBody,
        response: { 200: ImportJobResponse, 202: ImportJobResponse, ...errorResponses(400, 401, 403, 413) },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request)
      const hash = crypto.createHash('sha256').update(request.body.csv.replace(/\r\n/g, '\n').trim()).digest('hex')
      const open = await openJobForFile(app.db, hash)
      if (open) return reply.status(200).send({ Item: toJob(open) })
      const p = await preview(request.body.csv)
      if (p.fileErrors.length) throw new HttpError(400, p.fileErrors[0], 'VALIDATION', { csv: p.fileErrors[0] })
      const valid = p.rows.filter((r) => Object.keys(r.errors).length === 0)
      if (!valid.length) throw new HttpError(400, 'The file has no valid row to import', 'VALIDATION', { csv: 'The file has no valid row to import' })
      const job = await app.db.transaction(async (tx) => {
        const created = await insertJob(tx, {
          filename: request.body.filename,
          hash,
          invalid: p.invalid,
          actor,
          site: platformAddress(app, request),
          locale: request.body.locale ?? null,
          rows: valid,
        })
        await recordAudit(tx, actor, {
          action: 'users.import',
          targetType: 'import',
          targetId: created.id,
          before: null,
          after: { status: 'queued', filename: created.filename, total: created.total, invalid: created.invalid },
        })
        return created
      })
      worker.kick()
      return reply.status(202).send({ Item: toJob(job) })
    },
  )

  app.get(
    '/jobs',
    {
      schema: { tags, summary: 'Import jobs, newest first', querystring: ImportJobsQuery, response: { 200: ImportJobsPage, ...errorResponses(400, 401, 403) } },
    },
    async (request) => {
      const { sizePerPage, paginationToken } = request.query
      const after = paginationToken ? decodeToken(paginationToken, isJobKey) : null
      const [rows, estimated] = await Promise.all([listJobs(app.db, sizePerPage + 1, after), countJobs(app.db)])
      const page = rows.slice(0, sizePerPage)
      const last = page[page.length - 1]
      return { items: page.map(toJob), paginationToken: rows.length > sizePerPage && last ? encodeToken([last.created_key, last.id]) : null, estimated }
    },
  )

  app.get(
    '/jobs/:id',
    {
      schema: {
        tags,
        summary: 'An import job and its progress (poll it while it runs)',
        params: ImportJobParams,
        response: { 200: ImportJobResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const job = await findJob(app.db, request.params.id)
      if (!job) throw notFound()
      return { Item: toJob(job) }
    },
  )

  app.get(
    '/jobs/:id/rows',
    {
      schema: {
        tags,
        summary: "An import job's rows and their outcome, by line",
        params: ImportJobParams,
        querystring: ImportJobRowsQuery,
        response: { 200: ImportJobRowsPage, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { outcome, sizePerPage, paginationToken } = request.query
      if (!(await findJob(app.db, request.params.id))) throw notFound()
      const afterLine = paginationToken ? decodeToken(paginationToken, isLine)[0] : 0
      const [rows, estimated] = await Promise.all([
        listJobRows(app.db, request.params.id, outcome, sizePerPage + 1, afterLine),
        countJobRows(app.db, request.params.id, outcome),
      ])
      const page = rows.slice(0, sizePerPage)
      const last = page[page.length - 1]
      return { items: page.map(toJobRow), paginationToken: rows.length > sizePerPage && last ? encodeToken([last.line]) : null, estimated }
    },
  )
}
