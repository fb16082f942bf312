import type { CourseSnapshot } from '../../../../../contracts/courses/content.js'
import { COURSE_NOT_FOUND_MESSAGE } from '../../../../../contracts/learner/catalogue.js'
import { SUBSCRIPTION_REFUSALS, type SubscriptionRefusalCode } from '../../../../../contracts/learner/player.js'
import { publishedSnapshot, studySnapshot } from '../../../../courses/snapshots.js'
import type { Queryable } from '../../../../db/index.js'
import { HttpError } from '../../../../plugins/errors.js'
import type { Principal } from '../../../../types.js'
import { decidingSubscription } from './views.js'

/** Who may read what of a published course: the caller, the course, and the subscription the player requires. */

export function principalOf(p: Principal | null): Principal {
  // The access policy answers 401 before a handler runs without a principal; this guards the types.
  if (!p) throw new HttpError(401, 'Not authorized', 'UNAUTHENTICATED')
  return p
}

export const notFound = () => new HttpError(404, COURSE_NOT_FOUND_MESSAGE, 'NOT_FOUND')

export async function snapshotOr404(db: Queryable, uuid: string): Promise<CourseSnapshot> {
  const snap = await publishedSnapshot(db, uuid)
  if (!snap) throw notFound()
  return snap
}

/** The published snapshot, when the caller holds an active subscription; otherwise 404 or 403 with the reason. */
export async function studying(db: Queryable, sub: string, course: string) {
  const found = await studySnapshot(db, course, sub)
  if (!found) throw notFound()
  const snap = found.snapshot
  const deciding = decidingSubscription(found.subscriptions, new Date())
  const refuse = (code: SubscriptionRefusalCode) => new HttpError(403, SUBSCRIPTION_REFUSALS[code], code)
  if (!deciding) throw refuse('NOT_SUBSCRIBED')
  if (deciding.status === 'revoked') throw refuse('SUBSCRIPTION_REVOKED')
  if (deciding.status === 'expired') throw refuse('SUBSCRIPTION_EXPIRED')
  return { snap, subscription: deciding }
}
