import type {
  CatalogueFilters,
  CataloguePage,
  CatalogueQuery,
  CollaboratorListResponse,
  CourseOverview,
  CourseOverviewResponse,
  CoursePlansResponse,
  FaqListResponse,
} from '../../../contracts/learner/catalogue'
import type { BadgeAnswer, Jwks, PublicBadgeAnswer, StatusListAnswer } from '../../../contracts/learner/badges'
import type { CertificateVerification } from '../../../contracts/learner/certificates'
import type {
  AttemptAnswers,
  AttemptResult,
  AttemptSaveResponse,
  AttemptStartResponse,
  FormCompletedBody,
  FormResult,
  FormSummary,
  LearnerForm,
} from '../../../contracts/learner/forms'
import type { MyProgress } from '../../../contracts/courses/gradebook'
import type { AssignmentFileAsk, MyAssignment, Submission, SubmitBody } from '../../../contracts/learner/assignments'
import type { UploadParamsReply } from '../../../contracts/storage/upload'
import type {
  CourseProgress,
  PlayerIndex,
  PlayerIndexResponse,
  PlayerPage,
  PlayerPageResponse,
  PositionBody,
  ProgressAnswer,
} from '../../../contracts/learner/player'
import type { ScormCommitAnswer, ScormCommitBody, ScormLaunch, ScormLaunchResponse, ScormState, ScormStateResponse } from '../../../contracts/learner/scorm'
import type { CheckoutStarted } from '../../../contracts/payments'
import type { UserSubscription } from '../../../contracts/subscriptions'
import { storedJwt } from '../../authProvider'
import { downloadFile, saveFile } from '../download'
import { errorFor, httpClient } from '../http'

/**
 * The learner's verbs (requirements §7 "Learner fetches", `/api/v2/courses/...`): the catalogue, a course's
 * overview and plans, subscribing, progress, the player and its forms, and certificates (download and
 * public verification).
 */
const API = '/api/v2/courses'
const id = (value: string) => encodeURIComponent(value)
const json = (body: unknown) => ({ body: JSON.stringify(body) })

/** The longest a certificate download waits, in all, for a busy server to draw it. */
const MAX_CERTIFICATE_WAIT_S = 15 * 60

/** Resolves after `ms`; rejects with the signal's reason when it aborts first. */
function delay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason)
    const timer = setTimeout(resolve, ms)
    signal?.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true })
  })
}

