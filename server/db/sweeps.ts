import type { FastifyBaseLogger } from 'fastify'
import type { Db, Queryable } from './index.js'

/**
 * The first key of the advisory locks that keep each sweep to one process at a time (the second
 * key is the sweep's name hashed). Two-key locks never meet the one-key locks of migrations, the
 * seed, the identity bootstrap or subscriptions.
 */
const SWEEP_LOCK_SPACE = 7261020

/**
 * Runs `work` in one transaction holding `pg_try_advisory_xact_lock(name)`: when another process
 * holds it (it is running the same sweep now), nothing runs and the answer is false. The lock ends
 * with the transaction, also when the process dies. On PGlite, the only process, the lock is
 * always free.
 */
export async function runExclusively(db: Db, name: string, work: (tx: Queryable) => Promise<void>): Promise<boolean> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ locked: boolean }>('SELECT pg_try_advisory_xact_lock($1::int, hashtext($2)) AS locked', [SWEEP_LOCK_SPACE, name])
    if (rows[0]?.locked !== true) return false
    await work(tx)
    return true
  })
}

interface Sweep {
  everyMs: number
  work: (tx: Queryable) => Promise<void>
  timer?: NodeJS.Timeout
}

/**
 * The periodic clean-ups of a process (expired rate-limit buckets, identity rows, old request
 * activity…). Every process schedules them all, and the advisory lock makes each run in one
 * process at a time: with several processes on one PostgreSQL, a sweep that is due runs once.
 */
export class Sweeps {
  private readonly sweeps = new Map<string, Sweep>()
  private started = false

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Adds a sweep run every `everyMs` once the app is ready. */
  add(name: string, everyMs: number, work: (tx: Queryable) => Promise<void>) {
    if (this.sweeps.has(name)) throw new Error(`sweep ${name} is already scheduled`)
    const sweep: Sweep = { everyMs, work }
    this.sweeps.set(name, sweep)
    if (this.started) this.schedule(name, sweep)
  }

  /** The names of the scheduled sweeps. */
  names() {
    return [...this.sweeps.keys()]
  }

  /** Runs one sweep now; false when another process is running it (nothing was done here). */
  async run(name: string): Promise<boolean> {
    const sweep = this.sweeps.get(name)
    if (!sweep) throw new Error(`no sweep named ${name}`)
    return runExclusively(this.db, name, sweep.work)
  }

  start() {
    this.started = true
    for (const [name, sweep] of this.sweeps) this.schedule(name, sweep)
  }

  stop() {
    this.started = false
    for (const sweep of this.sweeps.values()) clearInterval(sweep.timer)
  }

  private schedule(name: string, sweep: Sweep) {
    clearInterval(sweep.timer)
    sweep.timer = setInterval(() => {
      this.run(name).catch((err: unknown) => this.log.warn({ err, sweep: name }, 'sweep failed; it runs again at its next time'))
    }, sweep.everyMs)
    sweep.timer.unref()
  }
}
