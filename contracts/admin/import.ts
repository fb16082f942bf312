import Type, { type Static } from 'typebox'
import { LANGUAGES } from '../config.js'
import { DateTime, ItemResponse, NullableDateTime, PaginationToken, TokenPage, Uuid } from './common.js'

/**
 * Bulk creation of users from a CSV file with a header line naming the columns `email`, `name` and
 * `groups` (groups separated by `;` or `|`, or by commas inside a quoted field). First a preview
 * with per-row errors, then a background job in the database that survives a closed tab and a
 * restart. Re-running the same file creates nobody twice: existing addresses are skipped.
 */
export const IMPORT_MAX_ROWS = 50000
/** The largest CSV accepted, in bytes (the import routes accept bodies this large). */
export const IMPORT_MAX_BYTES = 8 * 1024 * 1024

/** `POST /api/v2/admin/users/import/preview` and `POST /api/v2/admin/users/import/jobs`. */
export const ImportFileBody = Type.Object({
  /** The file's name, shown in the job list. */
  filename: Type.String({ minLength: 1, maxLength: 200 }),
  /** The file's text (UTF-8). */
  csv: Type.String({ minLength: 1, maxLength: IMPORT_MAX_BYTES }),
  /** The language of the invitations and of the accounts (the administrator's interface language); mx when not given. */
  locale: Type.Optional(Type.Enum([...LANGUAGES])),
})
export type ImportFileBody = Static<typeof ImportFileBody>

/** One data line of the file as read. `errors` by column (`email`, `name`, `groups`); empty when valid. */
export const ImportPreviewRow = Type.Object({
  /** Line number in the file (the header is line 1). */
  line: Type.Integer({ minimum: 2 }),
  email: Type.String(),
  name: Type.String(),
  groups: Type.Array(Type.String()),
  errors: Type.Record(Type.String(), Type.String()),
  /** An account with this address exists already: the import will skip it. */
  exists: Type.Boolean(),
})
export type ImportPreviewRow = Static<typeof ImportPreviewRow>

export const ImportPreview = Type.Object({
  rows: Type.Array(ImportPreviewRow),
  total: Type.Integer({ minimum: 0 }),
  valid: Type.Integer({ minimum: 0 }),
  invalid: Type.Integer({ minimum: 0 }),
  /** Valid rows whose address exists already. */
  existing: Type.Integer({ minimum: 0 }),
  /** Errors of the file as a whole (missing column, empty file); rows are empty then. */
  fileErrors: Type.Array(Type.String()),
})
export type ImportPreview = Static<typeof ImportPreview>

export const IMPORT_JOB_STATUSES = ['queued', 'running', 'completed', 'failed'] as const

/** A bulk import job; poll `GET .../jobs/{id}` for progress (`processed` of `total`). */
export const ImportJob = Type.Object({
  id: Uuid,
  filename: Type.String(),
  status: Type.Enum([...IMPORT_JOB_STATUSES]),
  /** Valid rows to process (invalid rows of the file are not queued). */
  total: Type.Integer({ minimum: 0 }),
  processed: Type.Integer({ minimum: 0 }),
  created: Type.Integer({ minimum: 0 }),
  /** Rows whose address existed already (nothing created twice). */
  skipped: Type.Integer({ minimum: 0 }),
  failed: Type.Integer({ minimum: 0 }),
  /** Rows of the file refused at parsing (same as the preview's invalid). */
  invalid: Type.Integer({ minimum: 0 }),
  actor: Type.String(),
  createdAt: DateTime,
  startedAt: NullableDateTime,
  finishedAt: NullableDateTime,
  /** Why a job failed as a whole; null otherwise. */
  error: Type.Union([Type.String(), Type.Null()]),
})
export type ImportJob = Static<typeof ImportJob>

/**
 * `POST /api/v2/admin/users/import/jobs` answers 202 with the job; a file with no valid row is 400 with
 * the preview's errors. The same file sent while its job is still queued or running answers that job.
 */
export const ImportJobResponse = ItemResponse(ImportJob)
export type ImportJobResponse = Static<typeof ImportJobResponse>

/** `GET /api/v2/admin/users/import/jobs?paginationToken`: newest first. */
export const ImportJobsQuery = Type.Object({
  sizePerPage: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
  paginationToken: PaginationToken,
})
export type ImportJobsQuery = Static<typeof ImportJobsQuery>
export const ImportJobsPage = TokenPage(ImportJob)
export type ImportJobsPage = Static<typeof ImportJobsPage>

export const ImportJobParams = Type.Object({ id: Uuid })
export type ImportJobParams = Static<typeof ImportJobParams>

export const IMPORT_ROW_OUTCOMES = ['pending', 'created', 'skipped', 'failed'] as const

/** The outcome of one row of a job. */
export const ImportJobRow = Type.Object({
  line: Type.Integer(),
  email: Type.String(),
  name: Type.String(),
  groups: Type.Array(Type.String()),
  outcome: Type.Enum([...IMPORT_ROW_OUTCOMES]),
  /** Why it failed or was skipped. */
  message: Type.Union([Type.String(), Type.Null()]),
  username: Type.Union([Type.String(), Type.Null()]),
})
export type ImportJobRow = Static<typeof ImportJobRow>

/** `GET /api/v2/admin/users/import/jobs/{id}/rows?outcome&paginationToken`: by line. */
export const ImportJobRowsQuery = Type.Object({
  outcome: Type.Optional(Type.Enum([...IMPORT_ROW_OUTCOMES])),
  sizePerPage: Type.Integer({ minimum: 1, maximum: 200, default: 50 }),
  paginationToken: PaginationToken,
})
export type ImportJobRowsQuery = Static<typeof ImportJobRowsQuery>
export const ImportJobRowsPage = TokenPage(ImportJobRow)
export type ImportJobRowsPage = Static<typeof ImportJobRowsPage>
