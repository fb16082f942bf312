/**
 * Answers that are never lost: every answer of an attempt is kept in the browser as it is typed
 * (localStorage, keyed by attempt) and sent to the server in the background (`PUT
 * forms/attempts/{id}/answers`, idempotent). While the connection is down the answers wait on the device
 * and go out when the browser is back online; on a reload the server's answers are taken and the newer
 * unsent ones kept here are laid over them. The server alone decides whether an answer still counts
 * (deadline, submitted): a 409 `ATTEMPT_CLOSED` stops sending.
 */
import { ApiError } from '../../dataProvider/http'

/** One answer as the attempt routes take it. */
export type Answer = string | number | string[] | Record<string, string>
export type Answers = Record<string, Answer>

/** What the device keeps of an attempt: every answer, and which of them the server has not acknowledged yet. */
export interface Kept {
  answers: Answers
  unsent: string[]
}

export type SendState = 'saved' | 'saving' | 'offline' | 'retrying' | 'closed'

const PREFIX = 'aula.formAttempt.'
/** How long typing may pause before the answers are sent. */
export const SEND_DELAY_MS = 1500
/** How long to wait before sending again after a failure the browser did not call offline. */
const RETRY_MS = 5000

const keyOf = (attempt: string) => `${PREFIX}${attempt}`

export function readKept(attempt: string): Kept | null {
  try {
    const raw = localStorage.getItem(keyOf(attempt))
    if (!raw) return null
    const kept = JSON.parse(raw) as Partial<Kept>
    if (typeof kept.answers !== 'object' || kept.answers === null || !Array.isArray(kept.unsent)) return null
    return { answers: kept.answers, unsent: kept.unsent.filter((id) => typeof id === 'string') }
  } catch {
    return null
  }
}

function writeKept(attempt: string, kept: Kept) {
  try {
    localStorage.setItem(keyOf(attempt), JSON.stringify(kept))
  } catch {
    // A full or refused storage leaves the answers in memory and on their way to the server.
  }
}

export function forgetKept(attempt: string) {
  try {
    localStorage.removeItem(keyOf(attempt))
  } catch {
    // Nothing to forget.
  }
}

/** The server's answers with the device's unsent ones over them (a question the attempt lacks is dropped). */
export function mergeAnswers(server: Answers, kept: Kept | null, questions: string[]): Kept {
  const known = new Set(questions)
  const answers: Answers = {}
  for (const [id, answer] of Object.entries(server)) if (known.has(id)) answers[id] = answer
  const unsent: string[] = []
  for (const id of kept?.unsent ?? []) {
    if (!known.has(id) || !(id in (kept?.answers ?? {}))) continue
    answers[id] = kept!.answers[id]!
    if (JSON.stringify(server[id]) !== JSON.stringify(answers[id])) unsent.push(id)
  }
  return { answers, unsent }
}

const isClosed = (error: unknown) => error instanceof ApiError && error.status === 409 && (error.body as { code?: string } | null)?.code === 'ATTEMPT_CLOSED'
/** No answer came (the connection dropped), or one that says trying again later may work. */
const isPassing = (error: unknown) => !(error instanceof ApiError) || error.status === 0 || error.status === 429 || error.status >= 500

/**
 * Keeps one attempt's answers and sends them. `send` is the answers route; `onChange` hears every change
 * of answers or state.
 */
export class AnswerKeeper {
  answers: Answers
  private unsent: Set<string>
  state: SendState
  private timer: ReturnType<typeof setTimeout> | undefined
  private inFlight: Promise<void> | null = null
  private waiters: Array<{ resolve: () => void; reject: (error: unknown) => void }> = []
  private disposed = true

  constructor(
    readonly attempt: string,
    start: Kept,
    private readonly send: (answers: Answers) => Promise<unknown>,
    private readonly onChange: (state: SendState) => void,
  ) {
    this.answers = start.answers
    this.unsent = new Set(start.unsent)
    this.state = typeof navigator !== 'undefined' && navigator.onLine === false ? 'offline' : 'saved'
    writeKept(attempt, this.kept())
  }

