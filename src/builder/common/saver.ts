import { ApiError, httpClient } from '../../dataProvider/http'

/**
 * The builder's one way to write a course: nothing a creator types may be lost (issue "never lose
 * work"). Every edit becomes a pending write in one ordered queue per course, kept in this browser's
 * localStorage until the server has it; writes go one at a time, each carrying the course's current
 * revision (taken from the previous answer), so the server can refuse a write made on a stale view.
 *
 * - An edit made again before it was sent replaces the pending one of the same `key` (coalescing):
 *   typing a name sends the last text, not every keystroke.
 * - Edits wait a short pause (`debounceMs`, under the 1.5 s the design allows) before going out; a
 *   write that is not debounced (adding, deleting, moving) sends everything before it at once.
 * - No network, or no answer: the writes stay, the status says so, and they go out again when the
 *   browser is back online (and on a slow timer, for a server that was away).
 * - 409 STALE_REVISION: the queue pauses with the status `conflict`; the screen fetches the course
 *   again and calls `resume(revision)`, which replays the pending writes on top of it.
 * - Any other refusal (400, 403, 404, 409 for another reason, 413) drops that write, which would be
 *   refused forever, rejects its promise (so the screen shows why) and goes on with the next one.
 */

/** One write to the course, as queued: the body goes out with `revision` added. */
export interface PendingWrite {
  /** Writes with the same key replace each other while unsent (e.g. `general`, `faq`, `block:<id>`). */
  key: string
  method: 'POST' | 'PUT'
  /** The API path, e.g. `/api/v2/courses/creator/builder/update-general`. */
  url: string
  /** The body without `revision`. */
  body: Record<string, unknown>
}

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
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>
  debounceMs?: number
  /** First delay before sending again after a failure without an answer; doubles up to `maxRetryMs`. */
  retryMs?: number
  maxRetryMs?: number
  /** Whether the browser believes it is online (default `navigator.onLine`). */
  online?: () => boolean
  /** Told of every accepted write from the start (writes left by an earlier page go out at once). */
  onSaved?: (write: PendingWrite, answer: WriteAnswer) => void
}

interface Entry extends PendingWrite {
  /** The tab that queued it: two tabs of one course share the stored queue and keep each other's writes. */
  owner: string
  /** Not sent before this time (epoch ms), while the creator may still be typing. */
  notBefore: number
  waiters: Array<{ resolve: (answer: WriteAnswer) => void; reject: (error: unknown) => void }>
}

interface Stored {
  writes: Array<PendingWrite & { owner: string }>
}

export const pendingKey = (uuid: string) => `aula.builder.pending.${uuid}`

