import type { Queryable } from '../db/index.js'

/**
 * SQL about the background job queues as a whole, for operators (GET /metrics). The user import
 * queue's jobs are made and worked by the admin import routes and their worker.
 */

/**
 * Jobs waiting for a worker and being worked on (the operators' queue depth; the index of open jobs answers it).
 * A job whose worker's lease ran out waits again, as `claimJob` sees it.
 */
export async function countOpenJobs(db: Queryable): Promise<{ waiting: number; running: number }> {
  const { rows } = await db.query<{ waiting: number | string; running: number | string }>(
    `SELECT count(*) FILTER (WHERE status = 'queued' OR lease_until < now()) AS waiting,
            count(*) FILTER (WHERE status = 'running' AND (lease_until IS NULL OR lease_until >= now())) AS running
       FROM user_import_jobs WHERE status IN ('queued', 'running')`,
  )
  return { waiting: Number(rows[0]?.waiting ?? 0), running: Number(rows[0]?.running ?? 0) }
}
