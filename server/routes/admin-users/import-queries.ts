import type { ImportJob, ImportJobRow } from '../../../contracts/admin/import.js'
import type { Queryable } from '../../db/index.js'
import type { Principal } from '../../types.js'
import { iso, isoOrNull } from '../../http/dates.js'

interface JobRow {
  id: string
  filename: string
  file_hash: string
  status: ImportJob['status']
  total: number
  processed: number
  created: number
  skipped: number
  failed: number
  invalid: number
  actor_email: string
  site_url: string | null
  mail_locale: string | null
  actor_username: string
  error: string | null
  created_at: Date | string
  created_key: string
  started_at: Date | string | null
  finished_at: Date | string | null
}

const JOB = 'SELECT *, created_at::text AS created_key FROM user_import_jobs'

export function toJob(r: JobRow): ImportJob {
  return {
    id: r.id,
    filename: r.filename,
    status: r.status,
    total: r.total,
    processed: r.processed,
    created: r.created,
    skipped: r.skipped,
    failed: r.failed,
    invalid: r.invalid,
    actor: r.actor_email || r.actor_username,
    createdAt: iso(r.created_at),
    startedAt: isoOrNull(r.started_at),
    finishedAt: isoOrNull(r.finished_at),
    error: r.error,
  }
}

export async function findJob(db: Queryable, id: string): Promise<JobRow | null> {
  const { rows } = await db.query<JobRow>(`${JOB} WHERE id = $1`, [id])
  return rows[0] ?? null
}

/** A job of the same file still queued or running: sending the file again answers it instead of a second job. */
export async function openJobForFile(db: Queryable, hash: string): Promise<JobRow | null> {
  const { rows } = await db.query<JobRow>(`${JOB} WHERE file_hash = $1 AND status IN ('queued', 'running') ORDER BY created_at DESC LIMIT 1`, [hash])
  return rows[0] ?? null
}

/** The job and its rows in one statement each (arrays, so 10,000 rows are one insert). */
export async function insertJob(
  db: Queryable,
  j: {
    filename: string
    hash: string
    invalid: number
    actor: Principal
    /** The invitations' sign-in address and language. */
    site: string | null
    locale: string | null
    rows: Array<{ line: number; email: string; name: string; groups: string[] }>
  },
): Promise<JobRow> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO user_import_jobs (filename, file_hash, total, invalid, actor_username, actor_email, site_url, mail_locale)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [j.filename, j.hash, j.rows.length, j.invalid, j.actor.username, j.actor.email, j.site, j.locale],
  )
  const id = rows[0].id
  await db.query(
    `INSERT INTO user_import_rows (job_id, line, email, name, groups)
     SELECT $1, r.line, r.email, r.name, CASE WHEN r.groups = '' THEN '{}'::text[] ELSE string_to_array(r.groups, E'\\x1f') END
       FROM unnest($2::int[], $3::text[], $4::text[], $5::text[]) AS r(line, email, name, groups)`,
    [id, j.rows.map((r) => r.line), j.rows.map((r) => r.email), j.rows.map((r) => r.name), j.rows.map((r) => r.groups.join('\x1f'))],
  )
  return (await findJob(db, id))!
}

export async function listJobs(db: Queryable, limit: number, after: [string, string] | null): Promise<JobRow[]> {
  const { rows } = await db.query<JobRow>(
    `${JOB} WHERE $1::timestamptz IS NULL OR (created_at, id) < ($1::timestamptz, $2::uuid) ORDER BY created_at DESC, id DESC LIMIT $3`,
    [after?.[0] ?? null, after?.[1] ?? null, limit],
  )
  return rows
}

export async function countJobs(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: string | number }>('SELECT count(*) AS n FROM user_import_jobs')
  return Number(rows[0]?.n ?? 0)
}

interface RowRow {
  line: number
  email: string
  name: string
  groups: string[] | string
  outcome: ImportJobRow['outcome']
  message: string | null
  username: string | null
}

/** Postgres arrays arrive parsed from pg, as text from some drivers: read both. */
const textArray = (v: string[] | string): string[] =>
  Array.isArray(v)
    ? v
    : v === '{}'
      ? []
      : v
          .replace(/^\{|\}$/g, '')
          .split(',')
          .map((s) => s.replace(/^"|"$/g, ''))