const tabId = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`

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

export class CourseSaver {
  readonly uuid: string
  private rev: number
  private queue: Entry[] = []
  private sending: Entry | null = null
  private state: SaverStatus = 'saved'
  private timer: ReturnType<typeof setTimeout> | null = null
  private retryDelay: number
  private paused = false
  private disposed = false
  private lastError: unknown = null
  private readonly listeners = new Set<() => void>()
  private readonly savedListeners = new Set<(write: PendingWrite, answer: WriteAnswer) => void>()
  private readonly send: NonNullable<SaverOptions['send']>
  private readonly storage: SaverOptions['storage'] | null
  private readonly debounceMs: number
  private readonly retryMs: number
  private readonly maxRetryMs: number
  private readonly online: () => boolean
  private readonly idleWaiters: Array<() => void> = []

  constructor(options: SaverOptions) {
    this.uuid = options.uuid
    this.rev = options.revision
    this.send = options.send ?? sendWrite
    this.storage = options.storage ?? (typeof localStorage !== 'undefined' ? localStorage : null)
    this.debounceMs = options.debounceMs ?? 1000
    this.retryMs = options.retryMs ?? 2000
    this.maxRetryMs = options.maxRetryMs ?? 30_000
    this.retryDelay = this.retryMs
    this.online = options.online ?? (() => (typeof navigator === 'undefined' ? true : navigator.onLine !== false))
    if (options.onSaved) this.savedListeners.add(options.onSaved)
    // Writes left by an earlier page of this course (closed tab, reload, crash) are this page's now.
    for (const write of this.readStored()) this.queue.push({ ...write, owner: tabId, notBefore: 0, waiters: [] })
    if (this.queue.length > 0) {
      this.state = 'pending'
      this.persist()
    }
    if (typeof window !== 'undefined') {
      window.addEventListener('online', this.onOnline)
      window.addEventListener('beforeunload', this.onBeforeUnload)
      document.addEventListener('visibilitychange', this.onHidden)
    }
    this.schedule()
  }

  /** The course revision the next write carries. */
  get revision(): number {
    return this.rev
  }

  get status(): SaverStatus {
    return this.state
  }

  /** Why the last write was refused (status `refused`), or the last transient failure. */
  get error(): unknown {
    return this.lastError
  }

  /** The writes not yet acknowledged, oldest first (the one being sent included). */
  pending(): PendingWrite[] {
    return [...(this.sending ? [this.sending] : []), ...this.queue].map(({ key, method, url, body }) => ({ key, method, url, body }))
  }

  /**
   * The unsent body for `key` merged in order, or undefined: a screen draws the fetched course with
   * this on top, so edits waiting in the queue (or left by a previous page) show as typed.
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

  /**
   * Queues a write; the promise settles with its answer (or the answer of the write that absorbed it).
   * Writes left by an earlier page have no promise: their answers only move the revision.
   */
  enqueue(write: PendingWrite, options: EnqueueOptions = {}): Promise<WriteAnswer> {
    const debounce = options.debounce ?? true
    const merge = options.merge ?? true
    return new Promise<WriteAnswer>((resolve, reject) => {
      const tail = this.queue[this.queue.length - 1]
      const notBefore = debounce ? Date.now() + this.debounceMs : 0
      if (tail && tail.key === write.key && tail.method === write.method && tail.url === write.url) {
        tail.body = merge ? { ...tail.body, ...write.body } : { ...write.body }
        tail.notBefore = notBefore
        tail.waiters.push({ resolve, reject })
      } else {
        this.queue.push({ ...write, body: { ...write.body }, owner: tabId, notBefore, waiters: [{ resolve, reject }] })
      }
      // A write sent at once takes every write queued before it along (order is kept).
      if (!debounce) for (const entry of this.queue) entry.notBefore = 0
      this.persist()
      if (this.state === 'saved' || this.state === 'refused') this.setState('pending')
      else this.notify()
      this.schedule()
    })
  }

  /** Sends every waiting write now (leaving the page, publishing). */
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

  /** After a conflict: the course was fetched again at `revision`; the pending writes go out on top of it. */
  resume(revision: number): void {
    this.rev = revision
    this.paused = false
    this.lastError = null
    this.setState(this.hasPending ? 'pending' : 'saved')
    this.flush()
  }

  /** A write made outside the queue moved the revision (e.g. publishing does not, but a reload does). */
  setRevision(revision: number): void {
    this.rev = revision
  }

  dispose(): void {
    this.disposed = true
    if (this.timer) clearTimeout(this.timer)
    if (typeof window !== 'undefined') {
      window.removeEventListener('online', this.onOnline)
      window.removeEventListener('beforeunload', this.onBeforeUnload)
      document.removeEventListener('visibilitychange', this.onHidden)
    }
    this.listeners.clear()
    this.savedListeners.clear()
    this.releaseIdle()
  }

  private readonly onOnline = () => {
    if (this.state === 'offline' || this.state === 'retrying') this.flush()
  }

  private readonly onBeforeUnload = (event: BeforeUnloadEvent) => {
    if (!this.hasPending) return
    // The writes are kept in localStorage anyway; the browser's prompt lets the creator wait for them.
    this.flush()
    event.preventDefault()
    event.returnValue = ''
  }

  private readonly onHidden = () => {
    if (document.visibilityState === 'hidden' && this.queue.length > 0) this.flush()
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
      const answer = await this.send({ key: head.key, method: head.method, url: head.url, body: head.body }, this.rev)
      if (typeof answer.revision === 'number') this.rev = answer.revision
      this.sending = null
      this.retryDelay = this.retryMs
      this.lastError = null
      this.persist()
      const written: PendingWrite = { key: head.key, method: head.method, url: head.url, body: head.body }
      for (const listener of this.savedListeners) listener(written, answer)
      for (const w of head.waiters) w.resolve(answer)
      this.afterWrite()
    } catch (error) {
      this.sending = null
      if (isStale(error)) {
        // Back at the front: it is replayed once the course is fetched again.
        this.queue.unshift(head)
        this.paused = true
        this.lastError = error
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

  private readStored(): Array<PendingWrite & { owner: string }> {
    if (!this.storage) return []
    try {
      const raw = this.storage.getItem(pendingKey(this.uuid))
      const parsed = raw ? (JSON.parse(raw) as Stored) : null
      return Array.isArray(parsed?.writes) ? parsed.writes.filter((w) => w && typeof w.url === 'string' && typeof w.key === 'string') : []
    } catch {
      return []
    }
  }

  /** The stored queue: this tab's writes, after those another tab of the same course keeps there. */
  private persist() {
    if (!this.storage) return
    const others = this.readStored().filter((w) => w.owner !== tabId)
    const mine = [...(this.sending ? [this.sending] : []), ...this.queue].map(({ key, method, url, body, owner }) => ({ key, method, url, body, owner }))
    const writes = [...others, ...mine]
    try {
      if (writes.length === 0) this.storage.removeItem(pendingKey(this.uuid))
      else this.storage.setItem(pendingKey(this.uuid), JSON.stringify({ writes } satisfies Stored))
    } catch {
      // A full storage keeps the writes in memory only; they still go out while the page is open.
    }
  }
}
