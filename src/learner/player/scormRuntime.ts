import { SCORM_FRAME_METHODS, SCORM_FRAME_NAME_PREFIX, type ScormCommitAnswer, type ScormCommitBody, type ScormLaunch } from '../../../contracts/learner/scorm'
import { ApiError } from '../../dataProvider'

/**
 * The run-time side of a launched SCO, in the player: scorm-again's API for the package's version,
 * loaded with the launch's data, answering the calls the package's frame passes by message (only from
 * that frame, only the run-time methods), and committing to the server what the package reports: on
 * each Commit and at the end of the session at once, after a pause in its changes otherwise, one
 * commit in flight at a time with the newest data, numbered so that the server takes each once.
 */

export interface RuntimeHandlers {
  send(body: ScormCommitBody, keepalive: boolean): Promise<ScormCommitAnswer>
  onSaved(answer: ScormCommitAnswer): void
  onFailed(error: unknown): void
}

export interface Runtime {
  /** The name the SCO's frame must have: it carries the data the package starts with. */
  frameName: string
  /** Stops answering the frame and sends what was not sent yet. */
  stop(): void
}

/** Changes are sent this long after the package last changed something (when it does not commit itself). */
const QUIET_MS = 5000
/** A commit that failed for want of an answer is sent again after this long. */
const RETRY_MS = 5000

interface ScormApi {
  loadFromJSON(json: Record<string, unknown>, element?: string): void
  getFlattenedCMI(): Record<string, unknown>
  renderCMIToJSONObject(): Record<string, unknown>
  on(event: string, callback: (...args: unknown[]) => void): void
  [method: string]: unknown
}

async function apiFor(version: ScormLaunch['version']): Promise<ScormApi> {
  const settings = { autocommit: false, lmsCommitUrl: false, logLevel: 5 as const }
  // The packages' browser builds export the class by name (their types declare it as the default export).
  type Module = { Scorm12API?: new (s: typeof settings) => unknown; Scorm2004API?: new (s: typeof settings) => unknown }
  if (version === '2004') return new ((await import('scorm-again/scorm2004')) as unknown as Module).Scorm2004API!(settings) as ScormApi
  return new ((await import('scorm-again/scorm12')) as unknown as Module).Scorm12API!(settings) as ScormApi
}

const METHODS: ReadonlySet<string> = new Set(SCORM_FRAME_METHODS)

export async function startRuntime(launch: ScormLaunch, frame: () => Window | null, handlers: RuntimeHandlers): Promise<Runtime> {
  const api = await apiFor(launch.version)
  api.loadFromJSON(launch.cmi, '')
  const frameName = `${SCORM_FRAME_NAME_PREFIX}${JSON.stringify({ version: launch.version, cmi: api.getFlattenedCMI() })}`

  let seq = 0
  let finished = false
  let dirty = false
  let inFlight = false
  let refused = false
  let stopped = false
  let timer: ReturnType<typeof setTimeout> | undefined
  const body = (): ScormCommitBody => ({
    sco: launch.sco,
    attempt: launch.attempt,
    session: launch.session,
    seq: ++seq,
    cmi: (api.renderCMIToJSONObject().cmi ?? {}) as Record<string, unknown>,
    finished,
  })
  const later = (ms: number) => {
    clearTimeout(timer)
    timer = setTimeout(() => void flush(), ms)
  }
  async function flush() {
    if (inFlight || !dirty || refused || stopped) return
    clearTimeout(timer)
    dirty = false
    inFlight = true
    try {
      handlers.onSaved(await handlers.send(body(), false))
    } catch (error) {
      handlers.onFailed(error)
      // A refusal (replaced session, data the server does not take) is final; anything else is tried again.
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) refused = true
      else {
        dirty = true
        later(RETRY_MS)
      }
    } finally {
      inFlight = false
    }
    if (dirty && !timer) later(0)
  }
  const changed = () => {
    dirty = true
    later(QUIET_MS)
  }
  const commit = () => {
    dirty = true
    void flush()
  }
  const ended = () => {
    finished = true
    commit()
  }
  for (const [event, run] of [
    ['LMSSetValue.cmi.*', changed],
    ['SetValue.cmi.*', changed],
    ['LMSCommit', commit],
    ['Commit', commit],
    ['LMSFinish', ended],
    ['Terminate', ended],
  ] as const)
    api.on(event, run)

  const onMessage = (event: MessageEvent) => {
    const source = frame()
    if (!source || event.source !== source) return
    const msg = event.data as { messageId?: unknown; method?: unknown; params?: unknown; isHeartbeat?: unknown }
    if (typeof msg !== 'object' || msg === null || typeof msg.messageId !== 'string' || typeof msg.method !== 'string') return
    const reply = (answer: Record<string, unknown>) => source.postMessage({ messageId: msg.messageId, ...answer }, '*')
    if (msg.isHeartbeat === true) return reply({ isHeartbeat: true })
    if (!METHODS.has(msg.method)) return reply({ error: { message: `Method not allowed: ${msg.method}`, code: '101' } })
    const params = Array.isArray(msg.params) ? msg.params.map((p) => (typeof p === 'string' || typeof p === 'number' ? p : String(p))) : []
    try {
      const result = (api[msg.method] as (...args: unknown[]) => unknown).apply(api, params)
      reply({ result })
    } catch (error) {
      reply({ error: { message: error instanceof Error ? error.message : 'Unknown error', code: '101' } })
    }
  }
  /** Whatever was not sent goes with the page (the browser keeps the request alive as it unloads). */
  const sendRest = () => {
    if (!dirty || refused) return
    dirty = false
    void handlers.send(body(), true).catch(() => undefined)
  }
  window.addEventListener('message', onMessage)
  window.addEventListener('pagehide', sendRest)
  return {
    frameName,
    stop() {
      stopped = true
      clearTimeout(timer)
      window.removeEventListener('message', onMessage)
      window.removeEventListener('pagehide', sendRest)
      sendRest()
    },
  }
}
