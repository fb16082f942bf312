import { COURSE_NOT_FOUND, SUBSCRIPTION_REFUSALS, type SubscriptionRefusalCode } from '../../contracts/learner/forms.js'
import { subscriptionState } from '../../contracts/subscriptions.js'
import { HttpError } from '../http/http-error.js'

/** What says whether a subscription lets its learner study now. */
export type SubscriptionTerms = { created_at: Date | string; duration_days: number; revoked_at: Date | string | null }

/**
 * Why the learner may not study the course, or null when one of their subscriptions to it is active
 * (`subscriptionState`, the status function the web app uses too). Without an active one, the newest
 * subscription (the first) says whether it expired or was revoked.
 */
function refusalOf(subs: readonly SubscriptionTerms[], now: Date): SubscriptionRefusalCode | null {
  if (subs.length === 0) return 'NOT_SUBSCRIBED'
  const states = subs.map((s) => subscriptionState(s.created_at, s.duration_days, s.revoked_at, now).status)
  if (states.includes('active')) return null
  return states[0] === 'revoked' ? 'SUBSCRIPTION_REVOKED' : 'SUBSCRIPTION_EXPIRED'
}

/**
 * Throws unless the learner may study the course: 404 'Course not found' when it is not published (or
 * gone), 403 with the subscription's code when none of their subscriptions (newest first) is active.
 */
export function mustStudy(published: boolean, subscriptions: readonly SubscriptionTerms[], now = new Date()): void {
  if (!published) throw new HttpError(404, COURSE_NOT_FOUND, 'NOT_FOUND')
  const refusal = refusalOf(subscriptions, now)
  if (refusal) throw new HttpError(403, SUBSCRIPTION_REFUSALS[refusal], refusal)
}
