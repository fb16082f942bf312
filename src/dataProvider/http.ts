import { HttpError } from 'react-admin'
import { refreshSession, storedJwt } from '../authProvider'
import { i18nProvider } from '../i18n'
import { endSession } from '../authProvider/sessionEnd'

export interface HttpResponse<T = unknown> {
  status: number
  headers: Headers
  body: string
  json: T
}

export interface HttpOptions extends RequestInit {
  /** Send without the bearer token (public routes). */
  anonymous?: boolean
}

const t = (key: string, options?: Record<string, unknown>) => i18nProvider.translate(`aula.account.http.${key}`, options)

/**
 * An API error with requirements §8's text, translated: `title` is the headline, `detail` the sentence that
 * may follow it. `message` holds both so react-admin's notifications show the whole text.
 */
export class ApiError extends HttpError {
  constructor(
    readonly title: string,
    readonly detail: string | undefined,
    status: number,
    body: unknown,
  ) {
    super(detail ? `${title}: ${detail}` : title, status, body)
    // react-admin's HttpError resets the prototype to its own, which would make every ApiError fail
    // `instanceof ApiError` (and the builder's saver take a refusal for a network failure).
    Object.setPrototypeOf(this, new.target.prototype)
  }
}

/** Whole seconds to wait from a Retry-After header or an answer's `retryAfter`, or null. */
function secondsToWait(retryAfter: string | null | undefined, body: unknown): number | null {
  const fromBody = typeof body === 'object' && body && 'retryAfter' in body ? body.retryAfter : undefined
  for (const value of [retryAfter, fromBody]) {
    const n = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : typeof value === 'number' ? value : NaN
    if (Number.isInteger(n) && n > 0) return n
  }
  return null
}

/**
 * Requirements §8: the text shown for each answer status (`network` when no answer came). `retryAfter` is
 * the answer's Retry-After header (a 429 says how long to wait).
 */
export function errorFor(status: number | 'network', body: unknown, retryAfter?: string | null): ApiError {
  const serverMessage = typeof body === 'object' && body && 'message' in body && typeof body.message === 'string' ? body.message : undefined
  switch (status) {
    case 'network':
      return new ApiError(t('network'), undefined, 0, body)
    case 401:
      return new ApiError(t('unauthorized'), t('unauthorizedDetail'), status, body)
    case 403:
      return new ApiError(t('forbidden'), t('forbiddenDetail'), status, body)
    case 404:
      return new ApiError(t('notFound'), undefined, status, body)
    case 409:
      return new ApiError(t('conflict'), serverMessage, status, body)
    case 413:
      return new ApiError(t('tooLarge'), undefined, status, body)
    case 429: {
      const seconds = secondsToWait(retryAfter, body)
      return new ApiError(t('tooMany'), seconds === null ? t('tooManyLater') : t('tooManyDetail', { smart_count: seconds }), status, body)
    }
    default:
      return new ApiError(t('other'), undefined, status, body)
  }
}

async function send(url: string, options: HttpOptions, token: string | null): Promise<Response> {
  const headers = new Headers(options.headers)
  headers.set('Accept', 'application/json')
  if (options.body !== undefined && typeof options.body === 'string' && !headers.has('Content-Type')) headers.set('Content-Type', 'application/json')
  if (token) headers.set('Authorization', `Bearer ${token}`)
  try {
    return await fetch(url, { ...options, headers })
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err
    throw errorFor('network', null)
  }
}

/**
 * Every API call: JSON accept header and the stored bearer token. On a 401 the session is refreshed
 * through the identity service, the new token stored and the request retried once; when the refresh
 * fails the session is over: /logout, then /login with requirements §8's 401 text. Failures become `ApiError`s
 * carrying requirements §8's texts.
 */
export async function httpClient<T = unknown>(url: string, options: HttpOptions = {}): Promise<HttpResponse<T>> {
  const token = options.anonymous ? null : storedJwt()
  let response = await send(url, options, token)
  if (response.status === 401 && token) {
    let fresh: string | null = null
    try {
      fresh = await refreshSession()
    } catch {
      endSession()
    }
    if (fresh) response = await send(url, options, fresh)
  }
  const body = await response.text()
  let json: unknown = undefined
  if (body) {
    try {
      json = JSON.parse(body)
    } catch {
      json = undefined
    }
  }
  if (!response.ok) throw errorFor(response.status, json ?? body, response.headers.get('retry-after'))
  return { status: response.status, headers: response.headers, body, json: json as T }
}