export const toJobRow = (r: RowRow): ImportJobRow => ({ ...r, groups: textArray(r.groups) })

export async function listJobRows(db: Queryable, job: string, outcome: string | undefined, limit: number, afterLine: number): Promise<RowRow[]> {
  const { rows } = await db.query<RowRow>(
    `SELECT line, email, name, groups, outcome, message, username FROM user_import_rows
      WHERE job_id = $1 AND ($2::text IS NULL OR outcome = $2) AND line > $3 ORDER BY line LIMIT $4`,
    [job, outcome ?? null, afterLine, limit],
  )
  return rows
}

export async function countJobRows(db: Queryable, job: string, outcome: string | undefined): Promise<number> {
  const { rows } = await db.query<{ n: string | number }>(
    'SELECT count(*) AS n FROM user_import_rows WHERE job_id = $1 AND ($2::text IS NULL OR outcome = $2)',
    [job, outcome ?? null],
  )
  return Number(rows[0]?.n ?? 0)
}

// The worker's side.

/** Takes the oldest queued job, or a running one whose worker stopped renewing its lease (a restart). */
export async function claimJob(db: Queryable, leaseSeconds: number): Promise<JobRow | null> {
  const { rows } = await db.query<JobRow>(
    `UPDATE user_import_jobs SET status = 'running', started_at = coalesce(started_at, now()), lease_until = now() + make_interval(secs => $1)
      WHERE id = (SELECT id FROM user_import_jobs
                   WHERE status = 'queued' OR (status = 'running' AND lease_until < now())
                   ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING *, created_at::text AS created_key`,
    [leaseSeconds],
  )
  return rows[0] ?? null
}

export async function pendingRows(db: Queryable, job: string, limit: number): Promise<Array<{ line: number; email: string; name: string; groups: string[] }>> {
  const { rows } = await db.query<RowRow>(
    `SELECT line, email, name, groups FROM user_import_rows WHERE job_id = $1 AND outcome = 'pending' ORDER BY line LIMIT $2`,
    [job, limit],
  )
  return rows.map((r) => ({ line: r.line, email: r.email, name: r.name, groups: textArray(r.groups) }))
}

export async function settleRows(
  db: Queryable,
  job: string,
  results: Array<{ line: number; outcome: string; message: string | null; username: string | null }>,
): Promise<void> {
  if (!results.length) return
  await db.query(
    `UPDATE user_import_rows r SET outcome = u.outcome, message = u.message, username = u.username
       FROM unnest($2::int[], $3::text[], $4::text[], $5::text[]) AS u(line, outcome, message, username)
      WHERE r.job_id = $1 AND r.line = u.line`,
    [job, results.map((r) => r.line), results.map((r) => r.outcome), results.map((r) => r.message), results.map((r) => r.username)],
  )
}

/** Recounts the job's progress from its rows and renews the lease. */
export async function refreshProgress(db: Queryable, job: string, leaseSeconds: number): Promise<JobRow> {
  const { rows } = await db.query<JobRow>(
    `UPDATE user_import_jobs j SET
        processed = c.created + c.skipped + c.failed, created = c.created, skipped = c.skipped, failed = c.failed,
        lease_until = now() + make_interval(secs => $2)
       FROM (SELECT count(*) FILTER (WHERE outcome = 'created')::int AS created,
                    count(*) FILTER (WHERE outcome = 'skipped')::int AS skipped,
                    count(*) FILTER (WHERE outcome = 'failed')::int AS failed
               FROM user_import_rows WHERE job_id = $1) c
      WHERE j.id = $1
      RETURNING j.*, j.created_at::text AS created_key`,
    [job, leaseSeconds],
  )
  return rows[0]
}

export async function finishJob(db: Queryable, job: string, status: 'completed' | 'failed', error: string | null): Promise<void> {
  await db.query(`UPDATE user_import_jobs SET status = $2, error = $3, finished_at = now(), lease_until = NULL WHERE id = $1`, [job, status, error])
}
