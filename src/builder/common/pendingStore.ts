/**
 * Where the builder keeps edits the server has not acknowledged yet: one record per open page of a
 * course (a "writer"), in this browser's localStorage, so that a closed tab, a reload or a crash loses
 * nothing. A record belongs to its writer only: another page never sends it by itself. A page that
 * finds the record of a writer that is gone offers it to the person (restore or discard).
 *
 * A writer is alive while it holds its Web Lock (`navigator.locks`, released by the browser when the
 * page goes away, even on a crash); where the browser has no Web Locks, a heartbeat in the record
 * tells (a record not refreshed for `STALE_AFTER_MS` is a closed page's).
 */

/** One write to the course, as queued: the body goes out with `revision` added. */
export interface PendingWrite {
  /** Writes with the same key replace each other while unsent (e.g. `general`, `faq`, `values:<id>`). */
  key: string
  method: 'POST' | 'PUT'
  /** The API path, e.g. `/api/v2/courses/creator/builder/update-general`. */
  url: string
  /** The body without `revision`. */
  body: Record<string, unknown>
}

/** The unsent edits of one page of one course. */
export interface PendingRecord {
  /** The page that made them (new on every load). */
  writer: string
  /** The browser tab it was in (kept over reloads, in sessionStorage). */
  tab: string
  /** The course revision the edits were made against (the next write would carry it). */
  baseRevision: number | null
  /** When the oldest of these edits was made, and when the record last changed (epoch ms). */
  createdAt: number
  updatedAt: number
  /** Last sign of life of the writer (epoch ms), for browsers without Web Locks. */
  heartbeat: number
  /** The server refused them as made on a stale revision, and no choice was made yet. */
  conflict?: boolean
  writes: PendingWrite[]
}

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>

export const HEARTBEAT_MS = 5_000
export const STALE_AFTER_MS = 20_000

const PREFIX = 'aula.builder.pending.'
/** The record of one writer of one course. */
export const recordKey = (uuid: string, writer: string) => `${PREFIX}${uuid}.${writer}`
/** The single shared queue earlier versions of the builder kept per course. */
export const legacyKey = (uuid: string) => `${PREFIX}${uuid}`
const lockName = (writer: string) => `aula.builder.writer.${writer}`

