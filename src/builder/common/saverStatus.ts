import type { PendingWrite } from './pendingStore'

/**
 * `refused`: the last write was refused for good; `invalid`: an edit is held back until the person
 * fixes its marked fields (the screen found it invalid, or the server refused it with field messages).
 */
export type SaverStatus = 'saved' | 'pending' | 'saving' | 'offline' | 'retrying' | 'conflict' | 'refused' | 'invalid'

/** Every write answers with the course's new revision (B9: `{ revision, ... }`). */
export interface WriteAnswer {
  revision?: number
  [field: string]: unknown
}

type SavedListener = (write: PendingWrite, answer: WriteAnswer) => void

/**
 * What the saver tells the screen: its status (with a listener for every change), every accepted
 * write, and when the queue comes to rest.
 */
export class SaverSignals {
  private state: SaverStatus = 'saved'
  private readonly listeners = new Set<() => void>()
  private readonly savedListeners = new Set<SavedListener>()
  private readonly idleWaiters: Array<() => void> = []

  get status(): SaverStatus {
    return this.state
  }

  set(state: SaverStatus): void {
    this.state = state
    this.notify()
  }

  /** Tells the listeners something changed without a new status (e.g. one more pending write). */
  notify(): void {
    for (const listener of this.listeners) listener()
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  onSaved(listener: SavedListener): () => void {
    this.savedListeners.add(listener)
    return () => this.savedListeners.delete(listener)
  }

  saved(write: PendingWrite, answer: WriteAnswer): void {
    for (const listener of this.savedListeners) listener(write, answer)
  }

  /** Resolves at the next `releaseIdle`. */
  waitIdle(): Promise<void> {
    return new Promise((resolve) => this.idleWaiters.push(resolve))
  }

  /** The queue is at rest (empty, or stopped): whoever waits for it goes on. */
  releaseIdle(): void {
    for (const resolve of this.idleWaiters.splice(0)) resolve()
  }

  /** Forgets every listener and lets every waiter go. */
  dispose(): void {
    this.listeners.clear()
    this.savedListeners.clear()
    this.releaseIdle()
  }
}
