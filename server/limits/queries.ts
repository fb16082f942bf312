import type { Queryable } from '../db/index.js'

/**
 * Counts one request in the bucket `key` and answers its count and when its window ends. A bucket
 * whose window has ended starts a new one (`now` + `windowMs`) at 1. One statement, atomic under
 * concurrent callers in any number of processes (the upsert locks the row).
 */
export async function countHit(db: Queryable, key: string, now: Date, windowMs: number): Promise<{ hits: number; resetsAt: Date }> {
  const { rows } = await db.query<{ hits: number; resets_at: Date | string }>(
    `INSERT INTO rate_limit_buckets AS b (key, hits, resets_at) VALUES ($1, 1, $2::timestamptz + $3 * interval '1 millisecond')
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN b.resets_at <= $2::timestamptz THEN 1 ELSE b.hits + 1 END,
       resets_at = CASE WHEN b.resets_at <= $2::timestamptz THEN EXCLUDED.resets_at ELSE b.resets_at END
     RETURNING hits, resets_at`,
    [key, now, windowMs],
  )
  return { hits: Number(rows[0]!.hits), resetsAt: new Date(rows[0]!.resets_at) }
}

/** Deletes the buckets whose window ended before `now`; answers how many. */
export async function sweepBuckets(db: Queryable, now: Date): Promise<number> {
  const { rows } = await db.query<{ n: string | number }>(
    'WITH gone AS (DELETE FROM rate_limit_buckets WHERE resets_at <= $1 RETURNING 1) SELECT count(*) AS n FROM gone',
    [now],
  )
  return Number(rows[0]?.n ?? 0)
}
