import type { Queryable } from '../../db/index.js'

/** Exact row counts of every table of the current schema, by name. */
export async function tableRowCounts(db: Queryable): Promise<Array<{ table: string; rows: number }>> {
  const { rows: tables } = await db.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
  )
  if (tables.length === 0) return []
  // The names come from the catalogue; quoting keeps any of them a single identifier.
  const sql = tables.map((t, i) => `SELECT $${i + 1}::text AS name, count(*)::bigint::text AS n FROM "${t.name.replaceAll('"', '""')}"`).join(' UNION ALL ')
  const { rows } = await db.query<{ name: string; n: string }>(
    sql,
    tables.map((t) => t.name),
  )
  return rows.map((r) => ({ table: r.name, rows: Number(r.n) })).sort((a, b) => a.table.localeCompare(b.table))
}
