import { DocumentParams, DocumentQuery, DocumentResponse, type DocumentItem } from '../../../contracts/documents.js'
import { errorResponses } from '../../../contracts/errors.js'
import { HttpError } from '../../http/http-error.js'
import type { App } from '../../types.js'
import { iso } from '../../http/dates.js'

interface DocumentRow {
  id: string
  name: string
  content: string
  revision: number
  published_at: Date | string
  locale: DocumentItem['Locale']
}

/** Published documents, readable by anyone (the terms page is open to visitors). */
export default async function documentRoutes(app: App) {
  app.get(
    '/:id',
    {
      schema: {
        tags: ['documents'],
        summary: 'A published document by its key (the terms of use: terms-of-use-and-conditions)',
        security: [],
        params: DocumentParams,
        querystring: DocumentQuery,
        response: { 200: DocumentResponse, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const { rows } = await app.db.query<DocumentRow>(
        `SELECT d.id, coalesce(t.name, d.name) AS name, coalesce(t.content, d.content) AS content, d.revision, d.published_at,
                coalesce(t.locale, 'mx') AS locale
           FROM documents d
           LEFT JOIN document_translations t ON t.document_id = d.id AND t.locale = $2
          WHERE d.id = $1 AND d.published_at IS NOT NULL AND d.deleted_at IS NULL`,
        [request.params.id, request.query.locale ?? 'mx'],
      )
      const row = rows[0]
      if (!row) throw new HttpError(404, 'Item not found', 'NOT_FOUND')
      return {
        Item: {
          Id: row.id,
          Name: row.name,
          Content: row.content,
          Revision: row.revision,
          published_at: iso(row.published_at),
          Locale: row.locale,
        },
      }
    },
  )
}
