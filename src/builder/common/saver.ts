import { ApiError, httpClient } from '../../dataProvider/http'
import { HEARTBEAT_MS, PendingStore, type KeyValueStorage, type PendingWrite } from './pendingStore'

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
 * - Edits of a page that is gone (closed tab, reload, crash) are never sent by another page on its
 *   own: the page offers them (`PendingStore.orphans`) and sends what the person restores (`adopt`).
 */

export type { PendingRecord, PendingWrite } from './pendingStore'

export type SaverStatus = 'saved' | 'pending' | 'saving' | 'offline' | 'retrying' | 'conflict' | 'refused'

/** Every write answers with the course's new revision (B9: `{ revision, ... }`). */
export interface WriteAnswer {
  revision?: number
  [field: string]: unknown
}

export interface EnqueueOptions {
  /** Wait for a pause in the creator's typing before sending (default true). */
  debounce?: boolean
  /** Merge the body into an unsent write of the same key instead of replacing it (default true). */
  merge?: boolean
}

export interface SaverOptions {
  uuid: string
  revision: number
  /** Sends one write (default: the API through `httpClient`). */
  send?: (write: PendingWrite, revision: number) => Promise<WriteAnswer>
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

/** The promise of an edit the person dropped for the course as saved ("take theirs"). */
export class DroppedEdit extends Error {
  constructor() {
    super('The edit was dropped for the saved course')
    this.name = 'DroppedEdit'
  }
}

interface Entry extends PendingWrite {
  /** Not sent before this time (epoch ms), while the creator may still be typing. */
  notBefore: number
  waiters: Array<{ resolve: (answer: WriteAnswer) => void; reject: (error: unknown) => void }>
}

/** The default sender: the creator API, the revision inserted into the body. */
export function sendWrite(write: PendingWrite, revision: number): Promise<WriteAnswer> {
  return httpClient<WriteAnswer>(write.url, { method: write.method, body: JSON.stringify({ ...write.body, revision }) }).then((r) => r.json ?? {})
}

/**
 * The answer's status of a failed write (0: no answer), or undefined for anything else thrown. Read
 * from the error's fields: react-admin's HttpError resets its prototype, so `instanceof ApiError`
 * does not hold for its subclasses everywhere.
 */
const statusOf = (error: unknown): number | undefined => (error instanceof ApiError ? error.status : undefined)
/** A failure that leaves the write worth sending again: no answer, or the server's own trouble. */
const isTransient = (error: unknown) => {
  const status = statusOf(error)
  return status === undefined || status === 0 || status >= 500
}
const isStale = (error: unknown) => {
  const body = error instanceof ApiError ? error.body : undefined
  return statusOf(error) === 409 && typeof body === 'object' && body !== null && (body as { code?: unknown }).code === 'STALE_REVISION'
}
const plain = ({ key, method, url, body }: PendingWrite): PendingWrite => ({ key, method, url, body })

export class CourseSaver {
  readonly uuid: string
  readonly store: PendingStore
  private rev: number
  private queue: Entry[] = []
  private sending: Entry | null = null
  private state: SaverStatus = 'saved'
  private timer: ReturnType<typeof setTimeout> | null = null
  private heartbeat: ReturnType<typeof setInterval> | null = null
  private retryDelay: number
  private paused = false
  private disposed = false
  private lastError: unknown = null
  /** When the oldest unsent edit was made (epoch ms). */
  private since = 0
  private readonly listeners = new Set<() => void>()
  private readonly savedListeners = new Set<(write: PendingWrite, answer: WriteAnswer) => void>()
  private readonly send: NonNullable<SaverOptions['send']>
  private readonly debounceMs: number
  private readonly retryMs: number
  private readonly maxRetryMs: number
  private readonly online: () => boolean
  private readonly idleWaiters: Array<() => void> = []

