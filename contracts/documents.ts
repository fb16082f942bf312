import Type, { type Static } from 'typebox'
import { LANGUAGES } from './config.js'

/** The key of the terms of use and privacy document (requirements §3). */
export const TERMS_DOCUMENT_ID = 'terms-of-use-and-conditions'

export const DocumentParams = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 120, pattern: '^[a-z0-9]+(-[a-z0-9]+)*$' }),
})

export const DocumentQuery = Type.Object({
  /** The reader's interface language; the default text is given where no translation exists. */
  locale: Type.Optional(Type.Enum([...LANGUAGES])),
})

/** A published document as readers get it, under `Item` (requirements §3). */
export const DocumentItem = Type.Object({
  Id: Type.String(),
  Name: Type.String(),
  /** HTML; readers sanitise it before showing it. */
  Content: Type.String(),
  Revision: Type.Integer({ minimum: 1 }),
  published_at: Type.String({ format: 'date-time' }),
  /** The language of Name and Content. */
  Locale: Type.Enum([...LANGUAGES]),
})
export type DocumentItem = Static<typeof DocumentItem>

export const DocumentResponse = Type.Object({ Item: DocumentItem })
export type DocumentResponse = Static<typeof DocumentResponse>
