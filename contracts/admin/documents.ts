import Type, { type Static } from 'typebox'
import { LANGUAGES } from '../config.js'
import { DocumentParams } from '../documents.js'
import { DateTime, ItemResponse, NullableDateTime, Revision } from './common.js'

/** Languages a document may be translated into; the document's own text is the default (mx). */
export const TRANSLATION_LOCALES = LANGUAGES.filter((l) => l !== 'mx')

/** A document's text in another interface language. HTML is sanitised on save. */
export const DocumentTranslation = Type.Object({
  locale: Type.Enum([...TRANSLATION_LOCALES]),
  name: Type.String({ minLength: 1, maxLength: 200 }),
  content: Type.String({ maxLength: 200000 }),
})
export type DocumentTranslation = Static<typeof DocumentTranslation>

/**
 * A document as administrators edit it (requirements §3 "Document": Name, Content, Revision, published_at).
 * `id` is its key (e.g. `terms-of-use-and-conditions`); the public reader is `GET /api/documents/{id}`.
 */
export const AdminDocument = Type.Object({
  id: Type.String(),
  name: Type.String(),
  /** Sanitised HTML: no script, event handler or javascript: URL survives a save. */
  content: Type.String(),
  revision: Type.Integer({ minimum: 1 }),
  /** When it was last published; null for a draft. Readers see it only once published. */
  publishedAt: NullableDateTime,
  createdAt: DateTime,
  updatedAt: DateTime,
  translations: Type.Array(DocumentTranslation),
  /**
   * The languages (the default `mx` among them) whose text is older than another language's last
   * edit: outdated until edited too or marked as up to date (`POST mark-up-to-date`). Server-owned.
   */
  outdated: Type.Array(Type.Enum([...LANGUAGES])),
})
export type AdminDocument = Static<typeof AdminDocument>

export const AdminDocumentResponse = ItemResponse(AdminDocument)
export type AdminDocumentResponse = Static<typeof AdminDocumentResponse>

/** `GET /api/v2/admin/documents/all/{page}/{search}`: one page of documents, by name. */
export const AdminDocumentsPage = Type.Object({ items: Type.Array(AdminDocument) })
export type AdminDocumentsPage = Static<typeof AdminDocumentsPage>

/** `GET /api/v2/admin/documents/document/{id}` and `PUT update/{id}`: the key. */
export const AdminDocumentParams = DocumentParams
export type AdminDocumentParams = Static<typeof AdminDocumentParams>

/** `POST /api/v2/admin/documents/create`: a draft (publish it to show it to readers). */
export const DocumentCreateBody = Type.Object({
  id: DocumentParams.properties.id,
  name: Type.String({ minLength: 1, maxLength: 200 }),
  content: Type.String({ maxLength: 200000 }),
  translations: Type.Optional(Type.Array(DocumentTranslation, { maxItems: TRANSLATION_LOCALES.length })),
})
export type DocumentCreateBody = Static<typeof DocumentCreateBody>

/**
 * `PUT /api/v2/admin/documents/update/{id}`. `translations`, when given, replaces the set (a locale
 * left out is removed). A stale revision answers 409.
 */
export const DocumentUpdateBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 200 }),
  content: Type.String({ maxLength: 200000 }),
  translations: Type.Optional(Type.Array(DocumentTranslation, { maxItems: TRANSLATION_LOCALES.length })),
  revision: Revision,
})
export type DocumentUpdateBody = Static<typeof DocumentUpdateBody>

/** `POST /api/v2/admin/documents/publish`: publishes the revision shown (sets published_at); stale → 409. */
export const DocumentPublishBody = Type.Object({ id: DocumentParams.properties.id, revision: Revision })
export type DocumentPublishBody = Static<typeof DocumentPublishBody>

/**
 * `POST /api/v2/admin/documents/mark-up-to-date`: an editor confirms that one language's text is still
 * current after another language changed (it stops being outdated). A stale revision answers 409.
 */
export const DocumentMarkUpToDateBody = Type.Object({
  id: DocumentParams.properties.id,
  locale: Type.Enum([...LANGUAGES]),
  revision: Revision,
})
export type DocumentMarkUpToDateBody = Static<typeof DocumentMarkUpToDateBody>