const randomId = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`

/** This browser tab's id: kept over reloads of the tab, new in every other tab. */
export function currentTabId(session: Pick<Storage, 'getItem' | 'setItem'> | null = typeof sessionStorage === 'undefined' ? null : sessionStorage): string {
  try {
    const known = session?.getItem('aula.builder.tab')
    if (known) return known
    const made = randomId()
    session?.setItem('aula.builder.tab', made)
    return made
  } catch {
    return randomId()
  }
}

export const newWriterId = randomId

interface LockManagerLike {
  request(name: string, options: { ifAvailable?: boolean }, callback: (lock: unknown) => Promise<unknown> | unknown): Promise<unknown>
  query(): Promise<{ held?: Array<{ name?: string }> }>
}

const browserLocks = (): LockManagerLike | null =>
  typeof navigator !== 'undefined' && (navigator as { locks?: LockManagerLike }).locks ? (navigator as unknown as { locks: LockManagerLike }).locks : null

const isWrite = (w: unknown): w is PendingWrite =>
  typeof w === 'object' &&
  w !== null &&
  typeof (w as PendingWrite).key === 'string' &&
  typeof (w as PendingWrite).url === 'string' &&
  ((w as PendingWrite).method === 'POST' || (w as PendingWrite).method === 'PUT') &&
  typeof (w as PendingWrite).body === 'object' &&
  (w as PendingWrite).body !== null

function parseRecord(raw: string | null): PendingRecord | null {
  if (!raw) return null
  try {
    const r = JSON.parse(raw) as Partial<PendingRecord>
    if (typeof r.writer !== 'string' || !Array.isArray(r.writes)) return null
    const writes = r.writes.filter(isWrite)
    if (writes.length === 0) return null
    const num = (n: unknown, fallback: number) => (typeof n === 'number' && Number.isFinite(n) ? n : fallback)
    return {
      writer: r.writer,
      tab: typeof r.tab === 'string' ? r.tab : '',
      baseRevision: typeof r.baseRevision === 'number' ? r.baseRevision : null,
      createdAt: num(r.createdAt, 0),
      updatedAt: num(r.updatedAt, 0),
      heartbeat: num(r.heartbeat, 0),
      conflict: r.conflict === true,
      writes,
    }
  } catch {
    return null
  }
}

/** The store of one page (writer) of one course. */
export class PendingStore {
  readonly writer = newWriterId()
  readonly tab: string
  private releaseLock: (() => void) | null = null
  private readonly locks: LockManagerLike | null

  constructor(
    readonly uuid: string,
    private readonly storage: KeyValueStorage | null,
    options: { tab?: string; locks?: LockManagerLike | null } = {},
  ) {
    this.tab = options.tab ?? currentTabId()
    this.locks = options.locks === undefined ? browserLocks() : options.locks
    if (this.locks) {
      // Held for the page's life; the browser lets it go when the page is gone.
      void this.locks.request(lockName(this.writer), {}, () => new Promise<void>((resolve) => (this.releaseLock = resolve))).catch(() => undefined)
    }
  }

  /** Writes this page's record (or removes it when nothing is pending). */
  save(record: Omit<PendingRecord, 'writer' | 'tab' | 'heartbeat' | 'updatedAt'> | null): void {
    if (!this.storage) return
    const key = recordKey(this.uuid, this.writer)
    try {
      if (!record || record.writes.length === 0) this.storage.removeItem(key)
      else {
        const now = Date.now()
        this.storage.setItem(key, JSON.stringify({ ...record, writer: this.writer, tab: this.tab, updatedAt: now, heartbeat: now } satisfies PendingRecord))
      }
    } catch {
      // A full storage keeps the writes in memory only; they still go out while the page is open.
    }
  }

  /** Refreshes the heartbeat of this page's record, if it has one. */
  beat(): void {
    if (!this.storage) return
    const key = recordKey(this.uuid, this.writer)
    const record = parseRecord(this.storage.getItem(key))
    if (!record) return
    try {
      this.storage.setItem(key, JSON.stringify({ ...record, heartbeat: Date.now() }))
    } catch {
      // Nothing to do: the record itself is unchanged.
    }
  }

  /** The records of this course left by pages that are gone (oldest first). */
  async orphans(): Promise<PendingRecord[]> {
    if (!this.storage) return []
    this.adoptLegacy()
    const records: PendingRecord[] = []
    for (let i = 0; i < this.storage.length; i++) {
      const key = this.storage.key(i)
      if (!key || !key.startsWith(`${PREFIX}${this.uuid}.`)) continue
      const record = parseRecord(this.storage.getItem(key))
      if (record && record.writer !== this.writer) records.push(record)
    }
    const live = await this.liveWriters()
    const now = Date.now()
    return records.filter((r) => (live ? !live.has(r.writer) : now - r.heartbeat > STALE_AFTER_MS)).sort((a, b) => a.createdAt - b.createdAt)
  }

  /**
   * Takes a gone page's record out of the store, for this page to restore it: answers its writes, or
   * null when it is not there any more (another page took or discarded it) or its page is alive.
   */
  async claim(writer: string): Promise<PendingRecord | null> {
    if (!this.storage || writer === this.writer) return null
    const take = () => {
      const key = recordKey(this.uuid, writer)
      const record = parseRecord(this.storage!.getItem(key))
      if (record) this.storage!.removeItem(key)
      return record
    }
    if (!this.locks) {
      const record = parseRecord(this.storage.getItem(recordKey(this.uuid, writer)))
      return record && Date.now() - record.heartbeat > STALE_AFTER_MS ? take() : null
    }
    // Holding the gone page's lock for a moment: a live page holds it, and two pages claiming at once
    // cannot both get it.
    let taken: PendingRecord | null = null
    await this.locks.request(lockName(writer), { ifAvailable: true }, (lock) => {
      if (lock) taken = take()
    })
    return taken
  }

  /** Forgets a gone page's edits (the person chose to discard them). */
  async discard(writer: string): Promise<boolean> {
    return (await this.claim(writer)) !== null
  }

  dispose(): void {
    this.releaseLock?.()
    this.releaseLock = null
  }

  private async liveWriters(): Promise<Set<string> | null> {
    if (!this.locks) return null
    try {
      const state = await this.locks.query()
      const prefix = lockName('')
      return new Set(
        (state.held ?? [])
          .map((l) => l.name ?? '')
          .filter((n) => n.startsWith(prefix))
          .map((n) => n.slice(prefix.length)),
      )
    } catch {
      return null
    }
  }

  /** The shared queue of earlier versions becomes a gone page's record (offered, never sent by itself). */
  private adoptLegacy() {
    const raw = this.storage!.getItem(legacyKey(this.uuid))
    if (raw === null) return
    try {
      const parsed = JSON.parse(raw) as { writes?: unknown[] }
      const writes = (Array.isArray(parsed.writes) ? parsed.writes : []).filter(isWrite).map(({ key, method, url, body }) => ({ key, method, url, body }))
      if (writes.length > 0) {
        const writer = `legacy-${newWriterId()}`
        const record: PendingRecord = { writer, tab: '', baseRevision: null, createdAt: 0, updatedAt: 0, heartbeat: 0, writes }
        this.storage!.setItem(recordKey(this.uuid, writer), JSON.stringify(record))
      }
    } catch {
      // A damaged queue is dropped.
    }
    this.storage!.removeItem(legacyKey(this.uuid))
  }
}
