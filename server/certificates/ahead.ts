import type { CertificateDrawer } from './drawing.js'

interface Logger {
  warn(obj: object, msg: string): void
}

/**
 * Certificates drawn ahead. A download refused as busy (the drawing queue is full: a crowd finishing
 * an exam together) is remembered here by its stored key and drawn as soon as a worker is free, in the
 * order refused, whether or not its learner is back yet; the learner's next try then finds the kept
 * copy. The busy answer's Retry-After says when its turn is likely done, so the crowd comes back
 * spread over the drawing time instead of all at once, and the workers never wait for it.
 * In memory: a process that stops forgets its list, and the learners' next tries draw what is missing.
 */
export class DrawAhead {
  /** Drawings to start, in the order refused, each with its place in that order. */
  private readonly pending = new Map<string, { seq: number; draw: () => Promise<unknown> }>()
  private nextSeq = 0
  /** The place of the next drawing to start. */
  private startSeq = 0
  private running = 0

  constructor(
    private readonly o: {
      drawer: CertificateDrawer
      /** Drawings ahead running at once (a little more than the workers, so they never wait for a template to load). */
      concurrency: number
      /** Drawings remembered at most; beyond, a refused download is only told to come back. */
      max: number
      log: Logger
    },
  ) {}

  /**
   * Remembers the drawing of `key` (once; `draw` draws and keeps it) and answers about how many
   * seconds until it is drawn, or null when the list is full.
   */
  defer(key: string, draw: () => Promise<unknown>): number | null {
    let job = this.pending.get(key)
    if (!job) {
      if (this.pending.size >= this.o.max) return null
      job = { seq: this.nextSeq++, draw }
      this.pending.set(key, job)
      this.pump()
    }
    return this.o.drawer.secondsUntil(Math.max(0, job.seq - this.startSeq))
  }

  /** Drawings remembered and not started yet. */
  get size(): number {
    return this.pending.size
  }

  private pump() {
    while (this.running < this.o.concurrency && !this.o.drawer.isClosed) {
      const next = this.pending.entries().next()
      if (next.done) return
      const [key, job] = next.value
      this.pending.delete(key)
      this.startSeq = job.seq + 1
      this.running++
      void job
        .draw()
        .catch((error: unknown) => {
          if (!this.o.drawer.isClosed) this.o.log.warn({ err: error, key }, 'certificate drawn ahead failed; the next download draws it')
        })
        .finally(() => {
          this.running--
          this.pump()
        })
    }
  }
}
