import Type, { type Static } from 'typebox'
import { Nullable } from '../nullable.js'
import { DateTime, PaginationToken, TokenPage } from './common.js'

/**
 * What an audit entry records. `target` is the kind of object; the action names `<area>.<verb>`.
 * Every admin write records one entry; none is ever changed or removed.
 */
export const AUDIT_ACTIONS = [
  'users.create',
  'users.update',
  'users.groups',
  'users.confirm',
  'users.enable',
  'users.disable',
  'users.force-logout',
  'users.reset-password',
  'users.set-temporal-password',
  'users.import',
  'catalogues.create',
  'catalogues.update',
  'catalogues.associate',
  'catalogues.disassociate',
  'documents.create',
  'documents.update',
  'documents.publish',
  'documents.mark-up-to-date',
  'subscriptions.add',
  'subscriptions.revoke',
  'subscriptions.lift-block',
  'courses.clone',
  'certificates.revoke',
  'certificates.restore',
  'sales.refund',
  'website.create-site',
  'website.update-site',
  'website.create-slide',
  'website.update-slide',
  'website.remove-slide',
  'website.order-slides',
  'website.create-post',
  'website.update-post',
  'website.remove-post',
  'website.feature-courses',
  'website.set-careers',
] as const
export type AuditAction = (typeof AUDIT_ACTIONS)[number]

/** One audit entry: who, what, on which object, when, and the values before and after. */
export const AuditEntry = Type.Object({
  /** Increasing number (as text: it may outgrow JavaScript's integers). */
  id: Type.String(),
  at: DateTime,
  actor: Type.Object({ username: Type.String(), email: Type.String() }),
  action: Type.Enum([...AUDIT_ACTIONS]),
  /** `user`, `category`, `document`, `subscription`, `import` … */
  targetType: Type.String(),
  targetId: Type.String(),
  /**
   * The object as people name it, read when the log is: a user's e-mail, a course's or a catalogue
   * entry's name, a subscription's learner and course, an import's file. Null when it no longer exists.
   */
  targetName: Nullable(Type.String()),
  /** The object's values before the write; null when it was created. */
  before: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
  /** The values after the write. */
  after: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
})
export type AuditEntry = Static<typeof AuditEntry>

/** Filters of the audit list and its CSV export; `from` and `to` bound `at` (inclusive, exclusive). */
export const AuditFilters = {
  /** Actor's e-mail or username (exact). */
  actor: Type.Optional(Type.String({ minLength: 1, maxLength: 254 })),
  action: Type.Optional(Type.Enum([...AUDIT_ACTIONS])),
  from: Type.Optional(Type.String({ format: 'date-time' })),
  to: Type.Optional(Type.String({ format: 'date-time' })),
}

/** `GET /api/v2/admin/audit/all?actor&action&from&to&sizePerPage&paginationToken`: newest first. */
export const AuditListQuery = Type.Object({
  ...AuditFilters,
  sizePerPage: Type.Integer({ minimum: 1, maximum: 100, default: 25 }),
  paginationToken: PaginationToken,
})
export type AuditListQuery = Static<typeof AuditListQuery>

export const AuditPage = TokenPage(AuditEntry)
export type AuditPage = Static<typeof AuditPage>

/**
 * `GET /api/v2/admin/audit/export?actor&action&from&to`: the matching entries as CSV (text/csv,
 * columns id, at, actor_username, actor_email, action, target_type, target_id, before, after), newest
 * first, at most `AUDIT_EXPORT_LIMIT` rows.
 */
export const AuditExportQuery = Type.Object(AuditFilters)
export type AuditExportQuery = Static<typeof AuditExportQuery>
export const AUDIT_EXPORT_LIMIT = 100000
