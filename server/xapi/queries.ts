import type { Db, Queryable } from '../db/index.js'
import type { Statement } from './statements.js'

/** SQL of the xAPI statement queue (migration 0027, docs/xapi.md). */

export interface QueuedStatement {
  seq: string
  id: string
  statement: Statement
}

/** Queues statements in the caller's transaction (the one recording their event), in this order. */
export async function queueStatements(tx: Queryable, sub: string, statements: Statement[]): Promise<void> {
  if (statements.length === 0) return
  await tx.query(
    `INSERT INTO xapi_statements (id, actor_sub, statement)
     SELECT (s->>'id')::uuid, $1, s FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY AS t(s, n) ORDER BY n`,
    [sub, JSON.stringify(statements)],
  )
}

/**
 * The advisory lock that makes claims one at a time across processes (its first key is the sweeps'
 * space plus one). A claim must see the leases committed by the claim before it: otherwise two
 * processes could each take statements of one learner and send the later one first.
 */
const CLAIM_LOCK = [7261021, 'xapi-claim'] as const

/**
 * Takes up to `limit` of the oldest waiting statements for `node` under a lease of `leaseSeconds`.
 * A statement is left while an earlier one of the same learner is leased to a sender (it is being
 * sent now, or its sender died and the lease has not run out yet), so a learner's statements reach
 * the LRS in the order of their events. SKIP LOCKED passes over rows another transaction is settling.
 */
export async function claimBatch(db: Db, node: string, leaseSeconds: number, limit: number): Promise<QueuedStatement[]> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1::int, hashtext($2))', [...CLAIM_LOCK])
    const { rows } = await tx.query<QueuedStatement>(
      `WITH batch AS (
         SELECT s.seq FROM xapi_statements s
          WHERE s.status = 'pending' AND (s.lease_until IS NULL OR s.lease_until < now())
            AND NOT EXISTS (SELECT 1 FROM xapi_statements e
                             WHERE e.actor_sub = s.actor_sub AND e.status = 'pending' AND e.seq < s.seq AND e.lease_until >= now())
          ORDER BY s.seq LIMIT $3 FOR UPDATE SKIP LOCKED
       )
       UPDATE xapi_statements x SET claimed_by = $1, lease_until = now() + make_interval(secs => $2), attempts = x.attempts + 1
         FROM batch WHERE x.seq = batch.seq
       RETURNING x.seq::text AS seq, x.id::text AS id, x.statement`,
      [node, leaseSeconds, limit],
    )
    return rows.sort((a, b) => (BigInt(a.seq) < BigInt(b.seq) ? -1 : 1))
  })
}

/** The fence: only the sender holding the lease settles its statements (a late one changes nothing). */
const HELD = `id = ANY($1::uuid[]) AND claimed_by = $2 AND status = 'pending'`

/** The LRS has them: they leave the queue. */
export async function markSent(db: Queryable, ids: string[], node: string): Promise<void> {
  await db.query(`DELETE FROM xapi_statements WHERE ${HELD}`, [ids, node])
}

/** Gives statements back to the queue after a failed try (network, 5xx, 429): the next claim takes them first. */
export async function release(db: Queryable, ids: string[], node: string, error: string): Promise<void> {
  await db.query(`UPDATE xapi_statements SET claimed_by = NULL, lease_until = NULL, error = $3 WHERE ${HELD}`, [ids, node, error])
}

/** The LRS refused them (a 4xx other than 409 and 429): set aside with its answer, for operators. */
export async function reject(db: Queryable, ids: string[], node: string, error: string): Promise<void> {
  await db.query(`UPDATE xapi_statements SET status = 'rejected', lease_until = NULL, error = $3, rejected_at = now() WHERE ${HELD}`, [ids, node, error])
}

/** Statements waiting for the LRS and being sent now (the operators' queue depth). */
export async function countQueuedStatements(db: Queryable): Promise<{ waiting: number; running: number }> {
  const { rows } = await db.query<{ waiting: number | string; running: number | string }>(
    `SELECT count(*) FILTER (WHERE lease_until IS NULL OR lease_until < now()) AS waiting,
            count(*) FILTER (WHERE lease_until >= now()) AS running
       FROM xapi_statements WHERE status = 'pending'`,
  )
  return { waiting: Number(rows[0]?.waiting ?? 0), running: Number(rows[0]?.running ?? 0) }
}
