import { dataProvider, type AppDataProvider } from '../../dataProvider'
import { HEARTBEAT_MS, PendingStore, type KeyValueStorage, type PendingWrite } from './pendingStore'
import { Backoff, DroppedEdit, fieldErrorsOf, isStale, isTransient, statusOf } from './saveFailures'
import { SaverSignals, type SaverStatus, type WriteAnswer } from './saverStatus'
import { plain, WriteQueue } from './writeQueue'

/**
 * The builder's one way to write a course: nothing a creator types may be lost, and nothing refused
 * may come back by itself. Every edit becomes a pending write in one ordered queue per page, kept in
 * this browser (`PendingStore`: the page's own record, with the revision it was made against) until
 * the server has it; writes go one at a time, each carrying the course's current revision (taken from
 * the previous answer), so the server can refuse a write made on a stale view.
 *
 * - An edit made again before it was sent replaces the pending one of the same `key` (coalescing):
 *   typing a name sends the last text, not every keystroke.
 * - Edits wait a short pause (`debounceMs`, under the 1.5 s the design allows) before going out; a
 *   write that is not debounced (adding, deleting, moving) sends everything before it at once.
 * - No network, or no answer: the writes stay, the status says so, and they go out again when the
 *   browser is back online (and on a slow timer, for a server that was away).
 * - 409 STALE_REVISION: the queue stops with the status `conflict`, and nothing pending is sent again
 *   until the person has chosen, edit by edit, between theirs and the course as saved now
 *   (`resolve`, with the writes kept and the revision they were compared with).
 * - Any other refusal (400, 403, 404, 409 for another reason, 413) drops that write, which would be
 *   refused forever, rejects its promise (so the screen shows why) and goes on with the next one.
 * - An edit that needs fixing is held (`hold`): one the screen will not send while a field is invalid,
 *   or one the server refused with field messages (400 `errors`). Until a write of the same key is
 *   accepted (or the screen lets it go with `release`) the status rests at `invalid`, never `saved`.
 * - Edits of a page that is gone (closed tab, reload, crash) are never sent by another page on its
 *   own: the page offers them (`PendingStore.orphans`) and sends what the person restores (`adopt`).
 *
 * The queue itself is `WriteQueue`, how a failure is read is in `saveFailures`, and what the screen
 * is told is `SaverSignals`.
 */

export type { PendingRecord, PendingWrite } from './pendingStore'
export { DroppedEdit } from './saveFailures'
export type { SaverStatus, WriteAnswer } from './saverStatus'

export interface EnqueueOptions {
  /** Wait for a pause in the creator's typing before sending (default true). */
  debounce?: boolean
  /** Merge the body into an unsent write of the same key instead of replacing it (default true). */
  merge?: boolean
}

export interface SaverOptions {
  uuid: string
  revision: number
  /** Sends one write: the dataProvider's `sendCourseWrite` (by default the app's own dataProvider). */
  send?: AppDataProvider['sendCourseWrite']
  /** Where unsent edits are kept (default localStorage), or a store made elsewhere. */
  storage?: KeyValueStorage | null
  store?: PendingStore
  debounceMs?: number
  /** First delay before sending again after a failure without an answer; doubles up to `maxRetryMs`. */
  retryMs?: number
  maxRetryMs?: number
  /** Whether the browser believes it is online (default `navigator.onLine`). */
  online?: () => boolean
  /** Told of every accepted write. */
  onSaved?: (write: PendingWrite, answer: WriteAnswer) => void
}

/** The default sender: the creator API through the app's dataProvider, the revision inserted into the body. */
export function sendWrite(write: PendingWrite, revision: number): Promise<WriteAnswer> {
  return dataProvider.sendCourseWrite(write, revision)
}

/** An edit held back until the person fixes it. */
export interface Hold {
  draft: unknown
  error?: unknown
}

export class CourseSaver {
  readonly uuid: string
  readonly store: PendingStore
  private rev: number
  private readonly writes = new WriteQueue()
  private readonly signals = new SaverSignals()
  private timer: ReturnType<typeof setTimeout> | null = null
  private heartbeat: ReturnType<typeof setInterval> | null = null
  private readonly backoff: Backoff
  private paused = false
  private disposed = false
  private lastError: unknown = null
  /** Edits that need fixing, by write key: the screen's draft and the server's refusal, if any. */
  private readonly holds = new Map<string, Hold>()
  /** When the oldest unsent edit was made (epoch ms). */
  private since = 0
  private readonly send: NonNullable<SaverOptions['send']>
  private readonly debounceMs: number
  private readonly online: () => boolean

