import type { Queryable } from '../db/index.js'

/** A row of avatar_requests as the queries answer it. */
export interface AvatarRequestRow {
  id: string
  owner_sub: string
  owner_username: string
  owner_email: string
  photo_path: string
  text: string
  style: string
  voice: string
  status: 'queued' | 'processing' | 'done' | 'failed'
  attempt: number
  node_id: string | null
  renderer: string | null
  result_kind: 'video' | 'image' | null
  result_path: string | null
  result_type: string | null
  poster_path: string | null
  error: string | null
  created_at: Date | string
  started_at: Date | string | null
  finished_at: Date | string | null
  /** created_at as text, exact to the microsecond (the paging key). */
  created_key: string
}

const COLUMNS = `*, created_at::text AS created_key`

export async function insertRequest(
  db: Queryable,
  r: { ownerSub: string; ownerUsername: string; ownerEmail: string; photoPath: string; text: string; style: string; voice: string },
): Promise<AvatarRequestRow> {
  const { rows } = await db.query<AvatarRequestRow>(
    `INSERT INTO avatar_requests (owner_sub, owner_username, owner_email, photo_path, text, style, voice)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${COLUMNS}`,
    [r.ownerSub, r.ownerUsername, r.ownerEmail, r.photoPath, r.text, r.style, r.voice],
  )
  return rows[0]!
}

/** Newest first, after the key `[created_key, id]` of the previous page; `owner` null lists everybody's. */
export async function listRequests(db: Queryable, owner: string | null, limit: number, after: [string, string] | null): Promise<AvatarRequestRow[]> {
  const { rows } = await db.query<AvatarRequestRow>(
    `SELECT ${COLUMNS} FROM avatar_requests
      WHERE ($1::text IS NULL OR owner_sub = $1)
        AND ($2::timestamptz IS NULL OR (created_at, id) < ($2::timestamptz, $3::uuid))
      ORDER BY created_at DESC, id DESC LIMIT $4`,
    [owner, after?.[0] ?? null, after?.[1] ?? null, limit],
  )
  return rows
}

export async function countRequests(db: Queryable, owner: string | null): Promise<number> {
  const { rows } = await db.query<{ n: number | string }>(`SELECT count(*) AS n FROM avatar_requests WHERE ($1::text IS NULL OR owner_sub = $1)`, [owner])
  return Number(rows[0]?.n ?? 0)
}

/**
 * Requests waiting for a renderer and being rendered (the operators' queue depth; the index of open requests answers it).
 * A request whose renderer's lease ran out waits again, as `claimRequest` sees it.
 */
export async function countOpenRequests(db: Queryable): Promise<{ waiting: number; running: number }> {
  const { rows } = await db.query<{ waiting: number | string; running: number | string }>(
    `SELECT count(*) FILTER (WHERE status = 'queued' OR lease_until < now()) AS waiting,
            count(*) FILTER (WHERE status = 'processing' AND (lease_until IS NULL OR lease_until >= now())) AS running
       FROM avatar_requests WHERE status IN ('queued', 'processing')`,
  )
  return { waiting: Number(rows[0]?.waiting ?? 0), running: Number(rows[0]?.running ?? 0) }
}

/**
 * Takes the oldest request waiting — queued, or processing under a lease that ran out (its node
 * died) — for `node`, under a fresh lease. SKIP LOCKED lets concurrent nodes pass over a row
 * another is taking, so two never take the same one; the attempt number grows with each take.
 */
export async function claimRequest(db: Queryable, node: string, leaseSeconds: number): Promise<AvatarRequestRow | null> {
  const { rows } = await db.query<AvatarRequestRow>(
    `UPDATE avatar_requests SET status = 'processing', node_id = $1, attempt = attempt + 1,
            lease_until = now() + make_interval(secs => $2), started_at = now(), error = NULL
      WHERE id = (SELECT id FROM avatar_requests
                   WHERE status = 'queued' OR (status = 'processing' AND lease_until < now())
                   ORDER BY created_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING ${COLUMNS}`,
    [node, leaseSeconds],
  )
  return rows[0] ?? null
}