  /** Starts listening to the connection and sending what waits (again after `dispose`, as a remount does). */
  attach() {
    this.disposed = false
    window.addEventListener('online', this.online)
    window.addEventListener('offline', this.offline)
    if (this.unsent.size) this.schedule(0)
  }

  private kept(): Kept {
    return { answers: this.answers, unsent: [...this.unsent] }
  }

  private readonly online = () => {
    if (this.state === 'offline' || this.state === 'retrying') this.schedule(0)
  }

  private readonly offline = () => {
    if (this.state !== 'closed') this.setState('offline')
  }

  private setState(state: SendState) {
    if (this.state === state) return
    this.state = state
    this.onChange(this.state)
  }

  /** Whether some answers are kept only on this device. */
  get pending() {
    return this.unsent.size > 0
  }

  /** The answers the server has not acknowledged yet. */
  unsentAnswers(): Answers {
    const batch: Answers = {}
    for (const id of this.unsent) batch[id] = this.answers[id]!
    return batch
  }

  /** Keeps an answer at once and sends it after a pause in typing (`now`: at once, as on "Next"). */
  set(question: string, answer: Answer, now = false) {
    if (this.state === 'closed') return
    this.answers = { ...this.answers, [question]: answer }
    this.unsent.add(question)
    writeKept(this.attempt, this.kept())
    this.onChange(this.state)
    this.schedule(now ? 0 : SEND_DELAY_MS)
  }

  private schedule(ms: number) {
    if (this.disposed || this.state === 'closed') return
    clearTimeout(this.timer)
    this.timer = setTimeout(() => void this.flush(), ms)
  }

  /** Sends what is unsent now (one request at a time; what changes meanwhile goes in the next). */
  flush(): Promise<void> {
    clearTimeout(this.timer)
    if (this.inFlight) return this.inFlight
    if (!this.unsent.size || this.state === 'closed' || this.disposed) {
      this.settle()
      return Promise.resolve()
    }
    const batch = this.unsentAnswers()
    this.setState('saving')
    this.inFlight = this.send(batch).then(
      () => {
        this.inFlight = null
        for (const [id, answer] of Object.entries(batch)) if (this.answers[id] === answer) this.unsent.delete(id)
        writeKept(this.attempt, this.kept())
        this.setState('saved')
        if (this.unsent.size) this.schedule(0)
        else this.settle()
      },
      (error: unknown) => {
        this.inFlight = null
        if (isClosed(error)) {
          this.setState('closed')
          this.settle(error)
        } else if (isPassing(error)) {
          // Offline waits for the browser's "online"; a failing server is asked again in a moment.
          const offline = typeof navigator !== 'undefined' && navigator.onLine === false
          this.setState(offline || (error instanceof ApiError && error.status === 0) ? 'offline' : 'retrying')
          this.schedule(RETRY_MS)
        } else {
          // A refusal for good (a malformed answer): nothing resending would change; keep it on the device.
          this.setState('retrying')
          this.settle(error)
        }
      },
    )
    return this.inFlight
  }

  private settle(error?: unknown) {
    if (this.unsent.size && !error) return
    const waiters = this.waiters
    this.waiters = []
    for (const w of waiters) {
      if (error) w.reject(error)
      else w.resolve()
    }
  }

  /** Resolves once every answer is on the server (waiting through an offline spell); rejects on 409 or a refusal. */
  saved(): Promise<void> {
    if (!this.unsent.size) return Promise.resolve()
    const promise = new Promise<void>((resolve, reject) => this.waiters.push({ resolve, reject }))
    void this.flush()
    return promise
  }

  /** Stops sending (the attempt is over) and, with `forget`, drops what the device kept of it. */
  dispose(forget = false) {
    this.disposed = true
    clearTimeout(this.timer)
    window.removeEventListener('online', this.online)
    window.removeEventListener('offline', this.offline)
    if (forget) forgetKept(this.attempt)
  }

  /** The attempt was closed by the server: nothing more is sent. */
  close() {
    this.setState('closed')
    clearTimeout(this.timer)
  }
}
