import crypto from 'node:crypto'
import os from 'node:os'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../db/index.js'
import { claimBatch, markSent, reject, release, type QueuedStatement } from './queries.js'
import { XAPI_VERSION } from './statements.js'

export interface XapiSenderOptions {
  /** The LRS's base URL (XAPI_ENDPOINT); statements are posted to `<endpoint>/statements`. */
  endpoint: string
  /** HTTP Basic credentials (XAPI_USERNAME, XAPI_PASSWORD); none when the username is unset. */
  username?: string
  password?: string
  /** Statements posted in one request at most. */
  batchSize?: number
  /** How long a claimed batch stays this sender's; another process takes it again after that. */
  leaseSeconds?: number
  /** How long one request to the LRS may take. */
  timeoutMs?: number
  /** How often an idle sender looks for statements. */
  pollMs?: number
  /** The wait after a failed try, doubled at each failure in a row, up to `maxMs`. */
  backoff?: { initialMs: number; maxMs: number }
  /** This sender's id (default: host, process id and a random part). */
  nodeId?: string
}

/** What one turn did: nothing to send, a batch settled, or a try that failed (wait before the next). */
type Turn = { kind: 'idle' } | { kind: 'settled' } | { kind: 'failed'; retryAfterMs?: number }

/** The LRS's answers that say the LRS (or our access to it) is not usable now, not that the statements are wrong. */
const RETRY_STATUSES = new Set([401, 403, 404, 408, 429])

/** What is kept of an LRS's answer for operators. */
const ERROR_TEXT = 2000

/**
 * Sends the queued xAPI statements (migration 0027) to the LRS, in the server process, one batch at
 * a time: it claims the oldest waiting statements under a lease (`claimBatch`), posts them as one
 * JSON array and settles them by the answer. 2xx: sent (they leave the queue). 409: the LRS already
 * has a statement id (a batch sent before a crash, sent again), and a batch is refused whole, so a
 * batch of several is sent again one statement at a time. 429, 5xx, a network error or a timeout,
 * and 401/403/404 (credentials or address wrong: fixed by an operator, never the statements'
 * fault): given back and tried again after a wait doubling from 1 s to 5 min. Any other 4xx: set
 * aside as rejected with the LRS's answer (logged), and the queue moves on.
 * Statement ids are made when they are queued, so sending one again is harmless.
 */
