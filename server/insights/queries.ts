import type { Queryable } from '../db/index.js'

export type CounterMetric = 'requests' | 'emails' | 'cpu_ms'

/** Adds what a process counted since its last flush to today's rows (summed across processes). */
export async function addCounters(db: Queryable, day: string, counts: Partial<Record<CounterMetric, number>>) {
  const entries = Object.entries(counts).filter(([, n]) => n !== undefined && n > 0) as Array<[CounterMetric, number]>
  if (entries.length === 0) return
  await db.query(
    `INSERT INTO usage_daily (day, metric, amount)
     SELECT $1::date, m, a FROM unnest($2::text[], $3::bigint[]) AS t(m, a)
     ON CONFLICT (day, metric) DO UPDATE SET amount = usage_daily.amount + EXCLUDED.amount, updated_at = now()`,
    [day, entries.map(([m]) => m), entries.map(([, n]) => Math.round(n))],
  )
}

/** Records the day's storage measurement (the last one of the day wins). */
export async function recordStorage(db: Queryable, day: string, bytes: number, objects: number) {
  await db.query(
    `INSERT INTO usage_daily (day, metric, amount) VALUES ($1::date, 'storage_bytes', $2), ($1::date, 'storage_objects', $3)
     ON CONFLICT (day, metric) DO UPDATE SET amount = EXCLUDED.amount, updated_at = now()`,
    [day, bytes, objects],
  )
}

/** Marks learners active on a day. */
export async function recordLearnerActivity(db: Queryable, day: string, subs: string[]) {
  if (subs.length === 0) return
  await db.query(`INSERT INTO learner_activity_days (day, user_sub) SELECT $1::date, s FROM unnest($2::text[]) AS t(s) ON CONFLICT DO NOTHING`, [day, subs])
}

export interface UsageDay {
  day: string
  requests: number
  emails: number
  cpuMs: number
  /** The day's own storage measurement, or null when none was taken that day. */
  storageBytes: number | null
}

/** The measured days between `from` and `to` (inclusive), and the last storage measurement before `from`. */
export async function usageDays(db: Queryable, from: string, to: string): Promise<{ days: UsageDay[]; storageBefore: number }> {
  const { rows } = await db.query<{ day: string; metric: string; amount: string }>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, metric, amount::text AS amount FROM usage_daily WHERE day BETWEEN $1::date AND $2::date ORDER BY day`,
    [from, to],
  )
  const byDay = new Map<string, UsageDay>()
  for (const r of rows) {
    let d = byDay.get(r.day)
    if (!d) byDay.set(r.day, (d = { day: r.day, requests: 0, emails: 0, cpuMs: 0, storageBytes: null }))
    const n = Number(r.amount)
    if (r.metric === 'requests') d.requests = n
    else if (r.metric === 'emails') d.emails = n
    else if (r.metric === 'cpu_ms') d.cpuMs = n
    else if (r.metric === 'storage_bytes') d.storageBytes = n
  }
  const before = await db.query<{ amount: string }>(
    `SELECT amount::text AS amount FROM usage_daily WHERE metric = 'storage_bytes' AND day < $1::date ORDER BY day DESC LIMIT 1`,
    [from],
  )
  return { days: [...byDay.values()], storageBefore: before.rows[0] ? Number(before.rows[0].amount) : 0 }
}

/** One row of a process's pending request activity: requests of a visitor from a country in a slot. */
export interface ActivityRow {
  slot: Date
  visitor: string
  /** '' when no country is known for the address. */
  country: string
  requests: number
}

/** Adds a process's counted requests to the shared activity slots (summed across processes). */
export async function addRequestActivity(db: Queryable, rows: ActivityRow[]) {
  if (rows.length === 0) return
  await db.query(
    `INSERT INTO request_activity (slot, visitor, country, requests)
     SELECT s, v, c, n FROM unnest($1::timestamptz[], $2::text[], $3::text[], $4::int[]) AS t(s, v, c, n)
     ON CONFLICT (slot, visitor, country) DO UPDATE SET requests = request_activity.requests + EXCLUDED.requests`,
    [rows.map((r) => r.slot.toISOString()), rows.map((r) => r.visitor), rows.map((r) => r.country), rows.map((r) => r.requests)],
  )
}

/** Distinct visitors and requests per country since `since`, and the same for everyone (country `null` on that row, `total` true). */
export async function requestActivitySince(db: Queryable, since: Date) {
  const { rows } = await db.query<{ country: string | null; total: boolean; users: string | number; requests: string | number }>(
    `SELECT country, GROUPING(country) = 1 AS total, count(DISTINCT visitor) AS users, sum(requests) AS requests
     FROM request_activity WHERE slot >= $1 GROUP BY GROUPING SETS ((country), ())`,
    [since.toISOString()],
  )
  return rows.map((r) => ({ country: r.total ? null : r.country, total: r.total, users: Number(r.users), requests: Number(r.requests) }))
}

/** Removes the activity slots older than `before`. */
export async function sweepRequestActivity(db: Queryable, before: Date) {
  await db.query('DELETE FROM request_activity WHERE slot < $1', [before.toISOString()])
}
