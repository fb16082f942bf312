/** A client error a handler raises on purpose: answered with its status and message as they are. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: 400 | 401 | 403 | 404 | 409 | 410 | 413 | 429,
    message: string,
    readonly code?: string,
    readonly errors?: Record<string, string>,
    /** Further top-level fields of the answer (e.g. the current `revision` on a stale course write). */
    readonly extra?: Record<string, string | number | boolean>,
  ) {
    super(message)
  }
}
