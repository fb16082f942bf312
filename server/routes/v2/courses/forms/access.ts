import type { CourseSnapshot } from '../../../../../contracts/courses/content.js'
import { COURSE_NOT_FOUND, SUBSCRIPTION_REFUSALS, type SubscriptionRefusalCode } from '../../../../../contracts/learner/forms.js'
import { subscriptionState } from '../../../../../contracts/subscriptions.js'
import { studySnapshot, type StudySubscriptionRow } from '../../../../courses/snapshots.js'
import type { Queryable } from '../../../../db/index.js'
import { HttpError } from '../../../../http/http-error.js'

/**
 * Why the learner may not study the course, or null when one of their subscriptions to it is active
 * (`subscriptionState`, the status function the web app uses too). Without an active one, the newest
 * subscription says whether it expired or was revoked.
 */
function refusalOf(subs: StudySubscriptionRow[], now = new Date()): SubscriptionRefusalCode | null {
  if (subs.length === 0) return 'NOT_SUBSCRIBED'
  const states = subs.map((s) => subscriptionState(s.created_at, s.duration_days, s.revoked_at, now).status)
  if (states.includes('active')) return null
  return states[0] === 'revoked' ? 'SUBSCRIPTION_REVOKED' : 'SUBSCRIPTION_EXPIRED'
}

/**
 * The published snapshot of a course the caller may study: 404 'Course not found' when it is not
 * published (or gone), 403 with the subscription's code otherwise.
 */
export async function requireStudy(db: Queryable, userSub: string, course: string): Promise<CourseSnapshot> {
  return (await requireStudyFrom(db, userSub, course)).snapshot
}

/**
 * `requireStudy`, also answering when the learner's active subscription started (the newest active
 * one): what an assignment due "N days after the subscription" counts from.
 */
export async function requireStudyFrom(db: Queryable, userSub: string, course: string, now = new Date()): Promise<{ snapshot: CourseSnapshot; started: Date }> {
  const found = await studySnapshot(db, course, userSub)
  if (!found) throw new HttpError(404, COURSE_NOT_FOUND, 'NOT_FOUND')
  const refusal = refusalOf(found.subscriptions, now)
  if (refusal) throw new HttpError(403, SUBSCRIPTION_REFUSALS[refusal], refusal)
  const active = found.subscriptions.filter((s) => subscriptionState(s.created_at, s.duration_days, s.revoked_at, now).status === 'active')
  const started = new Date(Math.max(...active.map((s) => new Date(s.created_at).getTime())))
  return { snapshot: found.snapshot, started }
}
