import type { Queryable } from '../db/index.js'
import type { Storage } from '../storage/index.js'
import { addCounters, recordLearnerActivity, recordStorage } from './queries.js'

/** `YYYY-MM-DD` of an instant, in UTC (the days of every monitoring figure). */
export const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/**
 * Counts what this process does (requests served, e-mails sent, CPU time used, learners active) in
 * memory and adds it to the database at each flush: every minute, before any monitoring answer that
 * reads it, and when the server closes. Storage is measured on demand and at most every six hours.
 */
export class UsageMeter {
  private requests = 0
  private emails = 0
  private learners = new Set<string>()
  private cpuMark = process.cpuUsage()
  private chain: Promise<unknown> = Promise.resolve()
  private storageMeasuredAt = 0

  constructor(
    private readonly db: Queryable,
    private readonly storage: Storage,
    private readonly now: () => number = Date.now,
  ) {}

  countRequest() {
    this.requests++
  }

  countEmail() {
    this.emails++
  }

  countLearner(sub: string) {
    this.learners.add(sub)
  }

  /** Writes the pending counts (one flush at a time; a failed write keeps them for the next one). */
  flush(): Promise<void> {
    const run = this.chain.then(async () => {
      const cpu = process.cpuUsage(this.cpuMark)
      const counts = { requests: this.requests, emails: this.emails, cpu_ms: (cpu.user + cpu.system) / 1000 }
      const learners = [...this.learners]
      const mark = process.cpuUsage()
      this.requests = 0
      this.emails = 0
      this.learners = new Set()
      const day = utcDay(this.now())
      try {
        await addCounters(this.db, day, counts)
        await recordLearnerActivity(this.db, day, learners)
        this.cpuMark = mark
      } catch (error) {
        this.requests += counts.requests
        this.emails += counts.emails
        for (const l of learners) this.learners.add(l)
        throw error
      }
    })
    this.chain = run.catch(() => {})
    return run
  }

  /** Measures the storage now and records it as today's figure. */
  async measureStorage(): Promise<{ bytes: number; objects: number }> {
    const usage = await this.storage.usage()
    this.storageMeasuredAt = this.now()
    await recordStorage(this.db, utcDay(this.storageMeasuredAt), usage.bytes, usage.objects)
    return usage
  }

  /** A measurement when the last one is older than six hours (the timer calls it). */
  async measureStorageIfStale() {
    if (this.now() - this.storageMeasuredAt >= 6 * 60 * 60 * 1000) await this.measureStorage()
  }
}
