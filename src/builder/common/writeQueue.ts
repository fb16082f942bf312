import type { PendingWrite } from './pendingStore'
import type { WriteAnswer } from './saverStatus'

/** Who waits for a queued write's answer: every `enqueue` promise it absorbed. */
export interface Waiter {
  resolve: (answer: WriteAnswer) => void
  reject: (error: unknown) => void
}

/** A queued write. */
export interface Entry extends PendingWrite {
  /** Not sent before this time (epoch ms), while the creator may still be typing. */
  notBefore: number
  waiters: Waiter[]
}

/** The write itself, without the queue's bookkeeping. */
export const plain = ({ key, method, url, body }: PendingWrite): PendingWrite => ({ key, method, url, body })

/**
 * One page's ordered writes: the one being sent, then the waiting ones. An edit made again before it
 * was sent joins the waiting write of the same key at the tail (coalescing).
 */
export class WriteQueue {
  private waiting: Entry[] = []
  private inFlight: Entry | null = null

  /** The writes not yet acknowledged, oldest first (the one being sent included). */
  pending(): PendingWrite[] {
    return [...(this.inFlight ? [this.inFlight] : []), ...this.waiting].map(plain)
  }

  get hasPending(): boolean {
    return this.inFlight !== null || this.waiting.length > 0
  }

  get isSending(): boolean {
    return this.inFlight !== null
  }

  /** How many writes wait (the one being sent not counted). */
  get waitingCount(): number {
    return this.waiting.length
  }

  /** The next write to go out, if any. */
  get head(): Entry | undefined {
    return this.waiting[0]
  }

  /**
   * Adds a write, or folds it into the tail when that is an unsent write of the same key, method and
   * address (`merge`: its body on top of the tail's; otherwise it replaces the tail's body).
   */
  add(write: PendingWrite, notBefore: number, merge: boolean, waiter: Waiter): void {
    const tail = this.waiting[this.waiting.length - 1]
    if (tail && tail.key === write.key && tail.method === write.method && tail.url === write.url) {
      tail.body = merge ? { ...tail.body, ...write.body } : { ...write.body }
      tail.notBefore = notBefore
      tail.waiters.push(waiter)
    } else {
      this.waiting.push({ ...plain(write), body: { ...write.body }, notBefore, waiters: [waiter] })
    }
  }

  /** Adds writes nobody on this page waits for (restored from a page that is gone), to go out at once. */
  append(writes: PendingWrite[]): void {
    for (const write of writes) this.waiting.push({ ...plain(write), body: { ...write.body }, notBefore: 0, waiters: [] })
  }

  /** Every waiting write may go out now. */
  releaseAll(): void {
    for (const entry of this.waiting) entry.notBefore = 0
  }

  /** Takes the head out to be sent. */
  take(): Entry | undefined {
    const head = this.waiting.shift()
    if (head) this.inFlight = head
    return head
  }

  /** The write being sent got its answer. */
  settle(): void {
    this.inFlight = null
  }

  /** A write taken out goes back to the head, to be sent again later. */
  putBack(entry: Entry): void {
    this.inFlight = null
    this.waiting.unshift(entry)
  }

  /**
   * After a conflict: `kept` (whole or in part) replace the writes the person was shown (`decided`,
   * told apart by their bodies), ahead of edits made while the person was choosing. A kept write takes
   * over the waiters of the shown write of the same key and address; the shown writes' remaining
   * waiters are returned, their edits dropped.
   */
  rebase(kept: PendingWrite[], decided: PendingWrite[]): Waiter[] {
    const shown = new Set(decided.map((w) => w.body))
    // Edits made while the person was choosing were not on the screen: they stay, after the kept ones.
    const later = this.waiting.filter((e) => !shown.has(e.body))
    const before = this.waiting.filter((e) => shown.has(e.body))
    this.waiting = []
    for (const write of kept) {
      const same = before.find((e) => e.key === write.key && e.url === write.url && e.waiters.length > 0)
      const waiters = same ? same.waiters.splice(0) : []
      this.waiting.push({ ...plain(write), body: { ...write.body }, notBefore: 0, waiters })
    }
    this.waiting.push(...later)
    return before.flatMap((e) => e.waiters)
  }
}
