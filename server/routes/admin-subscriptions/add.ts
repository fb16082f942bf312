import type { AdminSubscription } from '../../../contracts/admin/subscriptions.js'
import type { Queryable } from '../../db/index.js'
import type { Principal } from '../../types.js'
import { recordAudit } from '../admin-audit/queries.js'
import { recordSale } from '../finances/queries.js'
import { liftBlocks, insertSubscription, toAdminSubscription } from './queries.js'

/** Lifts the learner's blocks on a course, one audit entry per subscription changed. */
export async function liftAndRecord(tx: Queryable, actor: Principal, userSub: string, courseId: string) {
  const changed = await liftBlocks(tx, userSub, courseId, actor.username)
  for (const row of changed) {
    const after = toAdminSubscription(row)
    const before = { ...after, blocksSelfSubscription: true, blockLiftedAt: null }
    await recordAudit(tx, actor, { action: 'subscriptions.lift-block', targetType: 'subscription', targetId: after.id, before, after: { ...after } })
  }
  return changed
}

/**
 * Subscribes a learner to a course with one of its plans on someone's behalf (an administrator, or an
 * organisation's manager): lifts a revocation's block (restoring access is the point), adds the
 * subscription (which notifies the learner), records the sale of a priced plan when `sale` is given,
 * and audits it. Runs in the caller's transaction, which holds the learner-and-course lock.
 */
export async function addSubscriptionFor(
  tx: Queryable,
  actor: Principal,
  learner: { username: string; email: string },
  plan: { id: string; course_uuid: string; name: string; duration_days: number },
  sale: boolean,
): Promise<AdminSubscription> {
  await liftAndRecord(tx, actor, learner.username, plan.course_uuid)
  const row = await insertSubscription(tx, {
    courseId: plan.course_uuid,
    userSub: learner.username,
    planId: plan.id,
    planName: plan.name,
    durationDays: plan.duration_days,
    createdBy: actor.username,
  })
  // A priced plan makes this a sale, at the plan's price now (finances).
  if (sale) await recordSale(tx, row.id, { channel: 'admin', buyerEmail: learner.email, recordedBy: actor.username })
  const s = toAdminSubscription(row)
  await recordAudit(tx, actor, { action: 'subscriptions.add', targetType: 'subscription', targetId: s.id, before: null, after: { ...s } })
  return s
}