/** Extends the leases of the requests `node` holds; answers the ids it still holds. */
export async function renewLeases(db: Queryable, node: string, leaseSeconds: number): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `UPDATE avatar_requests SET lease_until = now() + make_interval(secs => $2)
      WHERE node_id = $1 AND status = 'processing' RETURNING id`,
    [node, leaseSeconds],
  )
  return rows.map((r) => r.id)
}

/** The fence: only the node holding this attempt may settle the request. */
const HOLDER = `id = $1 AND node_id = $2 AND attempt = $3 AND status = 'processing'`

/** Records the result; false when the request is no longer this node's attempt (nothing is changed). */
export async function finishRequest(
  db: Queryable,
  hold: { id: string; node: string; attempt: number },
  result: { renderer: string; kind: 'video' | 'image'; path: string; contentType: string; posterPath: string | null },
): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE avatar_requests SET status = 'done', lease_until = NULL, finished_at = now(), renderer = $4,
            result_kind = $5, result_path = $6, result_type = $7, poster_path = $8, error = NULL
      WHERE ${HOLDER} RETURNING id`,
    [hold.id, hold.node, hold.attempt, result.renderer, result.kind, result.path, result.contentType, result.posterPath],
  )
  return rows.length === 1
}

export async function failRequest(db: Queryable, hold: { id: string; node: string; attempt: number }, renderer: string, error: string): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE avatar_requests SET status = 'failed', lease_until = NULL, finished_at = now(), renderer = $4, error = $5
      WHERE ${HOLDER} RETURNING id`,
    [hold.id, hold.node, hold.attempt, renderer, error],
  )
  return rows.length === 1
}

/** Gives a request back to the queue (its node is stopping): the next node takes it at once. */
export async function releaseRequest(db: Queryable, hold: { id: string; node: string; attempt: number }): Promise<boolean> {
  const { rows } = await db.query(`UPDATE avatar_requests SET status = 'queued', node_id = NULL, lease_until = NULL WHERE ${HOLDER} RETURNING id`, [
    hold.id,
    hold.node,
    hold.attempt,
  ])
  return rows.length === 1
}

export interface AvatarNodeRow {
  id: string
  host: string
  pid: number
  renderer: string
  capacity: number
  started_at: Date | string
  heartbeat_at: Date | string
  stopped_at: Date | string | null
  /** Whether the heartbeat is recent enough for the node to count as alive. */
  fresh: boolean
  current_jobs: string[] | string | null
}

export async function registerNode(db: Queryable, node: { id: string; host: string; pid: number; renderer: string; capacity: number }): Promise<void> {
  await db.query(
    `INSERT INTO avatar_nodes (id, host, pid, renderer, capacity) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (id) DO UPDATE SET heartbeat_at = now(), stopped_at = NULL`,
    [node.id, node.host, node.pid, node.renderer, node.capacity],
  )
}

export async function heartbeat(db: Queryable, node: string): Promise<void> {
  await db.query(`UPDATE avatar_nodes SET heartbeat_at = now() WHERE id = $1`, [node])
}

export async function stopNode(db: Queryable, node: string): Promise<void> {
  await db.query(`UPDATE avatar_nodes SET heartbeat_at = now(), stopped_at = now() WHERE id = $1`, [node])
}

/**
 * Nodes alive or seen in the last day, running first; `fresh` is a heartbeat younger than
 * `staleSeconds`, and the current jobs are the requests each holds under a live lease.
 */
export async function listNodes(db: Queryable, staleSeconds: number): Promise<AvatarNodeRow[]> {
  const { rows } = await db.query<AvatarNodeRow>(
    `SELECT n.*, n.heartbeat_at > now() - make_interval(secs => $1) AS fresh,
            coalesce((SELECT array_agg(r.id::text ORDER BY r.started_at) FROM avatar_requests r
                       WHERE r.node_id = n.id AND r.status = 'processing' AND r.lease_until >= now()), '{}') AS current_jobs
       FROM avatar_nodes n
      WHERE n.heartbeat_at > now() - interval '1 day'
      ORDER BY (n.stopped_at IS NULL AND n.heartbeat_at > now() - make_interval(secs => $1)) DESC, n.heartbeat_at DESC
      LIMIT 100`,
    [staleSeconds],
  )
  return rows
}
