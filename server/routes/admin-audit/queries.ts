import type { AuditAction, AuditEntry } from '../../../contracts/admin/audit.js'
import type { Queryable } from '../../db/index.js'
import type { Principal } from '../../types.js'
import { iso } from '../../http/dates.js'

/** A JSON-able snapshot of an object, as stored in `before` / `after`. */
export type Snapshot = Record<string, unknown> | null

export interface AuditRecord {
  action: AuditAction
  targetType: string
  targetId: string
  before: Snapshot
  after: Snapshot
}

/** Appends one entry; call it in the same transaction as the write where the write is in the database. */
export async function recordAudit(db: Queryable, actor: Principal, r: AuditRecord): Promise<void> {
  await db.query(
    `INSERT INTO audit_log (actor_username, actor_email, action, target_type, target_id, before, after)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb)`,
    [
      actor.username,
      actor.email,
      r.action,
      r.targetType,
      r.targetId,
      r.before === null ? null : JSON.stringify(r.before),
      r.after === null ? null : JSON.stringify(r.after),
    ],
  )
}

export interface AuditFilter {
  actor?: string
  action?: string
  from?: string
  to?: string
}

interface AuditRow {
  id: string | number
  at: Date | string
  actor_username: string
  actor_email: string
  action: AuditAction
  target_type: string
  target_id: string
  before: Snapshot | string
  after: Snapshot | string
}

const json = (v: Snapshot | string): Snapshot => (typeof v === 'string' ? (JSON.parse(v) as Snapshot) : v)

/** An entry as stored; `targetName` is read at answer time (`names.ts`). */
export type StoredAuditEntry = Omit<AuditEntry, 'targetName'>

function toEntry(r: AuditRow): StoredAuditEntry {
  return {
    id: String(r.id),
    at: iso(r.at),
    actor: { username: r.actor_username, email: r.actor_email },
    action: r.action,
    targetType: r.target_type,
    targetId: r.target_id,
    before: json(r.before),
    after: json(r.after),
  }
}

function where(f: AuditFilter, params: unknown[]): string {
  const clauses: string[] = []
  if (f.actor) {
    params.push(f.actor)
    clauses.push(`(actor_username = $${params.length} OR lower(actor_email) = lower($${params.length}))`)
  }
  if (f.action) {
    params.push(f.action)
    clauses.push(`action = $${params.length}`)
  }
  if (f.from) {
    params.push(f.from)
    clauses.push(`at >= $${params.length}::timestamptz`)
  }
  if (f.to) {
    params.push(f.to)
    clauses.push(`at < $${params.length}::timestamptz`)
  }
  return clauses.length ? clauses.join(' AND ') : 'true'
}

/** Newest first, keyset-paged on the entry id (`beforeId` excludes it and everything newer). */
export async function listAudit(db: Queryable, f: AuditFilter, limit: number, beforeId: string | null): Promise<StoredAuditEntry[]> {
  const params: unknown[] = []
  const filter = where(f, params)
  params.push(beforeId)
  const keyset = `($${params.length}::bigint IS NULL OR id < $${params.length}::bigint)`
  params.push(limit)
  const { rows } = await db.query<AuditRow>(`SELECT * FROM audit_log WHERE ${filter} AND ${keyset} ORDER BY id DESC LIMIT $${params.length}`, params)
  return rows.map(toEntry)
}

export async function countAudit(db: Queryable, f: AuditFilter): Promise<number> {
  const params: unknown[] = []
  const { rows } = await db.query<{ n: string | number }>(`SELECT count(*) AS n FROM audit_log WHERE ${where(f, params)}`, params)
  return Number(rows[0]?.n ?? 0)
}

/**
 * The tables of the objects the log names by id, per target type, and the column that names them:
 * documents by key, courses by uuid, catalogue entries (`admin-catalogues` labels) and import jobs by id.
 */
const NAMED_TARGETS: Record<string, { table: string; id: string; name: string; cast: string }> = {
  document: { table: 'documents', id: 'id', name: 'name', cast: 'text' },
  course: { table: 'courses', id: 'uuid', name: 'name', cast: 'uuid' },
  import: { table: 'user_import_jobs', id: 'id', name: 'filename', cast: 'uuid' },
  category: { table: 'categories', id: 'id', name: 'name', cast: 'uuid' },
  collaborator: { table: 'collaborators', id: 'id', name: 'name', cast: 'uuid' },
  tag: { table: 'tags', id: 'id', name: 'name', cast: 'uuid' },
  difficulty: { table: 'difficulties', id: 'id', name: 'name', cast: 'uuid' },
  certificate: { table: 'certificates', id: 'id', name: 'name', cast: 'uuid' },
  organization: { table: 'organizations', id: 'id', name: 'name', cast: 'uuid' },
  status: { table: 'statuses', id: 'id', name: 'name', cast: 'uuid' },
  'school cycle': { table: 'school_cycles', id: 'id', name: 'name', cast: 'uuid' },
  career: { table: 'careers', id: 'id', name: 'name', cast: 'uuid' },
  'school subject': { table: 'school_subjects', id: 'id', name: 'name', cast: 'uuid' },
  'issued certificate': { table: 'issued_certificates', id: 'code', name: "learner_name || ' · ' || course_name", cast: 'text' },
  // A sale by its receipt number and course, as the finance screens show it.
  sale: { table: 'sales', id: 'id', name: `'R-' || lpad(receipt_number::text, 6, '0') || ' · ' || course_name`, cast: 'uuid' },
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Whether the log names objects of this type from the database (`targetNames`). */
export const namedInDatabase = (targetType: string) => Object.hasOwn(NAMED_TARGETS, targetType)

/** The current names of objects of one type by id; ids of objects that are gone are left out. */
export async function targetNames(db: Queryable, targetType: string, ids: string[]): Promise<Map<string, string>> {
  const t = NAMED_TARGETS[targetType]
  // An id that cannot be one of the table's keys names nothing (and must not fail the cast).
  const wanted = t ? ids.filter((id) => t.cast !== 'uuid' || UUID.test(id)) : []
  if (!t || !wanted.length) return new Map()
  const { rows } = await db.query<{ id: string; name: string }>(
    `SELECT ${t.id}::text AS id, ${t.name} AS name FROM ${t.table} WHERE ${t.id} = ANY($1::${t.cast}[])`,
    [wanted],
  )
  return new Map(rows.map((r) => [r.id, r.name]))
}

/** Each subscription's learner (their pool `sub`) and course name, by subscription id. */
export async function subscriptionTargets(db: Queryable, ids: string[]): Promise<Map<string, { userSub: string; course: string }>> {
  const wanted = ids.filter((id) => UUID.test(id))
  if (!wanted.length) return new Map()
  const { rows } = await db.query<{ id: string; user_sub: string; course: string }>(
    'SELECT s.id::text AS id, s.user_sub, c.name AS course FROM subscriptions s JOIN courses c ON c.uuid = s.course_uuid WHERE s.id = ANY($1::uuid[])',
    [wanted],
  )
  return new Map(rows.map((r) => [r.id, { userSub: r.user_sub, course: r.course }]))
}
