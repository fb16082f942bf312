import { CATALOGUE_PAGE_SIZE, CountResponse, PageSearchParams } from '../../../contracts/admin/common.js'
import {
  AdminDocumentParams,
  AdminDocumentResponse,
  AdminDocumentsPage,
  DocumentCreateBody,
  DocumentMarkUpToDateBody,
  DocumentPublishBody,
  DocumentUpdateBody,
  type DocumentTranslation,
} from '../../../contracts/admin/documents.js'
import { errorResponses } from '../../../contracts/errors.js'
import { HttpError } from '../../http/http-error.js'
import type { App } from '../../types.js'
import { actorOf } from '../../http/actor.js'
import { notFound, stale } from '../../http/errors.js'
import { recordAudit } from '../admin-audit/queries.js'
import {
  countDocuments,
  findDocument,
  insertDocument,
  keyTaken,
  listDocuments,
  markUpToDate,
  publishDocument,
  replaceTranslations,
  updateDocument,
} from './queries.js'
import { sanitizeDocumentHtml } from '../../html/sanitize.js'

const tags = ['admin: documents']

/** Sanitised text, and a field error when nothing readable is left of the content. */
function clean(d: { name: string; content: string; translations?: DocumentTranslation[] }) {
  const errors: Record<string, string> = {}
  const name = d.name.trim()
  const content = sanitizeDocumentHtml(d.content)
  if (!name) errors.name = 'Required'
  if (!content) errors.content = 'Write the document’s text'
  const locales = new Set<string>()
  const translations = (d.translations ?? []).map((t, i) => {
    if (locales.has(t.locale)) errors[`translations.${i}.locale`] = 'This language is given twice'
    locales.add(t.locale)
    const c = sanitizeDocumentHtml(t.content)
    if (!t.name.trim()) errors[`translations.${i}.name`] = 'Required'
    if (!c) errors[`translations.${i}.content`] = 'Write the document’s text'
    return { locale: t.locale, name: t.name.trim(), content: c }
  })
  if (Object.keys(errors).length) throw new HttpError(400, 'Invalid request', 'VALIDATION', errors)
  return { name, content, translations }
}

/**
 * Documents (requirements §7 "Catalogues": documents, plus publish): the same `documents` table the public
 * reader `GET /api/documents/{id}` serves. HTML is sanitised on every save. Edits to a published
 * document are what readers see from then on; publishing sets `published_at`.
 */
export default async function adminDocumentRoutes(app: App) {
  for (const suffix of ['', '/:search']) {
    app.get(
      `/all/:page${suffix}`,
      {
        schema: {
          tags,
          summary: 'One page of documents by name (search in key and name; may be empty)',
          params: PageSearchParams,
          response: { 200: AdminDocumentsPage, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => ({ items: await listDocuments(app.db, request.params.page, (request.params.search ?? '').trim()) }),
    )
    app.get(
      `/count/:page${suffix}`,
      {
        schema: {
          tags,
          summary: 'How many documents match the search',
          params: PageSearchParams,
          response: { 200: CountResponse, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => {
        const count = await countDocuments(app.db, (request.params.search ?? '').trim())
        return { count, pageSize: CATALOGUE_PAGE_SIZE, pages: Math.ceil(count / CATALOGUE_PAGE_SIZE) }
      },
    )
  }

  app.get(
    '/document/:id',
    {
      schema: {
        tags,
        summary: 'One document with its translations, published or not',
        params: AdminDocumentParams,
        response: { 200: AdminDocumentResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const doc = await findDocument(app.db, request.params.id)
      if (!doc) throw notFound()
      return { Item: doc }
    },
  )

  app.post(
    '/create',
    {
      schema: {
        tags,
        summary: 'Creates a draft document (HTML sanitised)',
        body: DocumentCreateBody,
        response: { 201: AdminDocumentResponse, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const d = clean(request.body)
      const actor = actorOf(request)
      const item = await app.db.transaction(async (tx) => {
        if (await keyTaken(tx, request.body.id))
          throw new HttpError(409, 'A document with this key exists already', 'DUPLICATE', { id: 'A document with this key exists already' })
        await insertDocument(tx, { id: request.body.id, name: d.name, content: d.content })
        await replaceTranslations(tx, request.body.id, d.translations)
        const created = (await findDocument(tx, request.body.id))!
        await recordAudit(tx, actor, { action: 'documents.create', targetType: 'document', targetId: created.id, before: null, after: created })
        return created
      })
      return reply.status(201).send({ Item: item })
    },
  )

  app.put(
    '/update/:id',
    {
      schema: {
        tags,
        summary: 'Updates a document (HTML sanitised; stale revision: 409)',
        params: AdminDocumentParams,
        body: DocumentUpdateBody,
        response: { 200: AdminDocumentResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const d = clean(request.body)
      const actor = actorOf(request)
      const { id } = request.params
      const item = await app.db.transaction(async (tx) => {
        const before = await findDocument(tx, id)
        if (!before) throw notFound()
        if (!(await updateDocument(tx, id, request.body.revision, d))) throw stale()
        if (request.body.translations) await replaceTranslations(tx, id, d.translations)
        const after = (await findDocument(tx, id))!
        await recordAudit(tx, actor, { action: 'documents.update', targetType: 'document', targetId: id, before, after })
        return after
      })
      return { Item: item }
    },
  )

  app.post(
    '/publish',
    {
      schema: {
        tags,
        summary: 'Publishes the revision shown (sets published_at; stale revision: 409)',
        body: DocumentPublishBody,
        response: { 200: AdminDocumentResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { id, revision } = request.body
      const actor = actorOf(request)
      const item = await app.db.transaction(async (tx) => {
        const before = await findDocument(tx, id)
        if (!before) throw notFound()
        if (!(await publishDocument(tx, id, revision))) throw stale()
        const after = (await findDocument(tx, id))!
        await recordAudit(tx, actor, {
          action: 'documents.publish',
          targetType: 'document',
          targetId: id,
          before: { revision: before.revision, publishedAt: before.publishedAt },
          after: { revision: after.revision, publishedAt: after.publishedAt },
        })
        return after
      })
      return { Item: item }
    },
  )

  app.post(
    '/mark-up-to-date',
    {
      schema: {
        tags,
        summary: 'Confirms that one language of a document is still current after another changed (stale revision: 409)',
        body: DocumentMarkUpToDateBody,
        response: { 200: AdminDocumentResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { id, locale, revision } = request.body
      const actor = actorOf(request)
      const item = await app.db.transaction(async (tx) => {
        const before = await findDocument(tx, id)
        if (!before) throw notFound()
        if (locale !== 'mx' && !before.translations.some((t) => t.locale === locale)) throw notFound('The document has no text in this language')
        if (!(await markUpToDate(tx, id, revision, locale))) throw stale()
        const after = (await findDocument(tx, id))!
        await recordAudit(tx, actor, {
          action: 'documents.mark-up-to-date',
          targetType: 'document',
          targetId: id,
          before: { locale, outdated: before.outdated },
          after: { locale, outdated: after.outdated },
        })
        return after
      })
      return { Item: item }
    },
  )
}
