import type { Queryable } from '../../db/index.js'
import type { CollaboratorRole } from '../../../contracts/courses/creator.js'
import { addCollaborator, insertPlan, listCollaborators, removeCollaborator, removePlan, updatePlan, type PlanRow, type PlanValues } from './queries.js'

/** The course's lists replaced whole, in the caller's transaction (which has moved the course's revision on). */

/**
 * The live plans become `plans`, in their order: one with the id of a current plan updates it, one
 * without an id is added; a current plan left out is removed (archived when learners hold it).
 */
export async function replacePlans(
  tx: Queryable,
  uuid: string,
  current: readonly PlanRow[],
  plans: ReadonlyArray<{ id?: string; values: PlanValues }>,
): Promise<void> {
  const kept = new Set(plans.map((p) => p.id).filter(Boolean))
  for (const p of current) if (!kept.has(p.id)) await removePlan(tx, p)
  for (const [i, p] of plans.entries()) {
    if (p.id) await updatePlan(tx, p.id, p.values, i)
    else await insertPlan(tx, uuid, p.values, i)
  }
}

/** The course is shared with exactly these people (by subject); `addedBy` is recorded for newcomers. */
export async function replaceCollaborators(
  tx: Queryable,
  uuid: string,
  people: ReadonlyMap<string, { sub: string; username: string; name: string; role?: CollaboratorRole }>,
  addedBy: string,
): Promise<void> {
  for (const c of await listCollaborators(tx, uuid)) if (!people.has(c.user_sub)) await removeCollaborator(tx, uuid, c.user_sub)
  for (const who of people.values()) await addCollaborator(tx, uuid, who, addedBy)
}
