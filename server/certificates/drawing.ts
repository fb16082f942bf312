import { Worker } from 'node:worker_threads'
import { ServiceBusyError } from '../http/busy.js'
import { workerEntry } from '../runtime.js'
import type { CertificateContent } from './pdf.js'

/**
 * Certificate PDFs are drawn by a small pool of worker threads (`certificates/worker`), so that the
 * server's event loop keeps answering while many learners download their certificates at once (at
 * the end of an exam). Drawings wait their turn in a bounded queue in front of the pool; when it is
 * full the download is answered 503 `BUSY` with Retry-After (and the refused drawing is drawn ahead,
 * see `ahead.ts`). Workers start with the first drawing that needs them; one that stops is replaced
 * by the next drawing, and the drawing it held fails.
 */

/** What the pool sends a worker: one certificate, its template's bytes transferred (null: the default design). */
export interface DrawRequest {
  id: number
  content: CertificateContent
  template: ArrayBuffer | null
}

/** What a worker answers: the PDF's bytes (transferred) and the milliseconds it drew for, or the error's stack. */
export type DrawAnswer = { id: number; pdf: ArrayBuffer; ms: number } | { id: number; error: string }

interface Logger {
  warn(obj: object, msg: string): void
  error(obj: object, msg: string): void
}

export interface DrawerOptions {
  /** Worker threads drawing at the same time (CERTIFICATE_PDF_WORKERS). */
  workers: number
  /** Drawings that may wait for a free worker; one more is refused as busy (CERTIFICATE_PDF_QUEUE). */
  maxWaiting: number
  log: Logger
  /** A drawing taking longer stops its worker and fails. */
  timeoutMs?: number
  /** The worker's module (by default `certificates/worker`, from the sources or the build). */
  entry?: URL
}

interface Job {
  content: CertificateContent
  template: Uint8Array | null
  resolve(pdf: Buffer): void
  reject(error: Error): void
}

interface Slot {
  worker: Worker
  job: (Job & { id: number; timer: NodeJS.Timeout }) | null
  /** Why the worker stops, when the pool stopped it. */
  stopping: string | null
}

/** The bytes in a buffer of their own that can be transferred; a copy when they share one (e.g. Node's small-buffer pool). */
function transferable(bytes: Uint8Array): ArrayBuffer {
  const { buffer } = bytes
  if (buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === buffer.byteLength) return buffer
  return new Uint8Array(bytes).buffer
}

/** The longest wait a busy answer asks for. */
const MAX_RETRY_AFTER_S = 600
/** A drawing's time before any is measured. */
const DEFAULT_DRAWING_MS = 100
/** How many of the latest drawing times the pace is taken from. */
const RECENT_DRAWINGS = 32

export class CertificateDrawer {
  private readonly slots = new Set<Slot>()
  private readonly idle: Slot[] = []
  private readonly waiting: Job[] = []
  private nextId = 1
  private closed = false
  /** The latest drawing times in milliseconds, as the workers measure them (a busy event loop here does not inflate them). */
  private readonly recentMs: number[] = []

  constructor(private readonly options: DrawerOptions) {}

  /**
   * Draws a certificate in a worker. `template` must not be used by the caller afterwards when it
   * is the sole user of its memory (the bytes are handed to the worker). Rejects with a
   * ServiceBusyError when too many drawings wait already, unless `background` (drawing ahead, whose
   * caller bounds how many it asks for at once).
   */
  draw(content: CertificateContent, template: Uint8Array | null, background = false): Promise<Buffer> {
    if (this.closed) return Promise.reject(new Error('the certificate drawing pool is closed'))
    const free = this.idle.length > 0 || this.slots.size < this.options.workers
    if (!free && !background && this.waiting.length >= this.options.maxWaiting) {
      return Promise.reject(new ServiceBusyError(`${this.waiting.length} certificate drawings already wait`, this.secondsUntil(0)))
    }
    return new Promise<Buffer>((resolve, reject) => {
      this.waiting.push({ content, template, resolve, reject })
      this.dispatch()
    })
  }

