import type { ContentWrite } from '../../dataProvider/builderWrites'

export type { ContentWrite }

/**
 * What the editor needs from the course's saver: queue a write and learn how it ended. The promise
 * resolves with the server's answer once sent, and rejects only when the server refused the write for
 * good (a network failure keeps it queued and the promise waiting).
 */
export interface ContentSaver {
  enqueue(write: ContentWrite, options?: { debounce?: boolean; merge?: boolean }): Promise<{ revision?: number; [field: string]: unknown }>
  /** The writes not yet acknowledged (some perhaps left by an earlier page), drawn over the fetched content. */
  pending?(): ContentWrite[]
  /** The saver's state (`conflict` while a stale write waits for the course to be fetched again). */
  readonly status?: string
  subscribe?(listener: () => void): () => void
}