export class XapiSender {
  readonly nodeId: string
  private readonly url: string
  private readonly headers: Record<string, string>
  private readonly batchSize: number
  private readonly leaseSeconds: number
  private readonly timeoutMs: number
  private readonly pollMs: number
  private readonly backoff: { initialMs: number; maxMs: number }
  private running: Promise<void> | null = null
  private stopped = false
  private readonly abort = new AbortController()
  private wake: (() => void) | null = null

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    options: XapiSenderOptions,
  ) {
    this.url = `${options.endpoint.replace(/\/+$/, '')}/statements`
    this.headers = { 'content-type': 'application/json', 'x-experience-api-version': XAPI_VERSION }
    if (options.username) {
      this.headers.authorization = `Basic ${Buffer.from(`${options.username}:${options.password ?? ''}`).toString('base64')}`
    }
    this.batchSize = Math.max(1, options.batchSize ?? 50)
    this.leaseSeconds = options.leaseSeconds ?? 60
    this.timeoutMs = options.timeoutMs ?? 10_000
    this.pollMs = options.pollMs ?? 1000
    this.backoff = options.backoff ?? { initialMs: 1000, maxMs: 300_000 }
    this.nodeId = options.nodeId ?? `${os.hostname()}-${process.pid}-${crypto.randomBytes(3).toString('hex')}`
  }

  start() {
    if (this.running || this.stopped) return
    this.running = this.loop()
  }

  /** Stops: a request in flight is abandoned and its statements given back, so another process sends them at once. */
  async stop() {
    this.stopped = true
    this.abort.abort()
    this.wake?.()
    await this.running
  }

  private async loop() {
    let failures = 0
    while (!this.stopped) {
      let turn: Turn
      try {
        turn = await this.turn()
      } catch (err) {
        if (this.stopped) break
        this.log.warn({ err }, 'xAPI statements could not be read or settled; trying again later')
        turn = { kind: 'failed' }
      }
      if (this.stopped) break
      if (turn.kind === 'failed') {
        failures++
        const wait = Math.min(this.backoff.maxMs, this.backoff.initialMs * 2 ** Math.min(failures - 1, 30))
        await this.sleep(Math.min(this.backoff.maxMs, Math.max(wait, turn.retryAfterMs ?? 0)))
      } else {
        failures = 0
        if (turn.kind === 'idle') await this.sleep(this.pollMs)
      }
    }
  }

  /** Waits `ms`, or less when the sender stops. */
  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer)
        this.wake = null
        resolve()
      }
      const timer = setTimeout(done, ms)
      this.wake = done
    })
  }

  /** One batch: claimed, posted and settled. */
  private async turn(): Promise<Turn> {
    const batch = await claimBatch(this.db, this.nodeId, this.leaseSeconds, this.batchSize)
    if (batch.length === 0) return { kind: 'idle' }
    const claimedAt = Date.now()
    const answer = await this.post(batch)
    const ids = batch.map((s) => s.id)
    if (answer.ok || (answer.status === 409 && batch.length === 1)) {
      await markSent(this.db, ids, this.nodeId)
      return { kind: 'settled' }
    }
    if (answer.status === 409) return this.oneByOne(batch, claimedAt)
    if (answer.retry) {
      await release(this.db, ids, this.nodeId, answer.error)
      if (!this.stopped) {
        // Credentials or address refused: nothing changes until an operator fixes the settings.
        const level = answer.status === 401 || answer.status === 403 || answer.status === 404 ? 'error' : 'warn'
        this.log[level](
          { status: answer.status, statements: ids.length, error: answer.error },
          'the LRS did not take xAPI statements; they are sent again later',
        )
      }
      return { kind: 'failed', retryAfterMs: answer.retryAfterMs }
    }
    await reject(this.db, ids, this.nodeId, answer.error)
    this.log.error({ status: answer.status, statements: ids, error: answer.error }, 'the LRS rejected xAPI statements; they are set aside')
    return { kind: 'settled' }
  }

  /**
   * A batch refused with 409: some statement of it is stored already, and the LRS took none of the
   * others. Each is sent alone, in order, while the lease lasts; what is left goes back to the queue.
   */
  private async oneByOne(batch: QueuedStatement[], claimedAt: number): Promise<Turn> {
    for (let i = 0; i < batch.length; i++) {
      const s = batch[i]
      const rest = batch.slice(i).map((r) => r.id)
      if (this.stopped || Date.now() - claimedAt > (this.leaseSeconds * 1000) / 2) {
        await release(this.db, rest, this.nodeId, 'sent again one at a time; not finished before the lease ran short')
        return { kind: 'settled' }
      }
      const answer = await this.post([s])
      if (answer.ok || answer.status === 409) await markSent(this.db, [s.id], this.nodeId)
      else if (answer.retry) {
        await release(this.db, rest, this.nodeId, answer.error)
        return { kind: 'failed', retryAfterMs: answer.retryAfterMs }
      } else {
        await reject(this.db, [s.id], this.nodeId, answer.error)
        this.log.error({ status: answer.status, statements: [s.id], error: answer.error }, 'the LRS rejected an xAPI statement; it is set aside')
      }
    }
    return { kind: 'settled' }
  }

  private async post(batch: QueuedStatement[]): Promise<{ ok: boolean; status: number; retry: boolean; error: string; retryAfterMs?: number }> {
    try {
      const res = await fetch(this.url, {
        method: 'POST',
        headers: this.headers,
        body: JSON.stringify(batch.map((s) => s.statement)),
        signal: AbortSignal.any([this.abort.signal, AbortSignal.timeout(this.timeoutMs)]),
      })
      // Read to the end either way, so the connection can serve the next batch.
      const text = await res.text().catch(() => '')
      const retry = res.status >= 500 || RETRY_STATUSES.has(res.status)
      return {
        ok: res.ok,
        status: res.status,
        retry,
        error: `HTTP ${res.status}: ${text.slice(0, ERROR_TEXT)}`,
        retryAfterMs: retryAfter(res.headers.get('retry-after')),
      }
    } catch (err) {
      const cause = (err as { cause?: { code?: string } }).cause?.code ?? (err as Error).name
      return { ok: false, status: 0, retry: true, error: `no answer from the LRS: ${cause}` }
    }
  }
}

/** Retry-After in milliseconds (seconds or an HTTP date), or undefined. */
function retryAfter(value: string | null): number | undefined {
  if (!value) return undefined
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000
  const at = Date.parse(value)
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now())
}
