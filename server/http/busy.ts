/**
 * The server has more of some work waiting than it takes on (e.g. certificate PDFs to draw): the API
 * answers 503 `BUSY` with `Retry-After` rather than keeping the caller waiting. The message says what
 * was full, for the log; the caller gets the same answer as for a busy database.
 */
export class ServiceBusyError extends Error {
  constructor(
    message: string,
    /** Seconds after which a new try is likely to be taken on (the Retry-After header). */
    readonly retryAfterSeconds = 1,
  ) {
    super(message)
    this.name = 'ServiceBusyError'
  }
}
