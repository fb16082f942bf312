import { ApiError } from '../../dataProvider/http'

/**
 * How the saver reads a failed write: an answer that asks to send it again later, a refusal because
 * the course changed elsewhere (a conflict), or a refusal for good.
 */

/** The promise of an edit the person dropped for the course as saved ("take theirs"). */
export class DroppedEdit extends Error {
  constructor() {
    super('The edit was dropped for the saved course')
    this.name = 'DroppedEdit'
  }
}

/**
 * The answer's status of a failed write (0: no answer), or undefined for anything else thrown. Only
 * an `ApiError` (what `httpClient` throws for every failed call) carries a status; it restores its own
 * prototype over react-admin's HttpError, so `instanceof ApiError` holds for it.
 */
export const statusOf = (error: unknown): number | undefined => (error instanceof ApiError ? error.status : undefined)

/** A failure that leaves the write worth sending again: no answer, or the server's own trouble. */
export function isTransient(error: unknown): boolean {
  const status = statusOf(error)
  return status === undefined || status === 0 || status >= 500
}

/** The server refused the write as made on a stale view of the course (409 `STALE_REVISION`). */
export function isStale(error: unknown): boolean {
  const body = error instanceof ApiError ? error.body : undefined
  return statusOf(error) === 409 && typeof body === 'object' && body !== null && (body as { code?: unknown }).code === 'STALE_REVISION'
}

/** The wait before sending again after a failure without an answer: doubles from `first` up to `max`. */
export class Backoff {
  private delay: number

  constructor(
    private readonly first: number,
    private readonly max: number,
  ) {
    this.delay = first
  }

  /** The wait for this failure; the next one waits twice as long. */
  next(): number {
    const wait = this.delay
    this.delay = Math.min(this.delay * 2, this.max)
    return wait
  }

  /** A write went through (or the person asked to try again): the next failure waits `first` again. */
  reset(): void {
    this.delay = this.first
  }
}

/**
 * The field messages of a write the server refused as invalid (400 with `errors`, keyed by dotted
 * path such as `items.0.name`), or null for any other failure.
 */
export function fieldErrorsOf(error: unknown): Record<string, string> | null {
  const body = error instanceof ApiError ? error.body : undefined
  if (statusOf(error) !== 400 || typeof body !== 'object' || body === null) return null
  const errors = (body as { errors?: unknown }).errors
  if (typeof errors !== 'object' || errors === null || Object.keys(errors).length === 0) return null
  return Object.fromEntries(Object.entries(errors).filter((e): e is [string, string] => typeof e[1] === 'string'))
}