  constructor(options: SaverOptions) {
    this.uuid = options.uuid
    this.rev = options.revision
    this.send = options.send ?? sendWrite
    const storage = options.storage === undefined ? (typeof localStorage !== 'undefined' ? localStorage : null) : options.storage
    this.store = options.store ?? new PendingStore(options.uuid, storage)
    this.debounceMs = options.debounceMs ?? 1000
    this.backoff = new Backoff(options.retryMs ?? 2000, options.maxRetryMs ?? 30_000)
    this.online = options.online ?? (() => (typeof navigator === 'undefined' ? true : navigator.onLine !== false))
    if (options.onSaved) this.signals.onSaved(options.onSaved)
    if (typeof window !== 'undefined') {
      window.addEventListener('online', this.onOnline)
      window.addEventListener('offline', this.onOffline)
      window.addEventListener('beforeunload', this.onBeforeUnload)
      document.addEventListener('visibilitychange', this.onHidden)
    }
    // A sign of life in the stored record, for browsers that cannot tell a live page by its lock.
    this.heartbeat = setInterval(() => this.hasPending && this.store.beat(), HEARTBEAT_MS)
  }

  /** The course revision the next write carries. */
  get revision(): number {
    return this.rev
  }

  get status(): SaverStatus {
    return this.signals.status
  }

  /** Why the last write was refused (status `refused`, `conflict`), or the last transient failure. */
  get error(): unknown {
    return this.lastError
  }

  /**
   * Holds the edit of `key` back as needing a fix: `draft` is the screen's unsent state (so it can
   * draw it again), `error` the server's refusal. The status rests at `invalid` while anything is held.
   */
  hold(key: string, draft: unknown, error?: unknown): void {
    this.holds.set(key, { draft, error: error ?? this.holds.get(key)?.error })
    this.settleStatus()
  }

  /** The edit of `key` was fixed (and sent) or given up: it no longer keeps the status at `invalid`. */
  release(key: string): void {
    if (!this.holds.delete(key)) return
    this.settleStatus()
  }

  /** What is held for `key`, if anything. */
  held(key: string): Hold | undefined {
    return this.holds.get(key)
  }

  /** The writes not yet acknowledged, oldest first (the one being sent included). */
  pending(): PendingWrite[] {
    return this.writes.pending()
  }

  /**
   * The unsent body for `key` merged in order, or undefined: a screen draws the fetched course with
   * this on top, so edits waiting in the queue show as typed.
   */
  pendingBody(key: string): Record<string, unknown> | undefined {
    const writes = this.pending().filter((w) => w.key === key)
    return writes.length === 0 ? undefined : Object.assign({}, ...writes.map((w) => w.body))
  }

  get hasPending(): boolean {
    return this.writes.hasPending
  }

  subscribe(listener: () => void): () => void {
    return this.signals.subscribe(listener)
  }

  /** Calls `listener` with every write the server accepted and its answer (the page keeps its copy of the course current). */
  onSaved(listener: (write: PendingWrite, answer: WriteAnswer) => void): () => void {
    return this.signals.onSaved(listener)
  }

  /** Queues a write; the promise settles with its answer (or the answer of the write that absorbed it). */
  enqueue(write: PendingWrite, options: EnqueueOptions = {}): Promise<WriteAnswer> {
    const debounce = options.debounce ?? true
    const merge = options.merge ?? true
    return new Promise<WriteAnswer>((resolve, reject) => {
      if (!this.hasPending) this.since = Date.now()
      this.writes.add(write, debounce ? Date.now() + this.debounceMs : 0, merge, { resolve, reject })
      // A write sent at once takes every write queued before it along (order is kept).
      if (!debounce) this.writes.releaseAll()
      this.persist()
      const status = this.signals.status
      if (status === 'saved' || status === 'refused' || status === 'invalid') this.signals.set(this.online() ? 'pending' : 'offline')
      else this.signals.notify()
      this.schedule()
    })
  }

  /**
   * Sends writes the person restored from a page that is gone, after this page's own: they were
   * compared with the course as saved at `revision` (the caller's conflict check).
   */
  adopt(writes: PendingWrite[], revision: number): void {
    if (writes.length === 0) return
    if (!this.hasPending) {
      this.rev = revision
      this.since = Date.now()
    }
    this.writes.append(writes)
    this.persist()
    if (!this.paused) this.signals.set('pending')
    this.schedule()
  }

  /** Sends every waiting write now (leaving the page, publishing, "try again"). */
  flush(): void {
    this.writes.releaseAll()
    this.backoff.reset()
    this.schedule(true)
  }

  /** Resolves once nothing is pending, or the queue stops (offline, conflict): then `hasPending` tells. */
  whenIdle(): Promise<void> {
    if (!this.hasPending || this.paused || this.signals.status === 'offline') return Promise.resolve()
    return this.signals.waitIdle()
  }

  /**
   * After a conflict the person chose, edit by edit: `kept` are the writes to send again (whole or in
   * part), on top of the course as saved at `revision`; every other write of `decided` (what the
   * person was shown) is dropped, its promise rejected with `DroppedEdit`.
   */
  resolve(revision: number, kept: PendingWrite[], decided: PendingWrite[] = this.pending()): void {
    const dropped = this.writes.rebase(kept, decided)
    for (const w of dropped) w.reject(new DroppedEdit())
    this.rev = revision
    this.paused = false
    this.lastError = null
    this.persist()
    this.signals.set(this.hasPending ? 'pending' : this.rest())
    this.flush()
    if (!this.hasPending) this.signals.releaseIdle()
  }

