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

function toEntry(r: AuditRow): AuditEntry {
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
export async function listAudit(db: Queryable, f: AuditFilter, limit: number, beforeId: string | null): Promise<AuditEntry[]> {
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
