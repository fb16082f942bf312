import type {
  CatalogueFilters,
  CataloguePage,
  CatalogueQuery,
  CollaboratorListResponse,
  CourseOverview,
  CourseOverviewResponse,
  CoursePlansResponse,
  FaqListResponse,
} from '../../contracts/learner/catalogue'
import type { CertificateVerification } from '../../contracts/learner/certificates'
import type { CourseProgress } from '../../contracts/learner/player'
import type { UserSubscription } from '../../contracts/subscriptions'
import { storedJwt } from '../authProvider'
import { errorFor, httpClient } from './http'

/**
 * The learner's API (requirements §7 "Learner fetches", `/api/v2/courses/...`): the catalogue, a course's
 * overview and plans, subscribing, progress, and certificates (download and public verification).
 */
const API = '/api/v2/courses'
const id = (value: string) => encodeURIComponent(value)

/** One catalogue page (1-based), newest first or, with words to find, best match first. */
export async function getCatalogue(page: number, search: string, filters: CatalogueQuery): Promise<CataloguePage> {
  const words = search.trim()
  const query = new URLSearchParams()
  for (const [key, value] of Object.entries(filters)) if (value) query.set(key, value)
  const qs = query.size ? `?${query}` : ''
  const path = words ? `${API}/all/${page}/${id(words)}` : `${API}/all/${page}`
  return (await httpClient<CataloguePage>(`${path}${qs}`)).json
}

export async function getCatalogueFilters(): Promise<CatalogueFilters> {
  return (await httpClient<CatalogueFilters>(`${API}/catalogue/filters`)).json
}

export async function getCourseOverview(uuid: string): Promise<CourseOverview> {
  return (await httpClient<CourseOverviewResponse>(`${API}/course/${id(uuid)}`)).json.Item
}

export async function getCourseFaq(uuid: string): Promise<FaqListResponse['items']> {
  return (await httpClient<FaqListResponse>(`${API}/course/faq/${id(uuid)}`)).json.items
}

export async function getCourseCollaborators(uuid: string): Promise<CollaboratorListResponse['items']> {
  return (await httpClient<CollaboratorListResponse>(`${API}/courses/course/collaborators/${id(uuid)}`)).json.items
}

/** The course's plans and the caller's latest subscription to it (null when never subscribed). */
export async function getCoursePlans(uuid: string): Promise<CoursePlansResponse> {
  return (await httpClient<CoursePlansResponse>(`${API}/course/subscriptions/${id(uuid)}`)).json
}

/** Subscribes the caller to a free plan (201 with the subscription; 402 for a plan on sale, 409 when already active). */
export async function subscribe(uuid: string, plan: string): Promise<UserSubscription> {
  return (await httpClient<UserSubscription>(`${API}/course/subscribe`, { method: 'POST', body: JSON.stringify({ uuid, plan }) })).json
}

/** The caller's completion of a course, with its certificate once issued (needs an active subscription). */
export async function getCourseProgress(uuid: string): Promise<CourseProgress> {
  return (await httpClient<CourseProgress>(`${API}/metrics/gcc/${id(uuid)}`)).json
}

/**
 * Downloads the caller's certificate of a course as a PDF file. A link cannot carry the bearer
 * token, so the file is fetched here and handed to the browser as a download.
 */
export async function downloadCertificate(uuid: string, fileName: string, lang: string): Promise<void> {
  const token = storedJwt()
  const response = await fetch(`${API}/certificates/${id(uuid)}?lang=${encodeURIComponent(lang)}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  }).catch(() => {
    throw errorFor('network', null)
  })
  if (!response.ok) throw errorFor(response.status, await response.json().catch(() => null), response.headers.get('retry-after'))
  const url = URL.createObjectURL(await response.blob())
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  // The browser has taken the file once the click is handled; the object URL can go after that.
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}

/** Public: who earned which course with this certificate code (404 for an unknown code). */
export async function verifyCertificate(code: string): Promise<CertificateVerification> {
  return (await httpClient<CertificateVerification>(`/api/certificates/verify/${id(code)}`, { anonymous: true })).json
}
