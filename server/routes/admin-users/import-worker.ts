import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/index.js'
import { IdentityAdminError, type IdentityAdmin } from '../../identity/admin-client.js'
import { recordAudit } from '../admin-audit/queries.js'
import { claimJob, finishJob, pendingRows, refreshProgress, settleRows } from './import-queries.js'
import { notify } from '../../notifications/queries.js'

const LEASE_SECONDS = 60
const BATCH = 50
/** Rows created at once: overlaps the identity calls' waits (database, mail) without flooding them. */
const CONCURRENCY = 4

type Result = { line: number; outcome: 'created' | 'skipped' | 'failed'; message: string | null; username: string | null }

/**
 * Runs bulk imports in the background, in the server process: the job and its rows live in the
 * database, so closing the page changes nothing and a restart resumes a job once its lease runs out.
 * Rows are settled in batches; a row is never redone once settled, and an address that exists is
 * skipped, so running a file twice creates nobody twice.
 */
export class ImportWorker {
  private current: Promise<void> | null = null
  private timer: NodeJS.Timeout | null = null
  private stopped = false

  constructor(
    private readonly db: Db,
    private readonly pool: IdentityAdmin,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(pollMs = 2000) {
    this.timer = setInterval(() => this.kick(), pollMs)
    this.timer.unref()
    this.kick()
  }

  /** Looks for work now (called when a job is queued). */
  kick() {
    if (this.current || this.stopped) return
    this.current = this.drain()
      .catch((err: unknown) => this.log.error({ err }, 'import worker failed'))
      .finally(() => {
        this.current = null
      })
  }

  /** Stops taking work and waits for the batch in hand; an unfinished job resumes at the next start. */
  async stop() {
    this.stopped = true
    if (this.timer) clearInterval(this.timer)
    await this.current
  }

  private async drain() {
    while (!this.stopped) {
      const job = await claimJob(this.db, LEASE_SECONDS)
      if (!job) return
      await this.run(job.id, { origin: job.site_url ?? undefined, locale: job.mail_locale ?? undefined })
    }
  }

  /** `mail`: the invitations' sign-in address and language, as the job was started with. */
  private async run(jobId: string, mail: { origin?: string; locale?: string }) {
    try {
      for (;;) {
        if (this.stopped) return
        const batch = await pendingRows(this.db, jobId, BATCH)
        if (!batch.length) break
        const results: Result[] = []
        for (let i = 0; i < batch.length; i += CONCURRENCY) {
          for (const r of await Promise.all(batch.slice(i, i + CONCURRENCY).map((row) => this.importRow(row, mail)))) if (r) results.push(r)
        }
        await settleRows(this.db, jobId, results)
        await refreshProgress(this.db, jobId, LEASE_SECONDS)
      }
      const job = await refreshProgress(this.db, jobId, LEASE_SECONDS)
      await this.db.transaction(async (tx) => {
        await finishJob(tx, jobId, 'completed', null)
        await notify(tx, job.actor_username, 'import-finished', { name: job.filename, created: job.created, failed: job.failed }, '/admin/users/import')
        await recordAudit(
          tx,
          { sub: job.actor_username, username: job.actor_username, email: job.actor_email, groups: [] },
          {
            action: 'users.import',
            targetType: 'import',
            targetId: jobId,
            before: { status: 'running' },
            after: { status: 'completed', filename: job.filename, total: job.total, created: job.created, skipped: job.skipped, failed: job.failed },
          },
        )
      })
    } catch (err) {
      this.log.error({ err, jobId }, 'import job failed')
      await finishJob(
        this.db,
        jobId,
        'failed',
        'The import stopped on an unexpected error; the rows settled so far are kept. Send the file again to finish it.',
      ).catch(() => {})
    }
  }

  private async importRow(
    row: { line: number; email: string; name: string; groups: string[] },
    mail: { origin?: string; locale?: string },
  ): Promise<Result | null> {
    try {
      const user = await this.pool.createUser({ email: row.email, name: row.name, ...mail })
      for (const group of row.groups) await this.pool.addToGroup(user.username, group)
      return { line: row.line, outcome: 'created', message: null, username: user.username }
    } catch (error) {
      if (error instanceof IdentityAdminError && error.kind === 'exists') {
        return { line: row.line, outcome: 'skipped', message: 'An account with this address exists already', username: null }
      }
      if (error instanceof IdentityAdminError) return { line: row.line, outcome: 'failed', message: error.message, username: null }
      // Shutting down (the identity client may be gone already): the row stays pending for the next start.
      if (this.stopped) return null
      this.log.error({ err: error, line: row.line }, 'import row failed')
      return { line: row.line, outcome: 'failed', message: 'Could not be created because of an unexpected error', username: null }
    }
  }
}
