import Type, { type Static } from 'typebox'
import { CourseRevision, CourseUuid } from './common.js'

/**
 * Importing an IMS Common Cartridge (1.1–1.3) into a new draft (issue: content and credential
 * standards; docs/course-creator.md "Importing a Common Cartridge"). The browser uploads the
 * `.imscc` straight to storage with `import/cartridge-par`, then `import/cartridge {path}` unpacks
 * and reads it and answers the new draft with what was imported and what was not.
 */

/** `POST import/cartridge-par`: the file the browser is about to upload. */
export const CartridgeUploadBody = Type.Object({
  size: Type.Integer({ minimum: 1, description: 'The file size in bytes.' }),
  contentType: Type.String({ minLength: 1, maxLength: 200 }),
  fileName: Type.String({ minLength: 1, maxLength: 255 }),
})
export type CartridgeUploadBody = Static<typeof CartridgeUploadBody>

/** `POST import/cartridge`: the path `import/cartridge-par` issued, once the file is in storage. */
export const CartridgeImportBody = Type.Object({ path: Type.String({ minLength: 1, maxLength: 1024 }) })
export type CartridgeImportBody = Static<typeof CartridgeImportBody>

/** Why a part of the cartridge is not in the draft as it was (the builder translates each). */
export const IMPORT_SKIP_REASONS = [
  /** A discussion topic (imsdt): Aula has no discussions. */
  'discussion',
  /** An LTI link (imsbasiclti). */
  'lti',
  /** A QTI question of a type forms do not have (essay, fill in the blank, …). */
  'question',
  /** A question bank (not placed in the course by the cartridge). */
  'question-bank',
  /** An item whose resource or file is not in the cartridge. */
  'missing-file',
  /** A file past the size of its block kind, or a page too long for a text block. */
  'too-large',
  /** A web link whose address is not http(s), or a resource that could not be read. */
  'invalid',
  /** Any other kind of resource. */
  'unsupported',
  /** A file a page shows or links to: placed as its own block right after the page. */
  'page-file',
] as const
export type ImportSkipReason = (typeof IMPORT_SKIP_REASONS)[number]

export const ImportReportEntry = Type.Object({
  reason: Type.Enum([...IMPORT_SKIP_REASONS]),
  /** The item's title (or the file's name) as the cartridge gives it. */
  title: Type.String({ maxLength: 300 }),
  /** What exactly: the resource type, the file, the question type. */
  detail: Type.String({ maxLength: 500 }),
})
export type ImportReportEntry = Static<typeof ImportReportEntry>

const Count = Type.Integer({ minimum: 0 })

/** What an import made of a cartridge, kept with the draft. */
export const ImportReport = Type.Object({
  /** The cartridge's schema version (`1.1.0`, `1.2.0`, `1.3.0`). */
  version: Type.String({ maxLength: 20 }),
  fileName: Type.String({ maxLength: 255 }),
  imported: Type.Object({
    sections: Count,
    text: Count,
    image: Count,
    attachment: Count,
    link: Count,
    form: Count,
    questions: Count,
  }),
  /** At most `MAX_REPORT_ENTRIES`; `more` counts the rest. */
  entries: Type.Array(ImportReportEntry, { maxItems: 500 }),
  more: Count,
})
export type ImportReport = Static<typeof ImportReport>
export const MAX_REPORT_ENTRIES = 500

/** `POST import/cartridge` (201): the new draft and its report. */
export const CartridgeImportResponse = Type.Object({ uuid: CourseUuid, revision: CourseRevision, report: ImportReport })
export type CartridgeImportResponse = Static<typeof CartridgeImportResponse>

/** `GET import/report/{id}`: the report of an imported draft, null once dismissed or for a course not imported. */
export const ImportReportResponse = Type.Object({
  report: Type.Union([ImportReport, Type.Null()]),
  importedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
})
export type ImportReportResponse = Static<typeof ImportReportResponse>