export const learnerVerbs = {
  /** One catalogue page (1-based), newest first or, with words to find, best match first. */
  async getCatalogue(page: number, search: string, filters: CatalogueQuery): Promise<CataloguePage> {
    const words = search.trim()
    const query = new URLSearchParams()
    for (const [key, value] of Object.entries(filters)) if (value) query.set(key, value)
    const qs = query.size ? `?${query}` : ''
    const path = words ? `${API}/all/${page}/${id(words)}` : `${API}/all/${page}`
    return (await httpClient<CataloguePage>(`${path}${qs}`)).json
  },

  async getCatalogueFilters(): Promise<CatalogueFilters> {
    return (await httpClient<CatalogueFilters>(`${API}/catalogue/filters`)).json
  },

  async getCourseOverview(uuid: string): Promise<CourseOverview> {
    return (await httpClient<CourseOverviewResponse>(`${API}/course/${id(uuid)}`)).json.Item
  },

  async getCourseFaq(uuid: string): Promise<FaqListResponse['items']> {
    return (await httpClient<FaqListResponse>(`${API}/course/faq/${id(uuid)}`)).json.items
  },

  async getCourseCollaborators(uuid: string): Promise<CollaboratorListResponse['items']> {
    return (await httpClient<CollaboratorListResponse>(`${API}/courses/course/collaborators/${id(uuid)}`)).json.items
  },

  /** The course's plans and the caller's latest subscription to it (null when never subscribed). */
  async getCoursePlans(uuid: string): Promise<CoursePlansResponse> {
    return (await httpClient<CoursePlansResponse>(`${API}/course/subscriptions/${id(uuid)}`)).json
  },

  /** Subscribes the caller to a free plan (201 with the subscription; 402 for a plan on sale, 409 when already active). */
  async subscribe(uuid: string, plan: string): Promise<UserSubscription> {
    return (await httpClient<UserSubscription>(`${API}/course/subscribe`, { method: 'POST', body: JSON.stringify({ uuid, plan }) })).json
  },

  /**
   * Opens an online payment for a priced plan (201 with the payment page to go to; 409 when checkout is
   * off, the plan is free or the caller is subscribed already; 502 when the payment service is down).
   * Only the course and the plan are sent: the server charges the plan's own price.
   */
  async startCheckout(uuid: string, plan: string): Promise<CheckoutStarted> {
    return (await httpClient<CheckoutStarted>(`${API}/course/checkout`, { method: 'POST', body: JSON.stringify({ uuid, plan }) })).json
  },

  /** The caller's completion of a course, with its certificate once issued (needs an active subscription). */
  async getCourseProgress(uuid: string): Promise<CourseProgress> {
    return (await httpClient<CourseProgress>(`${API}/metrics/gcc/${id(uuid)}`)).json
  },

  /** The learner's own gradebook: graded items, weights, scores, the weighted grade and what remains (needs an active subscription). */
  async getMyGrades(uuid: string): Promise<MyProgress> {
    return (await httpClient<MyProgress>(`/api/v2/courses/gradebook/${id(uuid)}/me`)).json
  },

  /** The course's index: sections, blocks with their completion, progress and where to resume. */
  async getPlayerIndex(course: string): Promise<PlayerIndex> {
    return (await httpClient<PlayerIndexResponse>(`${API}/course/index/${id(course)}`)).json.Item
  },

  /** One block's values for studying it. */
  async getPlayerPage(course: string, block: string): Promise<PlayerPage> {
    return (await httpClient<PlayerPageResponse>(`${API}/course/page/${id(course)}/${id(block)}`)).json.Item
  },

  /** Records that the learner opened a block (and makes it the resume point). */
  async recordOpened(course: string, block: string): Promise<ProgressAnswer> {
    return (await httpClient<ProgressAnswer>(`${API}/metrics/re/${id(course)}/${id(block)}`)).json
  },

  /** Reports where a video is (whole seconds); the server completes it once it was played to its end. */
  async reportPosition(body: PositionBody): Promise<ProgressAnswer> {
    return (await httpClient<ProgressAnswer>(`${API}/metrics/position`, { method: 'PUT', ...json(body) })).json
  },

  /** A SCORM block's package and the learner's state in each SCO. */
  async getScormState(course: string, block: string): Promise<ScormState> {
    return (await httpClient<ScormStateResponse>(`${API}/course/scorm/${id(course)}/${id(block)}`)).json.Item
  },

  /** Launches a SCO: the data to start from and its page. */
  async launchSco(course: string, block: string, sco: string): Promise<ScormLaunch> {
    return (await httpClient<ScormLaunchResponse>(`${API}/course/scorm/${id(course)}/${id(block)}/launch`, { method: 'POST', ...json({ sco }) })).json.Item
  },

  /** Commits what a launched SCO reported; `keepalive` lets it finish while the page unloads. */
  async commitSco(course: string, block: string, body: ScormCommitBody, keepalive = false): Promise<ScormCommitAnswer> {
    return (await httpClient<ScormCommitAnswer>(`${API}/course/scorm/${id(course)}/${id(block)}/commit`, { method: 'PUT', keepalive, ...json(body) })).json
  },

  /** The learner's own submission of an assignment, their due date and whether they may hand in now. */
  async getMyAssignment(course: string, block: string): Promise<MyAssignment> {
    return (await httpClient<MyAssignment>(`${API}/assignments/mine/${id(course)}/${id(block)}`)).json
  },

  /** Upload parameters for one file of the learner's submission. */
  async askAssignmentUpload(body: AssignmentFileAsk): Promise<UploadParamsReply> {
    return (await httpClient<UploadParamsReply>(`${API}/assignments/file-par`, { method: 'POST', ...json(body) })).json
  },

  /** Hands the files and/or the text in (again). */
  async submitAssignment(body: SubmitBody): Promise<Submission> {
    return (await httpClient<Submission>(`${API}/assignments/submit`, { method: 'POST', ...json(body) })).json
  },

  async requestForm(course: string, form: string): Promise<LearnerForm> {
    return (await httpClient<LearnerForm>(`${API}/forms/request`, { method: 'POST', ...json({ course, id: form }) })).json
  },

  async submitForm(body: FormCompletedBody): Promise<FormResult> {
    return (await httpClient<FormResult>(`${API}/forms/completed`, { method: 'POST', ...json(body) })).json
  },

  /**
   * Opens an attempt at a form (counting a try) or returns the caller's open one, with `offsetMs`: the
   * server's clock minus this device's (from the answer's `now`, taken at the middle of the round trip),
   * so that a countdown counts to the server's deadline whatever this device's clock says.
   */
  async startFormAttempt(course: string, form: string): Promise<AttemptStartResponse & { offsetMs: number }> {
    const sent = Date.now()
    const answer = (await httpClient<AttemptStartResponse>(`${API}/forms/attempts/start`, { method: 'POST', ...json({ course, id: form }) })).json
    const serverNow = Date.parse(answer.attempt.now)
    const offsetMs = Number.isFinite(serverNow) ? serverNow - (sent + Date.now()) / 2 : 0
    return { ...answer, offsetMs }
  },

  /** Saves answers of an open attempt (idempotent); 409 `ATTEMPT_CLOSED` once its time is up or it was submitted. */
  async saveFormAnswers(attempt: string, answers: AttemptAnswers): Promise<AttemptSaveResponse> {
    return (await httpClient<AttemptSaveResponse>(`${API}/forms/attempts/${id(attempt)}/answers`, { method: 'PUT', ...json({ answers }) })).json
  },

  /** Grades the attempt from what the server holds (with `answers` saved first while it is open); idempotent. */
  async submitFormAttempt(attempt: string, answers?: AttemptAnswers): Promise<AttemptResult> {
    return (await httpClient<AttemptResult>(`${API}/forms/attempts/${id(attempt)}/submit`, { method: 'POST', ...json(answers ? { answers } : {}) })).json
  },

  /** The caller's attempts at a form, with the grades and feedback of essays. */
  async getFormSummary(course: string, form: string): Promise<FormSummary> {
    return (await httpClient<FormSummary>(`${API}/forms/summary/${id(course)}/${id(form)}`)).json
  },

  /**
   * Downloads a certificate PDF (`url`, as the progress answer gives it; in `lang` when given) and hands
   * it to the browser as a file. The bearer token goes in a header, so a plain link cannot fetch it; the
   * bytes are read as a blob (the JSON client reads text). When many certificates are being drawn at
   * once the server answers 503 with the seconds to wait: `onWait` is told them, and the download is
   * asked again then, by itself (for at most `MAX_CERTIFICATE_WAIT_S` in all), unless `signal` aborts.
   */
  async downloadCertificate(url: string, fileName: string, opts: { lang?: string; onWait?(seconds: number): void; signal?: AbortSignal } = {}): Promise<void> {
    const token = storedJwt()
    const target = opts.lang ? `${url}?lang=${encodeURIComponent(opts.lang)}` : url
    let response: Response
    for (let waited = 0; ;) {
      try {
        response = await fetch(target, { headers: token ? { Authorization: `Bearer ${token}` } : {}, signal: opts.signal })
      } catch (error) {
        if (opts.signal?.aborted) throw error
        throw errorFor('network', null)
      }
      const wait = response.status === 503 ? Number(response.headers.get('retry-after')) : NaN
      if (!Number.isInteger(wait) || wait <= 0 || waited + wait > MAX_CERTIFICATE_WAIT_S) break
      void response.body?.cancel().catch(() => undefined)
      opts.onWait?.(wait)
      await delay(wait * 1000, opts.signal)
      waited += wait
    }
    if (!response.ok) throw errorFor(response.status, await response.json().catch(() => null), response.headers.get('retry-after'))
    saveFile(await response.blob(), fileName)
  },

  /** Downloads the receipt (PDF) of one of the caller's bought subscriptions, in `lang` when given. */
  async downloadReceipt(subscriptionId: string, fileName: string, opts: { lang?: string } = {}): Promise<void> {
    await downloadFile(`/api/v2/user/subscriptions/${id(subscriptionId)}/receipt${opts.lang ? `?lang=${encodeURIComponent(opts.lang)}` : ''}`, fileName)
  },

  /**
   * Downloads the Open Badges 3.0 credential of a certificate (`url` as the progress answer gives it) as
   * a JSON file holding the credential and its VC-JWT (decision 0027).
   */
  async downloadBadge(url: string, fileName: string, opts: { signal?: AbortSignal } = {}): Promise<void> {
    const { credential, jwt } = (await httpClient<BadgeAnswer>(`${url}/badge`, { signal: opts.signal })).json
    saveFile(new Blob([JSON.stringify({ credential, jwt }, null, 2)], { type: 'application/json' }), fileName)
  },

  /**
   * Public: the Open Badges credential of a certificate code, `verified` when the server checked its
   * signature against its own key; null when the code has none.
   */
  async certificateBadge(code: string): Promise<PublicBadgeAnswer | null> {
    try {
      return (await httpClient<PublicBadgeAnswer>(`/api/certificates/badges/${id(code)}`, { anonymous: true })).json
    } catch {
      return null
    }
  },

  /** Public: the key set of the credentials' issuer (decision 0027). */
  async issuerKeys(): Promise<Jwks> {
    return (await httpClient<Jwks>('/api/certificates/issuer/jwks', { anonymous: true })).json
  },

  /**
   * Public: the VC-JWT of a revocation status list a credential names. Asked of this installation's
   * API by its path (the credential's address is this installation's public URL).
   */
  async statusListJwt(url: string): Promise<string> {
    const { pathname } = new URL(url, window.location.origin)
    // Revalidated (a 304 when unchanged): the page must not contradict a revocation made within the list's max-age.
    return (await httpClient<StatusListAnswer>(`${pathname}?format=json`, { anonymous: true, cache: 'no-cache' })).json.jwt
  },

  /** Public: who earned which course with this certificate code (404 for an unknown code). */
  async verifyCertificate(code: string): Promise<CertificateVerification> {
    return (await httpClient<CertificateVerification>(`/api/certificates/verify/${id(code)}`, { anonymous: true })).json
  },
}

export type LearnerVerbs = typeof learnerVerbs