  /** A write made outside the queue moved the revision. */
  setRevision(revision: number): void {
    this.rev = revision
  }

  dispose(): void {
    this.disposed = true
    if (this.timer) clearTimeout(this.timer)
    if (this.heartbeat) clearInterval(this.heartbeat)
    if (typeof window !== 'undefined') {
      window.removeEventListener('online', this.onOnline)
      window.removeEventListener('offline', this.onOffline)
      window.removeEventListener('beforeunload', this.onBeforeUnload)
      document.removeEventListener('visibilitychange', this.onHidden)
    }
    this.store.dispose()
    this.signals.dispose()
  }

  private readonly onOnline = () => {
    const status = this.signals.status
    if (status === 'offline' || status === 'retrying') {
      this.signals.set(this.hasPending ? 'pending' : this.rest())
      this.flush()
    }
  }

  private readonly onOffline = () => {
    if (this.hasPending && !this.paused && this.signals.status !== 'refused' && this.signals.status !== 'invalid') this.signals.set('offline')
  }

  private readonly onBeforeUnload = (event: BeforeUnloadEvent) => {
    if (!this.hasPending) return
    // The writes are kept in this browser anyway; the browser's prompt lets the creator wait for them.
    if (!this.paused) this.flush()
    event.preventDefault()
    event.returnValue = ''
  }

  private readonly onHidden = () => {
    if (document.visibilityState === 'hidden' && this.writes.waitingCount > 0 && !this.paused) this.flush()
  }

  private schedule(now = false) {
    if (this.disposed || this.paused || this.writes.isSending) return
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    const head = this.writes.head
    if (!head) return
    const wait = now ? 0 : Math.max(0, head.notBefore - Date.now())
    if (wait === 0) void this.sendHead()
    else this.timer = setTimeout(() => void this.sendHead(), wait)
  }

  private async sendHead() {
    this.timer = null
    if (this.disposed || this.paused || this.writes.isSending || !this.writes.head) return
    if (!this.online()) {
      this.signals.set('offline')
      this.signals.releaseIdle()
      return
    }
    const head = this.writes.take()
    if (!head) return
    this.signals.set('saving')
    try {
      const answer = await this.send(plain(head), this.rev)
      if (typeof answer.revision === 'number') this.rev = answer.revision
      this.writes.settle()
      this.backoff.reset()
      this.lastError = null
      if (!this.hasPending) this.since = 0
      this.persist()
      // An accepted write of a held key carries the fix (plans, FAQ and such are sent whole).
      this.holds.delete(head.key)
      this.signals.saved(plain(head), answer)
      for (const w of head.waiters) w.resolve(answer)
      this.afterWrite()
    } catch (error) {
      this.writes.settle()
      if (isStale(error)) {
        // Kept, with everything after it, until the person chooses: never sent again by itself.
        this.writes.putBack(head)
        this.paused = true
        this.lastError = error
        this.persist()
        this.signals.set('conflict')
        this.signals.releaseIdle()
        return
      }
      if (isTransient(error)) {
        this.writes.putBack(head)
        this.lastError = error
        this.signals.set(!this.online() || statusOf(error) === 0 ? 'offline' : 'retrying')
        this.signals.releaseIdle()
        const wait = this.backoff.next()
        if (!this.disposed) this.timer = setTimeout(() => this.schedule(true), wait)
        return
      }
      // Refused for good: keeping it would block every write after it. A refusal naming fields is
      // held until the person fixes them.
      this.lastError = error
      if (fieldErrorsOf(error)) this.holds.set(head.key, { draft: this.holds.get(head.key)?.draft, error })
      this.persist()
      for (const w of head.waiters) w.reject(error)
      this.afterWrite('refused')
    }
  }

  private afterWrite(failed?: 'refused') {
    if (this.writes.waitingCount > 0) {
      this.signals.set(failed ?? 'pending')
      this.schedule()
    } else {
      this.signals.set(this.holds.size > 0 ? 'invalid' : (failed ?? 'saved'))
      this.signals.releaseIdle()
    }
  }

  /** The status once nothing is pending: `invalid` while an edit is held, else `saved`. */
  private rest(): SaverStatus {
    return this.holds.size > 0 ? 'invalid' : 'saved'
  }

  /** After a hold changed: a resting status follows it; a moving queue says so itself when it stops. */
  private settleStatus() {
    const status = this.signals.status
    if (status === 'saved' || status === 'invalid' || status === 'refused')
      this.signals.set(this.holds.size > 0 ? 'invalid' : status === 'refused' ? 'refused' : 'saved')
    else this.signals.notify()
  }

  /** This page's record: its unsent writes and the revision they were made against. */
  private persist() {
    const writes = this.pending()
    this.store.save(writes.length === 0 ? null : { baseRevision: this.rev, createdAt: this.since || Date.now(), conflict: this.paused, writes })
  }
}
