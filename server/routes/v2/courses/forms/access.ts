import type { CourseSnapshot } from '../../../../../contracts/courses/content.js'
import { subscriptionState } from '../../../../../contracts/subscriptions.js'
import { studySnapshot } from '../../../../courses/snapshots.js'
import type { Queryable } from '../../../../db/index.js'
import { mustStudy } from '../../../../courses/study-access.js'

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
  mustStudy(found !== null, found?.subscriptions ?? [], now)
  const active = found!.subscriptions.filter((s) => subscriptionState(s.created_at, s.duration_days, s.revoked_at, now).status === 'active')
  const started = new Date(Math.max(...active.map((s) => new Date(s.created_at).getTime())))
  return { snapshot: found!.snapshot, started }
}
