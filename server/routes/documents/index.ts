import { DocumentParams, DocumentResponse } from '../../../contracts/documents.js'
import { errorResponses } from '../../../contracts/errors.js'
import { HttpError } from '../../plugins/errors.js'
import type { App } from '../../types.js'

interface DocumentRow {
  id: string
  name: string
  content: string
  revision: number
  published_at: Date | string
}

/** Published documents, readable by anyone (the terms page is open to visitors). */
export default async function documentRoutes(app: App) {
  app.get(
    '/documents/:id',
    {
      schema: {
        tags: ['documents'],
        summary: 'A published document by its key (the terms of use: terms-of-use-and-conditions)',
        security: [],
        params: DocumentParams,
        response: { 200: DocumentResponse, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const { rows } = await app.db.query<DocumentRow>(
        'SELECT id, name, content, revision, published_at FROM documents WHERE id = $1 AND published_at IS NOT NULL AND deleted_at IS NULL',
        [request.params.id],
      )
      const row = rows[0]
      if (!row) throw new HttpError(404, 'Item not found', 'NOT_FOUND')
      return {
        Item: { Id: row.id, Name: row.name, Content: row.content, Revision: row.revision, published_at: new Date(row.published_at).toISOString() },
      }
    },
  )
}
