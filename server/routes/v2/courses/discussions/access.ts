import type { Queryable } from '../../../../db/index.js'
import type { Principal } from '../../../../types.js'
import { allowsCapability, courseRoles } from '../creator/access.js'
import { requireStudy } from '../forms/access.js'

/**
 * Who may read a course's discussion (decision 0034): its staff (capability 'grade': owner,
 * collaborators and graders, administrators) without a subscription, and learners with an active
 * subscription (`requireStudy`: 404 for a course that is not published, 403 with the subscription's
 * code otherwise). A reviewer who is not staff is treated as any other reader.
 */
export async function requireDiscussion(db: Queryable, principal: Principal, course: string): Promise<{ staff: boolean }> {
  const roles = await courseRoles(db, principal, course)
  if (allowsCapability(roles, 'grade')) return { staff: true }
  await requireStudy(db, principal.sub, course)
  return { staff: false }
}