  constructor(options: SaverOptions) {
    this.uuid = options.uuid
    this.rev = options.revision
    this.send = options.send ?? sendWrite
    const storage = options.storage === undefined ? (typeof localStorage !== 'undefined' ? localStorage : null) : options.storage
    this.store = options.store ?? new PendingStore(options.uuid, storage)
    this.debounceMs = options.debounceMs ?? 1000
    this.retryMs = options.retryMs ?? 2000
    this.maxRetryMs = options.maxRetryMs ?? 30_000
    this.retryDelay = this.retryMs
    this.online = options.online ?? (() => (typeof navigator === 'undefined' ? true : navigator.onLine !== false))
    if (options.onSaved) this.savedListeners.add(options.onSaved)
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
    return this.state
  }

  /** Why the last write was refused (status `refused`, `conflict`), or the last transient failure. */
  get error(): unknown {
    return this.lastError
  }

  /** The writes not yet acknowledged, oldest first (the one being sent included). */
  pending(): PendingWrite[] {
    return [...(this.sending ? [this.sending] : []), ...this.queue].map(plain)
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
    return this.sending !== null || this.queue.length > 0
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Calls `listener` with every write the server accepted and its answer (the page keeps its copy of the course current). */
  onSaved(listener: (write: PendingWrite, answer: WriteAnswer) => void): () => void {
    this.savedListeners.add(listener)
    return () => this.savedListeners.delete(listener)
  }

  /** Queues a write; the promise settles with its answer (or the answer of the write that absorbed it). */
  enqueue(write: PendingWrite, options: EnqueueOptions = {}): Promise<WriteAnswer> {
    const debounce = options.debounce ?? true
    const merge = options.merge ?? true
    return new Promise<WriteAnswer>((resolve, reject) => {
      const tail = this.queue[this.queue.length - 1]
      const notBefore = debounce ? Date.now() + this.debounceMs : 0
      if (!this.hasPending) this.since = Date.now()
      if (tail && tail.key === write.key && tail.method === write.method && tail.url === write.url) {
        tail.body = merge ? { ...tail.body, ...write.body } : { ...write.body }
        tail.notBefore = notBefore
        tail.waiters.push({ resolve, reject })
      } else {
        this.queue.push({ ...plain(write), body: { ...write.body }, notBefore, waiters: [{ resolve, reject }] })
      }
      // A write sent at once takes every write queued before it along (order is kept).
      if (!debounce) for (const entry of this.queue) entry.notBefore = 0
      this.persist()
      if (this.state === 'saved' || this.state === 'refused') this.setState(this.online() ? 'pending' : 'offline')
      else this.notify()
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
    for (const write of writes) this.queue.push({ ...plain(write), body: { ...write.body }, notBefore: 0, waiters: [] })
    this.persist()
    if (!this.paused) this.setState('pending')
    this.schedule()
  }

  /** Sends every waiting write now (leaving the page, publishing, "try again"). */
  flush(): void {
    for (const entry of this.queue) entry.notBefore = 0
    this.retryDelay = this.retryMs
    this.schedule(true)
  }

  /** Resolves once nothing is pending, or the queue stops (offline, conflict): then `hasPending` tells. */
  whenIdle(): Promise<void> {
    if (!this.hasPending || this.paused || this.state === 'offline') return Promise.resolve()
    return new Promise((resolve) => this.idleWaiters.push(resolve))
  }

  /**
   * After a conflict the person chose, edit by edit: `kept` are the writes to send again (whole or in
   * part), on top of the course as saved at `revision`; every other write of `decided` (what the
   * person was shown) is dropped, its promise rejected with `DroppedEdit`.
   */
  resolve(revision: number, kept: PendingWrite[], decided: PendingWrite[] = this.pending()): void {
    const shown = new Set(decided.map((w) => w.body))
    // Edits made while the person was choosing were not on the screen: they stay, after the kept ones.
    const later = this.queue.filter((e) => !shown.has(e.body))
    const before = this.queue.filter((e) => shown.has(e.body))
    this.queue = []
    for (const write of kept) {
      const same = before.find((e) => e.key === write.key && e.url === write.url && e.waiters.length > 0)
      const waiters = same ? same.waiters.splice(0) : []
      this.queue.push({ ...plain(write), body: { ...write.body }, notBefore: 0, waiters })
    }
    this.queue.push(...later)
    for (const entry of before) for (const w of entry.waiters) w.reject(new DroppedEdit())
    this.rev = revision
    this.paused = false
    this.lastError = null
    this.persist()
    this.setState(this.hasPending ? 'pending' : 'saved')
    this.flush()
    if (!this.hasPending) this.releaseIdle()
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
    this.listeners.clear()
    this.savedListeners.clear()
    this.releaseIdle()
  }

  private readonly onOnline = () => {
    if (this.state === 'offline' || this.state === 'retrying') {
      this.setState(this.hasPending ? 'pending' : 'saved')
      this.flush()
    }
  }

  private readonly onOffline = () => {
    if (this.hasPending && !this.paused && this.state !== 'refused') this.setState('offline')
  }

  private readonly onBeforeUnload = (event: BeforeUnloadEvent) => {
    if (!this.hasPending) return
    // The writes are kept in this browser anyway; the browser's prompt lets the creator wait for them.
    if (!this.paused) this.flush()
    event.preventDefault()
    event.returnValue = ''
  }

  private readonly onHidden = () => {
    if (document.visibilityState === 'hidden' && this.queue.length > 0 && !this.paused) this.flush()
  }

  private schedule(now = false) {
    if (this.disposed || this.paused || this.sending) return
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    const head = this.queue[0]
    if (!head) return
    const wait = now ? 0 : Math.max(0, head.notBefore - Date.now())
    if (wait === 0) void this.sendHead()
    else this.timer = setTimeout(() => void this.sendHead(), wait)
  }

  private async sendHead() {
    this.timer = null
    if (this.disposed || this.paused || this.sending) return
    const head = this.queue[0]
    if (!head) return
    if (!this.online()) {
      this.setState('offline')
      this.releaseIdle()
      return
    }
    this.queue.shift()
    this.sending = head
    this.setState('saving')
    try {
      const answer = await this.send(plain(head), this.rev)
      if (typeof answer.revision === 'number') this.rev = answer.revision
      this.sending = null
      this.retryDelay = this.retryMs
      this.lastError = null
      if (!this.hasPending) this.since = 0
      this.persist()
      for (const listener of this.savedListeners) listener(plain(head), answer)
      for (const w of head.waiters) w.resolve(answer)
      this.afterWrite()
    } catch (error) {
      this.sending = null
      if (isStale(error)) {
        // Kept, with everything after it, until the person chooses: never sent again by itself.
        this.queue.unshift(head)
        this.paused = true
        this.lastError = error
        this.persist()
        this.setState('conflict')
        this.releaseIdle()
        return
      }
      if (isTransient(error)) {
        this.queue.unshift(head)
        this.lastError = error
        this.setState(!this.online() || statusOf(error) === 0 ? 'offline' : 'retrying')
        this.releaseIdle()
        if (!this.disposed) this.timer = setTimeout(() => this.schedule(true), this.retryDelay)
        this.retryDelay = Math.min(this.retryDelay * 2, this.maxRetryMs)
        return
      }
      // Refused for good: keeping it would block every write after it.
      this.lastError = error
      this.persist()
      for (const w of head.waiters) w.reject(error)
      this.afterWrite('refused')
    }
  }

  private afterWrite(failed?: 'refused') {
    if (this.queue.length > 0) {
      this.setState(failed ?? 'pending')
      this.schedule()
    } else {
      this.setState(failed ?? 'saved')
      this.releaseIdle()
    }
  }

  private releaseIdle() {
    for (const resolve of this.idleWaiters.splice(0)) resolve()
  }

  private setState(state: SaverStatus) {
    this.state = state
    this.notify()
  }

  private notify() {
    for (const listener of this.listeners) listener()
  }

  /** This page's record: its unsent writes and the revision they were made against. */
  private persist() {
    const writes = this.pending()
    this.store.save(writes.length === 0 ? null : { baseRevision: this.rev, createdAt: this.since || Date.now(), conflict: this.paused, writes })
  }
}
