import type { FormCompletedBody, FormResult, LearnerForm } from '../../../contracts/learner/forms'
import type {
  PlayerIndex,
  PlayerIndexResponse,
  PlayerPage,
  PlayerPageResponse,
  PositionBody,
  ProgressAnswer,
  SubscriptionRefusalCode,
} from '../../../contracts/learner/player'
import { storedJwt } from '../../authProvider'
import { ApiError, errorFor, httpClient } from '../../dataProvider/http'

const API = '/api/v2/courses'
const json = (body: unknown) => ({ body: JSON.stringify(body) })

/** The course's index: sections, blocks with their completion, progress and where to resume. */
export async function fetchIndex(course: string): Promise<PlayerIndex> {
  return (await httpClient<PlayerIndexResponse>(`${API}/course/index/${encodeURIComponent(course)}`)).json.Item
}

/** One block's values for studying it. */
export async function fetchPage(course: string, block: string): Promise<PlayerPage> {
  return (await httpClient<PlayerPageResponse>(`${API}/course/page/${encodeURIComponent(course)}/${encodeURIComponent(block)}`)).json.Item
}

/** Records that the learner opened a block (and makes it the resume point). */
export async function recordOpened(course: string, block: string): Promise<ProgressAnswer> {
  return (await httpClient<ProgressAnswer>(`${API}/metrics/re/${encodeURIComponent(course)}/${encodeURIComponent(block)}`)).json
}

/** Reports where a video is (whole seconds); the server completes it once it was played to its end. */
export async function reportPosition(body: PositionBody): Promise<ProgressAnswer> {
  return (await httpClient<ProgressAnswer>(`${API}/metrics/position`, { method: 'PUT', ...json(body) })).json
}

export async function requestForm(course: string, id: string): Promise<LearnerForm> {
  return (await httpClient<LearnerForm>(`${API}/forms/request`, { method: 'POST', ...json({ course, id }) })).json
}

export async function submitForm(body: FormCompletedBody): Promise<FormResult> {
  return (await httpClient<FormResult>(`${API}/forms/completed`, { method: 'POST', ...json(body) })).json
}

/** The refusal code of a player answer (403 without an active subscription), if it is one. */
export function refusalOf(error: unknown): SubscriptionRefusalCode | null {
  if (!(error instanceof ApiError) || error.status !== 403) return null
  const body = error.body as { code?: unknown } | undefined
  const code = body?.code
  return code === 'NOT_SUBSCRIBED' || code === 'SUBSCRIPTION_EXPIRED' || code === 'SUBSCRIPTION_REVOKED' ? code : null
}

/**
 * Downloads the certificate PDF and hands it to the browser as a file. The bearer token goes in a
 * header, so a plain link cannot fetch it; the bytes are read as a blob (the JSON client reads text).
 */
export async function downloadCertificate(url: string, fileName: string): Promise<void> {
  const token = storedJwt()
  let response: Response
  try {
    response = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} })
  } catch {
    throw errorFor('network', null)
  }
  if (!response.ok) throw errorFor(response.status, await response.json().catch(() => null), response.headers.get('retry-after'))
  const blob = await response.blob()
  const href = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = href
  a.download = fileName
  document.body.appendChild(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(href), 10_000)
}