  /**
   * About how many seconds until a drawing with `ahead` others before it (besides the queue) is
   * drawn: by a quick recent drawing (the fastest quarter of the latest), since drawings measured while
   * the machine was busiest would ask callers to come back later than needed. 1 s to 10 minutes.
   */
  secondsUntil(ahead: number): number {
    const sorted = [...this.recentMs].sort((a, b) => a - b)
    const pace = sorted.length ? sorted[Math.floor(sorted.length / 4)]! : DEFAULT_DRAWING_MS
    const seconds = Math.ceil(((this.waiting.length + ahead + 1) * pace) / this.options.workers / 1000)
    return Math.min(MAX_RETRY_AFTER_S, Math.max(1, seconds))
  }

  get isClosed(): boolean {
    return this.closed
  }

  /** Fails the waiting drawings and stops every worker. */
  async close(): Promise<void> {
    this.closed = true
    for (const job of this.waiting.splice(0)) job.reject(new Error('the certificate drawing pool was closed'))
    await Promise.all(
      [...this.slots].map((slot) => {
        slot.stopping = 'the pool was closed'
        return slot.worker.terminate()
      }),
    )
  }

  private dispatch() {
    while (this.waiting.length > 0 && !this.closed) {
      const slot = this.idle.pop() ?? (this.slots.size < this.options.workers ? this.start() : null)
      if (!slot) return
      this.run(slot, this.waiting.shift()!)
    }
  }

  private run(slot: Slot, job: Job) {
    const id = this.nextId++
    const timeoutMs = this.options.timeoutMs ?? 30_000
    const timer = setTimeout(() => {
      slot.stopping = `the drawing took longer than ${timeoutMs} ms`
      void slot.worker.terminate()
    }, timeoutMs)
    slot.job = { ...job, id, timer }
    try {
      const template = job.template ? transferable(job.template) : null
      const request: DrawRequest = { id, content: job.content, template }
      slot.worker.postMessage(request, template ? [template] : [])
    } catch (error) {
      clearTimeout(timer)
      slot.job = null
      this.idle.push(slot)
      job.reject(error instanceof Error ? error : new Error(String(error)))
    }
  }

  private start(): Slot {
    const worker = new Worker(this.options.entry ?? workerEntry('certificates/worker'), {
      // A certificate is one page: the fonts, the template and the PDF being written. A drawing that
      // needs more (a huge template) stops its worker and fails rather than exhausting the process.
      resourceLimits: { maxOldGenerationSizeMb: 1024 },
      stdout: false,
      stderr: false,
    })
    const slot: Slot = { worker, job: null, stopping: null }
    this.slots.add(slot)
    let failure: Error | null = null
    worker.on('message', (answer: DrawAnswer) => {
      const job = slot.job
      if (!job || job.id !== answer.id) return
      clearTimeout(job.timer)
      slot.job = null
      if ('pdf' in answer) {
        this.recentMs.push(answer.ms)
        if (this.recentMs.length > RECENT_DRAWINGS) this.recentMs.shift()
        job.resolve(Buffer.from(answer.pdf))
      } else {
        job.reject(new Error(`the certificate could not be drawn: ${answer.error}`))
      }
      if (!this.closed) {
        this.idle.push(slot)
        this.dispatch()
      }
    })
    worker.on('error', (error) => (failure = error))
    worker.on('messageerror', (error) => (failure = error))
    worker.on('exit', (code) => {
      this.slots.delete(slot)
      const at = this.idle.indexOf(slot)
      if (at >= 0) this.idle.splice(at, 1)
      const job = slot.job
      slot.job = null
      const reason = slot.stopping ?? (failure ? `it failed: ${failure.message}` : `it exited with code ${code}`)
      if (job) {
        clearTimeout(job.timer)
        const error = new Error(`the certificate drawing worker stopped before the PDF was drawn: ${reason}`, { cause: failure ?? undefined })
        if (!this.closed) this.options.log.error({ err: error }, 'certificate drawing worker stopped; it is replaced')
        job.reject(error)
      } else if (!this.closed) {
        this.options.log.warn({ err: failure ?? undefined, code }, 'idle certificate drawing worker stopped; it is replaced')
      }
      // The next waiting drawing starts a new worker.
      this.dispatch()
    })
    return slot
  }
}
